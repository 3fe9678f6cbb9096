/**
 * OCTGN `<packaging>` → BoosterLayout.
 *
 * OCTGN describes a booster as picks (`<pick qty key value>`) and groups of weighted alternatives
 * (`<options><option probability>…</option></options>`). A layout is weighted variants of slots:
 * every combination of one option per group becomes a variant whose weight is the product of the
 * option probabilities, scaled to the smallest positive integers (0.125/0.875 → 1/7), so a layout
 * hashes and replays exactly.
 *
 * Combinations multiply (30 groups of 2 options are 2^30 variants), so their number is counted
 * first, from the option counts alone, and a pack with more than MAX_VARIANTS is refused before any
 * variant is built. Both walks recurse only along the XML nesting, which the parser bounds
 * (MAX_XML_DEPTH), never along the number of groups or options.
 */
import type { BoosterLayout, SheetDefinition, SlotDefinition, VariantDefinition } from '../layouts/booster-layout';
import { MAX_SLOT_COUNT, MAX_VARIANTS } from '../layouts/layout-structure';
import type { CardType, Rarity } from '../card.types';
import type { ImportProblems } from './import-problems';
import { preview } from './text';
import { attr, children, type XmlDocument, type XmlNode } from './xml-nodes';

/**
 * OCTGN draws a Rarity pick from the cards printed with that rarity; its heroes are "H", so no
 * Rarity C/U pick ever yields a hero. Our heroes are "uncommon" (as the WoW JSON prints them), so
 * the sheets exclude them by type to mean the same. Master heroes are printed rare or epic and OCTGN
 * draws them from its R/E picks: they stay on those sheets (as in src/catalog/layouts/default-layouts.ts),
 * and are kept off common/uncommon ones.
 */
const NOT_ON_COMMON_SHEETS: CardType[] = ['hero', 'master-hero'];
const NOT_ON_RARE_SHEETS: CardType[] = ['hero'];

/** OCTGN Rarity codes → sheet; H (hero) is a sheet of heroes selected by type. */
const RARITY_SHEETS: Record<string, { name: string; sheet: SheetDefinition }> = {
  C: raritySheet('common', NOT_ON_COMMON_SHEETS),
  U: raritySheet('uncommon', NOT_ON_COMMON_SHEETS),
  R: raritySheet('rare', NOT_ON_RARE_SHEETS),
  E: raritySheet('epic', NOT_ON_RARE_SHEETS),
  H: { name: 'hero', sheet: { filter: { type: ['hero'] } } },
};

function raritySheet(rarity: Rarity, excludeType: CardType[]): { name: string; sheet: SheetDefinition } {
  return { name: rarity, sheet: { filter: { rarity: [rarity], excludeType: [...excludeType] } } };
}

/** Most cards one pick may draw: a slot's count (1..MAX_SLOT_COUNT, the layout contract). */
const MAX_QTY = MAX_SLOT_COUNT;
/** Integer weights above this mean absurd probabilities (e.g. 0.0000001): refused. */
const MAX_WEIGHT = 1_000_000_000n;

/** An exact probability n/d. */
interface Fraction {
  n: bigint;
  d: bigint;
}

/** One way a part of the pack can turn out. */
interface Alternative {
  weight: Fraction;
  slots: SlotDefinition[];
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

function multiply(a: Fraction, b: Fraction): Fraction {
  const n = a.n * b.n;
  const d = a.d * b.d;
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
}

/** "0.125" → 1/8; null for anything but a plain non-negative decimal. */
function parseProbability(text: string | undefined): Fraction | null {
  if (text === undefined || !/^(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  const [whole, decimals = ''] = text.split('.');
  const d = 10n ** BigInt(decimals.length);
  const n = BigInt((whole || '0') + decimals);
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
}

/** Context shared by the conversion: where to record problems and how to find lines. */
export interface PackagingContext {
  doc: XmlDocument;
  problems: ImportProblems;
  /** OCTGN Type values → card types (the importer's table). */
  typeOf(value: string): CardType | null;
}

/**
 * Converts the booster pack of an OCTGN `<packaging>` into a BoosterLayout: the pack named
 * "Booster" (any case), else the first pack with no `qty="unlimited"` pick (packs like "Heroes" that
 * hand out every hero are not boosters).
 *
 * Slots keep the file's order. Picks become slots on sheets: `key="Rarity"` C/U/R/E → a rarity sheet
 * excluding heroes (and, for C/U, master heroes: see NOT_ON_COMMON_SHEETS); Rarity H or
 * `key="Type" value="Hero"` → the hero sheet (filter type hero); other Type values → a sheet of that type.
 *
 * @returns the layout, or null when there is no packaging or no booster pack in it.
 *   Problems (bad qty, unknown key/value, bad probability) are recorded in ctx.problems with
 *   field "packaging.pack[i]…" and the line.
 */
export function octgnPackagingToLayout(packaging: XmlNode | undefined, ctx: PackagingContext): BoosterLayout | null {
  if (!packaging) return null;
  const packs = children(packaging, 'pack');
  const named = packs.findIndex((p) => attr(p, 'name')?.toLowerCase() === 'booster');
  const index = named >= 0 ? named : packs.findIndex((p) => !hasUnlimitedPick(p));
  if (index < 0) return null;

  const sheets: Record<string, SheetDefinition> = {};
  const before = ctx.problems.count;
  const combinations = countCombinations(packs[index]);
  if (combinations > MAX_VARIANTS) {
    const name = attr(packs[index], 'name') ?? '';
    const count = combinations > Number.MAX_SAFE_INTEGER ? `more than ${Number.MAX_SAFE_INTEGER}` : String(combinations);
    ctx.problems.add({
      field: `packaging.pack[${index}]`,
      rule: 'maxVariants',
      message: `the booster pack${name ? ` ${preview(name)}` : ''} has ${count} combinations of options (the product of the option counts of its <options> groups); a booster layout has at most ${MAX_VARIANTS} variants`,
      line: ctx.doc.lineOf(packs[index]),
    });
    return null;
  }
  const alternatives = expand(packs[index], `packaging.pack[${index}]`, sheets, ctx);
  if (ctx.problems.count > before) return null;

  const variants = toIntegerWeights(alternatives, `packaging.pack[${index}]`, packs[index], ctx);
  if (ctx.problems.count > before) return null;
  if (variants.length === 0) {
    ctx.problems.add({ field: `packaging.pack[${index}]`, rule: 'emptyPack', message: 'the booster pack has no picks', line: ctx.doc.lineOf(packs[index]) });
    return null;
  }
  return { sheets, variants };
}

function hasUnlimitedPick(node: XmlNode): boolean {
  if (children(node, 'pick').some((p) => attr(p, 'qty')?.toLowerCase() === 'unlimited')) return true;
  return children(node, 'options').some((group) => children(group, 'option').some(hasUnlimitedPick));
}

/**
 * How many alternatives expand(node) returns, before identical ones are merged: the product, over
 * the option groups, of the sum of their options' own counts (options of probability 0, or of no
 * valid probability, add nothing, as in expand). Saturates above Number.MAX_SAFE_INTEGER (then
 * returns Infinity), so that no count of groups overflows into a wrong "small" answer.
 */
function countCombinations(node: XmlNode): number {
  let product = 1;
  for (const group of children(node, 'options')) {
    let sum = 0;
    for (const option of children(group, 'option')) {
      const probability = parseProbability(attr(option, 'probability'));
      if (probability === null || probability.n === 0n) continue;
      sum += countCombinations(option);
      if (sum > Number.MAX_SAFE_INTEGER) return Infinity;
    }
    if (sum === 0) continue; // a group that can yield nothing is skipped by expand
    product *= sum;
    if (product > Number.MAX_SAFE_INTEGER) return Infinity;
  }
  return product;
}

/** Every way the picks and option groups of `node` can turn out, slots in document order. */
function expand(node: XmlNode, path: string, sheets: Record<string, SheetDefinition>, ctx: PackagingContext): Alternative[] {
  const items = [
    ...children(node, 'pick').map((n, i) => ({ kind: 'pick' as const, n, path: `${path}.pick[${i}]` })),
    ...children(node, 'options').map((n, i) => ({ kind: 'options' as const, n, path: `${path}.options[${i}]` })),
  ].sort((a, b) => ctx.doc.offsetOf(a.n) - ctx.doc.offsetOf(b.n));

  let result: Alternative[] = [{ weight: { n: 1n, d: 1n }, slots: [] }];
  for (const item of items) {
    const choices = item.kind === 'pick' ? pickAlternatives(item.n, item.path, sheets, ctx) : groupAlternatives(item.n, item.path, sheets, ctx);
    if (choices.length === 0) continue;
    result = result.flatMap((a) => choices.map((c) => ({ weight: multiply(a.weight, c.weight), slots: [...a.slots, ...c.slots] })));
  }
  return result;
}

function groupAlternatives(group: XmlNode, path: string, sheets: Record<string, SheetDefinition>, ctx: PackagingContext): Alternative[] {
  return children(group, 'option').flatMap((option, i) => {
    const optionPath = `${path}.option[${i}]`;
    const raw = attr(option, 'probability');
    const probability = parseProbability(raw);
    if (probability === null) {
      ctx.problems.add({
        field: `${optionPath}.probability`,
        rule: 'probability',
        message: `option probability ${preview(raw ?? null)} is not a decimal number ≥ 0`,
        line: ctx.doc.lineOf(option),
      });
      return [];
    }
    if (probability.n === 0n) return []; // never chosen: no variant
    return expand(option, optionPath, sheets, ctx).map((a) => ({ weight: multiply(probability, a.weight), slots: a.slots }));
  });
}

function pickAlternatives(pick: XmlNode, path: string, sheets: Record<string, SheetDefinition>, ctx: PackagingContext): Alternative[] {
  const line = ctx.doc.lineOf(pick);
  const qtyText = attr(pick, 'qty');
  const qty = qtyText !== undefined && /^\d+$/.test(qtyText) ? Number(qtyText) : NaN;
  if (!(qty >= 1 && qty <= MAX_QTY)) {
    ctx.problems.add({ field: `${path}.qty`, rule: 'qty', message: `pick qty ${preview(qtyText ?? null)} must be a whole number from 1 to ${MAX_QTY}`, line });
    return [];
  }
  const key = attr(pick, 'key')?.toLowerCase();
  const value = attr(pick, 'value') ?? '';
  let target: { name: string; sheet: SheetDefinition } | undefined;
  if (key === 'rarity') {
    target = RARITY_SHEETS[value.toUpperCase()];
  } else if (key === 'type') {
    const type = ctx.typeOf(value);
    if (type) target = { name: type, sheet: { filter: { type: [type] } } };
  }
  if (!target) {
    ctx.problems.add({
      field: `${path}.value`,
      rule: 'pickFilter',
      message: `pick key ${preview(attr(pick, 'key') ?? null)} value ${preview(value)} is not a known Rarity (C, U, R, E, H) or Type`,
      line,
    });
    return [];
  }
  sheets[target.name] = target.sheet;
  return [{ weight: { n: 1n, d: 1n }, slots: [{ sheet: target.name, count: qty }] }];
}

/** Merges alternatives with the same slots and scales weights to the smallest positive integers. */
function toIntegerWeights(alternatives: Alternative[], path: string, pack: XmlNode, ctx: PackagingContext): VariantDefinition[] {
  const merged = new Map<string, Alternative>();
  for (const a of alternatives) {
    if (a.slots.length === 0) continue;
    const key = JSON.stringify(a.slots);
    const seen = merged.get(key);
    if (!seen) merged.set(key, a);
    else {
      const d = seen.weight.d * a.weight.d;
      const n = seen.weight.n * a.weight.d + a.weight.n * seen.weight.d;
      const g = gcd(n, d) || 1n;
      seen.weight = { n: n / g, d: d / g };
    }
  }
  const list = [...merged.values()];
  const lcm = list.reduce((acc, a) => (acc * a.weight.d) / gcd(acc, a.weight.d), 1n);
  const scaled = list.map((a) => (a.weight.n * lcm) / a.weight.d);
  const common = scaled.reduce((acc, w) => gcd(acc, w), 0n) || 1n;
  const weights = scaled.map((w) => w / common);
  if (weights.some((w) => w > MAX_WEIGHT)) {
    ctx.problems.add({ field: path, rule: 'probability', message: 'option probabilities are too fine to express as whole-number weights', line: ctx.doc.lineOf(pack) });
    return [];
  }
  return list.map((a, i) => ({ weight: Number(weights[i]), slots: a.slots }));
}
