import { parseMwDeck, writeMwDeck } from './mwdeck';

describe('Magic Workstation .mwDeck deck files', () => {
  it('reads "2 [SET] Name", "SB: 1 [SET] Name", empty or missing sets, the HERO comment; skips other comments', () => {
    const text = [
      '// Deck file for Magic Workstation (http://www.magicworkstation.com)',
      '// NAME : Holy Boris',
      '// HERO : [HOA] Boris Brightbeard',
      '        4 [HOA] Chromie',
      '        2 [] Pyroblast',
      '        1 Orgrimmar Grunts (1)',
      "SB:  1 [mol] Bo'ja, Arcanist Absolute",
    ].join('\r\n');
    expect(parseMwDeck(text)).toEqual({
      hero: { line: 3, name: 'Boris Brightbeard', count: 1, set: 'HOA' },
      main: [
        { line: 4, name: 'Chromie', count: 4, set: 'HOA' },
        { line: 5, name: 'Pyroblast', count: 2 },
        { line: 6, name: 'Orgrimmar Grunts', count: 1 },
      ],
      sideboard: [{ line: 7, name: "Bo'ja, Arcanist Absolute", count: 1, set: 'MOL' }],
      errors: [],
      ignored: [
        { line: 1, reason: 'comment', text: '// Deck file for Magic Workstation (http://www.magicworkstation.com)' },
        { line: 2, reason: 'comment', text: '// NAME : Holy Boris' },
      ],
      notes: [],
    });
  });

  it('drops a trailing {n} marker (the cost, as some tools write it) from the name', () => {
    expect(parseMwDeck("        4 [6] Bloodbane's Fall {5}\nSB:  1 [6] Boris Brightbeard").main).toEqual([{ line: 1, name: "Bloodbane's Fall", count: 4, set: '6' }]);
  });

  it('lists unreadable lines', () => {
    expect(parseMwDeck('Chromie\n4 [HOA]\n// Hero: [HOA] Warrax\n// hero: Gorebelly').errors).toEqual([
      { line: 1, message: 'expected "2 [SET] Card Name" or "SB: 2 [SET] Card Name"' },
      { line: 2, message: 'the card name is missing' },
      { line: 4, message: 'a deck has one hero, and Warrax (line 3) is already the hero' },
    ]);
  });

  it('writes the hero as a comment MWS ignores, main lines and SB: lines', () => {
    const hero = { cardId: 'HOA-1', setCode: 'HOA', name: 'Boris Brightbeard' };
    const chromie = { cardId: 'HOA-175', setCode: 'HOA', name: 'Chromie' };
    expect(writeMwDeck({ hero, main: [{ card: chromie, count: 4 }], sideboard: [{ card: chromie, count: 1 }] })).toBe(
      '// Deck file for Magic Workstation, written by Podium\r\n// HERO : [HOA] Boris Brightbeard\r\n        4 [HOA] Chromie\r\nSB:  1 [HOA] Chromie\r\n',
    );
  });
});
