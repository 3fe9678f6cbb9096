import type { PairingView, PodView, RoundView, SimPlayer, SimTeam, StandingView, TeamView } from './api-types';
import { pickScore, type PickCard } from './pick-strategy';
import { selfPairings } from './swiss-check';
import { pairingSideProblems, placingProblems, registeredTeamProblems, teamFactionProblems, teamSeatingProblems, teamStandingsProblems } from './team-check';

const player = (n: number, teamId: string): SimPlayer => ({ number: n, name: `P${n}`, playerId: `p${n}`, token: `t${n}`, teamId });
const team = (n: number, ...members: number[]): SimTeam => ({ number: n, name: `Team ${n}`, teamId: `t${n}`, members: members.map((m) => player(m, `t${n}`)) });
const teams = [team(1, 1, 2), team(2, 3, 4)];
const side = (t: SimTeam) => ({ playerId: t.teamId, name: t.name, teamId: t.teamId, members: t.members.map((m) => ({ playerId: m.playerId, name: m.name })) });
const pod = (number: number, ...seats: (string | null)[]): PodView => ({
  podId: `pod${number}`,
  number,
  seats: seats.map((playerId, seat) => ({ seat, playerId, name: playerId ?? 'Bot', bot: playerId === null })),
});
const teamOfPlayer = new Map(teams.flatMap((t) => t.members.map((m) => [m.playerId, t.name] as const)));

describe('simulator checks: team events', () => {
  it('accepts GET /teams as registered, and finds a missing member or an early drop', () => {
    const listed: TeamView[] = teams.map((t) => ({ teamId: t.teamId, number: t.number, name: t.name, members: side(t).members, complete: true, droppedAfterRound: null }));
    expect(registeredTeamProblems(listed, teams)).toEqual([]);
    const wrong = [
      { ...listed[0], members: listed[0].members.slice(0, 1), complete: false },
      { ...listed[1], droppedAfterRound: 0 },
    ];
    expect(registeredTeamProblems(wrong, teams)).toEqual([
      "Team 1's members are listed as P1, registered P1, P2",
      'Team 1 has all its members but is listed as incomplete',
      'Team 2 is listed as dropped after round 0 before the event started',
    ]);
  });

  it('accepts alternating seats, and finds teammates side by side, also across the wrap from the last seat to seat 0', () => {
    expect(teamSeatingProblems([pod(1, 'p1', 'p3', 'p2', 'p4')], teamOfPlayer)).toEqual([]);
    expect(teamSeatingProblems([pod(1, 'p1', 'p2', 'p3', 'p4')], teamOfPlayer)).toEqual([
      'pod 1: seats 0 and 1 are next to each other and both Team 1',
      'pod 1: seats 2 and 3 are next to each other and both Team 2',
    ]);
    expect(teamSeatingProblems([pod(1, 'p1', 'p3', 'p4', 'p2')], teamOfPlayer)).toEqual([
      'pod 1: seats 1 and 2 are next to each other and both Team 2',
      'pod 1: seats 3 and 0 are next to each other and both Team 1',
    ]);
    // A lone team between bots alternates with the bots.
    expect(teamSeatingProblems([pod(1, 'p1', null, 'p2', null)], teamOfPlayer)).toEqual([]);
  });

  it('finds a team split between pods, a pod of one team without bots, and a stranger', () => {
    expect(teamSeatingProblems([pod(1, 'p1', 'p3'), pod(2, 'p2', 'p4', 'p9')], teamOfPlayer)).toEqual([
      'pod 2, seat 2: p9 is not a member of any registered team',
      'Team 1 is split between pods 1 and 2',
      'Team 2 is split between pods 1 and 2',
    ]);
    expect(teamSeatingProblems([pod(1, 'p1', 'p2')], teamOfPlayer)).toEqual([
      'pod 1: seats 0 and 1 are next to each other and both Team 1',
      'pod 1 seats 1 team(s) and no bot: seats cannot alternate',
    ]);
  });

  it('heroes of a team share a faction', () => {
    const members = (...f: (string | null | undefined)[]) => f.map((faction, i) => ({ name: `P${i + 1}`, hero: `H-${i + 1}`, faction }));
    expect(teamFactionProblems([{ name: 'Team 1', members: members('Horde', 'Horde', 'Horde') }])).toEqual([]);
    expect(teamFactionProblems([{ name: 'Team 1', members: members('Horde', 'Alliance') }])).toEqual(['Team 1: the heroes do not share a faction (P1 H-1 Horde, P2 H-2 Alliance)']);
    expect(teamFactionProblems([{ name: 'Team 1', members: [...members('Horde', undefined), { name: 'P3', hero: null, faction: null }] }])).toEqual([
      "Team 1: P2's hero H-2 is not in the catalog",
      'Team 1: P3 registered no hero',
    ]);
  });

  it('pairings name teams with their members on both sides; nobody plays themself', () => {
    const pairing = (a: ReturnType<typeof side>, b: ReturnType<typeof side> | null): PairingView => ({
      matchId: 'm',
      table: 1,
      playerA: a,
      playerB: b,
      rematch: false,
      result: null,
      disputed: false,
    });
    const ok: RoundView = { number: 1, kind: 'swiss', pairings: [pairing(side(teams[0]), side(teams[1]))] };
    expect(pairingSideProblems([ok], teams)).toEqual([]);
    const bad: RoundView = { number: 2, kind: 'swiss', pairings: [pairing({ ...side(teams[0]), members: [] }, { playerId: 'p3', name: 'P3' } as ReturnType<typeof side>)] };
    expect(pairingSideProblems([bad], teams)).toEqual(["round 2, table 1: Team 1's members are given as ", 'round 2, table 1: P3 is not a team of the event']);
    const self: RoundView = { number: 3, kind: 'swiss', pairings: [pairing(side(teams[0]), side(teams[0]))] };
    expect(selfPairings([ok, self], new Map([['t1', 'Team 1']]))).toEqual(['round 3, table 1: Team 1 is paired against itself']);
  });

  it('standings and placings are by team, each team once', () => {
    const row = (rank: number, t: SimTeam): StandingView => ({ rank, ...side(t), matchPoints: 0, record: '0-0-0', mwp: 0, omwp: 0, gwp: 0, ogwp: 0, dropped: false });
    expect(teamStandingsProblems([row(1, teams[1]), row(2, teams[0])], teams)).toEqual([]);
    expect(teamStandingsProblems([row(1, teams[1]), row(2, teams[1])], teams)).toEqual(['Team 2 appears twice in the standings']);
    const place = (n: number, id: string) => ({ place: n, playerId: id, name: id, swissRank: n, playoffRound: null });
    expect(placingProblems([place(1, 't2'), place(2, 't1')], ['t1', 't2'])).toEqual([]);
    expect(placingProblems([place(1, 't2'), place(3, 'p1')], ['t1', 't2'])).toEqual([
      'place 3: p1 is not a competitor of the event',
      'competitor t1 is placed 0 times',
      'the places are not 1..2 in order',
    ]);
  });

  it('a team draft leans to the team faction from the first pick', () => {
    const card = (cardId: string, faction: string): PickCard => ({ cardId, rarity: 'common', type: 'ally', faction, classes: null });
    const horde = [card('H-1', 'Horde'), card('H-2', 'Horde')];
    expect(pickScore(card('A-1', 'Alliance'), horde, 'Alliance')).toBe(1 + 2 + 1);
    expect(pickScore(card('H-3', 'Horde'), horde, 'Alliance')).toBe(1 + 0 + 1);
    expect(pickScore(card('A-1', 'Alliance'), [], 'Alliance')).toBe(1 + 2 + 1);
  });
});
