/**
 * Structural rules of a BoosterLayout, checked on untrusted input (an imported file's JSON) before
 * any card is looked at. Every problem is reported, each with the path of the field at fault.
 */
import type { ErrorDetail } from '../../common/errors/domain-error';
import { RARITIES, type CardType } from '../card.types';
import { MAX_CARDS_PER_SET, textProblem } from '../set-limits';

/**
 * Most variants in one layout. Real layouts have one to four (rare/epic, foil or not); OCTGN option
 * groups multiply, so this bound is what keeps a converted layout (and everything compiled from it)
 * small. Shared with the product file's DTO.
 */
export const MAX_VARIANTS = 100;
/**
 * Most cards in one pack (the sum of a variant's slot counts). Real boosters hold at most 19 cards
 * (WoW TCG 19-card era); 40 leaves room for odd products while keeping 1,000 packs of a request small.
 */
export const MAX_PACK_SIZE = 40;
/** Slot counts allowed by the layout contract (booster-layout.ts): a slot can fill the whole pack, no more. */
export const MIN_SLOT_COUNT = 1;
export const MAX_SLOT_COUNT = MAX_PACK_SIZE;
/** Longest sheet name (sheet names are keys of the stored layout). */
export const MAX_SHEET_NAME_LENGTH = 100;
/**
 * Most sheets in one layout. Real layouts have five or six; the capacity check compares every pair
 * of used sheets (sheet-capacity.ts), so their number must stay small.
 */
export const MAX_SHEETS = 100;
/** An explicit card list names each card of the set at most once, so it is never longer than a set. */
export const MAX_SHEET_CARDS = MAX_CARDS_PER_SET;
/**
 * Largest variant or card weight. Weights are relative integers; a million gives ratios finer than
 * any published odds, and keeps every sum far inside the 2^32 range a single draw covers.
 */
export const MAX_WEIGHT = 1_000_000;
/** A weighted walk draws one integer below the total weight, which a 32-bit draw must cover. */
export const MAX_TOTAL_WEIGHT = 0x1_0000_0000;

/** Every normalized card type; typed so that adding a CardType without listing it here fails to compile. */
const KNOWN_TYPES: Readonly<Record<CardType, true>> = {
  hero: true,
  'master-hero': true,
  ally: true,
  ability: true,
  weapon: true,
  armor: true,
  item: true,
  quest: true,
  location: true,
  creature: true,
  artifact: true,
  terrain: true,
  equipment: true,
  event: true,
};
const KNOWN_RARITIES: ReadonlySet<string> = new Set(RARITIES);

/** Path of a sheet in error details: `sheets.common`, or `sheets["two words"]` for odd names. */
export function sheetPath(name: string): string {
  if (/^[A-Za-z_$][\w$-]*$/.test(name) && name.length <= MAX_SHEET_NAME_LENGTH) return `sheets.${name}`;
  // An over-long name (refused anyway) is cut so that the path stays readable.
  const shown = name.length > MAX_SHEET_NAME_LENGTH ? `${name.slice(0, MAX_SHEET_NAME_LENGTH)}…` : name;
  return `sheets[${JSON.stringify(shown)}]`;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A short JSON rendering of an untrusted value for a message (long values are cut). */
function preview(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    text = undefined; // e.g. nested too deeply: say what it is instead
  }
  if (text === undefined) return Array.isArray(value) ? 'a list' : typeof value;
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

function isWeight(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_WEIGHT;
}

/** Reports keys that the contract does not define: a typo such as "excludeTypes" must not be silently ignored. */
function checkKeys(value: Json, allowed: readonly string[], path: string, out: ErrorDetail[]): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      const field = path ? `${path}.${key}` : key;
      out.push({ field, rule: 'unknownField', message: `unknown field "${key}" (allowed: ${allowed.join(', ')})` });
    }
  }
}

function checkFilterList(value: unknown, path: string, known: (s: string) => boolean, unknownRule: string, noun: string, out: ErrorDetail[]): void {
  if (!Array.isArray(value)) {
    out.push({ field: path, rule: 'isArray', message: `${noun} list expected, e.g. ["common"]` });
    return;
  }
  if (value.length === 0) {
    // An empty "any of" list would match nothing; leave the field out to mean "any".
    out.push({ field: path, rule: 'emptyList', message: `empty ${noun} list: omit the field to accept any ${noun}` });
  }
  value.forEach((item, i) => {
    if (typeof item !== 'string' || !known(item)) {
      out.push({ field: `${path}[${i}]`, rule: unknownRule, message: `unknown ${noun} ${preview(item)}` });
    }
  });
}

function checkFilter(filter: unknown, path: string, out: ErrorDetail[]): void {
  if (!isObject(filter)) {
    out.push({ field: path, rule: 'isObject', message: 'filter must be an object such as {"rarity":["common"]}' });
    return;
  }
  checkKeys(filter, ['rarity', 'type', 'excludeType'], path, out);
  const knownType = (t: string) => Object.hasOwn(KNOWN_TYPES, t);
  if (filter.rarity !== undefined) checkFilterList(filter.rarity, `${path}.rarity`, (r) => KNOWN_RARITIES.has(r), 'unknownRarity', 'rarity', out);
  if (filter.type !== undefined) checkFilterList(filter.type, `${path}.type`, knownType, 'unknownType', 'type', out);
  if (filter.excludeType !== undefined) checkFilterList(filter.excludeType, `${path}.excludeType`, knownType, 'unknownType', 'type', out);
}

function checkCardList(cards: unknown, path: string, out: ErrorDetail[]): void {
  if (!Array.isArray(cards)) {
    out.push({ field: path, rule: 'isArray', message: 'cards must be a list of {"cardId","weight"}' });
    return;
  }
  if (cards.length === 0) {
    out.push({ field: path, rule: 'emptySheet', message: 'explicit card list is empty' });
    return;
  }
  if (cards.length > MAX_SHEET_CARDS) {
    out.push({ field: path, rule: 'maxItems', message: `an explicit card list names at most ${MAX_SHEET_CARDS} cards, this one ${cards.length}` });
    return;
  }
  const seen = new Set<string>();
  let total = 0;
  cards.forEach((entry, i) => {
    const at = `${path}[${i}]`;
    if (!isObject(entry)) {
      out.push({ field: at, rule: 'isObject', message: 'card entry must be {"cardId","weight"}' });
      return;
    }
    checkKeys(entry, ['cardId', 'weight'], at, out);
    if (typeof entry.cardId !== 'string' || entry.cardId.length === 0) {
      out.push({ field: `${at}.cardId`, rule: 'isString', message: 'cardId must be a card id such as "HOA-218"' });
    } else if (seen.has(entry.cardId)) {
      // Weights already express "more often"; a repeated id is almost always a mistake.
      out.push({ field: `${at}.cardId`, rule: 'duplicateCard', card: entry.cardId, message: `card ${entry.cardId} is listed twice on this sheet` });
    } else {
      seen.add(entry.cardId);
    }
    if (!isWeight(entry.weight)) {
      out.push({ field: `${at}.weight`, rule: 'badWeight', message: `weight must be an integer from 1 to ${MAX_WEIGHT}, got ${preview(entry.weight)}` });
    } else {
      total += entry.weight;
    }
  });
  if (total > MAX_TOTAL_WEIGHT) {
    out.push({ field: path, rule: 'badWeight', message: `total weight ${total} exceeds 2^32` });
  }
}

function checkSheet(name: string, sheet: unknown, out: ErrorDetail[]): void {
  const path = sheetPath(name);
  if (name.length === 0) out.push({ field: path, rule: 'sheetName', message: 'sheet name must not be empty' });
  else {
    const problem = textProblem(name, MAX_SHEET_NAME_LENGTH);
    if (problem) out.push({ field: path, rule: 'sheetName', message: `sheet name ${problem}` });
  }
  if (!isObject(sheet)) {
    out.push({ field: path, rule: 'isObject', message: 'sheet must be an object with "filter" or "cards"' });
    return;
  }
  checkKeys(sheet, ['filter', 'cards', 'allowDuplicates'], path, out);
  const hasFilter = sheet.filter !== undefined;
  const hasCards = sheet.cards !== undefined;
  if (hasFilter && hasCards) {
    out.push({ field: path, rule: 'bothFilterAndCards', message: `sheet "${name}" has both "filter" and "cards": give exactly one` });
  } else if (!hasFilter && !hasCards) {
    out.push({ field: path, rule: 'filterOrCards', message: `sheet "${name}" has neither "filter" nor "cards": give exactly one` });
  }
  if (hasFilter) checkFilter(sheet.filter, `${path}.filter`, out);
  if (hasCards) checkCardList(sheet.cards, `${path}.cards`, out);
  if (sheet.allowDuplicates !== undefined && typeof sheet.allowDuplicates !== 'boolean') {
    out.push({ field: `${path}.allowDuplicates`, rule: 'isBoolean', message: 'allowDuplicates must be true or false' });
  }
}

/** Checks one slot; returns its count when that is a valid slot count (for the pack size), else 0. */
function checkSlot(slot: unknown, path: string, sheetNames: ReadonlySet<string>, out: ErrorDetail[]): number {
  if (!isObject(slot)) {
    out.push({ field: path, rule: 'isObject', message: 'slot must be {"sheet","count"}' });
    return 0;
  }
  checkKeys(slot, ['sheet', 'count'], path, out);
  if (typeof slot.sheet !== 'string') {
    out.push({ field: `${path}.sheet`, rule: 'isString', message: 'sheet must be the name of a sheet' });
  } else if (!sheetNames.has(slot.sheet)) {
    const names = [...sheetNames];
    const listed = names.length > 10 ? `${names.slice(0, 10).join(', ')}, …` : names.join(', ') || 'none';
    out.push({ field: `${path}.sheet`, rule: 'unknownSheet', message: `no sheet named ${preview(slot.sheet)} (sheets: ${listed})` });
  }
  const count = slot.count;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < MIN_SLOT_COUNT || count > MAX_SLOT_COUNT) {
    out.push({ field: `${path}.count`, rule: 'slotCount', message: `count must be an integer from ${MIN_SLOT_COUNT} to ${MAX_SLOT_COUNT}, got ${preview(count)}` });
    return 0;
  }
  return count;
}

function checkVariants(variants: unknown, sheetNames: ReadonlySet<string>, out: ErrorDetail[]): void {
  if (!Array.isArray(variants)) {
    out.push({ field: 'variants', rule: 'isArray', message: 'variants must be a list of {"weight","slots"}' });
    return;
  }
  if (variants.length === 0) {
    out.push({ field: 'variants', rule: 'minItems', message: 'a layout needs at least one variant' });
    return;
  }
  if (variants.length > MAX_VARIANTS) {
    // Not looked into: the count alone is the problem, and its details would bury it.
    out.push({ field: 'variants', rule: 'maxVariants', message: `a layout has at most ${MAX_VARIANTS} variants, this one has ${variants.length}` });
    return;
  }
  let total = 0;
  variants.forEach((variant, v) => {
    const path = `variants[${v}]`;
    if (!isObject(variant)) {
      out.push({ field: path, rule: 'isObject', message: 'variant must be {"weight","slots"}' });
      return;
    }
    checkKeys(variant, ['weight', 'slots'], path, out);
    if (!isWeight(variant.weight)) {
      out.push({ field: `${path}.weight`, rule: 'badWeight', message: `weight must be an integer from 1 to ${MAX_WEIGHT}, got ${preview(variant.weight)}` });
    } else {
      total += variant.weight;
    }
    if (!Array.isArray(variant.slots)) {
      out.push({ field: `${path}.slots`, rule: 'isArray', message: 'slots must be a list of {"sheet","count"}' });
    } else if (variant.slots.length === 0) {
      out.push({ field: `${path}.slots`, rule: 'minItems', message: 'a variant needs at least one slot' });
    } else if (variant.slots.length > MAX_PACK_SIZE) {
      // Every slot draws at least one card, so this many slots overfill the pack whatever their counts.
      out.push({ field: path, rule: 'packSize', message: `the variant has ${variant.slots.length} slots of at least 1 card each; a pack holds at most ${MAX_PACK_SIZE} cards` });
    } else {
      let packSize = 0;
      variant.slots.forEach((slot, s) => (packSize += checkSlot(slot, `${path}.slots[${s}]`, sheetNames, out)));
      if (packSize > MAX_PACK_SIZE) {
        out.push({ field: path, rule: 'packSize', message: `the variant draws ${packSize} cards; a pack holds at most ${MAX_PACK_SIZE}` });
      }
    }
  });
  if (total > MAX_TOTAL_WEIGHT) out.push({ field: 'variants', rule: 'badWeight', message: `total weight ${total} exceeds 2^32` });
}

/**
 * Checks the shape of a layout without looking at any set: 1..MAX_SHEETS (100) sheets, explicit
 * card lists of at most MAX_SHEET_CARDS (5,000), 1..MAX_VARIANTS (100) variants, variant
 * and card weights integers 1..MAX_WEIGHT, slots of 1..MAX_SLOT_COUNT (40) cards naming an existing
 * sheet, at most MAX_PACK_SIZE (40) cards per variant (rule packSize, field "variants[i]"), sheet
 * names 1..100 characters of well-formed text without control characters, each sheet exactly one
 * of filter/cards with known rarities/types, no unknown fields. Whether the set's cards can fill
 * it is compileLayout's job.
 * @param layout untrusted JSON (the type is only a hope until this returns no details).
 * @returns every problem found (empty = structurally valid), fields as "variants[1].slots[0].sheet".
 */
export function validateLayoutStructure(layout: unknown): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  if (!isObject(layout)) {
    out.push({ rule: 'isObject', message: 'a booster layout must be an object {"sheets","variants"}' });
    return out;
  }
  checkKeys(layout, ['sheets', 'variants'], '', out);
  const sheetNames = new Set<string>();
  if (!isObject(layout.sheets)) {
    out.push({ field: 'sheets', rule: 'isObject', message: 'sheets must be an object of named sheets' });
  } else {
    const entries = Object.entries(layout.sheets);
    if (entries.length > MAX_SHEETS) {
      // Not looked into, as for variants: the count alone is the problem.
      out.push({ field: 'sheets', rule: 'maxSheets', message: `a layout has at most ${MAX_SHEETS} sheets, this one has ${entries.length}` });
      return out;
    }
    for (const [name, sheet] of entries) {
      sheetNames.add(name);
      checkSheet(name, sheet, out);
    }
    if (sheetNames.size === 0) out.push({ field: 'sheets', rule: 'minItems', message: 'a layout needs at least one sheet' });
  }
  checkVariants(layout.variants, sheetNames, out);
  return out;
}
