/**
 * The tiebreakers of Swiss standings, as data: after match points, ties are broken by each
 * measure in this order, higher first (MTR 3.1, "Tiebreakers"; docs/rules.md). The comparison
 * (compareStandings), the exports (CSV, printed sheet), the DTOs' documentation and the web
 * tables all read this list, so a change of order or of measures is made here once.
 *
 * Each measure is a field of a standing holding a fraction 0–1 (a Fraction in the rules, a number
 * in the API), shown as a percentage with its `label`.
 */
export interface Tiebreaker {
  /** The standing's field. */
  readonly key: 'omwp' | 'gwp' | 'ogwp';
  /** Its short name, the same in every language (the field's own abbreviation). */
  readonly label: string;
  /** What it measures, for documentation. */
  readonly description: string;
}

export const TIEBREAKERS = [
  { key: 'omwp', label: 'OMW%', description: "opponents' match-win percentage: the mean of each opponent's MW% (floored at 0.33), byes ignored" },
  { key: 'gwp', label: 'GW%', description: 'game-win percentage: game points / (3 × games played), floored at 0.33' },
  { key: 'ogwp', label: 'OGW%', description: "opponents' game-win percentage: the mean of each opponent's GW% (floored at 0.33), byes ignored" },
] as const satisfies readonly Tiebreaker[];

export type TiebreakerKey = (typeof TIEBREAKERS)[number]['key'];

/** One line for the docs: "match points, then OMW%, GW%, OGW%". */
export const TIEBREAKER_ORDER = `match points, then ${TIEBREAKERS.map((t) => t.label).join(', ')}`;
