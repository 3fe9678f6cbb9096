/**
 * Grouping solo players into teams (organizer: "group registered solo players into teams"). The
 * players are shuffled from the event stream `teams/auto/from-team-<n>` and cut into teams in that order, so
 * the grouping is random yet replayable from the seed and the registrations. Pure.
 */
import type { Rng } from '../../common/random/seeded-rng';
import { shuffle } from '../../draft/rules/seating';

/** Stream of one automatic grouping: named by the number the first new team gets, so each call draws afresh (docs/randomness.md). */
export function autoTeamsPurpose(firstTeamNumber: number): string {
  return `teams/auto/from-team-${firstTeamNumber}`;
}

/**
 * @param players the solo players in registration order (the result depends on it).
 * @param teamSize members per team (2 or 3).
 * @param rng the stream autoTeamsPurpose(next team number).
 * @param openSpots free places of the incomplete teams (a member left), in team number order: the
 *   shuffled players fill them first, so no team stays short while solo players wait.
 * @returns the players added to each incomplete team (same order as openSpots; fewer when players
 *   run out), the new full teams in order, and the players left over (in shuffled order).
 */
export function groupIntoTeams<T>(players: readonly T[], teamSize: number, rng: Rng, openSpots: readonly number[] = []): { filled: T[][]; teams: T[][]; leftover: T[] } {
  if (!Number.isSafeInteger(teamSize) || teamSize < 1) throw new RangeError(`teamSize: positive integer expected, got ${teamSize}`);
  const order = shuffle(players, rng);
  let next = 0;
  const filled = openSpots.map((spots) => {
    const added = order.slice(next, next + spots);
    next += added.length;
    return added;
  });
  const rest = order.slice(next);
  const full = Math.floor(rest.length / teamSize);
  return {
    filled,
    teams: Array.from({ length: full }, (_, t) => rest.slice(t * teamSize, (t + 1) * teamSize)),
    leftover: rest.slice(full * teamSize),
  };
}
