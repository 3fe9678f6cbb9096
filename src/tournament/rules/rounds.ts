/**
 * How many Swiss rounds an event plays, and whether it cuts to a playoff (docs/rules.md,
 * "Tournament rules": "Default number of rounds: 4–8 players → 3 Swiss rounds,
 * no cut (store practice); larger events by the MTR Appendix E table; the organizer may override").
 *
 * MTR Appendix E (Recommended Number of Rounds in Swiss Tournaments), as docs/rules.md gives it:
 * 9–16 players → 4 rounds then a top 8, or 5 rounds then a top 4; 17–32 → 5; 33–64 → 6; 65–128 → 7;
 * 129–226 → 8; 227–409 → 9; 410+ → 10; 17 or more players cut to a top 8. For 5–8 players the MTR
 * plays 3 rounds of single elimination instead, which stores rarely do: that is the `mtr` policy.
 *
 * Fewer than 4 players (not in either table): ceil(log2(players)) Swiss rounds, no cut — 2 players
 * play 1 round, 3 players 2 (everyone meets everyone once, one bye each round).
 */

/** A round plan: Swiss rounds, then a single-elimination cut of `topCut` players (0 = none). */
export interface RoundPlan {
  swissRounds: number;
  topCut: 0 | 4 | 8;
}

export interface RoundPlanOptions {
  /**
   * `store` (default): 4–8 players play 3 Swiss rounds without a cut. `mtr`: 5–8 players play single
   * elimination from the start (0 Swiss rounds, a cut of 8 with byes for the missing seats; 4 players
   * a cut of 4). Both follow Appendix E from 9 players.
   */
  policy?: 'store' | 'mtr';
  /** 9–16 players: 4 rounds with a top 8 (default, listed first in Appendix E) or 5 rounds with a top 4. */
  cutFor9To16?: 4 | 8;
}

/** MTR Appendix E from 17 players: [largest player count, Swiss rounds]; every row cuts to a top 8. */
const APPENDIX_E: readonly (readonly [number, number])[] = [
  [32, 5],
  [64, 6],
  [128, 7],
  [226, 8],
  [409, 9],
];

/**
 * The recommended plan for `players` entrants (the organizer may override it).
 * @throws RangeError when players is not an integer ≥ 2.
 */
export function recommendedRounds(players: number, options: RoundPlanOptions = {}): RoundPlan {
  if (!Number.isSafeInteger(players) || players < 2) throw new RangeError(`players: integer ≥ 2 expected, got ${players}`);
  const policy = options.policy ?? 'store';
  if (players < 4) return { swissRounds: Math.ceil(Math.log2(players)), topCut: 0 };
  if (players <= 8) {
    if (policy === 'mtr') return players === 4 ? { swissRounds: 0, topCut: 4 } : { swissRounds: 0, topCut: 8 };
    return { swissRounds: 3, topCut: 0 };
  }
  if (players <= 16) return (options.cutFor9To16 ?? 8) === 8 ? { swissRounds: 4, topCut: 8 } : { swissRounds: 5, topCut: 4 };
  for (const [upTo, rounds] of APPENDIX_E) if (players <= upTo) return { swissRounds: rounds, topCut: 8 };
  return { swissRounds: 10, topCut: 8 };
}
