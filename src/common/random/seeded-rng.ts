/**
 * The one derivation of random streams in Podium (docs/randomness.md; "one seed, many
 * independent streams"): every random decision reads `rngFor(eventSeed, purpose)`, a seedrandom
 * PRNG seeded with the string `eventSeed + "/" + purpose`. A stream depends only on its own seed
 * string, so regenerating pack 17 never needs packs 1–16 and a verifier can recompute any single
 * item with nothing but the seedrandom npm package (docs/randomness.md is the exact recipe).
 *
 * Pure: no Math.random(), no clock. Integer results come from the PRNG's 32-bit output with integer
 * arithmetic only, so they are identical on every machine and JavaScript engine.
 */
import seedrandom from 'seedrandom';

/** seedrandom's generators: the default ARC4 (`seedrandom(s)`) and the ones under `seedrandom.<name>`. */
export type RngAlgorithm = 'arc4' | 'alea' | 'xor128' | 'xorwow' | 'xor4096' | 'tychei' | 'xorshift7';

/** Factories of every seedrandom algorithm, by name (the benchmark compares them all). */
export const RNG_ALGORITHMS: Readonly<Record<RngAlgorithm, (seed: string) => seedrandom.PRNG>> = {
  arc4: (seed) => seedrandom(seed),
  alea: (seed) => seedrandom.alea(seed),
  xor128: (seed) => seedrandom.xor128(seed),
  xorwow: (seed) => seedrandom.xorwow(seed),
  xor4096: (seed) => seedrandom.xor4096(seed),
  tychei: (seed) => seedrandom.tychei(seed),
  xorshift7: (seed) => seedrandom.xorshift7(seed),
};

/**
 * The algorithm of every Podium stream: `seedrandom.tychei`. Chosen by measurement (docs/randomness.md):
 * a booster opens a fresh stream, so seeding cost dominates, and Tyche-i seeds in `len + 20` rounds
 * (≈1.1 M streams/s here, ARC4 ≈0.1 M/s, which alone caps generation near the 100 k packs/s target)
 * while passing BigCrush, unlike xor128/xorwow. Changing it changes every pack of every past seed:
 * never change it without versioning the derivation.
 */
export const RNG_ALGORITHM: RngAlgorithm = 'tychei';

const createPrng = RNG_ALGORITHMS[RNG_ALGORITHM];

/** 2^32: the number of distinct 32-bit outputs. */
const TWO_POW_32 = 0x1_0000_0000;

/**
 * A seeded random stream.
 * - `rng()`: a float in [0, 1) (the algorithm's own `prng()`; for Tyche-i `uint32 / 2^32`).
 *   For display or non-reproducible uses only: product decisions use the integer helpers.
 * - `rng.uint32()`: the next 32-bit output as an unsigned integer, `prng.int32() >>> 0`.
 * - `rng.below(n)`: a uniform integer in [0, n) for an integer n in 1..2^32, by rejection (see there).
 * All three advance the same stream.
 */
export interface Rng {
  (): number;
  uint32(): number;
  below(n: number): number;
}

/** Longest accepted event seed; seeds are normally the 32 hex characters of generateSeed(). */
export const MAX_SEED_LENGTH = 256;

/**
 * True when `seed` can name streams: 1..256 characters and no "/". The "/" is reserved as the
 * separator of `seed + "/" + purpose`, so that no (seed, purpose) pair spells another pair's string.
 */
export function isValidSeed(seed: string): boolean {
  return typeof seed === 'string' && seed.length > 0 && seed.length <= MAX_SEED_LENGTH && !seed.includes('/');
}

/**
 * The random stream for one purpose of one event.
 * @param seed the event seed (see isValidSeed), e.g. "3f9c…" from generateSeed().
 * @param purpose what the stream decides, e.g. "pack/17", "pods", "pairing/round-1"; non-empty.
 * @returns a stream seeded with exactly `seed + "/" + purpose` using seedrandom's RNG_ALGORITHM.
 * @throws RangeError when the seed or purpose is malformed (a caller's bug: validate user input first).
 */
export function rngFor(seed: string, purpose: string): Rng {
  if (!isValidSeed(seed)) throw new RangeError(`Invalid seed: 1..${MAX_SEED_LENGTH} characters without "/" expected`);
  if (typeof purpose !== 'string' || purpose.length === 0) throw new RangeError('Invalid purpose: non-empty string expected');
  return wrapPrng(createPrng(seed + '/' + purpose));
}

/** Wraps any seedrandom PRNG in the Rng interface (used by rngFor, and by the benchmark for other algorithms). */
export function wrapPrng(prng: seedrandom.PRNG): Rng {
  const int32 = prng.int32;
  const rng = (() => prng()) as Rng;
  rng.uint32 = () => int32() >>> 0;
  rng.below = (n: number): number => {
    if (!(n >= 1 && n <= TWO_POW_32 && Math.floor(n) === n)) throw new RangeError(`below(n): integer 1..2^32 expected, got ${n}`);
    // Rejection keeps every index exactly equally likely: accept u only below the largest multiple
    // of n that fits in 2^32, then u % n. For the small n of boosters a redraw is ~never needed.
    const limit = TWO_POW_32 - (TWO_POW_32 % n);
    let u = int32() >>> 0;
    while (u >= limit) u = int32() >>> 0;
    return u % n;
  };
  return rng;
}

/** Bytes of entropy in an event seed: 128 bits. */
export const SEED_BYTES = 16;

/**
 * A fresh event seed: 128 bits from the injected entropy source, as 32 lower-case hex characters.
 * @param randomBytes entropy source, e.g. node's `crypto.randomBytes` (domain code never picks one itself).
 * @throws RangeError when the source returns fewer than 16 bytes.
 */
export function generateSeed(randomBytes: (n: number) => Uint8Array): string {
  const bytes = randomBytes(SEED_BYTES);
  if (!bytes || bytes.length < SEED_BYTES) throw new RangeError(`Entropy source returned fewer than ${SEED_BYTES} bytes`);
  let hex = '';
  for (let i = 0; i < SEED_BYTES; i++) hex += bytes[i].toString(16).padStart(2, '0');
  return hex;
}
