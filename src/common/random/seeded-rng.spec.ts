import seedrandom from 'seedrandom';
import { generateSeed, isValidSeed, rngFor, RNG_ALGORITHM } from './seeded-rng';

const SEED = '00112233445566778899aabbccddeeff';

describe('rngFor', () => {
  it('same seed and purpose give the same stream', () => {
    const a = rngFor(SEED, 'pack/3');
    const b = rngFor(SEED, 'pack/3');
    const seqA = Array.from({ length: 50 }, () => a.uint32());
    const seqB = Array.from({ length: 50 }, () => b.uint32());
    expect(seqA).toEqual(seqB);
  });

  it('different purposes give different streams', () => {
    const a = rngFor(SEED, 'pack/1');
    const b = rngFor(SEED, 'pack/2');
    expect(Array.from({ length: 8 }, () => a.uint32())).not.toEqual(Array.from({ length: 8 }, () => b.uint32()));
  });

  it('different seeds give different streams', () => {
    const a = rngFor(SEED, 'pack/1');
    const b = rngFor('ffeeddccbbaa99887766554433221100', 'pack/1');
    expect(Array.from({ length: 8 }, () => a.uint32())).not.toEqual(Array.from({ length: 8 }, () => b.uint32()));
  });

  it('is seedrandom.tychei seeded with seed + "/" + purpose, int32() >>> 0 (reproducible with the npm package alone)', () => {
    expect(RNG_ALGORITHM).toBe('tychei');
    const ours = rngFor(SEED, 'pack/17');
    const theirs = seedrandom.tychei(`${SEED}/pack/17`);
    for (let i = 0; i < 100; i++) expect(ours.uint32()).toBe(theirs.int32() >>> 0);
  });

  it('calling it returns floats in [0, 1) from the same stream', () => {
    const rng = rngFor(SEED, 'floats');
    const ref = seedrandom.tychei(`${SEED}/floats`);
    for (let i = 0; i < 100; i++) {
      const x = rng();
      expect(x).toBe(ref());
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });

  it('keeps a fixed test vector (a change here breaks every published seed)', () => {
    const rng = rngFor(SEED, 'pack/0');
    expect(Array.from({ length: 4 }, () => rng.uint32())).toEqual([645531581, 2451016165, 1694054636, 449854971]);
  });

  it('rejects a seed with "/" or an empty seed/purpose, so no two (seed, purpose) pairs share a stream', () => {
    expect(isValidSeed('a/b')).toBe(false);
    expect(isValidSeed('')).toBe(false);
    expect(isValidSeed('x'.repeat(257))).toBe(false);
    expect(isValidSeed(SEED)).toBe(true);
    expect(() => rngFor('a/b', 'c')).toThrow(RangeError);
    expect(() => rngFor(SEED, '')).toThrow(RangeError);
  });
});

describe('Rng.below', () => {
  it('stays in [0, n) and maps a draw u to u % n when u is below the rejection limit', () => {
    const rng = rngFor(SEED, 'below');
    const ref = seedrandom.tychei(`${SEED}/below`);
    for (const n of [1, 2, 3, 7, 114, 1000, 2 ** 31 + 1]) {
      for (let i = 0; i < 200; i++) {
        const limit = 2 ** 32 - (2 ** 32 % n);
        let u = ref.int32() >>> 0;
        while (u >= limit) u = ref.int32() >>> 0;
        const k = rng.below(n);
        expect(k).toBe(u % n);
        expect(k).toBeGreaterThanOrEqual(0);
        expect(k).toBeLessThan(n);
      }
    }
  });

  it('below(1) is 0 and still consumes one draw (a fixed recipe)', () => {
    const rng = rngFor(SEED, 'one');
    const ref = seedrandom.tychei(`${SEED}/one`);
    expect(rng.below(1)).toBe(0);
    ref.int32();
    expect(rng.uint32()).toBe(ref.int32() >>> 0);
  });

  it('covers 2^32 exactly (every uint32 accepted)', () => {
    const rng = rngFor(SEED, 'full');
    const ref = seedrandom.tychei(`${SEED}/full`);
    expect(rng.below(2 ** 32)).toBe(ref.int32() >>> 0);
  });

  it('rejects a bound that is not an integer 1..2^32', () => {
    const rng = rngFor(SEED, 'bad');
    for (const n of [0, -1, 1.5, NaN, Infinity, 2 ** 32 + 1]) expect(() => rng.below(n)).toThrow(RangeError);
  });

  it('is roughly uniform (all 6 faces within 5% over 60,000 draws, fixed seed)', () => {
    const rng = rngFor(SEED, 'dice');
    const counts = new Array(6).fill(0);
    for (let i = 0; i < 60_000; i++) counts[rng.below(6)]++;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
  });
});

describe('generateSeed', () => {
  it('turns 16 injected bytes into 32 lower-case hex characters', () => {
    const asked: number[] = [];
    const seed = generateSeed((n) => {
      asked.push(n);
      return Uint8Array.from({ length: n }, (_, i) => i * 17);
    });
    expect(asked).toEqual([16]);
    expect(seed).toBe('00112233445566778899aabbccddeeff');
    expect(isValidSeed(seed)).toBe(true);
  });

  it('refuses an entropy source that returns too few bytes', () => {
    expect(() => generateSeed(() => new Uint8Array(8))).toThrow(RangeError);
  });
});
