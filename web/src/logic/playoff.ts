/**
 * Names of playoff rounds and who won the event, as players say them. Pure.
 */

/** The name of a playoff round: `final`, `semifinal`, `quarterfinal`, or `roundOf` a larger cut. */
export type PlayoffStage = { key: 'final' | 'semifinal' | 'quarterfinal' } | { key: 'roundOf'; players: number };

/**
 * A playoff round is named by how many players are still in it (two per match, walkovers
 * included): 2 → final, 4 → semifinal, 8 → quarterfinal, more → "round of N".
 * @param matches the round's matches (pairings), at least 1.
 * @throws RangeError when `matches` is not a positive integer.
 */
export function playoffStage(matches: number): PlayoffStage {
  if (!Number.isSafeInteger(matches) || matches < 1) throw new RangeError(`matches: positive integer expected, got ${matches}`);
  const players = matches * 2;
  if (players === 2) return { key: 'final' };
  if (players === 4) return { key: 'semifinal' };
  if (players === 8) return { key: 'quarterfinal' };
  return { key: 'roundOf', players };
}

export interface Placing {
  place: number;
  playerId: string;
  name: string;
  playoffRound: number | null;
  champion: boolean;
}

/**
 * The event's champion: the winner of the top cut's final once it is decided; without a top cut,
 * the first of the final standings once the event is complete; otherwise nobody yet.
 * @param placings the final placings, by place (GET /api/events/:id/placings).
 */
export function championOf<P extends Placing>(placings: readonly P[], eventComplete: boolean): P | null {
  const winner = placings.find((p) => p.champion);
  if (winner) return winner;
  const hadPlayoff = placings.some((p) => p.playoffRound !== null);
  if (hadPlayoff || !eventComplete) return null;
  return placings.find((p) => p.place === 1) ?? null;
}
