/**
 * Compiling a booster layout against a set: every structural rule, then every card rule, then the
 * capacity rule; all problems are reported together in one BOOSTER_LAYOUT_INVALID error. Called
 * when a layout is saved (import) and when packs are generated (compile once, generate many).
 */
import { DomainError, type ErrorDetail } from '../../common/errors/domain-error';
import type { BoosterLayout, SheetDefinition, SheetFilter } from './booster-layout';
import type { CompilableCard, CompiledLayout, CompiledSheet, CompiledVariant } from './compiled-layout';
import { checkSheetCapacity } from './sheet-capacity';
import { MAX_SHEET_CARDS, MAX_SHEETS, sheetPath, validateLayoutStructure } from './layout-structure';

export { validateLayoutStructure } from './layout-structure';
export type { CompilableCard, CompiledLayout } from './compiled-layout';

/** Sort key of a card id: "<SET>-<number>" sorts by set code, then number (so HOA-2 < HOA-10). */
function cardKey(cardId: string): [string, number] {
  const m = /^(.*)-(\d+)$/.exec(cardId);
  return m ? [m[1], Number(m[2])] : [cardId, -1];
}

/**
 * The canonical card order, which fixes the order of filter sheets and therefore which card a
 * draw selects: by set code (UTF-16 code units), then collector number; ids not of the form
 * "<SET>-<number>" by the whole id. Independent of the order the caller loaded the cards in, so
 * a database query without ORDER BY cannot change a pack.
 */
export function compareCardIds(a: string, b: string): number {
  const [ca, na] = cardKey(a);
  const [cb, nb] = cardKey(b);
  if (ca !== cb) return ca < cb ? -1 : 1;
  return na - nb;
}

function matches(filter: SheetFilter, card: CompilableCard): boolean {
  if (filter.rarity && !filter.rarity.includes(card.rarity)) return false;
  if (filter.type && !filter.type.includes(card.type)) return false;
  if (filter.excludeType && filter.excludeType.includes(card.type)) return false;
  return true;
}

/** Resolves one sheet to card indexes (+ cumulative weights); unknown cards are reported. */
function compileSheet(name: string, def: SheetDefinition, cards: readonly CompilableCard[], indexOf: ReadonlyMap<string, number>, out: ErrorDetail[]): CompiledSheet {
  const path = sheetPath(name);
  const allowDuplicates = def.allowDuplicates === true;
  if (def.filter) {
    const filter = def.filter;
    const picked: number[] = [];
    cards.forEach((card, i) => {
      if (matches(filter, card)) picked.push(i);
    });
    return { name, cards: Int32Array.from(picked), cumulative: null, totalWeight: picked.length, allowDuplicates };
  }
  const picked: number[] = [];
  const cumulative: number[] = [];
  let total = 0;
  let uniform = true;
  (def.cards ?? []).forEach((entry, i) => {
    const index = indexOf.get(entry.cardId);
    if (index === undefined) {
      out.push({ field: `${path}.cards[${i}].cardId`, rule: 'unknownCard', card: entry.cardId, message: `card ${entry.cardId} is not in the set` });
      return;
    }
    picked.push(index);
    total += entry.weight;
    cumulative.push(total);
    if (entry.weight !== 1) uniform = false;
  });
  return {
    name,
    cards: Int32Array.from(picked),
    // All weights 1: the walk gives index = draw, so skip the search (identical result).
    cumulative: uniform ? null : Float64Array.from(cumulative),
    totalWeight: total,
    allowDuplicates,
  };
}

/** Reports unknown explicit card ids even when the structure has other problems, so one upload shows them all. */
function unknownCards(layout: unknown, indexOf: ReadonlyMap<string, number>): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  const sheets = (layout as { sheets?: unknown } | null)?.sheets;
  if (typeof sheets !== 'object' || sheets === null) return out;
  const entries = Object.entries(sheets);
  if (entries.length > MAX_SHEETS) return out; // refused by its size alone (maxSheets)
  for (const [name, def] of entries) {
    const list = (def as { cards?: unknown } | null)?.cards;
    if (!Array.isArray(list) || list.length > MAX_SHEET_CARDS) continue; // too long: maxItems says it
    list.forEach((entry: unknown, i) => {
      const cardId = (entry as { cardId?: unknown } | null)?.cardId;
      if (typeof cardId === 'string' && cardId && !indexOf.has(cardId)) {
        out.push({ field: `${sheetPath(name)}.cards[${i}].cardId`, rule: 'unknownCard', card: cardId, message: `card ${cardId} is not in the set` });
      }
    });
  }
  return out;
}

/** At most this many details go into one error; the rest are counted in a final detail. */
const MAX_DETAILS = 50;

function invalid(details: ErrorDetail[]): DomainError {
  const first = details[0];
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
  const shown = details.slice(0, MAX_DETAILS);
  if (details.length > MAX_DETAILS) shown.push({ rule: 'tooManyProblems', message: `${details.length - MAX_DETAILS} more problems not listed` });
  return new DomainError('BOOSTER_LAYOUT_INVALID', `Booster layout is invalid: ${first.field ? first.field + ': ' : ''}${first.message}${more}`, shown);
}

/**
 * Checks a layout against a set's cards and compiles it for generation.
 *
 * Rules (each reported as an ErrorDetail; all of them at once):
 * - structure (validateLayoutStructure): isObject/isArray/minItems, maxVariants (≤ 100), badWeight,
 *   slotCount (1..40), packSize (≤ 40 cards per variant, field "variants[i]"), sheetName,
 *   unknownSheet, bothFilterAndCards, filterOrCards, unknownRarity, unknownType, unknownField, …;
 * - unknownCard: an explicit cardId that is not in `cards`;
 * - emptySheet: a sheet used by a variant that selects no card;
 * - sheetTooSmall: some variant can run the sheet out of unused cards (see checkSheetCapacity).
 *
 * @param layout the layout as stored or uploaded (validated here; may be untrusted JSON).
 * @param cards every card of the set: id "<SET>-<number>", normalized rarity and type; any order.
 * @returns the compiled layout (sheets used by some variant, as card indexes + cumulative weights).
 * @throws DomainError BOOSTER_LAYOUT_INVALID with every problem in `details` (at most 50 listed,
 *   then one "tooManyProblems" detail counting the rest);
 *   DomainError IMPORT_INVALID (rule duplicateCardId) when `cards` repeats an id.
 */
export function compileLayout(layout: BoosterLayout, cards: readonly CompilableCard[]): CompiledLayout {
  const sorted = [...cards].sort((a, b) => compareCardIds(a.cardId, b.cardId));
  const indexOf = new Map<string, number>();
  sorted.forEach((card, i) => {
    if (indexOf.has(card.cardId)) {
      throw new DomainError('IMPORT_INVALID', `Card id ${card.cardId} appears twice in the set`, [
        { rule: 'duplicateCardId', card: card.cardId, message: `card id ${card.cardId} appears twice in the set` },
      ]);
    }
    indexOf.set(card.cardId, i);
  });

  const structural = validateLayoutStructure(layout);
  if (structural.length > 0) throw invalid([...structural, ...unknownCards(layout, indexOf)]);

  const details: ErrorDetail[] = [];
  // Only sheets some variant uses are compiled; sheet indexes follow the layout's sheet order.
  const used = new Set(layout.variants.flatMap((v) => v.slots.map((s) => s.sheet)));
  const names = Object.keys(layout.sheets).filter((name) => used.has(name));
  const sheets = names.map((name) => compileSheet(name, layout.sheets[name], sorted, indexOf, details));
  const sheetIndex = new Map(names.map((name, i) => [name, i]));
  for (const sheet of sheets) {
    if (sheet.cards.length === 0 && !details.some((d) => d.rule === 'unknownCard' && d.field?.startsWith(sheetPath(sheet.name) + '.'))) {
      details.push({ field: sheetPath(sheet.name), rule: 'emptySheet', message: `sheet "${sheet.name}" selects no card of the set` });
    }
  }

  const variants: CompiledVariant[] = layout.variants.map((variant) => {
    const draws: number[] = [];
    for (const slot of variant.slots) {
      const s = sheetIndex.get(slot.sheet) as number;
      for (let k = 0; k < slot.count; k++) draws.push(s);
    }
    return { weight: variant.weight, draws: Int32Array.from(draws) };
  });
  details.push(...checkSheetCapacity(sheets, variants, sorted.length));
  if (details.length > 0) throw invalid(details);

  const variantCumulative = new Float64Array(variants.length);
  let total = 0;
  variants.forEach((v, i) => (variantCumulative[i] = total += v.weight));
  return Object.freeze({
    cardIds: Object.freeze(sorted.map((c) => c.cardId)),
    sheets: Object.freeze(sheets),
    variants: Object.freeze(variants),
    variantCumulative,
    variantTotalWeight: total,
    // A loop, not Math.max(...spread): a spread passes every variant as an argument on the stack.
    maxPackSize: variants.reduce((max, v) => Math.max(max, v.draws.length), 0),
    layout,
  });
}
