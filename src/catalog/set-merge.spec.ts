import { comparableName, factsKey, matchForMerge, MAX_DIFFERENCES_LISTED, type CatalogCardFacts, type PresentationRow } from './set-merge';

const catalog: CatalogCardFacts[] = [
  { cardId: 'HOA-1', number: 1, name: 'Dizdemona', facts: factsKey('uncommon', 'hero', { faction: 'Alliance' }) },
  { cardId: 'HOA-2', number: 2, name: 'Fire Blast', facts: factsKey('common', 'ability', { faction: 'Neutral' }) },
  { cardId: 'HOA-3', number: 3, name: 'Ravenous Bite', facts: factsKey('common', 'ability', { faction: 'Neutral' }) },
];

describe('matchForMerge (a set file merging into the catalog’s copy of its set)', () => {
  it('rule: a file of the same cards merges its GUIDs and text by number and name', () => {
    const file: PresentationRow[] = catalog.map((c) => ({ number: c.number, name: c.name, octgnId: `guid-${c.number}`, text: null }));
    const match = matchForMerge('HOA', catalog, file)!;
    expect(match.merged.map((m) => [m.cardId, m.octgnId])).toEqual([
      ['HOA-1', 'guid-1'],
      ['HOA-2', 'guid-2'],
      ['HOA-3', 'guid-3'],
    ]);
    expect(match.notes).toEqual([]);
  });

  it('rule: a misnumbered card merges by its name when the set has one card of that name, noted', () => {
    const file: PresentationRow[] = [
      { number: 1, name: 'Dizdemona' },
      { number: 1, name: 'Fire Blast', octgnId: 'guid-fb' },
      { number: 3, name: 'Ravenous Bite' },
    ];
    const match = matchForMerge('HOA', catalog, file)!;
    expect(match.merged.find((m) => m.cardId === 'HOA-2')!.octgnId).toBe('guid-fb');
    expect(match.notes).toEqual([expect.objectContaining({ rule: 'mergedByName', card: 'Fire Blast' })]);
  });

  it('rule: facts that differ are never taken; the differing cards are named', () => {
    const file: PresentationRow[] = catalog.map((c) => ({
      number: c.number,
      name: c.name,
      facts: c.number === 3 ? factsKey('common', 'ability', { faction: 'Hunter' }) : c.facts,
    }));
    const match = matchForMerge('HOA', catalog, file)!;
    expect(match.notes).toEqual([expect.objectContaining({ rule: 'factsKept', message: expect.stringContaining('HOA-3') })]);
  });

  it('rule: another card list is no merge (a new version): a card more, a card less or a name the set lacks', () => {
    const same = catalog.map((c) => ({ number: c.number, name: c.name }));
    expect(matchForMerge('HOA', catalog, [...same, { number: 4, name: 'New Card' }])).toBeNull();
    expect(matchForMerge('HOA', catalog, same.slice(1))).toBeNull();
    expect(matchForMerge('HOA', catalog, [same[0], same[1], { number: 3, name: 'Ravenous Bite (errata)' }])).toBeNull();
  });

  it('names at most MAX_DIFFERENCES_LISTED differing cards and counts the rest', () => {
    const many: CatalogCardFacts[] = Array.from({ length: 15 }, (_, i) => ({ cardId: `X-${i + 1}`, number: i + 1, name: `Card ${i + 1}`, facts: 'a' }));
    const match = matchForMerge(
      'X',
      many,
      many.map((c) => ({ number: c.number, name: c.name, facts: 'b' })),
    )!;
    expect(match.notes[0].message).toContain(`and ${15 - MAX_DIFFERENCES_LISTED} more`);
  });

  it('factsKey ignores key order (a card read back from jsonb compares equal)', () => {
    expect(factsKey('c', 'ally', { b: 1, a: { y: 1, x: 2 } })).toBe(factsKey('c', 'ally', { a: { x: 2, y: 1 }, b: 1 }));
  });
});

describe('comparableName', () => {
  it('rule: an article written after the name ("Longeye, The") is the same card as "The Longeye"', () => {
    expect(comparableName('Longeye, The')).toBe(comparableName('The Longeye'));
    expect(comparableName('Rare Bean, A')).toBe(comparableName('A Rare Bean'));
  });

  it('rule: a name a letter or two off at the same number merges, noted as a spelling', () => {
    const cat: CatalogCardFacts[] = [{ cardId: 'DOW-1', number: 1, name: 'Grand Marshal Goldensword', facts: 'f' }];
    const match = matchForMerge('DOW', cat, [{ number: 1, name: 'Grand Marshall Goldensword', octgnId: 'g' }])!;
    expect(match.merged[0]).toMatchObject({ cardId: 'DOW-1', octgnId: 'g' });
    expect(match.notes).toEqual([expect.objectContaining({ rule: 'spelling' })]);
  });
});
