import { card, catalogRefs } from '../rules/testing/shipped-cards';
import { closestNames, editDistance } from './closest-names';
import { deckCatalogOf, resolveDeckLines } from './resolve';
import type { LineRef, ParsedDeckList } from './types';

// Name resolution is tested without card types (a hero among the cards is the last test's subject).
const untyped = (refs: { type?: string }[]) => refs.map(({ type: _type, ...ref }) => ref) as ReturnType<typeof catalogRefs>;
const wow = deckCatalogOf(untyped(catalogRefs('HOA', 'MOL', 'TDP', 'WG')));
const typedWow = deckCatalogOf(catalogRefs('HOA', 'MOL', 'TDP', 'WG'));
const berserk = deckCatalogOf(untyped(catalogRefs('S1')));
const list = (main: Omit<LineRef, 'line'>[], extra: Partial<ParsedDeckList> = {}): ParsedDeckList => ({
  main: main.map((m, i) => ({ line: i + 1, ...m })),
  sideboard: [],
  errors: [],
  ignored: [],
  notes: [],
  ...extra,
});

describe('resolveDeckLines', () => {
  it('resolves a unique name anywhere in the game, case and apostrophes aside', () => {
    const { deck, unresolved } = resolveDeckLines(
      list([
        { name: 'PYROBLAST', count: 2 },
        { name: 'Bo’ja, Arcanist Absolute', count: 1 },
      ]),
      wow,
      [],
    );
    expect(unresolved).toEqual([]);
    expect(deck.main).toEqual([
      { card: { cardId: card('HOA', 'Pyroblast').cardId, setCode: 'HOA', name: 'Pyroblast' }, count: 2 },
      { card: { cardId: 'MOL-11', setCode: 'MOL', name: "Bo'ja, Arcanist Absolute" }, count: 1 },
    ]);
  });

  it('a name in several sets (Surge of Life: TDP and WG) is ambiguous, never guessed', () => {
    const { deck, unresolved } = resolveDeckLines(list([{ name: 'Surge of Life', count: 2 }]), wow, []);
    expect(deck.main).toEqual([]);
    expect(unresolved).toEqual([
      {
        line: 1,
        section: 'main',
        name: 'Surge of Life',
        count: 2,
        reason: 'ambiguous',
        message: '"Surge of Life" names 2 different cards (Surge of Life (TDP), Surge of Life (WG)): write the set after the name to choose one.',
        candidates: [
          { cardId: 'TDP-102', setCode: 'TDP', name: 'Surge of Life' },
          { cardId: 'WG-78', setCode: 'WG', name: 'Surge of Life' },
        ],
      },
    ]);
  });

  it("the event's sets are tried first: Surge of Life resolves to WG in a WG event", () => {
    const { deck, unresolved } = resolveDeckLines(list([{ name: 'Surge of Life', count: 2 }]), wow, ['wg']);
    expect(unresolved).toEqual([]);
    expect(deck.main[0].card.cardId).toBe('WG-78');
  });

  it('a name outside the event sets still resolves in the whole game', () => {
    const { deck } = resolveDeckLines(list([{ name: 'Pyroblast', count: 1 }]), wow, ['MOL']);
    expect(deck.main[0].card.setCode).toBe('HOA');
  });

  it('a set written on the line chooses the printing; a set without that name is reported', () => {
    const { deck, unresolved } = resolveDeckLines(
      list([
        { name: 'Surge of Life', count: 1, set: 'TDP' },
        { name: 'Surge of Life', count: 1, set: 'HOA' },
      ]),
      wow,
      ['WG'],
    );
    expect(deck.main.map((e) => e.card.cardId)).toEqual(['TDP-102']);
    expect(unresolved.map((u) => [u.reason, u.message])).toEqual([['not-in-set', 'Set HOA has no card named "Surge of Life"; cards of that name are in TDP, WG.']]);
  });

  it('an unknown name comes with the closest names (typo, missing word)', () => {
    const { unresolved } = resolveDeckLines(
      list([
        { name: 'Pyroblst', count: 1 },
        { name: 'Grunts', count: 3 },
        { name: 'Zzzzqqq', count: 1 },
      ]),
      wow,
      [],
    );
    expect(unresolved.map((u) => u.reason)).toEqual(['unknown', 'unknown', 'unknown']);
    expect(unresolved[0].message).toBe('No card is named "Pyroblst". Did you mean "Pyroblast"?');
    expect(unresolved[0].candidates).toEqual([{ cardId: card('HOA', 'Pyroblast').cardId, setCode: 'HOA', name: 'Pyroblast' }]);
    expect(unresolved[1].candidates.map((c) => c.name)).toContain('Orgrimmar Grunts');
    expect(unresolved[2]).toMatchObject({ message: 'No card is named "Zzzzqqq".', candidates: [] });
  });

  it('merges lines of the same card per section and keeps the hero apart', () => {
    const parsed = list(
      [
        { name: 'Chromie', count: 1 },
        { name: 'chromie', count: 2 },
      ],
      {
        hero: { line: 9, name: 'Boris Brightbeard', count: 1 },
        sideboard: [{ line: 10, name: 'Chromie', count: 1 }],
      },
    );
    const { deck } = resolveDeckLines(parsed, wow, []);
    expect(deck.hero).toEqual({ cardId: 'HOA-1', setCode: 'HOA', name: 'Boris Brightbeard' });
    expect(deck.main.map((e) => [e.card.name, e.count])).toEqual([['Chromie', 3]]);
    expect(deck.sideboard.map((e) => [e.card.name, e.count])).toEqual([['Chromie', 1]]);
  });

  it('an unresolved hero is reported in the hero section', () => {
    const { deck, unresolved } = resolveDeckLines(list([], { hero: { line: 1, name: 'Boris Brightbeerd', count: 1 } }), wow, []);
    expect(deck.hero).toBeNull();
    expect(unresolved[0]).toMatchObject({ section: 'hero', reason: 'unknown', candidates: [{ name: 'Boris Brightbeard' }] });
  });

  it('Berserk names: "е" typed for "ё" resolves (Бьёрн)', () => {
    const { deck, unresolved } = resolveDeckLines(list([{ name: 'Бьерн', count: 2 }]), berserk, ['S1']);
    expect(unresolved).toEqual([]);
    expect(deck.main[0].card.name).toBe('Бьёрн');
  });
});

describe('closest names', () => {
  it('editDistance is Levenshtein, bounded', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('orders by distance then name and stops at the limit', () => {
    expect(closestNames('Fireball', ['Fireball', 'Fire Ball', 'Firebolt', 'Frostbolt'], 2)).toEqual(['Fireball', 'Fire Ball']);
  });

  it('a single hero written among the cards (no hero line) is the hero, with a note; two heroes stay where they are', () => {
    const moved = resolveDeckLines(list([{ name: 'Chromie', count: 4 }], { sideboard: [{ line: 2, name: 'Boris Brightbeard', count: 1 }] }), typedWow, ['HOA']);
    expect(moved.deck.hero?.name).toBe('Boris Brightbeard');
    expect(moved.deck.sideboard).toEqual([]);
    expect(moved.notes).toEqual([{ line: 2, message: 'Boris Brightbeard is a hero: read as the deck’s hero (it was written in the sideboard)' }]);
    const two = resolveDeckLines(
      list([
        { name: 'Boris Brightbeard', count: 1 },
        { name: 'Warrax', count: 1 },
      ]),
      typedWow,
      ['HOA'],
    );
    expect(two.deck.hero).toBeNull();
    expect(two.deck.main).toHaveLength(2);
    expect(two.notes).toEqual([]);
  });

  it('a set code that names no set here (MWS "[6]", "ICE") is read as none: found by name, with one note per code', () => {
    const read = resolveDeckLines(
      list([
        { name: 'Chromie', count: 4, set: '6' },
        { name: 'Pyroblast', count: 2, set: '6' },
        { name: 'Orgrimmar Grunts', count: 1, set: 'MOL' },
      ]),
      wow,
      ['HOA'],
    );
    expect(read.deck.main.map((e) => e.card.cardId)).toEqual(['HOA-277', 'HOA-59']);
    expect(read.unresolved.map((u) => [u.line, u.reason, u.set])).toEqual([[3, 'not-in-set', 'MOL']]);
    expect(read.notes).toEqual([{ line: 1, message: 'set code 6 names no set here: its cards were found by name alone' }]);
  });

  it("rule: another tool's set code of the game's alias table (ICE for Icecrown) is read as Podium's code, noted once", () => {
    const icc = deckCatalogOf([
      { cardId: 'ICC-7', setCode: 'ICC', name: 'Frost Nova' },
      { cardId: 'HOA-55', setCode: 'HOA', name: 'Frost Nova' },
    ]);
    const read = resolveDeckLines(
      list([
        { name: 'Frost Nova', count: 2, set: 'ICE' },
        { name: 'Frost Nova', count: 1, set: 'ICE' },
      ]),
      icc,
      [],
      { ICE: 'ICC' },
    );
    expect(read.deck.main.map((e) => [e.card.cardId, e.count])).toEqual([['ICC-7', 3]]);
    expect(read.unresolved).toEqual([]);
    expect(read.notes).toEqual([{ line: 1, message: 'set code ICE is what other tools write for ICC: read as ICC' }]);
  });

  it('bug: an .o8d line of a card named in two sets was ambiguous; its OCTGN GUID now picks the card', () => {
    const guid = '2bd945da-245c-41fc-85e7-659c613086c6';
    const catalog = deckCatalogOf([
      { cardId: 'IG-7', setCode: 'IG', name: 'Frost Nova', octgnId: guid },
      { cardId: 'XX-9', setCode: 'XX', name: 'Frost Nova' },
    ]);
    const read = resolveDeckLines(list([{ name: 'Frost Nova', count: 2, octgnId: guid.toUpperCase().toLowerCase() }]), catalog, []);
    expect(read.unresolved).toEqual([]);
    expect(read.deck.main.map((e) => [e.card.cardId, e.count])).toEqual([['IG-7', 2]]);
    // Without the GUID (or with one the catalog does not know) the name alone stays ambiguous.
    expect(resolveDeckLines(list([{ name: 'Frost Nova', count: 2, octgnId: '00000000-0000-4000-8000-000000000000' }]), catalog, []).unresolved[0].reason).toBe('ambiguous');
  });
});
