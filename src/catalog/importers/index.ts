/**
 * Set file importers: pure functions from file text to SetData (no Nest, no database).
 * Every importer is all-or-nothing and reports every problem of a file at once.
 */
import type { SetData } from '../card.types';
import { GAMES, type GameImporter } from '../games';
import { checkSetLimits } from '../set-limits';
import { IMPORT_FORMATS, type ImportFormat } from './import-formats';
import { ImportProblems } from './import-problems';
import { parseOctgnXml } from './octgn-xml';
import { parseProductJson } from './product-json';
import type { ImportOptions } from './set-options';

export type { ImportOptions } from './set-options';
export { IMPORT_FORMATS, type ImportFormat } from './import-formats';
export { parseBerserkJson } from '../games/berserk/berserk-json';
export { parseOctgnXml } from './octgn-xml';
export { parseProductJson, productSetFromValue } from './product-json';
export { serializeProductSet } from './product-json-writer';
export { parseWowtcgJson } from '../games/wow-tcg/wowtcg-json';

/**
 * The importer of each format (see import-formats.ts): the formats of every game, then each game's
 * own (GameDefinition.importers). How error messages name the file is the importer's fileLabel.
 */
const IMPORTERS: ReadonlyMap<ImportFormat, GameImporter> = importersByFormat();

function importersByFormat(): Map<ImportFormat, GameImporter> {
  const out = new Map<ImportFormat, GameImporter>([
    ['product', { fileLabel: 'The Podium set file', parse: parseProductJson }],
    ['octgn', { fileLabel: 'The OCTGN set file', parse: parseOctgnXml }],
  ]);
  for (const game of Object.values(GAMES)) {
    for (const [format, importer] of Object.entries(game.importers) as [ImportFormat, GameImporter][]) {
      if (out.has(format)) throw new Error(`import format "${format}" of ${game.id} has another importer already`);
      out.set(format, importer);
    }
  }
  const missing = IMPORT_FORMATS.filter((format) => !out.has(format));
  if (missing.length > 0) throw new Error(`import formats without an importer: ${missing.join(', ')}`);
  return out;
}

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
  const importer = IMPORTERS.get(format);
  if (!importer) throw new Error(`parseSetFile: unknown format "${String(format)}"`);
  const sets = importer.parse(text, options);
  // The same limits for every format (src/catalog/set-limits.ts), after the format's own checks.
  const problems = new ImportProblems();
  for (const set of sets) {
    for (const detail of checkSetLimits(set)) {
      problems.add(sets.length > 1 ? { ...detail, message: `set ${set.code}: ${detail.message}` } : detail);
    }
  }
  problems.throwIfAny(importer.fileLabel);
  return sets;
}
