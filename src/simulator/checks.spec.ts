import { rngFor } from '../common/random/seeded-rng';
import type { EventExport } from '../verification/event-export.types';
import type { PairingView, RoundView, StandingView } from './api-types';
import { choosePick, pickScore, type PickCard } from './pick-strategy';
import { checkPools } from './pool-check';
import { disputedClaim, isDraw, playoffResult, swissResult } from './results';
import { checkStandings, findRematches, pairedAfterDrop } from './swiss-check';

const names = new Map(['a', 'b', 'c', 'd'].map((id) => [id, id.toUpperCase()]));
const pairing = (table: number, a: string, b: string | null, result: [number, number, number] | null): PairingView => ({
  matchId: `${a}${b}`,
  table,
  playerA: { playerId: a, name: a.toUpperCase() },
  playerB: b ? { playerId: b, name: b.toUpperCase() } : null,
  rematch: false,
  result: result ? { winsA: result[0], winsB: result[1], draws: result[2] } : null,
  disputed: false,
});
const round = (number: number, ...pairings: PairingView[]): RoundView => ({ number, kind: 'swiss', pairings });
const standing = (rank: number, id: string, matchPoints: number, record: string): StandingView => ({
  rank,
  playerId: id,
  name: id.toUpperCase(),
  matchPoints,
  record,
  mwp: 0,
  omwp: 0,
  gwp: 0,
  ogwp: 0,
  dropped: false,
});

describe('simulator checks: Swiss rounds', () => {
  const rounds = [round(1, pairing(1, 'a', 'b', [2, 0, 0]), pairing(2, 'c', 'd', [1, 1, 1])), round(2, pairing(1, 'a', 'c', [2, 1, 0]), pairing(2, 'd', 'b', [0, 2, 0]))];

  it('accepts standings that add up: 3 per decided match, 2 per draw', () => {
    const standings = [standing(1, 'a', 6, '2-0-0'), standing(2, 'b', 3, '1-1-0'), standing(3, 'c', 1, '0-1-1'), standing(4, 'd', 1, '0-1-1')];
    expect(checkStandings(rounds, standings)).toEqual([]);
    expect(findRematches(rounds, names)).toEqual([]);
  });

  it('finds points that do not add up, a wrong record, and ranks out of order', () => {
    const standings = [standing(1, 'a', 6, '2-0-0'), standing(2, 'c', 1, '0-1-1'), standing(3, 'b', 4, '1-1-0'), standing(4, 'd', 1, '0-1-1')];
    expect(checkStandings(rounds, standings)).toEqual([
      'the standings hold 12 match points; 3 decided matches and 1 draws make 11',
      'B has 4 match points in the standings, 3 from the results',
      'B ranks below C with more match points',
    ]);
  });

  it('counts a bye as a won match', () => {
    const withBye = [round(1, pairing(1, 'a', 'b', [2, 1, 0]), pairing(2, 'c', null, [2, 0, 0]))];
    expect(checkStandings(withBye, [standing(1, 'a', 3, '1-0-0'), standing(2, 'c', 3, '1-0-0'), standing(3, 'b', 0, '0-1-0')])).toEqual([]);
  });

  it('finds a rematch and a player paired after dropping', () => {
    const again = [...rounds, round(3, pairing(1, 'b', 'a', null))];
    expect(findRematches(again, names)).toEqual(['rematch in round 3: B and A met in round 1']);
    expect(pairedAfterDrop(again, new Map([['b', 1]]), names)).toEqual(['B dropped after round 1 but is paired in round 2', 'B dropped after round 1 but is paired in round 3']);
  });
});

describe('simulator checks: pools', () => {
  const draft = (picks: [number, string][]): EventExport =>
    ({
      event: { format: 'draft' },
      pinnedPacks: [{ packNumber: 1 }],
      pods: [
        {
          number: 1,
          seats: [
            { seat: 0, playerId: 'a' },
            { seat: 1, playerId: null },
          ],
        },
      ],
      packs: [
        { podNumber: 1, seat: 0, packNumber: 1, playerId: 'a', cards: ['X-1', 'X-2'] },
        { podNumber: 1, seat: 1, packNumber: 1, playerId: null, cards: ['X-1', 'X-3'] },
      ],
      picks: picks.map(([seat, cardId], i) => ({ podNumber: 1, packNumber: 1, pickNumber: i + 1, seat, cardId, source: 'player' })),
    }) as unknown as EventExport;
  const sizes = new Map([[1, 2]]);

  it('accepts pools that are the seats’ picks, every card taken once', () => {
    const file = draft([
      [0, 'X-1'],
      [1, 'X-1'],
      [0, 'X-3'],
      [1, 'X-2'],
    ]);
    expect(checkPools(file, [{ playerId: 'a', name: 'A', cards: ['X-1', 'X-3'] }], sizes)).toEqual([]);
  });

  it('finds a card in two pools, a pool that is not the picks, and a wrong size', () => {
    const file = draft([
      [0, 'X-1'],
      [1, 'X-1'],
      [0, 'X-3'],
      [1, 'X-2'],
    ]);
    const problems = checkPools(file, [{ playerId: 'a', name: 'A', cards: ['X-1', 'X-2', 'X-3'] }], sizes);
    expect(problems).toEqual([
      "A's pool is not their recorded picks: 1× X-2 extra",
      'A has 3 cards, the packs hold 2 per seat',
      'X-2 is in 2 pools of pod 1 but was opened 1 time(s)',
      'pod 1: 5 cards in pools, 4 opened',
    ]);
  });

  it('sealed: a pool must be exactly the player’s own boosters', () => {
    const file = {
      event: { format: 'sealed' },
      pinnedPacks: [{ packNumber: 1 }, { packNumber: 2 }],
      packs: [
        { packNumber: 1, playerId: 'a', cards: ['X-1', 'X-2'] },
        { packNumber: 2, playerId: 'a', cards: ['X-3', 'X-3'] },
        { packNumber: 1, playerId: 'b', cards: ['X-4'] },
      ],
    } as unknown as EventExport;
    expect(checkPools(file, [{ playerId: 'a', name: 'A', cards: ['X-1', 'X-2', 'X-3', 'X-3'] }])).toEqual([]);
    expect(checkPools(file, [{ playerId: 'b', name: 'B', cards: ['X-4', 'X-1'] }])).toEqual([
      'B opened 1 boosters, the event has 2',
      "B's pool is not their boosters: 1× X-1 extra",
    ]);
    expect(
      checkPools(file, [
        { playerId: 'a', name: 'A', cards: ['X-1', 'X-2', 'X-3', 'X-3'] },
        { playerId: 'b', name: 'B', cards: ['X-4'] },
      ]),
    ).toEqual(['B opened 1 boosters, the event has 2', "B's booster 1 has 1 cards, another player's has 2"]);
  });
});

describe('simulator choices', () => {
  it('results are valid best-of-three results from the stream; playoff results are never draws', () => {
    for (let i = 0; i < 200; i++) {
      const r = swissResult(rngFor('spec', `r-${i}`));
      expect(r.winsA + r.winsB + r.draws).toBeLessThanOrEqual(3);
      expect(Math.max(r.winsA, r.winsB)).toBeLessThanOrEqual(2);
      expect(isDraw(playoffResult(rngFor('spec', `p-${i}`)))).toBe(false);
    }
    expect(swissResult(rngFor('spec', 'x'))).toEqual(swissResult(rngFor('spec', 'x')));
    expect(isDraw(swissResult(rngFor('spec', 'x'), true))).toBe(true);
    expect(disputedClaim({ winsA: 2, winsB: 1, draws: 0 })).toEqual({ winsA: 1, winsB: 2, draws: 0 });
  });

  it('picks rarity first, then fit with the picks so far', () => {
    const card = (cardId: string, rarity: string, faction: string, classes: string[] | null = null): PickCard => ({ cardId, rarity, type: 'ally', faction, classes });
    const horde = [card('H-1', 'common', 'Horde'), card('H-2', 'common', 'Horde')];
    expect(pickScore(card('A-1', 'rare', 'Alliance'), horde)).toBe(3 + 0 + 1);
    expect(pickScore(card('H-3', 'uncommon', 'Horde'), horde)).toBe(2 + 2 + 1);
    expect(choosePick([card('A-1', 'rare', 'Alliance'), card('H-3', 'uncommon', 'Horde')], horde, rngFor('spec', 'pick'))).toBe('H-3');
    expect(choosePick([card('E-1', 'epic', 'Neutral'), card('C-1', 'common', 'Neutral')], [], rngFor('spec', 'pick'))).toBe('E-1');
  });
});
