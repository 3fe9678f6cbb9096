import { distinctNames } from './distinct-names';

describe('distinctNames (two players of one event with the same name)', () => {
  it('shows shared names with the entrant number, unique names as entered', () => {
    const shown = distinctNames([
      { name: 'Alex', number: 3 },
      { name: 'Boris', number: 4 },
      { name: 'alex', number: 7 },
    ]).map((e) => e.name);
    expect(shown).toEqual(['Alex (#3)', 'Boris', 'alex (#7)']);
  });

  it('compares NFC forms: a composed and a decomposed "José" are the same name', () => {
    const shown = distinctNames([
      { name: 'Jos\u00E9', number: 1 },
      { name: 'Jose\u0301', number: 2 },
    ]).map((e) => e.name);
    expect(shown).toEqual(['Jos\u00E9 (#1)', 'Jose\u0301 (#2)']);
  });
});
