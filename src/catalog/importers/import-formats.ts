/**
 * Formats the importers read:
 * - `product` — the product's set JSON (docs/set-format.md), e.g. data/sets/*.json; every game;
 * - `octgn` — OCTGN WoW TCG set XML with `<packaging>`;
 * - `wowtcg-json` — community WoW TCG JSON (array of card rows; src/catalog/games/wow-tcg);
 * - `berserk-json` — Berserk sets.json (several sets: choose with `set`; src/catalog/games/berserk).
 *
 * A game's own format is registered by its GameDefinition (`importers`), whose keys must be listed
 * here; a listed format without an importer is refused when the importers load (importers/index.ts).
 */
export const IMPORT_FORMATS = ['product', 'octgn', 'wowtcg-json', 'berserk-json'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
