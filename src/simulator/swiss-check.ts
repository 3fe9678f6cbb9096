/**
 * Checks of the Swiss rounds as a client sees them: nobody paired against themself, no rematch,
 * nobody paired after dropping, and standings whose match points add up — computed again from the
 * rounds' results. The ids are the competitors': players, or teams in a team event. Pure.
 */
import type { RoundView, StandingView } from './api-types';
import { isDraw } from './results';

const pairKey = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Pairings with the same player (or team) on both sides, in any round. */
export function selfPairings(rounds: readonly RoundView[], names: ReadonlyMap<string, string>): string[] {
  const out: string[] = [];
  for (const r of rounds)
    for (const p of r.pairings)
      if (p.playerB && p.playerA.playerId === p.playerB.playerId)
        out.push(`round ${r.number}, table ${p.table}: ${names.get(p.playerA.playerId) ?? p.playerA.playerId} is paired against itself`);
  return out;
}

/** Rematches among the Swiss rounds, in words. */
export function findRematches(rounds: readonly RoundView[], names: ReadonlyMap<string, string>): string[] {
  const met = new Map<string, number>();
  const out: string[] = [];
  for (const r of rounds.filter((x) => x.kind === 'swiss')) {
    for (const p of r.pairings) {
      if (!p.playerB) continue;
      const key = pairKey(p.playerA.playerId, p.playerB.playerId);
      const before = met.get(key);
      if (before !== undefined) out.push(`rematch in round ${r.number}: ${names.get(p.playerA.playerId)} and ${names.get(p.playerB.playerId)} met in round ${before}`);
      else met.set(key, r.number);
    }
  }
  return out;
}

/** Players paired in a round after the round they dropped after. */
export function pairedAfterDrop(rounds: readonly RoundView[], droppedAfter: ReadonlyMap<string, number>, names: ReadonlyMap<string, string>): string[] {
  const out: string[] = [];
  for (const r of rounds) {
    for (const p of r.pairings) {
      for (const id of [p.playerA.playerId, p.playerB?.playerId]) {
        const d = id ? droppedAfter.get(id) : undefined;
        if (id && d !== undefined && r.number > d) out.push(`${names.get(id)} dropped after round ${d} but is paired in round ${r.number}`);
      }
    }
  }
  return out;
}

interface Tally {
  points: number;
  wins: number;
  losses: number;
  draws: number;
}

/** Match points and records from the Swiss results: win (or bye) 3, draw 1, loss 0. */
export function tallyFromRounds(rounds: readonly RoundView[]): { byPlayer: Map<string, Tally>; decided: number; draws: number } {
  const byPlayer = new Map<string, Tally>();
  const of = (id: string) => byPlayer.get(id) ?? byPlayer.set(id, { points: 0, wins: 0, losses: 0, draws: 0 }).get(id)!;
  let decided = 0;
  let draws = 0;
  for (const r of rounds.filter((x) => x.kind === 'swiss')) {
    for (const p of r.pairings) {
      if (!p.result) continue;
      const a = of(p.playerA.playerId);
      if (!p.playerB) {
        Object.assign(a, { points: a.points + 3, wins: a.wins + 1 });
        decided++;
        continue;
      }
      const b = of(p.playerB.playerId);
      if (isDraw(p.result)) {
        for (const t of [a, b]) Object.assign(t, { points: t.points + 1, draws: t.draws + 1 });
        draws++;
      } else {
        const [w, l] = p.result.winsA > p.result.winsB ? [a, b] : [b, a];
        Object.assign(w, { points: w.points + 3, wins: w.wins + 1 });
        l.losses++;
        decided++;
      }
    }
  }
  return { byPlayer, decided, draws };
}

/**
 * Standings against the rounds: the total of match points is 3 × decided matches (byes included) +
 * 2 × draws, and every player's points and record are what their results give.
 */
export function checkStandings(rounds: readonly RoundView[], standings: readonly StandingView[]): string[] {
  const out: string[] = [];
  const { byPlayer, decided, draws } = tallyFromRounds(rounds);
  const total = standings.reduce((n, s) => n + s.matchPoints, 0);
  const expected = 3 * decided + 2 * draws;
  if (total !== expected) out.push(`the standings hold ${total} match points; ${decided} decided matches and ${draws} draws make ${expected}`);
  for (const s of standings) {
    const t = byPlayer.get(s.playerId) ?? { points: 0, wins: 0, losses: 0, draws: 0 };
    if (s.matchPoints !== t.points) out.push(`${s.name} has ${s.matchPoints} match points in the standings, ${t.points} from the results`);
    const record = `${t.wins}-${t.losses}-${t.draws}`;
    if (s.record !== record) out.push(`${s.name}'s record is ${s.record} in the standings, ${record} from the results`);
  }
  const ranks = standings.map((s) => s.rank);
  if (new Set(ranks).size !== ranks.length || ranks.some((r, i) => r !== i + 1)) out.push(`the standings ranks are not 1..${ranks.length} in order`);
  for (let i = 1; i < standings.length; i++) {
    if (standings[i].matchPoints > standings[i - 1].matchPoints) out.push(`${standings[i].name} ranks below ${standings[i - 1].name} with more match points`);
  }
  return out;
}
