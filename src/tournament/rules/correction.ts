/**
 * A correction's consequences (docs/rules.md "Corrections"): what changing a recorded result does
 * to the standings, and which later rounds were already paired from the old result. Podium's rule,
 * as stores practise it: a corrected result changes the standings at once; rounds paired
 * before the correction stand as paired (re-pairing a round already played is not done), and the
 * next round is paired from the corrected standings. Pure: no Nest, no database.
 */

import { TIEBREAKERS, type TiebreakerKey } from './tiebreakers';

/** What the diff reads of one standings line. */
export type StandingLine = {
  playerId: string;
  name: string;
  rank: number;
  matchPoints: number;
  record: string;
} & Record<TiebreakerKey, number>;

/** One player whose line changes: before and after. */
export interface StandingChange {
  playerId: string;
  name: string;
  before: Omit<StandingLine, 'playerId' | 'name'>;
  after: Omit<StandingLine, 'playerId' | 'name'>;
}

const same = (a: StandingLine, b: StandingLine) =>
  a.rank === b.rank && a.matchPoints === b.matchPoints && a.record === b.record && TIEBREAKERS.every(({ key }) => a[key] === b[key]);

const line = (s: StandingLine): Omit<StandingLine, 'playerId' | 'name'> => ({
  rank: s.rank,
  matchPoints: s.matchPoints,
  record: s.record,
  ...(Object.fromEntries(TIEBREAKERS.map(({ key }) => [key, s[key]])) as Record<TiebreakerKey, number>),
});

/**
 * The players whose standings line differs between `before` and `after` (rank, match points,
 * record or a tiebreaker), in the order of `after`. Players in only one of the lists are left out
 * (a correction never adds or removes a player). Throws nothing.
 */
export function standingsDiff(before: readonly StandingLine[], after: readonly StandingLine[]): StandingChange[] {
  const old = new Map(before.map((s) => [s.playerId, s]));
  return after.flatMap((a) => {
    const b = old.get(a.playerId);
    return b && !same(a, b) ? [{ playerId: a.playerId, name: a.name, before: line(b), after: line(a) }] : [];
  });
}

/** The rounds paired after the corrected match's round (`later` Swiss rounds, and whether a top cut was seeded). */
export function pairedSince(round: number, rounds: readonly { number: number; kind: string }[]): { swissRounds: number[]; topCutSeeded: boolean } {
  const later = rounds.filter((r) => r.number > round);
  return { swissRounds: later.filter((r) => r.kind === 'swiss').map((r) => r.number), topCutSeeded: later.some((r) => r.kind === 'playoff') };
}
