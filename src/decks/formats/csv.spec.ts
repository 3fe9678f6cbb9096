import { DomainError } from '../../common/errors/domain-error';
import { parseCsvDeck, writeCsvDeck } from './csv';
import { readCsvRecords } from '../../common/csv/csv-records';

describe('CSV deck lists', () => {
  it('reads name,count,set with a header, quoted names holding commas and quotes', () => {
    const text = 'name,count,set\r\nChromie,4,HOA\r\n"Bo\'ja, Arcanist Absolute",1,mol\r\n"Are We There, Yeti?",2,\r\n';
    expect(parseCsvDeck(text)).toEqual({
      main: [
        { line: 2, name: 'Chromie', count: 4, set: 'HOA' },
        { line: 3, name: "Bo'ja, Arcanist Absolute", count: 1, set: 'MOL' },
        { line: 4, name: 'Are We There, Yeti?', count: 2 },
      ],
      sideboard: [],
      errors: [],
      ignored: [{ line: 1, reason: 'header', text: 'name,count,set' }],
      notes: [],
    });
  });

  it('as community deck tools write it: a title line, no header, columns count,name,set,type; the Hero type is the hero', () => {
    const text = ['Holy Boris (league week 3)', '1,Boris Brightbeard,HOA,Hero', '4,Chromie,HOA,Ally', '2,"Are We There, Yeti?",HOA,Ability'].join('\r\n');
    const parsed = parseCsvDeck(text);
    expect(parsed.ignored).toEqual([{ line: 1, reason: 'title', text: 'Holy Boris (league week 3)' }]);
    expect(parsed.hero).toEqual({ line: 2, name: 'Boris Brightbeard', count: 1, set: 'HOA' });
    expect(parsed.main).toEqual([
      { line: 3, name: 'Chromie', count: 4, set: 'HOA' },
      { line: 4, name: 'Are We There, Yeti?', count: 2, set: 'HOA' },
    ]);
    expect(parsed.notes).toEqual([{ line: 2, message: 'no header line: read by content, count in column 1, name in column 2, set in column 3, type in column 4' }]);
    expect(parsed.errors).toEqual([]);
  });

  it('with a header, a type column saying Hero places the hero (without a section column)', () => {
    const parsed = parseCsvDeck('count,name,set,type\n1,Boris Brightbeard,HOA,Hero\n4,Chromie,HOA,Ally');
    expect(parsed.hero).toEqual({ line: 2, name: 'Boris Brightbeard', count: 1, set: 'HOA' });
    expect(parsed.main.map((r) => r.name)).toEqual(['Chromie']);
  });

  it('finds columns by header name in any order; the section column places hero and sideboard', () => {
    const text = ['Section,Qty,Card Name,Notes', 'hero,1,Boris Brightbeard,', ',4,Chromie,x', 'main,2,Pyroblast,', 'SB,1,Cold Snap,'].join('\n');
    const parsed = parseCsvDeck(text);
    expect(parsed.hero).toEqual({ line: 2, name: 'Boris Brightbeard', count: 1 });
    expect(parsed.main.map((r) => r.name)).toEqual(['Chromie', 'Pyroblast']);
    expect(parsed.sideboard).toEqual([{ line: 5, name: 'Cold Snap', count: 1 }]);
  });

  it('lists bad records with their lines (line numbers count line breaks inside quotes)', () => {
    const text = ['name,count,set', '"Two\nlines",1,HOA', 'Chro"mie,1,HOA', 'Chromie,1', 'Chromie,two,HOA', '"Chromie"x,1,HOA', 'Chromie,1,HOA'].join('\n');
    const parsed = parseCsvDeck(text);
    expect(parsed.errors).toEqual([
      { line: 4, message: 'a quote inside an unquoted field (put the field in quotes and double the quote)' },
      { line: 5, message: '2 fields, but the header names 3 columns' },
      { line: 6, message: '"two" is not a number of copies' },
      { line: 7, message: 'text follows a closing quote (write "" for a quote inside a quoted field)' },
    ]);
    expect(parsed.main).toEqual([
      { line: 2, name: 'Two lines', count: 1, set: 'HOA' },
      { line: 8, name: 'Chromie', count: 1, set: 'HOA' },
    ]);
  });

  it('a file with neither a header nor a card line, or with an unclosed quote, is MALFORMED_BODY', () => {
    expect(() => parseCsvDeck('deck,by,someone\nnot,a,card\n')).toThrow(DomainError);
    expect(() => parseCsvDeck('deck,by,someone\nnot,a,card\n')).toThrow(/header/);
    try {
      parseCsvDeck('name,count\n"Chromie,4\n');
      throw new Error('expected a throw');
    } catch (e) {
      expect(e).toMatchObject({ code: 'MALFORMED_BODY', details: [{ line: 2 }] });
    }
    expect(parseCsvDeck('')).toEqual({ main: [], sideboard: [], errors: [], ignored: [], notes: [] });
  });

  it('readCsvRecords skips blank lines and keeps empty fields', () => {
    expect(readCsvRecords('a,,b\n\n"",c\n')).toEqual([
      { line: 1, fields: ['a', '', 'b'] },
      { line: 3, fields: ['', 'c'] },
    ]);
  });

  it('writes name,count,set,section with quoting where needed', () => {
    const hero = { cardId: 'MOL-11', setCode: 'MOL', name: "Bo'ja, Arcanist Absolute" };
    const yeti = { cardId: 'HOA-1', setCode: 'HOA', name: 'Are We There, Yeti?' };
    expect(writeCsvDeck({ hero, main: [{ card: yeti, count: 2 }], sideboard: [] })).toBe(
      'name,count,set,section\r\n"Bo\'ja, Arcanist Absolute",1,MOL,hero\r\n"Are We There, Yeti?",2,HOA,main\r\n',
    );
  });
});
