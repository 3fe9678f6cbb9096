import { teamTableSeats } from './team-table-seats';

describe('TEAM_TABLE_SEATS (team game table: letters face letters, teams alternate)', () => {
  it('2v2: A and B by registration order; clockwise the teams alternate, same letters together', () => {
    const seats = teamTableSeats(['ann', 'bob'], ['xena', 'yuri']);
    expect(Object.fromEntries(seats)).toEqual({
      ann: { seat: 'A', tableSeat: 1 },
      xena: { seat: 'A', tableSeat: 2 },
      bob: { seat: 'B', tableSeat: 3 },
      yuri: { seat: 'B', tableSeat: 4 },
    });
  });

  it('3v3: no two teammates are neighbours around the table (seat 6 wraps to seat 1)', () => {
    const seats = teamTableSeats(['a1', 'a2', 'a3'], ['b1', 'b2', 'b3']);
    const order = [...seats].sort((x, y) => x[1].tableSeat - y[1].tableSeat).map(([id]) => id[0]);
    expect(order).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
    expect(seats.get('a3')).toEqual({ seat: 'C', tableSeat: 5 });
    expect(seats.get('b3')).toEqual({ seat: 'C', tableSeat: 6 });
  });

  it('a bye: the team keeps its letters', () => {
    expect(Object.fromEntries(teamTableSeats(['a1', 'a2'], null))).toEqual({ a1: { seat: 'A', tableSeat: 1 }, a2: { seat: 'B', tableSeat: 2 } });
  });

  it('a team of four is not a team of this game', () => {
    expect(() => teamTableSeats(['1', '2', '3', '4'], null)).toThrow(RangeError);
  });
});
