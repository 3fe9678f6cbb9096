import { guessSetFileFormat } from './set-file-format';

describe('guessSetFileFormat', () => {
  it('an .xml file or text starting with "<" is an OCTGN set definition', () => {
    expect(guessSetFileFormat('WoW_HoA.xml', '')).toEqual({ format: 'octgn', sets: [] });
    expect(guessSetFileFormat('set.txt', '\uFEFF <?xml version="1.0"?><set/>')).toEqual({ format: 'octgn', sets: [] });
  });

  it('a JSON array of rows is the community WoW TCG JSON', () => {
    expect(guessSetFileFormat('icc.json', '[{"name":"A","setcode":"ICE"}]').format).toBe('wowtcg-json');
  });

  it("Berserk's sets.json is recognised by its card ids, with the sets it holds", () => {
    const text = JSON.stringify({
      cards: [
        { id: 's1_1', set: 's1' },
        { id: 's2_5', set: 's2' },
        { id: 's2_6', set: 's2' },
      ],
    });
    expect(guessSetFileFormat('sets.json', text)).toEqual({ format: 'berserk-json', sets: ['s1', 's2'] });
  });

  it("Podium's own set file has game, code and cards", () => {
    expect(guessSetFileFormat('hoa.json', '{"game":"wow-tcg","code":"HOA","name":"x","cards":[]}').format).toBe('product');
  });

  it('anything else is not recognised: the organizer chooses', () => {
    expect(guessSetFileFormat('list.txt', '4 Fireball').format).toBeNull();
    expect(guessSetFileFormat('x.json', '{"rows": []}').format).toBeNull();
  });
});
