import { draftWait, upstreamSeat, type SeatProgress } from './draft-wait';

const picking = (pickNumber: number, hasPack: boolean): SeatProgress => ({ pickNumber, hasPack });
const done: SeatProgress = { pickNumber: null, hasPack: false };
const seats = (n: number, p: SeatProgress = picking(3, true)) => Array.from({ length: n }, () => p);

describe('draft wait', () => {
  it('packs come from the upstream seat: the lower seat in packs 1 and 3 (pass left), the higher in pack 2 (pass right)', () => {
    expect([1, 2, 3].map((r) => upstreamSeat(3, r, 8))).toEqual([2, 4, 2]);
    expect(upstreamSeat(0, 1, 8)).toBe(7);
    expect(upstreamSeat(7, 2, 8)).toBe(0);
  });

  it('a seat with a pack in front of it waits for nothing', () => {
    expect(draftWait(seats(8), 3, 1, 3, false)).toBeNull();
  });

  it('mid-pack without a pack: waits for the next pick from the upstream neighbour of this pack', () => {
    const p = seats(8);
    p[3] = picking(4, false);
    expect(draftWait(p, 3, 1, 3, false)).toEqual({ kind: 'next-pick', packNumber: 1, fromSeat: 2 });
    expect(draftWait(p, 3, 2, 3, false)).toEqual({ kind: 'next-pick', packNumber: 2, fromSeat: 4 });
  });

  it('between packs: waits for the next pack from the nearest upstream seat still picking', () => {
    const p = seats(8, done);
    p[5] = picking(14, true);
    p[1] = picking(15, false);
    // Pack 1 passes left: upstream of seat 3 is 2, 1, … → seat 1 is the nearest still picking.
    expect(draftWait(p, 3, 1, 3, false)).toEqual({ kind: 'next-pack', packNumber: 2, fromSeat: 1 });
    // Pack 2 passes right: upstream of seat 3 is 4, 5, … → seat 5; the next pack is 3.
    expect(draftWait(p, 3, 2, 3, false)).toEqual({ kind: 'next-pack', packNumber: 3, fromSeat: 5 });
  });

  it('between packs the upstream neighbour is named when it is still picking', () => {
    const p = seats(8);
    p[3] = done;
    expect(draftWait(p, 3, 1, 3, false)?.fromSeat).toBe(2);
  });

  it('never a wait once the draft is complete, nor after the last pick of the last pack', () => {
    expect(draftWait(seats(8, done), 3, 3, 3, true)).toBeNull();
    const p = seats(8);
    p[3] = done;
    expect(draftWait(p, 3, 3, 3, false)).toBeNull();
  });

  it('rejects a seat outside the pod', () => {
    expect(() => draftWait(seats(4), 4, 1, 3, false)).toThrow(RangeError);
  });
});
