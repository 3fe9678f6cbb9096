import { parseO8dDeck, writeO8dDeck } from './o8d';

const OCTGN = `<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<deck game="d7e6fd4f-5252-4C4C-4A4A-a645c4d8e45f">
  <section name="Hero" shared="False">
    <card qty="1" id="c49f1fed-a1a1-46b1-8d47-8c711550bdf1">Boris Brightbeard</card>
  </section>
  <section name="Ally" shared="False">
    <card qty="4" id="8a4b9c0e-0000-4000-8000-000000000001">Chromie</card>
  </section>
  <section name="Ability" shared="False">
    <card qty="2" id="8a4b9c0e-0000-4000-8000-000000000002">Bo&apos;ja, Arcanist Absolute</card>
    <card qty="1" id="HOA-59">Pyroblast</card>
  </section>
  <section name="Side Deck" shared="False">
    <card qty="1" id="x">Cold Snap</card>
  </section>
  <notes><![CDATA[sealed]]></notes>
</deck>`;

describe('OCTGN .o8d deck files', () => {
  it('reads the Hero section, every type section as main deck, the side section as sideboard', () => {
    expect(parseO8dDeck(OCTGN)).toEqual({
      hero: { line: 4, name: 'Boris Brightbeard', count: 1, octgnId: 'c49f1fed-a1a1-46b1-8d47-8c711550bdf1' },
      main: [
        { line: 7, name: 'Chromie', count: 4, octgnId: '8a4b9c0e-0000-4000-8000-000000000001' },
        { line: 10, name: "Bo'ja, Arcanist Absolute", count: 2, octgnId: '8a4b9c0e-0000-4000-8000-000000000002' },
        { line: 11, name: 'Pyroblast', count: 1, set: 'HOA' }, // a Podium id gives the set
      ],
      sideboard: [{ line: 14, name: 'Cold Snap', count: 1 }],
      errors: [],
      ignored: [],
      notes: [],
    });
  });

  it('lists cards without qty, with a bad qty or without a name', () => {
    const parsed = parseO8dDeck(
      '<deck>\n<section name="Main">\n<card id="a">Chromie</card>\n<card qty="-1">Chromie</card>\n<card qty="1"/>\n<card qty="2">Pyroblast</card>\n</section>\n</deck>',
    );
    expect(parsed.errors).toEqual([
      { line: 3, message: 'the card "Chromie" has no qty attribute' },
      { line: 4, message: '"-1" is not a number of copies' },
      { line: 5, message: 'the card name is missing' },
    ]);
    expect(parsed.main).toEqual([{ line: 6, name: 'Pyroblast', count: 2 }]);
  });

  it('refuses XML that is not well-formed, another root element, and external entities (MALFORMED_BODY)', () => {
    expect(() => parseO8dDeck('<deck><section name="Main"></deck>')).toThrow(expect.objectContaining({ code: 'MALFORMED_BODY' }));
    expect(() => parseO8dDeck('<set name="x"/>')).toThrow(expect.objectContaining({ code: 'MALFORMED_BODY', message: expect.stringMatching(/<deck>/) }));
    const xxe = '<?xml version="1.0"?><!DOCTYPE deck [<!ENTITY x SYSTEM "file:///etc/passwd">]><deck><section name="Main"><card qty="1">&x;</card></section></deck>';
    expect(() => parseO8dDeck(xxe)).toThrow(expect.objectContaining({ code: 'MALFORMED_BODY' }));
  });

  it('writes Hero, Main and Sideboard sections, Podium ids (named in the notes: OCTGN does not know them), escaped names and the OCTGN game id', () => {
    const hero = { cardId: 'MOL-11', setCode: 'MOL', name: "Bo'ja, Arcanist Absolute" };
    const chromie = { cardId: 'HOA-175', setCode: 'HOA', name: 'Chromie' };
    expect(writeO8dDeck({ hero, main: [{ card: chromie, count: 4 }], sideboard: [] }, { podiumIds: true })).toBe(
      [
        '<?xml version="1.0" encoding="utf-8" standalone="yes"?>',
        '<deck game="d7e6fd4f-5252-4C4C-4A4A-a645c4d8e45f">',
        '  <section name="Hero" shared="False">',
        '    <card qty="1" id="MOL-11">Bo&apos;ja, Arcanist Absolute</card>',
        '  </section>',
        '  <section name="Main" shared="False">',
        '    <card qty="4" id="HOA-175">Chromie</card>',
        '  </section>',
        '  <section name="Sideboard" shared="False">',
        '  </section>',
        '  <notes><![CDATA[No OCTGN id known (set not imported from an OCTGN file), written as Podium card ids: MOL-11, HOA-175]]></notes>',
        '</deck>',
        '',
      ].join('\n'),
    );
    expect(writeO8dDeck({ hero: null, main: [], sideboard: [] }, { game: 'berserk', podiumIds: true })).toContain('<deck game="berserk">');
  });

  it('rule: a deck OCTGN could not load is refused before writing (OCTGN_IDS_MISSING naming the cards), never written as a "corrupt" file', () => {
    const hero = { cardId: 'MOL-11', setCode: 'MOL', name: "Bo'ja, Arcanist Absolute", octgnId: 'c49f1fed-a1a1-46b1-8d47-8c711550bdf1' };
    const tdp = { cardId: 'TDP-3', setCode: 'TDP', name: 'Some Ally' };
    let thrown: unknown;
    try {
      writeO8dDeck({ hero, main: [{ card: tdp, count: 2 }], sideboard: [] });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({
      code: 'OCTGN_IDS_MISSING',
      message: expect.stringMatching(/1 card has no OCTGN id \(sets TDP.*\?octgnIds=podium/),
      details: [expect.objectContaining({ rule: 'octgnId', card: 'Some Ally' })],
    });
    expect(() => writeO8dDeck({ hero: null, main: [], sideboard: [] }, { game: 'berserk' })).toThrow(
      expect.objectContaining({ code: 'OCTGN_IDS_MISSING', message: expect.stringContaining('no berserk game definition') }),
    );
  });

  it('rule: cards of a set imported from OCTGN are written with their OCTGN GUIDs, and the notes stay empty', () => {
    const guid = 'c49f1fed-a1a1-46b1-8d47-8c711550bdf1';
    const boris = { cardId: 'HOA-1', setCode: 'HOA', name: 'Boris Brightbeard', octgnId: guid };
    const ally = { cardId: 'HOA-2', setCode: 'HOA', name: 'Ally', octgnId: '6d03c953-3862-41b4-abaf-c23fdf4e09a7' };
    const file = writeO8dDeck({ hero: boris, main: [{ card: ally, count: 3 }], sideboard: [] });
    expect(file).toContain(`<card qty="1" id="${guid}">Boris Brightbeard</card>`);
    expect(file).toContain('<card qty="3" id="6d03c953-3862-41b4-abaf-c23fdf4e09a7">Ally</card>');
    expect(file).toContain('<notes><![CDATA[]]></notes>');
  });

  it('keeps a card’s OCTGN GUID (braces and case aside) for the resolver', () => {
    const parsed = parseO8dDeck(
      '<deck><section name="Main"><card qty="2" id="{2BD945DA-245C-41FC-85E7-659C613086C6}">Frost Nova</card><card qty="1" id="HOA-59">Pyroblast</card></section></deck>',
    );
    expect(parsed.main).toEqual([
      { line: 1, name: 'Frost Nova', count: 2, octgnId: '2bd945da-245c-41fc-85e7-659c613086c6' },
      { line: 1, name: 'Pyroblast', count: 1, set: 'HOA' },
    ]);
  });
});
