import { checkTeamSplit, teamPool, type CardCount, type MemberShare } from './team-split';

const MEMBERS = ['ann', 'bob'];
/** A team pool of 3 distinct cards, 6 copies in all. */
const POOL: CardCount[] = [
  { cardId: 'HOA-1', count: 2 },
  { cardId: 'HOA-2', count: 1 },
  { cardId: 'HOA-3', count: 3 },
];
const share = (playerId: string, cards: [string, number][]): MemberShare => ({ playerId, cards: cards.map(([cardId, count]) => ({ cardId, count })) });
/** A valid split of POOL: HOA-1 and HOA-3 shared between both members, HOA-2 to ann. */
const VALID: MemberShare[] = [
  share('ann', [
    ['HOA-1', 1],
    ['HOA-2', 1],
    ['HOA-3', 2],
  ]),
  share('bob', [
    ['HOA-1', 1],
    ['HOA-3', 1],
  ]),
];
const rules = (details: { rule: string }[]) => details.map((d) => d.rule);

describe('checkTeamSplit', () => {
  describe('valid splits', () => {
    it('rule: a split that gives every card of the pool to exactly one member is valid (no problem)', () => {
      expect(checkTeamSplit(POOL, MEMBERS, VALID)).toEqual([]);
    });

    it('rule: copies of one card may go to different members (counts add up)', () => {
      const shares = [
        share('ann', [['HOA-3', 1]]),
        share('bob', [
          ['HOA-3', 2],
          ['HOA-1', 2],
          ['HOA-2', 1],
        ]),
      ];
      expect(checkTeamSplit(POOL, MEMBERS, shares)).toEqual([]);
    });

    it('rule: a member may get an empty share (everything to the teammate)', () => {
      const shares = [
        share('ann', []),
        share(
          'bob',
          POOL.map((c) => [c.cardId, c.count]),
        ),
      ];
      expect(checkTeamSplit(POOL, MEMBERS, shares)).toEqual([]);
    });

    it('rule: the order of shares and of cards within a share does not matter', () => {
      const reversed = [...VALID].reverse().map((s) => ({ ...s, cards: [...s.cards].reverse() }));
      expect(checkTeamSplit([...POOL].reverse(), [...MEMBERS].reverse(), reversed)).toEqual([]);
    });

    it('rule: a 3v3 team (three members) splits the same way', () => {
      const shares = [share('ann', [['HOA-1', 2]]), share('bob', [['HOA-2', 1]]), share('cy', [['HOA-3', 3]])];
      expect(checkTeamSplit(POOL, ['ann', 'bob', 'cy'], shares)).toEqual([]);
    });

    it('rule: an empty pool split into empty shares is valid', () => {
      expect(checkTeamSplit([], MEMBERS, [share('ann', []), share('bob', [])])).toEqual([]);
    });
  });

  describe("rule 'member'", () => {
    it('rule: a share for someone outside the team is refused, at shares[i].playerId', () => {
      const problems = checkTeamSplit(POOL, MEMBERS, [...VALID, share('eve', [])]);
      expect(problems).toEqual([{ field: 'shares[2].playerId', rule: 'member', message: 'eve is not a member of this team' }]);
      expect(problems[0].card).toBeUndefined();
    });

    it('rule: a second share for the same member is refused, at the second share', () => {
      const problems = checkTeamSplit(POOL, MEMBERS, [...VALID, share('ann', [])]);
      expect(problems).toEqual([{ field: 'shares[2].playerId', rule: 'member', message: 'ann has more than one share' }]);
    });

    it('rule: a member without a share is refused, at the field "shares"', () => {
      const problems = checkTeamSplit(POOL, MEMBERS, [
        share(
          'ann',
          POOL.map((c) => [c.cardId, c.count]),
        ),
      ]);
      expect(problems).toEqual([{ field: 'shares', rule: 'member', message: 'member bob has no share (give an empty list of cards for none)' }]);
    });

    it("rule: a stranger's share does not stand in for a missing member: both are reported", () => {
      const problems = checkTeamSplit(POOL, MEMBERS, [VALID[0], { ...VALID[1], playerId: 'eve' }]);
      expect(problems.map((p) => [p.rule, p.field])).toEqual([
        ['member', 'shares[1].playerId'],
        ['member', 'shares'],
      ]);
      expect(problems[1].message).toContain('bob');
    });

    it('rule: a member problem does not hide card problems', () => {
      const problems = checkTeamSplit(POOL, MEMBERS, [VALID[0]]);
      expect(rules(problems)).toEqual(['member', 'exactSplit', 'exactSplit']);
    });
  });

  describe("rule 'uniqueCard'", () => {
    it('rule: a card listed twice in one share is refused at its second entry, naming the card', () => {
      const shares = [
        share('ann', [
          ['HOA-1', 1],
          ['HOA-2', 1],
          ['HOA-1', 1],
        ]),
        share('bob', [['HOA-3', 3]]),
      ];
      expect(checkTeamSplit(POOL, MEMBERS, shares)).toEqual([
        { field: 'shares[0].cards[2].cardId', rule: 'uniqueCard', card: 'HOA-1', message: 'HOA-1 is listed twice in one share: give its count once' },
      ]);
    });

    it('rule: the same card in two different shares is not a uniqueCard problem', () => {
      expect(rules(checkTeamSplit(POOL, MEMBERS, VALID))).not.toContain('uniqueCard');
    });
  });

  describe("rule 'inTeamPool'", () => {
    it('rule: a card outside the team pool is refused at its entry, naming the card', () => {
      const shares = [VALID[0], share('bob', [...VALID[1].cards.map((c): [string, number] => [c.cardId, c.count]), ['MOL-9', 1]])];
      expect(checkTeamSplit(POOL, MEMBERS, shares)).toEqual([{ field: 'shares[1].cards[2].cardId', rule: 'inTeamPool', card: 'MOL-9', message: 'MOL-9 is not in the team pool' }]);
    });

    it('rule: a card outside the pool gets no exactSplit detail of its own (inTeamPool says it all)', () => {
      const shares = [
        ...VALID.slice(0, 1),
        share('bob', [
          ['HOA-1', 1],
          ['HOA-3', 1],
          ['X-1', 2],
        ]),
      ];
      const problems = checkTeamSplit(POOL, MEMBERS, shares);
      expect(problems.filter((p) => p.card === 'X-1').map((p) => p.rule)).toEqual(['inTeamPool']);
    });
  });

  describe("rule 'exactSplit'", () => {
    it('rule: too few copies given out (a card left over) is refused at "shares", naming the card', () => {
      const shares = [VALID[0], share('bob', [['HOA-1', 1]])]; // HOA-3: 2 of 3 given out
      expect(checkTeamSplit(POOL, MEMBERS, shares)).toEqual([
        { field: 'shares', rule: 'exactSplit', card: 'HOA-3', message: 'HOA-3: the pool has 3, the shares give out 2 (every card goes to a member)' },
      ]);
    });

    it('rule: a pool card given to nobody counts as 0 given out', () => {
      const shares = [share('ann', [['HOA-1', 2]]), share('bob', [['HOA-3', 3]])];
      expect(checkTeamSplit(POOL, MEMBERS, shares)).toEqual([
        { field: 'shares', rule: 'exactSplit', card: 'HOA-2', message: 'HOA-2: the pool has 1, the shares give out 0 (every card goes to a member)' },
      ]);
    });

    it('rule: too many copies given out (a card used twice) is refused at "shares", naming the card', () => {
      const shares = [
        VALID[0],
        share('bob', [
          ['HOA-1', 2],
          ['HOA-3', 1],
        ]),
      ]; // HOA-1: 3 of 2
      expect(checkTeamSplit(POOL, MEMBERS, shares)).toEqual([{ field: 'shares', rule: 'exactSplit', card: 'HOA-1', message: 'HOA-1: the pool has 2, the shares give out 3' }]);
    });

    it('rule: too many copies within one share alone are refused as well', () => {
      const shares = [
        share('ann', [
          ['HOA-2', 2],
          ['HOA-1', 2],
        ]),
        share('bob', [['HOA-3', 3]]),
      ];
      expect(checkTeamSplit(POOL, MEMBERS, shares).map((p) => [p.rule, p.card])).toEqual([['exactSplit', 'HOA-2']]);
    });

    it('rule: a card listed twice whose copies add up to the pool is only a uniqueCard problem', () => {
      const shares = [
        share('ann', [
          ['HOA-1', 1],
          ['HOA-1', 1],
          ['HOA-2', 1],
        ]),
        share('bob', [['HOA-3', 3]]),
      ];
      expect(rules(checkTeamSplit(POOL, MEMBERS, shares))).toEqual(['uniqueCard']);
    });

    it('rule: every mismatched card is reported, in card id order whatever the pool order', () => {
      const pool: CardCount[] = [
        { cardId: 'C', count: 1 },
        { cardId: 'A', count: 1 },
        { cardId: 'B', count: 1 },
      ];
      const problems = checkTeamSplit(pool, MEMBERS, [share('ann', []), share('bob', [['B', 1]])]);
      expect(problems.map((p) => [p.rule, p.card])).toEqual([
        ['exactSplit', 'A'],
        ['exactSplit', 'C'],
      ]);
    });
  });

  it('rule: every problem is reported at once, never only the first (member, then card entries, then exactSplit)', () => {
    const shares = [
      share('ann', [
        ['HOA-1', 1],
        ['HOA-1', 1],
        ['NOPE', 1],
      ]),
      share('eve', [['HOA-3', 4]]),
    ];
    const problems = checkTeamSplit(POOL, MEMBERS, shares);
    expect(problems.map((p) => [p.rule, p.field, p.card])).toEqual([
      ['member', 'shares[1].playerId', undefined],
      ['member', 'shares', undefined],
      ['uniqueCard', 'shares[0].cards[1].cardId', 'HOA-1'],
      ['inTeamPool', 'shares[0].cards[2].cardId', 'NOPE'],
      ['exactSplit', 'shares', 'HOA-2'],
      ['exactSplit', 'shares', 'HOA-3'],
    ]);
  });
});

describe('teamPool', () => {
  it("rule: the team pool adds up the members' counts card by card", () => {
    const ann: CardCount[] = [
      { cardId: 'HOA-1', count: 2 },
      { cardId: 'HOA-3', count: 1 },
    ];
    const bob: CardCount[] = [
      { cardId: 'HOA-3', count: 2 },
      { cardId: 'HOA-2', count: 1 },
    ];
    expect(teamPool([ann, bob])).toEqual([
      { cardId: 'HOA-1', count: 2 },
      { cardId: 'HOA-2', count: 1 },
      { cardId: 'HOA-3', count: 3 },
    ]);
  });

  it('rule: the result is sorted by card id (plain string order), whatever the input order', () => {
    const pool = teamPool([
      [
        { cardId: 'MOL-5', count: 1 },
        { cardId: 'HOA-2', count: 1 },
      ],
      [{ cardId: 'HOA-10', count: 1 }],
    ]);
    expect(pool.map((c) => c.cardId)).toEqual(['HOA-10', 'HOA-2', 'MOL-5']);
  });

  it('rule: a card listed twice in one member pool is added up too', () => {
    expect(
      teamPool([
        [
          { cardId: 'A', count: 1 },
          { cardId: 'A', count: 2 },
        ],
      ]),
    ).toEqual([{ cardId: 'A', count: 3 }]);
  });

  it('rule: no members, or members with empty pools, give an empty team pool', () => {
    expect(teamPool([])).toEqual([]);
    expect(teamPool([[], []])).toEqual([]);
  });

  it('rule: the member pools are left untouched', () => {
    const ann = [{ cardId: 'B', count: 1 }];
    const bob = [{ cardId: 'B', count: 2 }];
    teamPool([ann, bob]);
    expect(ann).toEqual([{ cardId: 'B', count: 1 }]);
    expect(bob).toEqual([{ cardId: 'B', count: 2 }]);
  });

  it('rule: a split of the team pool giving each member back their own pool is valid', () => {
    const ann: CardCount[] = [{ cardId: 'HOA-1', count: 2 }];
    const bob: CardCount[] = [
      { cardId: 'HOA-1', count: 1 },
      { cardId: 'HOA-2', count: 1 },
    ];
    expect(
      checkTeamSplit(teamPool([ann, bob]), MEMBERS, [
        { playerId: 'ann', cards: ann },
        { playerId: 'bob', cards: bob },
      ]),
    ).toEqual([]);
  });
});
