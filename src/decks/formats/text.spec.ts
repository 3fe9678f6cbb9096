import { parseTextDeck, writeTextDeck } from './text';

describe('plain-text deck lists', () => {
  it('reads counts, names, optional (SET), the Hero: line, comments, blank lines and the sideboard', () => {
    const text = [
      '\uFEFF// Holy priest, sealed HOA',
      'Hero: Boris Brightbeard (HOA)',
      '',
      '4 Chromie',
      '2x Surge of Life (tdp)',
      '3 x Orgrimmar Grunts',
      '# another comment',
      "1 Bo'ja, Arcanist Absolute (MOL)",
      'Sideboard:',
      '1 Pyroblast',
    ].join('\r\n');
    expect(parseTextDeck(text)).toEqual({
      hero: { line: 2, name: 'Boris Brightbeard', count: 1, set: 'HOA' },
      main: [
        { line: 4, name: 'Chromie', count: 4 },
        { line: 5, name: 'Surge of Life', count: 2, set: 'TDP' },
        { line: 6, name: 'Orgrimmar Grunts', count: 3 },
        { line: 8, name: "Bo'ja, Arcanist Absolute", count: 1, set: 'MOL' },
      ],
      sideboard: [{ line: 10, name: 'Pyroblast', count: 1 }],
      errors: [],
      ignored: [
        { line: 1, reason: 'comment', text: '// Holy priest, sealed HOA' },
        { line: 7, reason: 'comment', text: '# another comment' },
        { line: 9, reason: 'section', text: 'Sideboard:' },
      ],
      notes: [],
    });
  });

  it('a name starting with X is not read as "2x"; "Main:" returns to the main deck; a card may follow "Sideboard:"', () => {
    const parsed = parseTextDeck('Sideboard: 1 Chromie\nMain deck:\n2 Xavian Rogue');
    expect(parsed.sideboard).toEqual([{ line: 1, name: 'Chromie', count: 1 }]);
    expect(parsed.main).toEqual([{ line: 3, name: 'Xavian Rogue', count: 2 }]);
  });

  it('lists unreadable lines with their numbers and reads on', () => {
    const parsed = parseTextDeck(['1 Pyroblast', 'Chromie', '0 Chromie', 'Hero:', 'Hero: Boris Brightbeard', 'Hero: Warrax', '2 Fireball', '5000 Orgrimmar Grunts'].join('\n'));
    expect(parsed.errors).toEqual([
      { line: 2, message: 'expected a number of copies and a card name, like "2 Chromie"' },
      { line: 3, message: 'the number of copies must be at least 1' },
      { line: 4, message: 'the Hero: line names no card' },
      { line: 6, message: 'a deck has one hero, and Boris Brightbeard (line 5) is already the hero' },
      { line: 8, message: '5000 copies on one line is more than the 999 accepted' },
    ]);
    expect(parsed.main).toEqual([
      { line: 1, name: 'Pyroblast', count: 1 },
      { line: 7, name: 'Fireball', count: 2 },
    ]);
  });

  it('a first line that is no card line is the title: ignored, with its reason', () => {
    const parsed = parseTextDeck('Holy Boris — league week 3\nHero: Boris Brightbeard\n4 Chromie');
    expect(parsed.ignored).toEqual([{ line: 1, reason: 'title', text: 'Holy Boris — league week 3' }]);
    expect(parsed.errors).toEqual([]);
  });

  it('.deck files: a "# HERO  Name" line is the hero, not a comment', () => {
    const parsed = parseTextDeck('# HERO  Boris Brightbeard\n# made with a deck tool\n4 Chromie');
    expect(parsed.hero).toEqual({ line: 1, name: 'Boris Brightbeard', count: 1 });
    expect(parsed.ignored).toEqual([{ line: 2, reason: 'comment', text: '# made with a deck tool' }]);
  });

  it('the sideboard starts at "// Sideboard", at "Sideboard:" and on "SB:" lines', () => {
    for (const text of ['4 Chromie\n// Sideboard\n1 Pyroblast', '4 Chromie\nSideboard:\n1 Pyroblast', '4 Chromie\nSB: 1 Pyroblast', '4 Chromie\nSB:1 Pyroblast']) {
      const parsed = parseTextDeck(text);
      expect([text, parsed.main.map((r) => r.name), parsed.sideboard.map((r) => r.name), parsed.errors]).toEqual([text, ['Chromie'], ['Pyroblast'], []]);
    }
    // A comment that only mentions the sideboard is a comment.
    expect(parseTextDeck('4 Chromie\n// sideboard plan: bring in Pyroblast').ignored).toEqual([{ line: 2, reason: 'comment', text: '// sideboard plan: bring in Pyroblast' }]);
  });

  it('rule MAIN_DECK_MINIMUM: cards after a blank line are the sideboard when the block before holds a main deck (30+) and no heading says otherwise — with a note', () => {
    const main = ['10 Chromie', '10 Orgrimmar Grunts', '10 Surge of Life'];
    const parsed = parseTextDeck([...main, '', '2 Pyroblast', '1 Fireball'].join('\n'));
    expect(parsed.main.map((r) => r.name)).toEqual(['Chromie', 'Orgrimmar Grunts', 'Surge of Life']);
    expect(parsed.sideboard.map((r) => r.line)).toEqual([5, 6]);
    expect(parsed.notes).toEqual([{ line: 5, message: expect.stringContaining('read as the sideboard from line 5') }]);
    // Groups of a main deck under 30 cards, three groups, or an explicit heading: no guess.
    expect(parseTextDeck(['4 Chromie', '', '2 Pyroblast'].join('\n')).sideboard).toEqual([]);
    expect(parseTextDeck([...main, '', '2 Pyroblast', '', '1 Fireball'].join('\n')).sideboard).toEqual([]);
    expect(parseTextDeck([...main, '', '2 Pyroblast', 'Sideboard:', '1 Fireball'].join('\n')).sideboard.map((r) => r.name)).toEqual(['Fireball']);
  });

  it('a trailing {n} marker some tools append (the cost) is not part of the name', () => {
    expect(parseTextDeck("4 Bloodbane's Fall {5}").main).toEqual([{ line: 1, name: "Bloodbane's Fall", count: 4 }]);
  });

  it('writes every card with its set, the hero first and the sideboard last', () => {
    const hero = { cardId: 'HOA-1', setCode: 'HOA', name: 'Boris Brightbeard' };
    const chromie = { cardId: 'HOA-175', setCode: 'HOA', name: 'Chromie' };
    expect(writeTextDeck({ hero, main: [{ card: chromie, count: 4 }], sideboard: [{ card: chromie, count: 1 }] })).toBe(
      'Hero: Boris Brightbeard (HOA)\n\n4 Chromie (HOA)\n\nSideboard:\n1 Chromie (HOA)\n',
    );
    expect(writeTextDeck({ hero: null, main: [{ card: chromie, count: 4 }], sideboard: [] })).toBe('4 Chromie (HOA)\n');
  });
});
