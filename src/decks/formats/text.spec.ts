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
    });
  });

  it('a name starting with X is not read as "2x"; "Main:" returns to the main deck; a card may follow "Sideboard:"', () => {
    const parsed = parseTextDeck('Sideboard: 1 Chromie\nMain deck:\n2 Xavian Rogue');
    expect(parsed.sideboard).toEqual([{ line: 1, name: 'Chromie', count: 1 }]);
    expect(parsed.main).toEqual([{ line: 3, name: 'Xavian Rogue', count: 2 }]);
  });

  it('lists unreadable lines with their numbers and reads on', () => {
    const parsed = parseTextDeck(['Chromie', '0 Chromie', 'Hero:', 'Hero: Boris Brightbeard', 'Hero: Warrax', '2 Fireball', '5000 Orgrimmar Grunts'].join('\n'));
    expect(parsed.errors).toEqual([
      { line: 1, message: 'expected a number of copies and a card name, like "2 Chromie"' },
      { line: 2, message: 'the number of copies must be at least 1' },
      { line: 3, message: 'the Hero: line names no card' },
      { line: 5, message: 'a deck has one hero, and Boris Brightbeard (line 4) is already the hero' },
      { line: 7, message: '5000 copies on one line is more than the 999 accepted' },
    ]);
    expect(parsed.main).toEqual([{ line: 6, name: 'Fireball', count: 2 }]);
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
