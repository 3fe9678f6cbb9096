/**
 * Merging a set file into a set the catalog already has (docs/rules.md "Set files"): a file of the
 * same cards adds what the catalog's version lacks — OCTGN GUIDs, rules text, images — and changes
 * nothing else, so past events still replay and verify. Pure: no Nest, no database.
 */
import { distance } from 'fastest-levenshtein';
import type { ErrorDetail } from '../common/errors/domain-error';

/** What a file says of one card that a merge may take (number as the file writes it). */
export interface PresentationRow {
  number: number;
  name: string;
  text?: string | null;
  image?: string | null;
  octgnId?: string | null;
  /** Rarity, type and rules facts as JSON, when the file's card was read whole (compared, never taken). */
  facts?: string;
}

/** A card of the catalog's current version. */
export interface CatalogCardFacts {
  cardId: string;
  number: number;
  name: string;
  facts: string;
}

/** The facts a merge adds to one card of the catalog (only those the card lacks are written). */
export interface MergedFacts {
  cardId: string;
  text: string | null;
  image: string | null;
  octgnId: string | null;
}

/**
 * The facts a merge compares (never takes), as one canonical JSON text: rarity, type and the rules
 * attributes with keys sorted, so a file's card and a card read back from the database compare equal.
 */
export function factsKey(rarity: string, type: string, attributes: unknown): string {
  return JSON.stringify({ rarity, type, attributes }, (_key, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

/**
 * What a refused file still says of its cards (OCTGN's Heroes of Azeroth: two misnumbered cards, a
 * faction the rules do not know), kept so that the file can still merge into the set it is of.
 */
export interface Salvage {
  game: 'wow-tcg' | 'berserk';
  /** The set code the file implies, or null when it implies none. */
  code: string | null;
  cards: PresentationRow[];
}

/** Spelling differences tolerated between a file's name and the catalog's at the same number. */
export const MAX_SPELLING_EDITS = 2;

/**
 * A name as two spellings of one card compare: lower case, plain apostrophes, white space collapsed,
 * and an article written after the name as lists sort it ("Longeye, The" → "the longeye").
 */
export function comparableName(name: string): string {
  const plain = name
    .normalize('NFKC')
    .replace(/[\u2018\u2019`´]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  const inverted = /^(.*), (the|a|an)$/.exec(plain);
  return inverted ? `${inverted[2]} ${inverted[1]}` : plain;
}

/** The same card at the same number: the same comparable name, or one a couple of letters off ("Marshall"). */
function sameCardAtNumber(fileName: string, catalogName: string): boolean {
  const a = comparableName(fileName);
  const b = comparableName(catalogName);
  return a === b || distance(a, b) <= MAX_SPELLING_EDITS;
}

/** At most this many differing cards are named one by one; the rest are counted. */
export const MAX_DIFFERENCES_LISTED = 10;

/**
 * Matches a file's cards with the catalog's: by number and name (comparableName, or at most
 * MAX_SPELLING_EDITS letters off: noted), else by name when the catalog has
 * exactly one card of that name (a file that misnumbers a card, as OCTGN's Heroes of Azeroth does
 * Fire Blast and Frost Nova). The card list is the same when every card of each side finds its
 * partner once.
 * @returns the facts to merge and notes (each misnumbered card, each card whose other facts differ:
 *   the catalog's are kept), or null when the card lists differ (the file is then another version).
 */
export function matchForMerge(setCode: string, catalog: CatalogCardFacts[], file: PresentationRow[]): { merged: MergedFacts[]; notes: ErrorDetail[] } | null {
  if (file.length !== catalog.length) return null;
  const byNumber = new Map(catalog.map((c) => [c.number, c]));
  const byName = new Map<string, CatalogCardFacts[]>();
  for (const c of catalog) byName.set(comparableName(c.name), [...(byName.get(comparableName(c.name)) ?? []), c]);
  const taken = new Set<string>();
  const merged: MergedFacts[] = [];
  const notes: ErrorDetail[] = [];
  const differing: string[] = [];
  // Exact matches first, so a misnumbered card cannot take the place of the card that owns the number.
  const pending: PresentationRow[] = [];
  const pairs: [PresentationRow, CatalogCardFacts][] = [];
  for (const row of file) {
    const same = byNumber.get(row.number);
    if (same && sameCardAtNumber(row.name, same.name) && !taken.has(same.cardId)) {
      taken.add(same.cardId);
      pairs.push([row, same]);
      if (same.name !== row.name)
        notes.push({
          rule: 'spelling',
          card: same.name,
          message: `${same.cardId}: spelled ${JSON.stringify(row.name)} in the file, ${JSON.stringify(same.name)} in the catalog (kept)`,
        });
    } else pending.push(row);
  }
  for (const row of pending) {
    const named = (byName.get(comparableName(row.name)) ?? []).filter((c) => !taken.has(c.cardId));
    if (named.length !== 1) return null;
    taken.add(named[0].cardId);
    pairs.push([row, named[0]]);
    notes.push({ rule: 'mergedByName', card: row.name, message: `${row.name}: numbered ${row.number} in the file, ${named[0].cardId} in the catalog: merged by name` });
  }
  for (const [row, card] of pairs) {
    merged.push({ cardId: card.cardId, text: row.text ?? null, image: row.image ?? null, octgnId: row.octgnId ?? null });
    if (row.facts !== undefined && row.facts !== card.facts) differing.push(card.cardId);
  }
  if (differing.length > 0) {
    const listed = differing.sort(byCardNumber).slice(0, MAX_DIFFERENCES_LISTED).join(', ');
    const more = differing.length > MAX_DIFFERENCES_LISTED ? ` and ${differing.length - MAX_DIFFERENCES_LISTED} more` : '';
    notes.push({
      rule: 'factsKept',
      message: `${differing.length} card${differing.length === 1 ? '' : 's'} of ${setCode} differ from the catalog in rarity, type or rules facts (${listed}${more}): the catalog's facts are kept, so events already played replay the same`,
    });
  }
  return { merged, notes };
}

function byCardNumber(a: string, b: string): number {
  return Number(a.slice(a.lastIndexOf('-') + 1)) - Number(b.slice(b.lastIndexOf('-') + 1));
}
