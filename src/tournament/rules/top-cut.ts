/**
 * The top cut: single elimination of the top 2 (a final), 4, 8, 16 or 32 of the Swiss standings
 * (docs/rules.md "Tournament rules"). Sources:
 * - Seeding by Swiss standings (docs/rules.md, as in MTR Appendix E events with a playoff): top 8 plays
 *   1v8, 2v7, 3v6, 4v5, and the 1v8 winner meets the 4v5 winner, the 2v7 winner the 3v6 winner; top 4
 *   plays 1v4, 2v3; larger cuts fold the same way (top 16: 1v16, 8v9, … ). So the two best seeds can
 *   only meet in the final.
 * - Cut by match points (cutSizeByMatchPoints): everyone with at least X points, the cut padded by
 *   standings to the next power of two (nobody who made the points is left out), at most 32.
 * - Playoff matches cannot end in a draw (docs/rules.md; MTR 2.1 lets the organizer set how a match is
 *   won, and playoff matches are played until one player wins).
 * - Final placings: playoff results first, then Swiss standings.
 * - Drops (docs/rules.md: "Nobody is promoted into a cut to replace a dropped player"): the cut is the top
 *   N of the standings as they are. A seat whose player dropped (or a seat beyond the number of players)
 *   stays empty, and the opponent advances by walkover (`playerB: null`, no table, like a Swiss bye).
 *   A dropped seed places among the players eliminated in the first playoff round.
 */
import { DomainError } from '../../common/errors/domain-error';
import { checkMatchResult, type MatchFormat, type MatchResult, type MatchResultCheck } from './match-result';

export type CutSize = 2 | 4 | 8 | 16 | 32;

/** Every cut size the playoff supports. */
export const CUT_SIZES: readonly CutSize[] = [2, 4, 8, 16, 32];

/**
 * The cut for "everyone with at least `minMatchPoints` match points": the smallest cut size that holds
 * all of them (the seats left over go to the next players of the standings), at least a final (2),
 * at most 32 (then the top 32 by standings). Dropped players with the points count: their seat stays
 * empty, as in any cut (nobody is promoted in their place).
 * Example: points 9, 9, 6, 6, 6, 3 and X = 6 → 5 qualify → top 8.
 * @param matchPoints the Swiss standings' match points, best first.
 */
export function cutSizeByMatchPoints(matchPoints: readonly number[], minMatchPoints: number): CutSize {
  const qualified = matchPoints.filter((p) => p >= minMatchPoints).length;
  return CUT_SIZES.find((size) => size >= qualified) ?? 32;
}

/**
 * The entrants of a cut by match points with **byes for the top seeds** (the alternative to padding
 * the bracket by standings): only those with at least `minMatchPoints` are seated; the bracket's
 * remaining seats stay empty, so the best seeds advance by walkover. Example: points 9, 9, 9, 6, 6, 3,
 * 3, 3 and X = 6 → 5 qualify → a top 8 of five: seeds 1, 2 and 3 have byes, 4 plays 5.
 * @param standings the Swiss standings, best first, with their match points.
 */
export function qualifiedEntrants<E extends CutEntrant & { matchPoints: number }>(standings: readonly E[], minMatchPoints: number): E[] {
  return standings.filter((s) => s.matchPoints >= minMatchPoints);
}

/** A player of the Swiss standings, in standings order (a Standing from standings.ts fits). */
export interface CutEntrant {
  playerId: string;
  dropped: boolean;
}

/**
 * One playoff match. In a round, matches `2i` and `2i + 1` (by `slot`) feed match `i` of the next round.
 * Player A is the better (lower) seed. A walkover has only player A; an empty slot (both seats empty)
 * has neither and produces no winner.
 */
export interface PlayoffMatch {
  /** 1-based playoff round: in a top 8, 1 = quarterfinals, 2 = semifinals, 3 = final. */
  round: number;
  /** Position in bracket order within the round, 0-based. */
  slot: number;
  playerA: string | null;
  seedA: number | null;
  playerB: string | null;
  seedB: number | null;
  /** 1-based table of a match with two players, in order of the better seed; null for walkovers and empty slots. */
  table: number | null;
}

/** A playoff match with its result: null while unplayed, and always for walkovers and empty slots. */
export interface DecidedPlayoffMatch extends PlayoffMatch {
  result: MatchResult | null;
}

/** One line of the final placings. */
export interface FinalPlacing {
  /** 1-based, distinct. */
  place: number;
  playerId: string;
  /** 1-based rank in the Swiss standings. */
  swissRank: number;
  /** The last playoff round the player was seated in (1 = first; a dropped seed 1), or null when not in the cut. */
  playoffRound: number | null;
  /** True for the winner of the final. */
  champion: boolean;
}

/**
 * The seeds in bracket order: 8 → [1, 8, 4, 5, 2, 7, 3, 6]; 4 → [1, 4, 2, 3]; 2 → [1, 2]. Positions
 * 2i and 2i+1 meet in round 1, so round-1 matches are 1v8, 4v5, 2v7, 3v6 and their winners meet in
 * pairs: (1v8)–(4v5) and (2v7)–(3v6).
 */
export function bracketSeedOrder(size: CutSize): number[] {
  if (!CUT_SIZES.includes(size)) throw new RangeError(`Top cut size ${CUT_SIZES.join(', ')} expected, got ${size}`);
  let order = [1, 2];
  while (order.length < size) {
    const n = order.length * 2;
    order = order.flatMap((s) => [s, n + 1 - s]);
  }
  return order;
}

/** Table numbers for the matches with two players, in order of the better seed. */
function withTables(matches: Omit<PlayoffMatch, 'table'>[]): PlayoffMatch[] {
  const real = matches.filter((m) => m.playerA !== null && m.playerB !== null).sort((x, y) => x.seedA! - y.seedA!);
  const table = new Map(real.map((m, i) => [m.slot, i + 1]));
  return matches.map((m) => ({ ...m, table: table.get(m.slot) ?? null }));
}

/** A match of two seats (player or empty), the better seed as player A; one empty seat makes a walkover. */
function seat(round: number, slot: number, x: { id: string; seed: number } | null, y: { id: string; seed: number } | null): Omit<PlayoffMatch, 'table'> {
  let [a, b] = [x, y];
  if (a === null || (b !== null && b.seed < a.seed)) [a, b] = [b, a];
  return { round, slot, playerA: a?.id ?? null, seedA: a?.seed ?? null, playerB: b?.id ?? null, seedB: b?.seed ?? null };
}

/**
 * Round 1 of the cut from the Swiss standings: seed k is the k-th player of `standings`. Dropped
 * players keep their seat empty (nobody is promoted); missing seats (fewer players than the cut) too.
 * @param standings the Swiss standings, best first.
 * @returns the matches in bracket order (slot 0..size/2−1), tables 1v8, 2v7, 3v6, 4v5 in that order.
 */
export function topCutBracket(standings: readonly CutEntrant[], size: CutSize): PlayoffMatch[] {
  const order = bracketSeedOrder(size);
  const seatOf = (seed: number) => {
    const e = standings[seed - 1];
    return e && !e.dropped ? { id: e.playerId, seed } : null;
  };
  const matches = [];
  for (let i = 0; i < order.length; i += 2) matches.push(seat(1, i / 2, seatOf(order[i]), seatOf(order[i + 1])));
  return withTables(matches);
}

/**
 * A playoff result check: a valid match result (match-result.ts) that is not a draw.
 * Example: 2-1 valid; 1-1-1 and 0-0-3 rejected (rule `noDraw`).
 */
export function checkPlayoffResult(result: MatchResult, format: MatchFormat = {}): MatchResultCheck {
  const check = checkMatchResult(result, format);
  if (check.valid && check.outcome === 'draw') {
    return { valid: false, field: 'result', rule: 'noDraw', reason: 'A playoff match cannot end in a draw: play on until one player wins' };
  }
  return check;
}

/** @throws DomainError VALIDATION_FAILED when checkPlayoffResult rejects the result. */
export function assertValidPlayoffResult(result: MatchResult, format: MatchFormat = {}): 'A' | 'B' {
  const check = checkPlayoffResult(result, format);
  if (!check.valid) {
    throw new DomainError('VALIDATION_FAILED', `Invalid playoff result: ${check.reason}`, [{ field: check.field, rule: check.rule, message: check.reason }]);
  }
  return check.outcome as 'A' | 'B';
}

/**
 * Who advances from a playoff match: the present player of a walkover, nobody from an empty slot, the
 * winner of a played match.
 * @throws DomainError VALIDATION_FAILED for a played match whose result is missing, invalid or a draw.
 */
export function playoffWinner(match: PlayoffMatch, result: MatchResult | null): { id: string; seed: number } | null {
  if (match.playerA === null) return null;
  if (match.playerB === null) return { id: match.playerA, seed: match.seedA! };
  if (result === null) {
    throw new DomainError('VALIDATION_FAILED', `Playoff round ${match.round}, table ${match.table}: no result yet`, [
      { field: 'result', rule: 'required', message: 'every playoff match needs a result before the next round' },
    ]);
  }
  return assertValidPlayoffResult(result) === 'A' ? { id: match.playerA, seed: match.seedA! } : { id: match.playerB, seed: match.seedB! };
}

/**
 * The next playoff round from the winners of the previous one: the winners of slots 2i and 2i+1 meet
 * in slot i, the better seed as player A.
 * @param previous the previous round's matches, every one with a result (or null for walkovers and empty slots).
 * @param droppedSince players who dropped after winning: their seat stays empty and their opponent advances.
 * @returns the next round's matches, or [] when `previous` was the final.
 * @throws DomainError VALIDATION_FAILED when a played match has no valid, decisive result.
 * @throws RangeError when `previous` is not a whole round (slots 0..k−1 of one round, k a power of 2).
 */
export function nextPlayoffRound(previous: readonly DecidedPlayoffMatch[], droppedSince: ReadonlySet<string> = new Set()): PlayoffMatch[] {
  const sorted = [...previous].sort((x, y) => x.slot - y.slot);
  const k = sorted.length;
  if (k === 0 || (k & (k - 1)) !== 0 || sorted.some((m, i) => m.slot !== i || m.round !== sorted[0].round)) {
    throw new RangeError('previous: the whole previous playoff round expected (slots 0..k−1, k a power of 2)');
  }
  if (k === 1) return [];
  const winners = sorted.map((m) => {
    const w = playoffWinner(m, m.result);
    return w && !droppedSince.has(w.id) ? w : null;
  });
  const round = sorted[0].round + 1;
  const matches = [];
  for (let i = 0; i < k; i += 2) matches.push(seat(round, i / 2, winners[i], winners[i + 1]));
  return withTables(matches);
}

/**
 * Final placings: the champion, then the final's loser, then those eliminated in each earlier round
 * (later rounds first); within one round, by Swiss rank. While the playoff is unfinished, a decided
 * match's winner ranks with the next round. Dropped seeds count as eliminated in round 1. Everyone
 * outside the cut follows in Swiss order.
 * @param standings the Swiss standings, best first (the 1-based position is the Swiss rank).
 * @param playoff every playoff match so far, of all rounds, with results (undecided: null).
 */
export function finalPlacings(standings: readonly CutEntrant[], playoff: readonly DecidedPlayoffMatch[]): FinalPlacing[] {
  const swissRank = new Map(standings.map((s, i) => [s.playerId, i + 1]));
  const cutSize = playoff.filter((m) => m.round === 1).length * 2;
  const finalRound = Math.log2(cutSize);
  const appeared = new Map<string, number>();
  const reached = new Map<string, number>(); // sort key: the round played in, or the next one after a win
  let champion: string | null = null;
  const raise = (map: Map<string, number>, id: string, round: number) => map.set(id, Math.max(map.get(id) ?? 0, round));
  for (const m of playoff) {
    for (const id of [m.playerA, m.playerB]) {
      if (id === null) continue;
      raise(appeared, id, m.round);
      raise(reached, id, m.round);
    }
    const winner = decidedWinner(m);
    if (winner !== null) {
      raise(reached, winner, m.round + 1);
      if (m.round === finalRound) champion = winner;
    }
  }
  // Seeds whose seat stayed empty (dropped): eliminated in round 1.
  for (const s of standings.slice(0, cutSize)) if (!reached.has(s.playerId)) reached.set(s.playerId, 1);
  const key = (id: string) => reached.get(id) ?? 0;
  const rows = standings.map((s) => s.playerId);
  rows.sort((x, y) => key(y) - key(x) || swissRank.get(x)! - swissRank.get(y)!);
  return rows.map((id, i) => ({
    place: i + 1,
    playerId: id,
    swissRank: swissRank.get(id)!,
    playoffRound: appeared.get(id) ?? (reached.has(id) ? 1 : null),
    champion: id === champion,
  }));
}

/** The winner of a decided playoff match (walkover included), or null while undecided or empty. */
function decidedWinner(m: DecidedPlayoffMatch): string | null {
  if (m.playerA === null) return null;
  if (m.playerB === null) return m.playerA;
  if (m.result === null) return null;
  const check = checkPlayoffResult(m.result);
  if (!check.valid) return null;
  return check.outcome === 'A' ? m.playerA : m.playerB;
}
