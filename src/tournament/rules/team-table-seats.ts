/**
 * The team game's table (docs/rules.md "Team play" and "Team seating at the game table": WoW TCG
 * Multiplayer Rules — seats alternate teams, A, B, A, B…; Podium's lettering). Each team's members
 * get a seat letter in registration order (A, B, C); a member plays the opposing member of the same
 * letter. Around the table, clockwise, the seats alternate teams: the first-listed team's A, the
 * other team's A, then both B, then both C — so the same letters sit together and no two teammates
 * are neighbours. Pure.
 */

/** Seat letters of a team of up to three (2v2, 3v3). */
export const SEAT_LETTERS = ['A', 'B', 'C'] as const;
export type SeatLetter = (typeof SEAT_LETTERS)[number];

/** A member's place at the team table. */
export interface TeamTableSeat {
  /** The member's letter in their team: A, B, C by registration order. */
  seat: SeatLetter;
  /** Their seat around the table, clockwise from 1: the first side's members odd, the other's even. */
  tableSeat: number;
}

/**
 * Rule TEAM_TABLE_SEATS: the seats of both teams of a match, by member id.
 * @param sideA the first side's member ids in registration order; `sideB` the other's (null: a bye,
 *   the team sits alone and keeps its letters, seats 1, 2, 3).
 * @throws RangeError for a team of more than three (team events are 2v2 or 3v3).
 */
export function teamTableSeats(sideA: readonly string[], sideB: readonly string[] | null): Map<string, TeamTableSeat> {
  for (const side of [sideA, sideB ?? []]) {
    if (side.length > SEAT_LETTERS.length) throw new RangeError(`a team has at most ${SEAT_LETTERS.length} members, got ${side.length}`);
  }
  const seats = new Map<string, TeamTableSeat>();
  sideA.forEach((id, i) => seats.set(id, { seat: SEAT_LETTERS[i], tableSeat: sideB === null ? i + 1 : 2 * i + 1 }));
  sideB?.forEach((id, i) => seats.set(id, { seat: SEAT_LETTERS[i], tableSeat: 2 * i + 2 }));
  return seats;
}
