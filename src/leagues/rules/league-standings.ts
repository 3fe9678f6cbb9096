/**
 * League standings: a pure function of each event's results, following player PROFILES (not display
 * names) across a season's events.
 *
 * Scoring (set per league):
 * - `match-points`: the match points a player earned in the event's Swiss rounds;
 * - `placing`: `placingPoints[place - 1]` for the final placing (0 beyond the table);
 * plus `participationPoints` for every event attended.
 * Order: league points, then events attended, then total match points, then mean OMW% over the
 * events attended, then profile id (a stable, documented last resort — never random). Means of
 * OMW% are compared exactly (each event's OMW% is an exact fraction, as in the event's standings):
 * two profiles with equal means are tied whatever the order their events were added in, and the
 * profile id decides — a sum of doubles would order them by rounding noise.
 */
import { Fraction } from '../../tournament/rules/fraction';

export interface LeagueScoring {
  mode: 'match-points' | 'placing';
  /** Points by final placing, 1st first (placing mode). */
  placingPoints: number[];
  /** Points for attending an event (both modes). */
  participationPoints: number;
}

/** One profile's result in one event. */
export interface EventResult {
  eventId: string;
  profileId: string;
  name: string;
  /** Final placing (1-based). */
  place: number;
  matchPoints: number;
  /** 0–1. */
  omwp: number;
  /** The same exactly, "num/den" (Fraction#toString, e.g. "13/24"). */
  omwpExact: string;
  record: string;
}

export interface LeagueStanding {
  rank: number;
  profileId: string;
  /** The name the profile used most recently. */
  name: string;
  points: number;
  events: number;
  matchPoints: number;
  /** Mean OMW% over the events attended, 0–1. */
  omwp: number;
}

/** League points of one event result. */
export function eventPoints(result: EventResult, scoring: LeagueScoring): number {
  const base = scoring.mode === 'match-points' ? result.matchPoints : (scoring.placingPoints[result.place - 1] ?? 0);
  return base + scoring.participationPoints;
}

/**
 * @param results every profile's result in every league event, events in chronological order (the
 *   last name seen is the one shown).
 */
export function leagueStandings(results: readonly EventResult[], scoring: LeagueScoring): LeagueStanding[] {
  const rows = new Map<string, Omit<LeagueStanding, 'rank'> & { omwpSum: number; exact: string[]; exactMean?: Fraction }>();
  for (const r of results) {
    let row = rows.get(r.profileId);
    if (!row) rows.set(r.profileId, (row = { profileId: r.profileId, name: r.name, points: 0, events: 0, matchPoints: 0, omwp: 0, omwpSum: 0, exact: [] }));
    row.name = r.name;
    row.points += eventPoints(r, scoring);
    row.events += 1;
    row.matchPoints += r.matchPoints;
    row.omwpSum += r.omwp;
    row.exact.push(r.omwpExact);
  }
  const lines = [...rows.values()];
  for (const row of lines) row.omwp = row.events ? row.omwpSum / row.events : 0;
  // Sums of up to thousands of doubles in 0–1 are off by far less than 1e-9: beyond it the doubles
  // order as the exact means do; within it the exact means decide (computed only for those rows).
  const exactMean = (row: (typeof lines)[number]) =>
    (row.exactMean ??= row.exact.reduce((sum, f) => sum.add(fractionOf(f)), Fraction.ZERO).div(Fraction.of(Math.max(row.events, 1))));
  const byOmwp = (a: (typeof lines)[number], b: (typeof lines)[number]) => (Math.abs(b.omwp - a.omwp) > 1e-9 ? b.omwp - a.omwp : exactMean(b).compare(exactMean(a)));
  return lines
    .sort(
      (a, b) => b.points - a.points || b.events - a.events || b.matchPoints - a.matchPoints || byOmwp(a, b) || (a.profileId < b.profileId ? -1 : a.profileId > b.profileId ? 1 : 0),
    )
    .map(({ omwpSum: _sum, exact: _exact, exactMean: _mean, ...row }, i) => ({ rank: i + 1, ...row }));
}

/** "num/den" or "num" (Fraction#toString) as a Fraction. @throws RangeError when it is not one. */
function fractionOf(text: string): Fraction {
  const m = /^(-?\d+)(?:\/(\d+))?$/.exec(text);
  if (!m) throw new RangeError(`Not a fraction: "${text}"`);
  return Fraction.of(BigInt(m[1]), BigInt(m[2] ?? '1'));
}
