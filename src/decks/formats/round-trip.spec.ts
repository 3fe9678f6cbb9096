import { GAMES } from '../../catalog/games';
import { checkDeck } from '../rules/deck-check';
import { card, catalogRefs, fill, playableBy, shippedCards } from '../rules/testing/shipped-cards';
import { DECK_LIST_FORMATS, deckCatalogOf, importDeckList, parseDeckList, resolveDeckLines, writeDeckList, type CatalogCardRef, type DeckList } from './index';

const wowCatalog = deckCatalogOf(catalogRefs('HOA', 'MOL', 'TDP', 'WG'));
const berserkCatalog = deckCatalogOf(catalogRefs('S1'));
const ref = (code: string, name: string): CatalogCardRef => {
  const c = card(code, name);
  return { cardId: c.cardId, setCode: code, name: c.name, type: c.type };
};

// A real WoW TCG deck whose names test every format's quoting: commas, apostrophes, "?", and one
// name printed in two sets (Surge of Life, TDP and WG) that only the set code tells apart.
const grennan = card('HOA', 'Grennan Stormspeaker'); // Horde Shaman
const wowDeck: DeckList = {
  hero: ref('MOL', "Bo'ja, Arcanist Absolute"),
  main: [
    { card: ref('HOA', 'Are We There, Yeti?'), count: 2 },
    { card: ref('TDP', 'Surge of Life'), count: 2 },
    { card: ref('WG', 'Surge of Life'), count: 1 },
    { card: ref('MOL', "You Are Rakh'likh, Demon"), count: 1 },
    ...fill('HOA', 30, 3, playableBy(grennan), ['Are We There, Yeti?']).map((e) => ({ card: ref('HOA', e.card.name), count: e.count })),
  ],
  sideboard: [
    { card: ref('HOA', 'Orgrimmar Grunts'), count: 20 },
    { card: ref('HOA', 'Pyroblast'), count: 1 },
  ],
};
const berserkDeck: DeckList = {
  hero: null,
  main: shippedCards('S1')
    .slice(0, 12)
    .map((c) => ({ card: { cardId: c.cardId, setCode: 'S1', name: c.name, type: c.type }, count: 3 })),
  sideboard: [{ card: ref('S1', 'Бьёрн'), count: 1 }],
};

// Podium ids where a set has no OCTGN GUID (podiumIds): a .o8d for another tool, which Podium reads back.
describe.each(DECK_LIST_FORMATS)('round trip: %s', (format) => {
  it('a WoW TCG deck written and read back resolves to the same cards, with no error and nothing unresolved', () => {
    const text = writeDeckList(format, wowDeck, { game: 'wow-tcg', podiumIds: true });
    const parsed = parseDeckList(format, text);
    expect(parsed.errors).toEqual([]);
    const { deck, unresolved } = resolveDeckLines(parsed, wowCatalog, []);
    expect(unresolved).toEqual([]);
    expect(deck).toEqual(wowDeck);
    expect(writeDeckList(format, deck, { game: 'wow-tcg', podiumIds: true })).toBe(text);
  });

  it('a Berserk deck (no hero, Cyrillic names) round-trips too', () => {
    const text = writeDeckList(format, berserkDeck, { game: 'berserk', podiumIds: true });
    const { deck, unresolved, errors } = importDeckList(format, text, berserkCatalog, ['S1']);
    expect(errors).toEqual([]);
    expect(unresolved).toEqual([]);
    expect(deck).toEqual(berserkDeck);
  });
});

describe('import then check', () => {
  it('a pasted sealed deck is imported, resolved in the event set and checked; a typo comes back with its match', () => {
    const boris = card('HOA', 'Boris Brightbeard');
    const main = fill('HOA', 30, 2, playableBy(boris));
    const text = ['Hero: Boris Brightbeard', ...main.map((e) => `${e.count} ${e.card.name}`), '1 Chromy'].join('\n');
    const imported = importDeckList('text', text, wowCatalog, ['HOA']);
    expect(imported.errors).toEqual([]);
    expect(imported.unresolved.map((u) => [u.line, u.reason, u.candidates.map((c) => c.name)])).toEqual([[17, 'unknown', ['Chromie']]]);
    const byId = new Map(shippedCards('HOA').map((c) => [c.cardId, c]));
    const result = checkDeck({
      game: 'wow-tcg',
      format: 'limited',
      hero: imported.deck.hero ? byId.get(imported.deck.hero.cardId)! : null,
      main: imported.deck.main.map((e) => ({ card: byId.get(e.card.cardId)!, count: e.count })),
      profile: GAMES['wow-tcg'],
    });
    expect(result).toEqual({ legal: true, violations: [] });
  });
});
