import { DomainError } from '../../common/errors/domain-error';
import { splitIntoPods } from './pods';

const playersOf = (n: number, opts = {}) => splitIntoPods(n, opts).map((p) => p.players);

function expectDomainError(fn: () => unknown, code: string): void {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    expect((e as DomainError).code).toBe(code);
    return;
  }
  throw new Error(`expected DomainError ${code}`);
}

describe('splitIntoPods without bots', () => {
  it.each([
    [4, [4]],
    [8, [8]],
    [9, [5, 4]],
    [16, [8, 8]],
    [17, [6, 6, 5]],
    [20, [7, 7, 6]],
  ])('%i players make the fewest pods of at most 8, as equal as possible, larger first: %j', (n, sizes) => {
    expect(playersOf(n)).toEqual(sizes);
    expect(splitIntoPods(n).every((p) => p.bots === 0)).toBe(true);
  });

  it('for every count 4..40: sizes are 4..8, differ by at most 1, sum to the count, larger first, and no fewer pods could do', () => {
    for (let n = 4; n <= 40; n++) {
      const sizes = playersOf(n);
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(4);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(8);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
      expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
      expect(sizes.length).toBe(Math.ceil(n / 8));
      expect((sizes.length - 1) * 8).toBeLessThan(n); // one pod fewer cannot seat everyone
    }
  });

  it.each([0, 1, 3])('fewer than 4 players (%i) is NOT_ENOUGH_PLAYERS', (n) => {
    expectDomainError(() => splitIntoPods(n), 'NOT_ENOUGH_PLAYERS');
  });

  it('custom sizes follow the same rule (min 2, max 4: 5 → 3,2; 9 → 3,3,3)', () => {
    expect(playersOf(5, { minPodSize: 2, maxPodSize: 4 })).toEqual([3, 2]);
    expect(playersOf(9, { minPodSize: 2, maxPodSize: 4 })).toEqual([3, 3, 3]);
  });

  it('rejects options that leave some counts unsplittable (2·min > max + 1) and bad counts as caller bugs', () => {
    expect(() => splitIntoPods(10, { minPodSize: 6, maxPodSize: 8 })).toThrow(RangeError);
    expect(() => splitIntoPods(10, { minPodSize: 0 })).toThrow(RangeError);
    expect(() => splitIntoPods(-1)).toThrow(RangeError);
    expect(() => splitIntoPods(4.5)).toThrow(RangeError);
  });
});

describe('splitIntoPods with bots', () => {
  it.each([
    [1, [[1, 7]]],
    [3, [[3, 5]]],
    [8, [[8, 0]]],
    [
      9,
      [
        [5, 3],
        [4, 4],
      ],
    ],
    [
      17,
      [
        [6, 2],
        [6, 2],
        [5, 3],
      ],
    ],
  ])('%i players: ceil(n/8) pods, players spread equally, each filled with bots to 8 seats: %j', (n, pods) => {
    expect(splitIntoPods(n, { fillWithBots: true }).map((p) => [p.players, p.bots])).toEqual(pods);
  });

  it('every pod has exactly 8 seats and the pod count is minimal, for 1..40 players', () => {
    for (let n = 1; n <= 40; n++) {
      const pods = splitIntoPods(n, { fillWithBots: true });
      expect(pods.length).toBe(Math.ceil(n / 8));
      expect(pods.every((p) => p.players + p.bots === 8 && p.players >= 1)).toBe(true);
      expect(pods.reduce((a, p) => a + p.players, 0)).toBe(n);
    }
  });

  it('0 players is NOT_ENOUGH_PLAYERS', () => {
    expectDomainError(() => splitIntoPods(0, { fillWithBots: true }), 'NOT_ENOUGH_PLAYERS');
  });
});
