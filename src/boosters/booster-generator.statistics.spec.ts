/**
 * Statistical checks of the default layouts over many packs. The seed is fixed, so each check is
 * deterministic (it cannot flake): the bounds only say how far from the expected rate an honest
 * generator may land, here 4 standard deviations of the binomial count.
 */
import { generatePack } from './booster-generator';
import type { CompiledLayout } from '../catalog/layouts/compiled-layout';
import { layoutTemplate } from '../catalog/layouts/default-layouts';
import { compileLayout } from '../catalog/layouts/layout-validation';
import { syntheticBerserkSet, syntheticWowSet } from './synthetic-set';

const SEED = '5eed5eed5eed5eed5eed5eed5eed5eed';
const PACKS = 24_000;

/** Number of packs among `packs` whose card at `slot` satisfies `hit`. */
function countSlot(compiled: CompiledLayout, slot: number, hit: (cardId: string) => boolean): number {
  let n = 0;
  for (let i = 0; i < PACKS; i++) if (hit(generatePack(compiled, SEED, i)[slot])) n++;
  return n;
}

/** Asserts that `count` successes in `trials` fit probability `p` within 4 standard deviations. */
function expectRate(count: number, trials: number, p: number): void {
  const mean = trials * p;
  const sd = Math.sqrt(trials * p * (1 - p));
  expect(Math.abs(count - mean)).toBeLessThanOrEqual(4 * sd);
}

describe('booster statistics (fixed seed, 24,000 packs)', () => {
  it('WoW TCG epic rate is 1 in 8 (within 4σ)', () => {
    const cards = syntheticWowSet('HOA');
    const epics = new Set(cards.filter((c) => c.rarity === 'epic').map((c) => c.cardId));
    const compiled = compileLayout(layoutTemplate('wow-tcg-15')!, cards);
    expectRate(
      countSlot(compiled, 0, (id) => epics.has(id)),
      PACKS,
      1 / 8,
    );
  });

  it('Berserk ultra-rare rate is 1 in 6 (within 4σ)', () => {
    const cards = syntheticBerserkSet('S1');
    const ultras = new Set(cards.filter((c) => c.rarity === 'ultra-rare').map((c) => c.cardId));
    const compiled = compileLayout(layoutTemplate('berserk-12')!, cards);
    expectRate(
      countSlot(compiled, 0, (id) => ultras.has(id)),
      PACKS,
      1 / 6,
    );
  });

  it('every common is equally likely despite duplicate rejection (chi-square, 113 degrees of freedom)', () => {
    const cards = syntheticWowSet('HOA');
    const commons = cards.filter((c) => c.rarity === 'common').map((c) => c.cardId);
    const compiled = compileLayout(layoutTemplate('wow-tcg-15')!, cards);
    const counts = new Map(commons.map((id) => [id, 0]));
    for (let i = 0; i < PACKS; i++) for (const id of generatePack(compiled, SEED, i).slice(4, 14)) counts.set(id, counts.get(id)! + 1);
    const expected = (PACKS * 10) / commons.length;
    const chiSquare = [...counts.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    // Draws without replacement inside a pack make counts slightly *more* even than independent
    // draws; a biased generator makes chi-square far larger. Mean df = 113, sd = sqrt(2·113) ≈ 15.
    expect(chiSquare).toBeLessThan(113 + 4 * 15);
  });

  it('heroes are uniform on the hero slot (each of 16 within 4σ of 1/16)', () => {
    const cards = syntheticWowSet('HOA');
    const compiled = compileLayout(layoutTemplate('wow-tcg-15')!, cards);
    const counts = new Map<string, number>();
    for (let i = 0; i < PACKS; i++) {
      const hero = generatePack(compiled, SEED, i)[14];
      counts.set(hero, (counts.get(hero) ?? 0) + 1);
    }
    expect(counts.size).toBe(16);
    for (const n of counts.values()) expectRate(n, PACKS, 1 / 16);
  });
});
