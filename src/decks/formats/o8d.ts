/**
 * OCTGN deck files (.o8d): `<deck game="GUID"><section name="…"><card qty="2" id="GUID">Name</card>
 * </section>…<notes/></deck>` (the format OCTGN and community deck builders write).
 *
 * Reading: a section named "Hero" or "Heroes" is the hero; a section whose name contains "side"
 * (Sideboard, Side Deck) is the sideboard; every other section (Main, Ally, Ability, Quest…, as
 * game definitions split decks by card type) is the main deck. A hero section holding both faces of
 * a double-faced hero ("Name" and "Name Back") is one hero: the back face is returned in `ignored`
 * (reason back-face). A card's OCTGN GUID picks the card when the catalog knows it (the shipped HoA,
 * DoW and MoL; sets imported from OCTGN files), whatever its name; otherwise cards are resolved by
 * their name. An id written by Podium ("HOA-218") gives the set code. The XML is read with the catalog's hardened reader
 * (src/catalog/importers/xml-nodes.ts: no external entities, bounded nesting and expansion).
 *
 * Writing: sections "Hero" (when the deck has a hero), "Main" and "Sideboard"; `id` carries the
 * card's OCTGN GUID when its set came from an OCTGN file (so OCTGN loads the deck), else the Podium
 * card id — and the notes then name the cards OCTGN will not know; `game` the OCTGN game GUID when
 * known (OCTGN_GAME_IDS), else the product's game id.
 */
import type { GameId } from '../../catalog/card.types';
import { attr, children, parseXmlDocument, type XmlNode } from '../../catalog/importers/xml-nodes';
import { DomainError } from '../../common/errors/domain-error';
import { addLine, isError, lineRef } from './line-syntax';
import { emptyParsedList, type DeckList, type DeckListEntry, type DeckListWriteOptions, type ParsedDeckList } from './types';

/**
 * OCTGN game GUIDs. WoW TCG: the `gameId` of the community OCTGN set files
 * (OCTGN's WoW TCG set files, e.g. WoW_HoA.xml). Berserk has no known OCTGN game definition.
 */
export const OCTGN_GAME_IDS: Readonly<Partial<Record<GameId, string>>> = {
  'wow-tcg': 'd7e6fd4f-5252-4C4C-4A4A-a645c4d8e45f',
};

/** A Podium card id in an OCTGN `id` attribute: its set code. */
const PODIUM_ID = /^([A-Za-z0-9]{1,16})-\d{1,6}$/;
const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

function sectionOf(name: string): 'hero' | 'main' | 'sideboard' {
  const n = name.trim().toLowerCase();
  if (n === 'hero' || n === 'heroes') return 'hero';
  return n.includes('side') ? 'sideboard' : 'main';
}

/**
 * Parses an OCTGN .o8d deck file.
 * @throws DomainError MALFORMED_BODY when the text is not well-formed XML or its root is not `<deck>`.
 *   Card-level problems are listed in `errors`.
 */
const BACK_FACE = /^(.*\S)\s+\(?back\)?$/i;

export function parseO8dDeck(text: string): ParsedDeckList {
  const doc = parseXmlDocument(text.replace(/^\uFEFF/, ''), 'The OCTGN deck file');
  const deck = doc.root.deck;
  if (deck === undefined || Array.isArray(deck) || Object.keys(doc.root).some((k) => k !== 'deck' && !k.startsWith('?') && k !== '#text')) {
    throw new DomainError('MALFORMED_BODY', 'The OCTGN deck file must have one <deck> root element', [{ rule: 'o8d', message: 'root element is not <deck>' }]);
  }
  const out: ParsedDeckList = emptyParsedList();
  const deckNode: XmlNode = typeof deck === 'object' && deck !== null ? (deck as XmlNode) : {};
  for (const section of children(deckNode, 'section')) {
    const where = sectionOf(attr(section, 'name') ?? '');
    const sectionLine = doc.lineOf(section) ?? 1;
    const raw = section.card;
    const cards: unknown[] = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
    const nodes = cards.map((c): XmlNode => (typeof c === 'object' && c !== null ? (c as XmlNode) : { '#text': c }));
    const nameOf = (node: XmlNode): string => (typeof node['#text'] === 'string' ? node['#text'] : '');
    // A double-faced hero is listed with both faces ("<name>" and "<name> Back"): one card.
    const fronts = new Set(where === 'hero' ? nodes.map((n) => nameOf(n).trim().toLowerCase()) : []);
    for (const node of nodes) {
      const line = doc.lineOf(node) ?? sectionLine;
      const name = nameOf(node);
      const front = BACK_FACE.exec(name.trim())?.[1];
      if (front && fronts.has(front.toLowerCase())) {
        out.ignored.push({ line, reason: 'back-face', text: name.trim().slice(0, 80) });
        continue;
      }
      const qty = attr(node, 'qty');
      if (qty === undefined) {
        out.errors.push({ line, message: `the card "${name.trim().slice(0, 60)}" has no qty attribute` });
        continue;
      }
      const id = (attr(node, 'id') ?? '').trim().replace(/^\{|\}$/g, '');
      const set = PODIUM_ID.exec(id)?.[1];
      const found = lineRef(line, qty, name, set);
      const ref = !isError(found) && GUID.test(id) ? { ...found, octgnId: id.toLowerCase() } : found;
      if (isError(ref)) {
        out.errors.push(ref);
        continue;
      }
      const err = addLine(out, where, ref);
      if (err) out.errors.push(err);
    }
  }
  return out;
}

const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

function section(name: string, entries: readonly DeckListEntry[]): string[] {
  return [
    `  <section name="${name}" shared="False">`,
    ...entries.map((e) => `    <card qty="${e.count}" id="${escapeXml(e.card.octgnId ?? e.card.cardId)}">${escapeXml(e.card.name)}</card>`),
    '  </section>',
  ];
}

/** OCTGN parses every card id as a GUID: a file with another id is "corrupt" to it (it loads nothing). */
function assertOctgnLoads(deck: DeckList, game: GameId): void {
  const other = 'export as text, CSV or .mwDeck, or add ?octgnIds=podium to write Podium card ids for another tool';
  if (!OCTGN_GAME_IDS[game]) {
    throw new DomainError('OCTGN_IDS_MISSING', `OCTGN has no ${game} game definition, so it cannot load this deck: ${other}`, [
      { field: 'format', rule: 'octgnGame', message: `no OCTGN game definition for ${game}` },
    ]);
  }
  const cards = [...(deck.hero ? [deck.hero] : []), ...deck.main.map((e) => e.card), ...deck.sideboard.map((e) => e.card)].filter((c) => !c.octgnId);
  const missing = [...new Map(cards.map((c) => [c.cardId, c])).values()];
  if (missing.length === 0) return;
  const sets = [...new Set(missing.map((c) => c.setCode))].join(', ');
  throw new DomainError(
    'OCTGN_IDS_MISSING',
    `OCTGN cannot load this deck: ${missing.length} card${missing.length === 1 ? ' has' : 's have'} no OCTGN id (sets ${sets}; import their OCTGN set files on the Card sets page to add them). Or ${other}.`,
    missing.slice(0, 20).map((c) => ({ field: 'cards', rule: 'octgnId', card: c.name, message: `${c.name} (${c.cardId}) has no OCTGN id` })),
  );
}

/** The notes' line for cards without an OCTGN GUID (their sets were not imported from OCTGN files), or ''. */
function withoutGuid(deck: DeckList): string {
  const cards = [...(deck.hero ? [deck.hero] : []), ...deck.main.map((e) => e.card), ...deck.sideboard.map((e) => e.card)].filter((c) => !c.octgnId);
  const ids = [...new Set(cards.map((c) => c.cardId))];
  // "]]>" cannot occur: card ids are letters, digits and "-".
  return ids.length === 0 ? '' : `No OCTGN id known (set not imported from an OCTGN file), written as Podium card ids: ${ids.join(', ')}`;
}

/**
 * Writes an OCTGN .o8d deck file (see the file comment for sections, ids and the game attribute).
 * @throws DomainError OCTGN_IDS_MISSING (422) when OCTGN could not load the file — a card without an
 *   OCTGN GUID (details name each), or a game OCTGN has no definition of — unless options.podiumIds.
 */
export function writeO8dDeck(deck: DeckList, options: DeckListWriteOptions = {}): string {
  const game = options.game ?? 'wow-tcg';
  if (!options.podiumIds) assertOctgnLoads(deck, game);
  const lines = [
    '<?xml version="1.0" encoding="utf-8" standalone="yes"?>',
    `<deck game="${escapeXml(OCTGN_GAME_IDS[game] ?? game)}">`,
    ...(deck.hero ? section('Hero', [{ card: deck.hero, count: 1 }]) : []),
    ...section('Main', deck.main),
    ...section('Sideboard', deck.sideboard),
    `  <notes><![CDATA[${withoutGuid(deck)}]]></notes>`,
    '</deck>',
  ];
  return `${lines.join('\n')}\n`;
}
