/**
 * The seating of a draft event, solo or team: the one function the draft service and the
 * independent verifier both call, so a replay from the seed seats everyone exactly as the event did.
 */
import type { Rng } from '../../common/random/seeded-rng';
import { splitIntoPods } from './pods';
import { assignSeats, type PodSeating } from './seating';
import { assignTeamSeats, splitTeamsIntoPods, type TeamSize } from './team-seating';

export interface EventSeatingInput<T> {
  fillWithBots: boolean;
  /** Team event: members per team; null = solo. */
  teamSize: number | null;
  /** Solo: every entrant in registration order. Ignored for team events. */
  players: readonly T[];
  /** Team events: the teams by team number, each with its members by registration number. */
  teams: readonly (readonly T[])[];
}

/**
 * Solo: splitIntoPods + assignSeats (pods of 4–8, as equal as possible). Team: splitTeamsIntoPods +
 * assignTeamSeats (whole teams, seats alternating teams). Both on the event's `pods` stream.
 * @throws DomainError NOT_ENOUGH_PLAYERS, TEAM_PODS_UNBALANCED (see the two rules)
 */
export function seatEvent<T>(input: EventSeatingInput<T>, rng: Rng): PodSeating<T>[] {
  if (input.teamSize === null) return assignSeats(input.players, splitIntoPods(input.players.length, { fillWithBots: input.fillWithBots }), rng);
  const sizes = splitTeamsIntoPods(input.teams.length, input.teamSize as TeamSize, { fillWithBots: input.fillWithBots });
  return assignTeamSeats(input.teams, sizes, rng);
}
