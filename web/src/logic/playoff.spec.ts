import { championOf, playoffStage, type Placing } from './playoff';

describe('playoff round names', () => {
  it('rule: a playoff round is named by how many players remain: 2 final, 4 semifinal, 8 quarterfinal', () => {
    expect(playoffStage(1)).toEqual({ key: 'final' });
    expect(playoffStage(2)).toEqual({ key: 'semifinal' });
    expect(playoffStage(4)).toEqual({ key: 'quarterfinal' });
  });

  it('rule: larger cuts are a round of N', () => {
    expect(playoffStage(8)).toEqual({ key: 'roundOf', players: 16 });
    expect(playoffStage(16)).toEqual({ key: 'roundOf', players: 32 });
  });

  it('rejects a round without matches', () => {
    expect(() => playoffStage(0)).toThrow(RangeError);
  });
});

const placing = (place: number, over: Partial<Placing> = {}): Placing => ({ place, playerId: `p${place}`, name: `P${place}`, playoffRound: null, champion: false, ...over });

describe('champion', () => {
  it('rule: with a top cut the champion is the winner of the final, not the Swiss #1', () => {
    const placings = [
      placing(1, { playoffRound: 2, champion: true, name: 'Winner' }),
      placing(2, { playoffRound: 2 }),
      placing(3, { playoffRound: 1 }),
      placing(4, { playoffRound: 1 }),
    ];
    expect(championOf(placings, false)?.name).toBe('Winner');
    expect(championOf(placings, true)?.name).toBe('Winner');
  });

  it('rule: with a top cut still being played there is no champion yet', () => {
    expect(championOf([placing(1, { playoffRound: 1 }), placing(2, { playoffRound: 1 })], true)).toBeNull();
  });

  it('rule: without a top cut the first of the standings is the champion once the event is complete', () => {
    expect(championOf([placing(1), placing(2)], true)?.playerId).toBe('p1');
    expect(championOf([placing(1), placing(2)], false)).toBeNull();
  });
});
