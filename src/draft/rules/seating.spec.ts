import { rngFor } from '../../common/random/seeded-rng';
import { splitIntoPods } from './pods';
import { assignSeats, botSeats, shuffle } from './seating';

const SEED = '00112233445566778899aabbccddeeff';
const names = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);

describe('shuffle', () => {
  it('is Fisher–Yates from the end with rng.below(i + 1), reproducible by hand', () => {
    const items = names(6);
    const ref = rngFor(SEED, 'pods');
    const expected = [...items];
    for (let i = expected.length - 1; i > 0; i--) {
      const j = ref.below(i + 1);
      [expected[i], expected[j]] = [expected[j], expected[i]];
    }
    expect(shuffle(items, rngFor(SEED, 'pods'))).toEqual(expected);
    expect(items).toEqual(names(6)); // input untouched
  });

  it('is a permutation, and each item reaches each position about equally often', () => {
    const counts = Array.from({ length: 4 }, () => [0, 0, 0, 0]);
    const rng = rngFor(SEED, 'uniformity');
    for (let t = 0; t < 8000; t++) {
      const out = shuffle([0, 1, 2, 3], rng);
      expect([...out].sort()).toEqual([0, 1, 2, 3]);
      out.forEach((item, pos) => counts[item][pos]++);
    }
    for (const row of counts) for (const c of row) expect(Math.abs(c - 2000)).toBeLessThan(200);
  });
});

describe('botSeats', () => {
  it('spreads bots evenly around the table, the last seat always a bot', () => {
    expect(botSeats(8, 0)).toEqual([]);
    expect(botSeats(8, 1)).toEqual([7]);
    expect(botSeats(8, 4)).toEqual([1, 3, 5, 7]);
    expect(botSeats(8, 5)).toEqual([0, 2, 3, 5, 7]);
    expect(botSeats(8, 8)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('gives distinct seats for every bot count of 8 seats', () => {
    for (let b = 0; b <= 8; b++) expect(new Set(botSeats(8, b)).size).toBe(b);
  });
});

describe('assignSeats', () => {
  it('seats every entrant exactly once, pods filled in order with their sizes', () => {
    const entrants = names(20);
    const pods = assignSeats(entrants, splitIntoPods(20), rngFor(SEED, 'pods'));
    expect(pods.map((p) => p.pod)).toEqual([1, 2, 3]);
    expect(pods.map((p) => p.seats.length)).toEqual([7, 7, 6]);
    expect(pods.flatMap((p) => p.seats).sort()).toEqual([...entrants].sort());
  });

  it('is the shuffled list cut into pods', () => {
    const entrants = names(9);
    const shuffled = shuffle(entrants, rngFor(SEED, 'pods'));
    const pods = assignSeats(entrants, splitIntoPods(9), rngFor(SEED, 'pods'));
    expect(pods[0].seats).toEqual(shuffled.slice(0, 5));
    expect(pods[1].seats).toEqual(shuffled.slice(5));
  });

  it('is deterministic for the same stream and differs for another seed', () => {
    const entrants = names(16);
    const a = assignSeats(entrants, splitIntoPods(16), rngFor(SEED, 'pods'));
    const b = assignSeats(entrants, splitIntoPods(16), rngFor(SEED, 'pods'));
    const c = assignSeats(entrants, splitIntoPods(16), rngFor('ffeeddccbbaa99887766554433221100', 'pods'));
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it('puts bots (null) at the spread-out seats of botSeats, humans in the others', () => {
    const pods = assignSeats(names(9), splitIntoPods(9, { fillWithBots: true }), rngFor(SEED, 'pods'));
    expect(pods.map((p) => p.seats.length)).toEqual([8, 8]);
    const nullSeats = (seats: (string | null)[]) => seats.flatMap((x, i) => (x === null ? [i] : []));
    expect(nullSeats(pods[0].seats)).toEqual(botSeats(8, 3));
    expect(nullSeats(pods[1].seats)).toEqual(botSeats(8, 4));
    expect(pods.flatMap((p) => p.seats).filter((x) => x !== null)).toHaveLength(9);
  });

  it('rejects pod sizes that do not add up to the entrants', () => {
    expect(() => assignSeats(names(5), [{ players: 4, bots: 0 }], rngFor(SEED, 'pods'))).toThrow(RangeError);
  });
});
