/**
 * League standings: a pure function of each event's results, following player PROFILES (not display
 * names) across a season's events.
 *
 * Scoring (set per league):
 * - `match-points`: the match points a player earned in the event's Swiss rounds;
 * - `placing`: `placingPoints[place - 1]` for the final placing (0 beyond the table);
 * plus `participationPoints` for every event attended.
 * Order: league points, then events attended, then total match points, then mean OMW% over the
 * events attended, then profile id (a stable, documented last resort — never random).
 */

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
  const rows = new Map<string, Omit<LeagueStanding, 'rank'> & { omwpSum: number }>();
  for (const r of results) {
    const row = rows.get(r.profileId) ?? { profileId: r.profileId, name: r.name, points: 0, events: 0, matchPoints: 0, omwp: 0, omwpSum: 0 };
    row.name = r.name;
    row.points += eventPoints(r, scoring);
    row.events += 1;
    row.matchPoints += r.matchPoints;
    row.omwpSum += r.omwp;
    rows.set(r.profileId, row);
  }
  return [...rows.values()]
    .map(({ omwpSum, ...row }) => ({ ...row, omwp: row.events ? omwpSum / row.events : 0 }))
    .sort(
      (a, b) =>
        b.points - a.points || b.events - a.events || b.matchPoints - a.matchPoints || b.omwp - a.omwp || (a.profileId < b.profileId ? -1 : a.profileId > b.profileId ? 1 : 0),
    )
    .map((row, i) => ({ rank: i + 1, ...row }));
}
