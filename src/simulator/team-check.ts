/**
 * Checks of a team event (WoW TCG 2v2 / 3v3) as a client sees them: the teams the server lists are
 * the ones registered, a team draft seats whole teams with teammates never next to each other
 * (including the last seat next to the first), all heroes of a team share a faction, and pairings,
 * standings and placings name teams — with their members — on both sides. Pure.
 */
import type { MemberRef, PlacingView, PodView, RoundView, SideView, SimTeam, StandingView, TeamView } from './api-types';

const ids = (members: readonly { playerId: string }[]): string => members.map((m) => m.playerId).join(',');

/** GET …/teams against the registrations: same teams, numbers, names and members, all complete, none dropped (before any drop). */
export function registeredTeamProblems(listed: readonly TeamView[], teams: readonly SimTeam[]): string[] {
  const out: string[] = [];
  if (listed.length !== teams.length) out.push(`GET /teams lists ${listed.length} teams, ${teams.length} were registered`);
  for (const team of teams) {
    const seen = listed.find((t) => t.teamId === team.teamId);
    if (!seen) {
      out.push(`${team.name} (${team.teamId}) is missing from GET /teams`);
      continue;
    }
    if (seen.name !== team.name) out.push(`${team.name} is listed as "${seen.name}"`);
    if (seen.number !== team.number) out.push(`${team.name} registered as team ${team.number} is listed as team ${seen.number}`);
    if (ids(seen.members) !== ids(team.members))
      out.push(`${team.name}'s members are listed as ${seen.members.map((m) => m.name).join(', ')}, registered ${team.members.map((m) => m.name).join(', ')}`);
    if (!seen.complete) out.push(`${team.name} has all its members but is listed as incomplete`);
    if (seen.droppedAfterRound !== null) out.push(`${team.name} is listed as dropped after round ${seen.droppedAfterRound} before the event started`);
  }
  return out;
}

/**
 * Team draft seating from GET …/pods: every member of a team in the same pod, no two seats next to
 * each other held by one team (seat n−1 is next to seat 0), at least two teams in a pod without
 * bots, every seated player a registered team member.
 * @param teamOfPlayer player id → team name
 */
export function teamSeatingProblems(pods: readonly PodView[], teamOfPlayer: ReadonlyMap<string, string>): string[] {
  const out: string[] = [];
  const podOfTeam = new Map<string, number>();
  for (const pod of pods) {
    const seats = [...pod.seats].sort((a, b) => a.seat - b.seat);
    if (seats.some((s, i) => s.seat !== i)) out.push(`pod ${pod.number}: seats are not numbered 0..${seats.length - 1}`);
    const teamOfSeat = seats.map((s) => {
      if (!s.playerId) return null;
      const team = teamOfPlayer.get(s.playerId);
      if (team === undefined) out.push(`pod ${pod.number}, seat ${s.seat}: ${s.name} is not a member of any registered team`);
      return team ?? null;
    });
    const neighbours = teamOfSeat.length > 2 ? teamOfSeat.length : teamOfSeat.length - 1; // two seats are one pair of neighbours
    for (let i = 0; i < neighbours; i++) {
      const j = (i + 1) % teamOfSeat.length;
      if (teamOfSeat[i] !== null && teamOfSeat[i] === teamOfSeat[j])
        out.push(`pod ${pod.number}: seats ${seats[i].seat} and ${seats[j].seat} are next to each other and both ${teamOfSeat[i]}`);
    }
    const teams = new Set(teamOfSeat.filter((t): t is string => t !== null));
    if (teams.size < 2 && !seats.some((s) => s.bot)) out.push(`pod ${pod.number} seats ${teams.size} team(s) and no bot: seats cannot alternate`);
    for (const team of teams) {
      const other = podOfTeam.get(team);
      if (other !== undefined && other !== pod.number) out.push(`${team} is split between pods ${other} and ${pod.number}`);
      podOfTeam.set(team, pod.number);
    }
  }
  return out;
}

/** A member's submitted hero and its faction (undefined: the card is not in the catalog). */
export interface MemberHero {
  name: string;
  hero: string | null;
  faction: string | null | undefined;
}

/** WoW TCG team play: every member registered a hero, and all heroes of a team share one faction. */
export function teamFactionProblems(teams: readonly { name: string; members: readonly MemberHero[] }[]): string[] {
  const out: string[] = [];
  for (const team of teams) {
    for (const m of team.members) {
      if (!m.hero) out.push(`${team.name}: ${m.name} registered no hero`);
      else if (m.faction === undefined) out.push(`${team.name}: ${m.name}'s hero ${m.hero} is not in the catalog`);
    }
    const factions = new Set(team.members.filter((m) => m.hero && m.faction !== undefined).map((m) => m.faction ?? 'no faction'));
    if (factions.size > 1) out.push(`${team.name}: the heroes do not share a faction (${team.members.map((m) => `${m.name} ${m.hero} ${m.faction ?? 'no faction'}`).join(', ')})`);
  }
  return out;
}

function sameMembers(given: readonly MemberRef[] | undefined, team: SimTeam): boolean {
  return !!given && ids(given) === ids(team.members);
}

function sideProblem(side: SideView, teams: ReadonlyMap<string, SimTeam>, where: string): string | null {
  const team = teams.get(side.playerId);
  if (!team) return `${where}: ${side.name || side.playerId} is not a team of the event`;
  if (side.teamId !== team.teamId) return `${where}: ${team.name} is given with teamId ${side.teamId ?? 'missing'}`;
  if (side.name !== team.name) return `${where}: ${team.name} is named "${side.name}"`;
  if (!sameMembers(side.members, team)) return `${where}: ${team.name}'s members are given as ${side.members?.map((m) => m.name).join(', ') ?? 'missing'}`;
  return null;
}

/** Every side of every pairing is a team of the event (playerId = teamId), named with its members. */
export function pairingSideProblems(rounds: readonly RoundView[], teams: readonly SimTeam[]): string[] {
  const byId = new Map(teams.map((t) => [t.teamId, t]));
  const out: string[] = [];
  for (const r of rounds) {
    for (const p of r.pairings) {
      for (const side of [p.playerA, p.playerB]) {
        const problem = side && sideProblem(side, byId, `round ${r.number}, table ${p.table}`);
        if (problem) out.push(problem);
      }
    }
  }
  return out;
}

/** Standings of a team event: one row per team (playerId = teamId) with its members, nothing else. */
export function teamStandingsProblems(standings: readonly StandingView[], teams: readonly SimTeam[]): string[] {
  const byId = new Map(teams.map((t) => [t.teamId, t]));
  const out: string[] = [];
  if (standings.length !== teams.length) out.push(`the standings have ${standings.length} rows for ${teams.length} teams`);
  const seen = new Set<string>();
  for (const s of standings) {
    if (seen.has(s.playerId)) out.push(`${s.name} appears twice in the standings`);
    seen.add(s.playerId);
    const problem = sideProblem(s, byId, `standings rank ${s.rank}`);
    if (problem) out.push(problem);
  }
  return out;
}

/** Placings: every competitor (player, or team in a team event) exactly once, places 1..n. */
export function placingProblems(placings: readonly PlacingView[], competitorIds: readonly string[]): string[] {
  const out: string[] = [];
  const known = new Set(competitorIds);
  const counts = new Map<string, number>();
  for (const p of placings) {
    counts.set(p.playerId, (counts.get(p.playerId) ?? 0) + 1);
    if (!known.has(p.playerId)) out.push(`place ${p.place}: ${p.name || p.playerId} is not a competitor of the event`);
  }
  for (const id of competitorIds) if ((counts.get(id) ?? 0) !== 1) out.push(`competitor ${id} is placed ${counts.get(id) ?? 0} times`);
  if (placings.some((p, i) => p.place !== i + 1)) out.push(`the places are not 1..${placings.length} in order`);
  return out;
}
