/**
 * Resolving deck-list lines to catalog cards: names resolve within the event's sets
 * first, then the whole game; a name shared by several cards, or an unknown one, is reported with
 * the closest matches and never guessed.
 *
 * Order for a line without a set: the cards of that name in the preferred sets — one: resolved;
 * several: ambiguous. None there: the cards of that name in the whole game — one: resolved;
 * several: ambiguous; none: unknown, with the closest names. A line naming a set takes only that
 * set's card (none there: "not-in-set", listing the sets that have the name).
 * Resolved lines of the same card and section are merged (counts summed), in order of first line.
 * Without a hero line, a single hero card (one copy) written among the cards becomes the hero. A
 * set code that names no set of the catalog (another tool's numbering) is read as none, with a note.
 */
import { normalizeCardName } from '../rules/card-name';
import { closestNames } from './closest-names';
import type { CatalogCardRef, DeckCatalog, DeckList, DeckListEntry, LineRef, ParsedDeckList, ResolvedDeckList, UnresolvedLine } from './types';

/** Most names suggested for an unknown one. */
export const MAX_SUGGESTED_NAMES = 5;

/**
 * Unknown names of one list that get "did you mean" suggestions (each costs a pass over the whole
 * catalog); later ones are reported unknown without. A real list has a few typos; a list of
 * thousands of unknown names must not hold the server for seconds.
 */
export const MAX_SUGGESTED_LINES = 25;

/**
 * A DeckCatalog over a list of cards (one game), names compared through normalizeCardName.
 * Cards with the same id are kept once.
 */
export function deckCatalogOf(cards: Iterable<CatalogCardRef>): DeckCatalog {
  const byName = new Map<string, CatalogCardRef[]>();
  const names: string[] = [];
  const ids = new Set<string>();
  const sets = new Set<string>();
  const byGuid = new Map<string, CatalogCardRef>();
  for (const c of cards) {
    if (ids.has(c.cardId)) continue;
    ids.add(c.cardId);
    sets.add(c.setCode.toUpperCase());
    if (c.octgnId) byGuid.set(c.octgnId.toLowerCase(), c);
    const key = normalizeCardName(c.name);
    const list = byName.get(key);
    if (list) list.push(c);
    else {
      byName.set(key, [c]);
      names.push(c.name);
    }
  }
  return {
    byName: (name) => byName.get(normalizeCardName(name)) ?? [],
    names: () => names,
    hasSet: (code) => sets.has(code.toUpperCase()),
    byOctgnId: (guid) => byGuid.get(guid.toLowerCase()),
  };
}

const setList = (cards: readonly CatalogCardRef[]): string => [...new Set(cards.map((c) => c.setCode))].join(', ');
const quoted = (s: string): string => `"${s}"`;

function describe(cards: readonly CatalogCardRef[]): string {
  return cards.map((c) => `${c.name} (${c.setCode})`).join(', ');
}

type Outcome = { card: CatalogCardRef } | Omit<UnresolvedLine, 'line' | 'section' | 'name' | 'count' | 'set'>;

function resolveOne(ref: LineRef, catalog: DeckCatalog, preferred: ReadonlySet<string>, suggest: boolean): Outcome {
  // An .o8d's GUID names one card exactly (names repeat across sets and spellings differ).
  const byGuid = ref.octgnId ? catalog.byOctgnId(ref.octgnId) : undefined;
  if (byGuid) return { card: byGuid };
  const all = [...new Map(catalog.byName(ref.name).map((c) => [c.cardId, c])).values()];
  const ambiguous = (cards: CatalogCardRef[]): Outcome => ({
    reason: 'ambiguous',
    message: `${quoted(ref.name)} names ${cards.length} different cards (${describe(cards)}): write the set after the name to choose one.`,
    candidates: cards,
  });
  if (ref.set) {
    const inSet = all.filter((c) => c.setCode.toUpperCase() === ref.set);
    if (inSet.length === 1) return { card: inSet[0] };
    if (inSet.length > 1) return ambiguous(inSet);
    if (all.length > 0) {
      return {
        reason: 'not-in-set',
        message: `Set ${ref.set} has no card named ${quoted(ref.name)}; cards of that name are in ${setList(all)}.`,
        candidates: all,
      };
    }
  } else {
    const inPreferred = all.filter((c) => preferred.has(c.setCode.toUpperCase()));
    if (inPreferred.length === 1) return { card: inPreferred[0] };
    if (inPreferred.length > 1) return ambiguous(inPreferred);
    if (all.length === 1) return { card: all[0] };
    if (all.length > 1) return ambiguous(all);
  }
  const suggestions = suggest ? closestNames(ref.name, catalog.names(), MAX_SUGGESTED_NAMES) : [];
  const candidates = suggestions.flatMap((n) => {
    const cards = [...catalog.byName(n)];
    // Within one suggested name, the preferred sets' printings first.
    return cards.sort((a, b) => Number(preferred.has(b.setCode.toUpperCase())) - Number(preferred.has(a.setCode.toUpperCase())));
  });
  const where = ref.set ? ` (set ${ref.set})` : '';
  return {
    reason: 'unknown',
    message:
      suggestions.length > 0
        ? `No card is named ${quoted(ref.name)}${where}. Did you mean ${suggestions.map(quoted).join(', ')}?`
        : `No card is named ${quoted(ref.name)}${where}.`,
    candidates,
  };
}

/**
 * Resolves a parsed deck list against a game's catalog.
 * @param preferredSets the event's set codes (any case), tried first; empty = the whole game at once.
 * @param setAliases the game's table of other tools' set codes (GameProfile.setCodeAliases): a code
 *   the catalog lacks whose alias it has is read as the alias, noted once per code.
 * @returns the deck of resolved cards, every line that did not resolve (with candidates), and the
 *   parser's notes with the resolver's (a hero taken out of the main deck or sideboard).
 */
export function resolveDeckLines(
  lines: ParsedDeckList,
  catalog: DeckCatalog,
  preferredSets: readonly string[],
  setAliases: Readonly<Record<string, string>> = {},
): ResolvedDeckList {
  const preferred = new Set(preferredSets.map((s) => s.trim().toUpperCase()));
  const deck: DeckList = { hero: null, main: [], sideboard: [] };
  const unresolved: UnresolvedLine[] = [];
  const merge = (into: DeckListEntry[], card: CatalogCardRef, count: number): void => {
    const seen = into.find((e) => e.card.cardId === card.cardId);
    if (seen) seen.count += count;
    else into.push({ card, count });
  };
  const sections: ['hero' | 'main' | 'sideboard', readonly LineRef[]][] = [
    ['hero', lines.hero ? [lines.hero] : []],
    ['main', lines.main],
    ['sideboard', lines.sideboard],
  ];
  let suggested = 0;
  const notes = [...lines.notes];
  // Another tool's set codes (MWS numbers sets: "[6]"; communities write "ICE" for Icecrown): a code
  // that names no set of the catalog is read as no code, by name alone — and said once per code.
  const foreignCodes = new Map<string, number>();
  const aliased = new Map<string, { line: number; code: string }>();
  for (const [section, refs] of sections) {
    for (const listed of refs) {
      const alias = listed.set !== undefined && !catalog.hasSet(listed.set) ? setAliases[listed.set.toUpperCase()] : undefined;
      const written: LineRef = alias !== undefined && catalog.hasSet(alias) ? { ...listed, set: alias } : listed;
      if (written !== listed && !aliased.has(listed.set!)) aliased.set(listed.set!, { line: listed.line, code: alias! });
      const foreign = written.set !== undefined && !catalog.hasSet(written.set);
      if (foreign && !foreignCodes.has(written.set!)) foreignCodes.set(written.set!, written.line);
      const ref: LineRef = foreign ? { line: written.line, name: written.name, count: written.count, ...(written.octgnId ? { octgnId: written.octgnId } : {}) } : written;
      const outcome = resolveOne(ref, catalog, preferred, suggested < MAX_SUGGESTED_LINES);
      if (!('card' in outcome) && outcome.reason === 'unknown') suggested++;
      if ('card' in outcome) {
        if (section === 'hero') deck.hero = outcome.card;
        else merge(deck[section], outcome.card, ref.count);
      } else {
        unresolved.push({ line: ref.line, section, name: ref.name, count: ref.count, ...(written.set ? { set: written.set } : {}), ...outcome });
      }
    }
  }
  for (const [code, { line, code: podium }] of aliased) notes.push({ line, message: `set code ${code} is what other tools write for ${podium}: read as ${podium}` });
  for (const [code, line] of foreignCodes) notes.push({ line, message: `set code ${code} names no set here: its cards were found by name alone` });
  // A list with no hero line whose main deck or sideboard holds exactly one hero card, one copy
  // (tools without a hero section write it among the cards; MWS as `SB: 1 [set] <hero>`): that
  // card is the hero. Several heroes are left where they are, for the deck check to name.
  if (!deck.hero) {
    const heroes = (['main', 'sideboard'] as const).flatMap((section) => deck[section].filter((e) => e.card.type === 'hero').map((e) => ({ section, e })));
    if (heroes.length === 1 && heroes[0].e.count === 1) {
      const { section, e } = heroes[0];
      deck[section].splice(deck[section].indexOf(e), 1);
      deck.hero = e.card;
      const ref = (section === 'main' ? lines.main : lines.sideboard).find((r) => r.name && e.card.name && normalizeCardName(r.name) === normalizeCardName(e.card.name));
      notes.push({ line: ref?.line ?? 0, message: `${e.card.name} is a hero: read as the deck’s hero (it was written in the ${section === 'main' ? 'main deck' : 'sideboard'})` });
    }
  }
  return { deck, unresolved, notes };
}
