/**
 * Limits every imported set obeys, whatever its source format. The per-format importers check what
 * their format means (and some check more strictly); this common check runs on every importer's
 * result (parseSetFile), so that no format lets through text the database refuses (NUL), text that
 * cannot round-trip (lone surrogates become U+FFFD in PostgreSQL, and the set would no longer hash
 * to its data version), or sizes no real set has.
 * Pure: no Nest, no database.
 */
import type { ErrorDetail } from '../common/errors/domain-error';
import type { SetData } from './card.types';
import { SET_CODE_PATTERN } from './importers/set-options';

/** Longest set name, card name and single text attribute (talent, race…), in characters (code points). */
export const MAX_NAME_LENGTH = 200;
/** Longest rules text of a card, in characters. */
export const MAX_CARD_TEXT_LENGTH = 2000;
/** Longest card image URL (or set image template), in characters. */
export const MAX_IMAGE_URL_LENGTH = 500;
/** Most cards in one set; real sets have at most a few hundred. */
export const MAX_CARDS_PER_SET = 5000;
/** Collector numbers are whole numbers from 1 to this. */
export const MAX_COLLECTOR_NUMBER = 1_000_000;
/** Numeric attributes (cost, attack, health, strike…) are finite and within ±this. */
export const MAX_ATTRIBUTE_MAGNITUDE = 1_000_000;
/** Most items in a list attribute (features, subtypes, professions, classes) or in `printings`. */
export const MAX_LIST_ITEMS = 50;
/** Longest item of a list attribute, in characters (code points). */
export const MAX_LIST_ITEM_LENGTH = 100;
/** Attributes nest at most this deep (Berserk `strike` is one level); deeper means a bug, never data. */
const MAX_ATTRIBUTE_DEPTH = 4;

/** What is wrong with one text, as a rule and the end of a sentence ("… contains …"). */
export interface TextProblem {
  rule: 'wellFormedText' | 'controlCharacter' | 'maxLength';
  message: string;
}

const hex = (code: number): string => code.toString(16).toUpperCase().padStart(4, '0');

/**
 * Checks one text: well-formed UTF-16 (no lone surrogate), no C0 control character (U+0000–U+001F,
 * tab and line breaks included: names and attributes never need them), at most `maxLength`
 * characters (code points, so "𝔄" counts once).
 * @returns the first problem, or null when the text is fine. Messages never quote the text itself.
 */
export function checkText(value: string, maxLength: number): TextProblem | null {
  let length = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    length++;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = i + 1 < value.length ? value.charCodeAt(i + 1) : 0;
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++; // a pair: one character
        continue;
      }
      return { rule: 'wellFormedText', message: `contains a lone surrogate \\u${hex(c)} at character ${length} (not valid Unicode text)` };
    }
    if (c >= 0xdc00 && c <= 0xdfff) {
      return { rule: 'wellFormedText', message: `contains a lone surrogate \\u${hex(c)} at character ${length} (not valid Unicode text)` };
    }
    if (c < 0x20) return { rule: 'controlCharacter', message: `contains the control character U+${hex(c)} at character ${length}` };
  }
  if (length > maxLength) return { rule: 'maxLength', message: `is ${length} characters long; at most ${maxLength} allowed` };
  return null;
}

/** checkText as a sentence end, for callers that only need a message (e.g. layout sheet names). */
export function textProblem(value: string, maxLength: number): string | null {
  return checkText(value, maxLength)?.message ?? null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A usable label for a card in details: its name when that is fine text, else "<SET>-<n>", else its index. */
function cardLabel(set: SetData, index: number): string {
  const card = set.cards[index];
  const name = card?.name;
  if (typeof name === 'string' && name.trim() !== '' && checkText(name, MAX_NAME_LENGTH) === null) return name;
  const n = card?.number;
  return Number.isInteger(n) && n >= 1 && n <= MAX_COLLECTOR_NUMBER ? `${set.code}-${n}` : `cards[${index}]`;
}

/**
 * Checks one importer result against the limits above.
 *
 * Rules (each detail has `field`, e.g. "cards[3].attributes.features[2]", where cards[i] counts the
 * set's cards in collector-number order; `card` names the card: its name, or "<SET>-<n>" when the
 * name itself is at fault):
 * - setCode: code matches SET_CODE_PATTERN (1–16 upper-case letters or digits);
 * - required: set name and card names are not blank;
 * - wellFormedText / controlCharacter / maxLength: set name and card names ≤ MAX_NAME_LENGTH (200),
 *   text attributes ≤ 200, list items ≤ MAX_LIST_ITEM_LENGTH (100); every string (attributes and
 *   printings included) well-formed UTF-16 without C0 control characters;
 * - minItems / maxCards: 1..MAX_CARDS_PER_SET (5,000) cards;
 * - collectorNumber: an integer 1..MAX_COLLECTOR_NUMBER (1,000,000); duplicateNumber: unique;
 * - attributeNumber: numbers in attributes finite and within ±MAX_ATTRIBUTE_MAGNITUDE (1,000,000);
 * - maxItems: lists in attributes, and printings, at most MAX_LIST_ITEMS (50) items.
 *
 * @returns every problem found (empty = within limits); pure, never throws.
 */
export function checkSetLimits(set: SetData): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  if (typeof set.code !== 'string' || !SET_CODE_PATTERN.test(set.code)) {
    out.push({ field: 'code', rule: 'setCode', message: 'set code must be 1–16 upper-case letters or digits' });
  }
  if (typeof set.name !== 'string' || set.name.trim() === '') {
    out.push({ field: 'name', rule: 'required', message: 'the set has no name' });
  } else {
    const problem = checkText(set.name, MAX_NAME_LENGTH);
    if (problem) out.push({ field: 'name', rule: problem.rule, message: `set name ${problem.message}` });
  }
  if (!Array.isArray(set.cards) || set.cards.length === 0) {
    out.push({ field: 'cards', rule: 'minItems', message: 'the set has no cards' });
    return out;
  }
  if (set.cards.length > MAX_CARDS_PER_SET) {
    out.push({ field: 'cards', rule: 'maxCards', message: `the set has ${set.cards.length} cards; at most ${MAX_CARDS_PER_SET} allowed` });
  }

  const numbers = new Map<number, number>();
  set.cards.forEach((card, i) => {
    const label = cardLabel(set, i);
    const add = (field: string, rule: string, message: string): void => {
      out.push({ field, rule, message: `${label}: ${field} ${message}`, card: label });
    };
    const at = `cards[${i}]`;

    if (!Number.isInteger(card.number) || card.number < 1 || card.number > MAX_COLLECTOR_NUMBER) {
      add(`${at}.number`, 'collectorNumber', `must be a whole number from 1 to ${MAX_COLLECTOR_NUMBER.toLocaleString('en')}, got ${String(card.number).slice(0, 30)}`);
    } else {
      const first = numbers.get(card.number);
      if (first === undefined) numbers.set(card.number, i);
      else add(`${at}.number`, 'duplicateNumber', `${card.number} is also the number of cards[${first}]`);
    }

    if (typeof card.name !== 'string' || card.name.trim() === '') add(`${at}.name`, 'required', 'must not be blank');
    else {
      const problem = checkText(card.name, MAX_NAME_LENGTH);
      if (problem) add(`${at}.name`, problem.rule, problem.message);
    }
    if (card.text !== undefined) {
      // Rules text keeps its line breaks and tabs; any other control character is refused.
      const problem = checkText(card.text.replace(/[\n\r\t]/g, ' '), MAX_CARD_TEXT_LENGTH);
      if (problem) add(`${at}.text`, problem.rule, problem.message);
    }
    if (card.image !== undefined && (!/^https?:\/\/\S+$/.test(card.image) || card.image.length > MAX_IMAGE_URL_LENGTH)) {
      add(`${at}.image`, 'imageUrl', `must be an http(s) URL of at most ${MAX_IMAGE_URL_LENGTH} characters`);
    }

    checkValues([{ value: card.attributes, path: `${at}.attributes`, depth: 0, inList: false }], add);
    if (!Array.isArray(card.printings)) add(`${at}.printings`, 'isArray', 'must be a list');
    else checkValues([{ value: card.printings, path: `${at}.printings`, depth: 0, inList: false }], add);
  });
  return out;
}

interface Pending {
  value: unknown;
  path: string;
  depth: number;
  /** An item of a list: texts are list items (MAX_LIST_ITEM_LENGTH). */
  inList: boolean;
}

/** Walks attribute values without recursion (an explicit stack), checking texts, numbers and lists. */
function checkValues(stack: Pending[], add: (field: string, rule: string, message: string) => void): void {
  while (stack.length > 0) {
    const { value, path, depth, inList } = stack.pop() as Pending;
    if (typeof value === 'string') {
      const problem = checkText(value, inList ? MAX_LIST_ITEM_LENGTH : MAX_NAME_LENGTH);
      if (problem) add(path, problem.rule, problem.message);
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value) || Math.abs(value) > MAX_ATTRIBUTE_MAGNITUDE) {
        add(path, 'attributeNumber', `must be a finite number within ±${MAX_ATTRIBUTE_MAGNITUDE.toLocaleString('en')}, got ${String(value).slice(0, 30)}`);
      }
    } else if (Array.isArray(value) || isPlainObject(value)) {
      if (depth >= MAX_ATTRIBUTE_DEPTH) {
        add(path, 'maxDepth', `nests more than ${MAX_ATTRIBUTE_DEPTH} levels deep`);
        continue;
      }
      if (Array.isArray(value)) {
        if (value.length > MAX_LIST_ITEMS) {
          add(path, 'maxItems', `has ${value.length} items; at most ${MAX_LIST_ITEMS} allowed`);
          continue;
        }
        // Pushed in reverse so that problems come out in list order.
        for (let k = value.length - 1; k >= 0; k--) stack.push({ value: value[k], path: `${path}[${k}]`, depth: depth + 1, inList: true });
      } else {
        const entries = Object.entries(value);
        for (let k = entries.length - 1; k >= 0; k--) {
          const [key, v] = entries[k];
          stack.push({ value: v, path: `${path}.${key}`, depth: depth + 1, inList: false });
        }
      }
    }
    // booleans and null carry no text and no magnitude
  }
}
