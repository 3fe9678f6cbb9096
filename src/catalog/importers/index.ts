/**
 * Set file importers: pure functions from file text to SetData (no Nest, no database).
 * Every importer is all-or-nothing and reports every problem of a file at once.
 */
import type { SetData } from '../card.types';
import { checkSetLimits } from '../set-limits';
import { parseBerserkJson } from './berserk-json';
import { ImportProblems } from './import-problems';
import { parseOctgnXml } from './octgn-xml';
import { parseProductJson } from './product-json';
import type { ImportOptions } from './set-options';
import { parseWowtcgJson } from './wowtcg-json';

export type { ImportOptions } from './set-options';
export { parseBerserkJson } from './berserk-json';
export { parseOctgnXml } from './octgn-xml';
export { parseProductJson, productSetFromValue } from './product-json';
export { serializeProductSet } from './product-json-writer';
export { parseWowtcgJson } from './wowtcg-json';

/**
 * Formats the importers read:
 * - `product` — the product's set JSON (docs/set-format.md), e.g. data/sets/*.json;
 * - `octgn` — OCTGN WoW TCG set XML with `<packaging>`;
 * - `wowtcg-json` — community WoW TCG JSON (array of card rows);
 * - `berserk-json` — Berserk sets.json (several sets: choose with `set`).
 */
export const IMPORT_FORMATS = ['product', 'octgn', 'wowtcg-json', 'berserk-json'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

const IMPORTERS: Record<ImportFormat, (text: string, options: ImportOptions) => SetData[]> = {
  product: parseProductJson,
  octgn: parseOctgnXml,
  'wowtcg-json': parseWowtcgJson,
  'berserk-json': parseBerserkJson,
};

/** How error messages name the file of each format (as the importers themselves do). */
const FILE_LABELS: Record<ImportFormat, string> = {
  product: 'The Podium set file',
  octgn: 'The OCTGN set file',
  'wowtcg-json': 'The WoW TCG JSON file',
  'berserk-json': 'The Berserk JSON file',
};

/**
 * Parses a set file of the given format.
 * @param options.code set code to give the set (OCTGN files carry none; the file must hold one set);
 * @param options.set which set of a multi-set file to keep (e.g. "s1"), case-insensitive.
 * @returns the file's sets (one for every format but berserk-json without `set`), cards sorted by
 *   number, `boosterLayout` null unless the file defines one (product, OCTGN `<packaging>`).
 * @throws DomainError MALFORMED_BODY (unparseable JSON/XML, or nested beyond the parser's limits;
 *   detail.line when known) or IMPORT_INVALID (content; every problem with field/card/line, at
 *   most 50 listed): the format's own rules first, then checkSetLimits for every format.
 */
export function parseSetFile(format: ImportFormat, text: string, options: ImportOptions = {}): SetData[] {
  const sets = IMPORTERS[format](text, options);
  // The same limits for every format (src/catalog/set-limits.ts), after the format's own checks.
  const problems = new ImportProblems();
  for (const set of sets) {
    for (const detail of checkSetLimits(set)) {
      problems.add(sets.length > 1 ? { ...detail, message: `set ${set.code}: ${detail.message}` } : detail);
    }
  }
  problems.throwIfAny(FILE_LABELS[format]);
  return sets;
}
