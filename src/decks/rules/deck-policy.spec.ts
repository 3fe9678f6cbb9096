import { thrown } from '../../../test/utils/thrown';
import {
  assertCheckSources,
  assertDeckListEntries,
  assertDeckOpen,
  assertDeckListSize,
  assertKnownCards,
  assertKnownSets,
  assertSuggestible,
  MAX_DECK_LIST_LINES,
  teamShare,
} from './deck-policy';

describe('deck policy: deck list files', () => {
  it(`a deck list has at most ${MAX_DECK_LIST_LINES} non-empty lines`, () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `1 Card ${i}`).join('\n');
    expect(() => assertDeckListSize(lines(MAX_DECK_LIST_LINES))).not.toThrow();
    expect(thrown(() => assertDeckListSize(lines(MAX_DECK_LIST_LINES + 1)))).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: `A deck list has at most ${MAX_DECK_LIST_LINES} lines; this one has ${MAX_DECK_LIST_LINES + 1}`,
      details: [{ field: 'body', rule: 'maxLines', message: `at most ${MAX_DECK_LIST_LINES} non-empty lines` }],
    });
  });

  it('empty and blank lines do not count towards the limit', () => {
    const text = Array.from({ length: MAX_DECK_LIST_LINES }, () => '1 Card\n   \n\r').join('\n');
    expect(() => assertDeckListSize(text)).not.toThrow();
  });

  it(`a deck list read holds at most ${MAX_DECK_LIST_LINES} entries, whatever its lines`, () => {
    expect(() => assertDeckListEntries(MAX_DECK_LIST_LINES)).not.toThrow();
    expect(thrown(() => assertDeckListEntries(MAX_DECK_LIST_LINES + 1))).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: `A deck list has at most ${MAX_DECK_LIST_LINES} cards or lines; this one has ${MAX_DECK_LIST_LINES + 1}`,
      details: [{ field: 'body', rule: 'maxLines', message: `at most ${MAX_DECK_LIST_LINES} cards or lines` }],
    });
  });

  it("a deck written out names only cards of the game's current sets", () => {
    expect(() => assertKnownCards('wow-tcg', ['HOA-1', 'HOA-2'], new Set(['HOA-1', 'HOA-2']))).not.toThrow();
    expect(thrown(() => assertKnownCards('wow-tcg', ['HOA-1', 'XXX-9'], new Set(['HOA-1'])))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Unknown cards of wow-tcg: XXX-9',
      details: [{ field: 'main', rule: 'knownCard', message: "no card XXX-9 in the game's current sets" }],
    });
  });

  it('unknown cards: the message names the first 10, the details the first 25', () => {
    const named = Array.from({ length: 30 }, (_, i) => `X-${i}`);
    const error = thrown(() => assertKnownCards('berserk', named, new Map()));
    expect(error.message).toBe(`Unknown cards of berserk: ${named.slice(0, 10).join(', ')}`);
    expect(error.details.map((d) => d.message)).toEqual(named.slice(0, 25).map((id) => `no card ${id} in the game's current sets`));
  });
});

describe('deck policy: stand-alone checks', () => {
  it('a check gives a pool or the sets of real boosters, not both', () => {
    expect(thrown(() => assertCheckSources({ format: 'limited', sets: ['HOA'], pool: [{ cardId: 'HOA-1', count: 1 }] }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Give either a pool or the sets of real boosters, not both',
      details: [{ field: 'sets', rule: 'exclusiveWithPool', message: 'sets and pool together' }],
    });
  });

  it('sets of real boosters apply to a Limited deck only', () => {
    expect(thrown(() => assertCheckSources({ format: 'constructed', sets: ['HOA'] }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'sets (real boosters) apply to a Limited deck only',
      details: [{ field: 'sets', rule: 'limitedOnly', message: 'format is constructed' }],
    });
  });

  it('sets and a pool together are refused before sets in a Constructed check', () => {
    expect(thrown(() => assertCheckSources({ format: 'constructed', sets: [], pool: [] })).details[0].rule).toBe('exclusiveWithPool');
  });

  it('a pool, sets for Limited, or neither are fine', () => {
    expect(() => assertCheckSources({ format: 'limited', pool: [] })).not.toThrow();
    expect(() => assertCheckSources({ format: 'limited', sets: ['HOA'] })).not.toThrow();
    expect(() => assertCheckSources({ format: 'constructed', pool: [] })).not.toThrow();
    expect(() => assertCheckSources({ format: 'constructed' })).not.toThrow();
  });

  it("the sets of real boosters are sets of the deck's game, ignoring case", () => {
    expect(() => assertKnownSets('wow-tcg', ['hoa', 'TDP'], ['HOA', 'tdp'])).not.toThrow();
    expect(thrown(() => assertKnownSets('wow-tcg', ['HOA', 'ZZZ', 'yyy'], ['HOA']))).toMatchObject({
      code: 'SET_NOT_FOUND',
      message: 'No wow-tcg set ZZZ, yyy',
      details: [
        { field: 'sets', rule: 'exists', message: 'unknown set ZZZ' },
        { field: 'sets', rule: 'exists', message: 'unknown set yyy' },
      ],
    });
  });
});

describe('deck policy: pools', () => {
  it('no deck is suggested for real boosters: Podium does not know the pool', () => {
    expect(() => assertSuggestible('generated')).not.toThrow();
    expect(thrown(() => assertSuggestible('physical'))).toMatchObject({
      code: 'PHYSICAL_BOOSTERS',
      message: 'This event uses real boosters: Podium does not know your pool, so it cannot suggest a deck from it',
      details: [{ field: 'packSource', rule: 'generatedPacksOnly', message: "the event's packSource is physical" }],
    });
  });

  it('pooled team sealed: a member builds from their share once the team has split its pool', () => {
    const share = [{ cardId: 'HOA-1', count: 2 }];
    expect(teamShare(share, true)).toBe(share);
    expect(teamShare(share, false)).toBe(share);
  });

  it('pooled team sealed: no deck is built before the team splits its pool', () => {
    expect(thrown(() => teamShare(null, true))).toMatchObject({
      code: 'EVENT_STATE_CONFLICT',
      message: 'Pooled team sealed: the team splits its pool first (PUT /api/events/:id/teams/:teamId/split)',
      details: [{ field: 'pool', rule: 'teamSplit', message: 'the team pool is not split yet' }],
    });
  });

  it('pooled team sealed: where the split is not required, an unsplit pool is empty', () => {
    expect(teamShare(null, false)).toEqual([]);
  });
});

describe('deck policy: LATE_DECK_OPEN', () => {
  it('decks are submitted while building; once round 1 is paired only by a late entry whose first round is not paired yet', () => {
    expect(() => assertDeckOpen('building', 'sealed', { firstRound: null }, null)).not.toThrow();
    expect(thrown(() => assertDeckOpen('playing', 'sealed', { firstRound: null }, 2))).toMatchObject({
      code: 'EVENT_STATE_CONFLICT',
      details: [{ field: 'state', rule: 'submitDeck' }],
    });
    expect(() => assertDeckOpen('playing', 'sealed', { firstRound: 3 }, 2)).not.toThrow();
    expect(thrown(() => assertDeckOpen('playing', 'sealed', { firstRound: 3 }, 3))).toMatchObject({ code: 'EVENT_STATE_CONFLICT' });
    expect(thrown(() => assertDeckOpen('complete', 'sealed', { firstRound: 3 }, 2))).toMatchObject({ code: 'EVENT_STATE_CONFLICT' });
  });
});
