import { thrown } from '../../test/utils/thrown';
import { catalogSnapshot, readDeckList } from './deck-list-reading';
import { deckCatalogOf, DECK_LIST_FORMATS, importDeckList, writeDeckList, type CatalogCardRef } from './formats';
import { catalogRefs } from './rules/testing/shipped-cards';
import { MAX_DECK_LIST_LINES } from './rules/deck-policy';

const refs = catalogRefs('HOA', 'MOL', 'TDP', 'WG');
const snapshot = catalogSnapshot('wow-tcg:test', refs);
const ids = (cards: readonly CatalogCardRef[]) => cards.map((c) => c.cardId);

describe('reading a deck list in the worker (cards by id)', () => {
  // Known names, a typo (suggestions), an unknown name, a name of two sets (ambiguous), an unreadable line.
  const list = [
    'Hero: ' + refs[0].name,
    '2 Are We There, Yeti?',
    '1 Orgrimar Grunts',
    '1 Nothing Like This Card',
    '1 Surge of Life',
    'x nonsense',
    'Sideboard',
    '3 Pyroblast',
  ].join('\n');

  it('reads exactly what importDeckList reads on the event loop: the same cards, unresolved lines, suggestions and errors', () => {
    const inline = importDeckList('text', list, deckCatalogOf(refs), ['HOA']);
    const read = readDeckList({ format: 'text', text: list, preferredSets: ['HOA'], catalog: snapshot });
    expect(read).toEqual({
      hero: inline.deck.hero?.cardId ?? null,
      main: inline.deck.main.map((e) => [e.card.cardId, e.count]),
      sideboard: inline.deck.sideboard.map((e) => [e.card.cardId, e.count]),
      unresolved: inline.unresolved.map((u) => ({ ...u, candidates: ids(u.candidates) })),
      errors: inline.errors,
      ignored: inline.ignored,
      notes: inline.notes,
    });
    expect(read.unresolved.map((u) => u.reason).sort()).toEqual(['ambiguous', 'unknown', 'unknown']);
    expect(read.unresolved.find((u) => u.name === 'Orgrimar Grunts')?.message).toMatch(/Did you mean "Orgrimmar Grunts"/);
  });

  it.each(DECK_LIST_FORMATS)('%s: a list written by Podium reads back to the same cards', (format) => {
    const deck = { hero: refs[0], main: refs.slice(10, 40).map((card) => ({ card, count: 2 })), sideboard: [] };
    const read = readDeckList({ format, text: writeDeckList(format, deck, { game: 'wow-tcg', podiumIds: true }), preferredSets: [], catalog: snapshot });
    expect(read.unresolved).toEqual([]);
    expect(read.main).toEqual(deck.main.map((e) => [e.card.cardId, 2]));
  });

  it(`maxLines: more than ${MAX_DECK_LIST_LINES} non-empty lines, or as many cards on one line of an .o8d file, are refused before any name is looked up`, () => {
    const lines = Array.from({ length: MAX_DECK_LIST_LINES + 1 }, (_, i) => `1 Unknown ${i}`).join('\n');
    expect(thrown(() => readDeckList({ format: 'text', text: lines, preferredSets: [], catalog: snapshot }))).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const oneLine = `<deck><section name="Main">${Array.from({ length: MAX_DECK_LIST_LINES + 1 }, (_, i) => `<card qty="1" id="x">Unknown ${i}</card>`).join('')}</section></deck>`;
    expect(thrown(() => readDeckList({ format: 'o8d', text: oneLine, preferredSets: [], catalog: snapshot }))).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      details: [{ field: 'body', rule: 'maxLines' }],
    });
  });
});
