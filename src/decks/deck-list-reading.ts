/**
 * Reading a deck list file (POST /api/decks/import): the size rules, the format's parser, names
 * resolved against the game's catalog with "did you mean" for unknown ones. Pure (no Nest, no
 * database): it runs in the deck list worker (deck-list.worker.ts), as parsing and the closest-name
 * search cost time proportional to the file, which must not hold the event loop.
 *
 * Cards cross the thread boundary by id: the catalog goes in as a JSON snapshot (parsed once per
 * catalog version in each worker), and the answer names cards by id for the caller to put its own
 * card objects back.
 */
import {
  deckCatalogOf,
  parseDeckList,
  resolveDeckLines,
  type DeckCatalog,
  type DeckListError,
  type DeckListFormat,
  type DeckListNote,
  type IgnoredLine,
  type UnresolvedLine,
} from './formats';
import { assertDeckListEntries, assertDeckListSize } from './rules/deck-policy';

/** A game's catalog for the worker: `key` changes whenever its cards do; `cards` is JSON of `[cardId, setCode, name, type, octgnId][]`. */
export interface CatalogSnapshot {
  key: string;
  cards: string;
}

/** The catalog snapshot of a list of cards, in their order (which is the order of the names offered). */
export function catalogSnapshot(key: string, cards: Iterable<{ cardId: string; setCode: string; name: string; type?: string; octgnId?: string }>): CatalogSnapshot {
  return { key, cards: JSON.stringify([...cards].map((c) => [c.cardId, c.setCode, c.name, c.type ?? '', c.octgnId ?? ''])) };
}

export interface ReadDeckListRequest {
  format: DeckListFormat;
  /** The file as sent. */
  text: string;
  /** Set codes to resolve names in first (upper case). */
  preferredSets: string[];
  catalog: CatalogSnapshot;
  /** The game's set code aliases (GameProfile.setCodeAliases): another tool's code → Podium's. */
  setAliases?: Readonly<Record<string, string>>;
}

/**
 * A deck list read: the cards by id, the lines that did not resolve (candidates by id), the
 * unreadable lines, the lines left without a card (with why) and the reading decisions.
 */
export interface ReadDeckList {
  hero: string | null;
  main: [cardId: string, count: number][];
  sideboard: [cardId: string, count: number][];
  unresolved: (Omit<UnresolvedLine, 'candidates'> & { candidates: string[] })[];
  errors: DeckListError[];
  ignored: IgnoredLine[];
  notes: DeckListNote[];
}

/** Catalogs already parsed here, by snapshot key: a few games × versions, the oldest dropped first. */
const catalogs = new Map<string, DeckCatalog>();
const KEPT_CATALOGS = 4;

function catalogOf(snapshot: CatalogSnapshot): DeckCatalog {
  let catalog = catalogs.get(snapshot.key);
  if (!catalog) {
    const rows = JSON.parse(snapshot.cards) as [string, string, string, string?, string?][];
    catalog = deckCatalogOf(rows.map(([cardId, setCode, name, type, octgnId]) => ({ cardId, setCode, name, ...(type ? { type } : {}), ...(octgnId ? { octgnId } : {}) })));
    catalogs.set(snapshot.key, catalog);
    if (catalogs.size > KEPT_CATALOGS) catalogs.delete(catalogs.keys().next().value!);
  }
  return catalog;
}

/**
 * Reads a deck list: at most MAX_DECK_LIST_LINES non-empty lines (checked before parsing) and as
 * many entries once parsed, then every name resolved (resolve.ts).
 * @throws DomainError PAYLOAD_TOO_LARGE (rule maxLines), MALFORMED_BODY (not of the format).
 */
export function readDeckList(request: ReadDeckListRequest): ReadDeckList {
  assertDeckListSize(request.text);
  const parsed = parseDeckList(request.format, request.text);
  assertDeckListEntries(parsed.main.length + parsed.sideboard.length + (parsed.hero ? 1 : 0) + parsed.errors.length);
  const { deck, unresolved, notes } = resolveDeckLines(parsed, catalogOf(request.catalog), request.preferredSets, request.setAliases);
  return {
    hero: deck.hero?.cardId ?? null,
    main: deck.main.map((e) => [e.card.cardId, e.count]),
    sideboard: deck.sideboard.map((e) => [e.card.cardId, e.count]),
    unresolved: unresolved.map((u) => ({ ...u, candidates: u.candidates.map((c) => c.cardId) })),
    errors: parsed.errors,
    ignored: parsed.ignored,
    notes,
  };
}
