/**
 * Swiss standings: a pure function of the players and their finished matches (docs/rules.md
 * "Standings"; docs/rules.md "Tournament rules"). Sources:
 * - MTR 3.1 (Tiebreakers): order by match points, then opponents' match-win percentage (OMW%), then
 *   game-win percentage (GW%), then opponents' game-win percentage (OGW%).
 * - MTR Appendix C (Tiebreaker Explanation): match points 3 / 1 / 0 for a win / draw / loss; a bye is a
 *   won match (the product scores it 2-0: 3 match points, 6 game points, 2 games); game points 3 per
 *   game won and 1 per drawn game; MW% = match points / (3 × rounds played) and GW% = game points /
 *   (3 × games played), each raised to 0.33 when lower; OMW% / OGW% = the mean of each opponent's
 *   (floored) MW% / GW%, byes ignored. A player who withdrew keeps counting in opponents' tiebreakers
 *   with the rounds they played.
 *
 * Late entry after round 1 (late-entry.ts, MTR 2.x practice): each round a late player missed is a
 * match loss 0-2 with no opponent — in their record, rounds and games played, MW% and GW%; in no
 * one's OMW% / OGW%.
 *
 * Product rules: every value is an exact Fraction until display; playoff matches
 * are not Swiss rounds and are left out; a player dropped before round 1 leaves the standings; ties
 * that survive all four keys are ordered by player id (code-unit order, never random), and every
 * player gets a distinct rank.
 */
import { TIEBREAKERS } from './tiebreakers';
import { Fraction } from './fraction';
import { matchOutcome, type MatchResult } from './match-result';
import { MISSED_ROUND, missedRounds } from './late-entry';
import type { RecordedMatch, TournamentPlayer } from './types';

/** The standings settings of an event. */
export interface StandingsSettings {
  /** The floor of every MW% and GW% (MTR Appendix C: 0.33); default exactly 33/100. */
  percentageFloor?: Fraction;
  /**
   * Whether bye rounds count in a player's own MW% (MTR Appendix C example: 3-2-0 including a bye →
   * 9/15 = 0.60); default true. When false, a bye adds neither match points nor a round to the
   * player's own MW% (it still gives 3 match points for ranking, and is never an opponent).
   */
  byesInOwnMatchWinPercentage?: boolean;
  /** The same choice for the player's own GW% (a bye's 6 game points and 2 games); default: as the MW% setting. */
  byesInOwnGameWinPercentage?: boolean;
}

/** One line of the standings. Percentages are exact; format them with `toFixed(3)` or `toNumber()`. */
export interface Standing {
  /** 1-based, distinct, in standings order. */
  rank: number;
  playerId: string;
  matchPoints: number;
  gamePoints: number;
  /** Match record; byes count as wins, missed rounds of a late entry as losses. */
  wins: number;
  losses: number;
  draws: number;
  byes: number;
  /** "wins-losses-draws", e.g. "3-1-0" (MTR Appendix C writes records this way). */
  record: string;
  /** Swiss rounds with a match or a bye, and the rounds a late entry missed (each a loss). */
  roundsPlayed: number;
  /** Late entry after round 1: the rounds missed, each a match loss 0-2 with no opponent (late-entry.ts); 0 otherwise. */
  missedRounds: number;
  /** Games including drawn games; a bye counts as 2. */
  gamesPlayed: number;
  mwp: Fraction;
  omwp: Fraction;
  gwp: Fraction;
  ogwp: Fraction;
  /** Dropped (after at least one round); such players stay in the standings and in opponents' tiebreakers. */
  dropped: boolean;
  droppedAfterRound: number | null;
}

/** MTR Appendix C: 0.33, exactly. */
export const DEFAULT_PERCENTAGE_FLOOR = Fraction.of(33, 100);

/** MTR Appendix C: match points of a result for player A and player B: win 3, draw 1, loss 0. */
export function matchPointsOf(result: MatchResult): { a: number; b: number } {
  const outcome = matchOutcome(result);
  return outcome === 'A' ? { a: 3, b: 0 } : outcome === 'B' ? { a: 0, b: 3 } : { a: 1, b: 1 };
}

/** MTR Appendix C: game points of a result for player A and player B: 3 per game won, 1 per drawn game (2-1-0 → 6 and 3; 2-0-1 → 7 and 1). */
export function gamePointsOf(result: MatchResult): { a: number; b: number } {
  return { a: 3 * result.winsA + result.draws, b: 3 * result.winsB + result.draws };
}

/** The Swiss matches (not playoff) of the list. */
export function swissMatches(matches: readonly RecordedMatch[]): RecordedMatch[] {
  return matches.filter((m) => !m.playoff);
}

/**
 * Match points of every player named in the Swiss matches (MTR Appendix C; a bye is 3). Used by Swiss
 * pairing, which never looks at tiebreakers. Players without a match are absent (0).
 */
export function matchPointsByPlayer(matches: readonly RecordedMatch[]): Map<string, number> {
  const points = new Map<string, number>();
  const add = (id: string, p: number) => points.set(id, (points.get(id) ?? 0) + p);
  for (const m of swissMatches(matches)) {
    if (m.playerB === null) add(m.playerA, 3);
    else {
      const mp = matchPointsOf(m);
      add(m.playerA, mp.a);
      add(m.playerB, mp.b);
    }
  }
  return points;
}

interface Tally {
  matchPoints: number;
  gamePoints: number;
  rounds: number;
  games: number;
  wins: number;
  losses: number;
  draws: number;
  byes: number;
  opponents: string[];
}

/** max(value, floor), or the floor when nothing was played (0 / 0). */
function floored(points: number, possible: number, floor: Fraction): Fraction {
  return possible === 0 ? floor : Fraction.of(points, possible).max(floor);
}

function mean(values: readonly Fraction[], whenEmpty: Fraction): Fraction {
  if (values.length === 0) return whenEmpty;
  // Σ n_i/d_i over a common denominator, reduced once at the end (exact either way; fewer gcds).
  let num = 0n;
  let den = 1n;
  for (const v of values) {
    if (v.den === den) num += v.num;
    else {
      num = num * v.den + v.num * den;
      den *= v.den;
    }
  }
  return Fraction.of(num, den * BigInt(values.length));
}

/** Code-unit order of ids: the documented last tie-break, the same on every machine and locale. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The Swiss standings (MTR 3.1 and Appendix C; see the file comment).
 *
 * - Only Swiss matches count (`playoff` ones are skipped); pass finished matches only.
 * - A player with no opponent (only byes, or nothing played yet) gets the floor as OMW% and OGW%.
 * - A rematch is a second opponent entry: OMW% / OGW% average over matches, not over distinct people.
 * - A late entry (`firstRound` k > 1) has a match loss 0-2 with no opponent in each of rounds 1..k-1.
 *
 * @param players every player of the event; `droppedAfterRound: 0` leaves the standings.
 * @param matches finished matches; a bye has `playerB: null` and always scores 2-0.
 * @throws RangeError on inconsistent input (a caller's bug): duplicate player ids, a match naming an
 *   unknown player or a player against themselves, a player in two Swiss matches of one round (a
 *   late entry's missed round counts as one of theirs),
 *   negative or fractional game counts.
 */
export function computeStandings(players: readonly TournamentPlayer[], matches: readonly RecordedMatch[], settings: StandingsSettings = {}): Standing[] {
  const floor = settings.percentageFloor ?? DEFAULT_PERCENTAGE_FLOOR;
  const byesInMwp = settings.byesInOwnMatchWinPercentage ?? true;
  const byesInGwp = settings.byesInOwnGameWinPercentage ?? byesInMwp;

  const all = new Map<string, Tally>();
  const own = new Map<string, { mp: number; rounds: number; gp: number; games: number }>();
  for (const p of players) {
    if (all.has(p.id)) throw new RangeError(`Duplicate player id ${p.id}`);
    all.set(p.id, { matchPoints: 0, gamePoints: 0, rounds: 0, games: 0, wins: 0, losses: 0, draws: 0, byes: 0, opponents: [] });
    own.set(p.id, { mp: 0, rounds: 0, gp: 0, games: 0 });
  }

  const seen = new Set<string>();
  const enter = (id: string, round: number): Tally => {
    const t = all.get(id);
    if (!t) throw new RangeError(`Round ${round}: unknown player ${id}`);
    const key = `${round}\u0000${id}`;
    if (seen.has(key)) throw new RangeError(`Round ${round}: player ${id} is in two Swiss matches`);
    seen.add(key);
    return t;
  };
  const score = (t: Tally, id: string, mp: number, gp: number, games: number, isBye: boolean) => {
    t.matchPoints += mp;
    t.gamePoints += gp;
    t.rounds += 1;
    t.games += games;
    if (mp === 3) t.wins++;
    else if (mp === 1) t.draws++;
    else t.losses++;
    const o = own.get(id)!;
    if (!isBye || byesInMwp) {
      o.mp += mp;
      o.rounds += 1;
    }
    if (!isBye || byesInGwp) {
      o.gp += gp;
      o.games += games;
    }
  };

  // Late entries: a loss 0-2 with no opponent in each missed round (rounds 1..firstRound-1).
  for (const p of players) {
    const missed = missedRounds(p);
    for (let round = 1; round <= missed; round++) {
      score(enter(p.id, round), p.id, MISSED_ROUND.matchPoints, MISSED_ROUND.gamePoints, MISSED_ROUND.games, false);
    }
  }

  for (const m of swissMatches(matches)) {
    if (!Number.isSafeInteger(m.round) || m.round < 1) throw new RangeError(`Match round: integer ≥ 1 expected, got ${m.round}`);
    const a = enter(m.playerA, m.round);
    if (m.playerB === null) {
      a.byes++;
      score(a, m.playerA, 3, 6, 2, true);
      continue;
    }
    if (m.playerB === m.playerA) throw new RangeError(`Round ${m.round}: player ${m.playerA} paired against themselves`);
    for (const g of [m.winsA, m.winsB, m.draws]) {
      if (!Number.isSafeInteger(g) || g < 0) throw new RangeError(`Round ${m.round}: game counts must be non-negative integers`);
    }
    const b = enter(m.playerB, m.round);
    const mp = matchPointsOf(m);
    const gp = gamePointsOf(m);
    const games = m.winsA + m.winsB + m.draws;
    score(a, m.playerA, mp.a, gp.a, games, false);
    score(b, m.playerB, mp.b, gp.b, games, false);
    a.opponents.push(m.playerB);
    b.opponents.push(m.playerA);
  }

  const mwp = new Map<string, Fraction>();
  const gwp = new Map<string, Fraction>();
  for (const [id, o] of own) {
    mwp.set(id, floored(o.mp, 3 * o.rounds, floor));
    gwp.set(id, floored(o.gp, 3 * o.games, floor));
  }

  const rows = players
    .filter((p) => p.droppedAfterRound !== 0)
    .map((p) => {
      const t = all.get(p.id)!;
      return {
        rank: 0,
        playerId: p.id,
        matchPoints: t.matchPoints,
        gamePoints: t.gamePoints,
        wins: t.wins,
        losses: t.losses,
        draws: t.draws,
        byes: t.byes,
        record: `${t.wins}-${t.losses}-${t.draws}`,
        roundsPlayed: t.rounds,
        missedRounds: missedRounds(p),
        gamesPlayed: t.games,
        mwp: mwp.get(p.id)!,
        omwp: mean(
          t.opponents.map((o) => mwp.get(o)!),
          floor,
        ),
        gwp: gwp.get(p.id)!,
        ogwp: mean(
          t.opponents.map((o) => gwp.get(o)!),
          floor,
        ),
        dropped: p.droppedAfterRound !== null,
        droppedAfterRound: p.droppedAfterRound,
      } satisfies Standing;
    });

  rows.sort(compareStandings);
  rows.forEach((r, i) => (r.rank = i + 1));
  return rows;
}

/** MTR 3.1 order: match points, then each of TIEBREAKERS (OMW%, GW%, OGW%; higher first), then player id (code units). */
export function compareStandings(x: Standing, y: Standing): number {
  if (x.matchPoints !== y.matchPoints) return y.matchPoints - x.matchPoints;
  for (const { key } of TIEBREAKERS) {
    const order = y[key].compare(x[key]);
    if (order !== 0) return order;
  }
  return compareIds(x.playerId, y.playerId);
}
