import { thrown } from '../../../test/utils/thrown';
import { assertPreviousRoundComplete, assertUndoable, type RoundMatchState, type RoundState } from './round-policy';

const played = (winsA: number | null): RoundMatchState => ({ playerBId: 'b', winsA });
const bye: RoundMatchState = { playerBId: null, winsA: 2 };
const round = (number: number, ...matches: RoundMatchState[]): RoundState => ({ number, matches });

describe('round policy: pairing the next round', () => {
  it('round 1 can be paired when there is no round yet', () => {
    expect(() => assertPreviousRoundComplete(undefined)).not.toThrow();
  });

  it('a round cannot be paired while the previous round has open matches', () => {
    expect(thrown(() => assertPreviousRoundComplete(round(3, played(2), played(null), played(null), bye)))).toMatchObject({
      code: 'EVENT_STATE_CONFLICT',
      message: 'Round 3 still has 2 match(es) without a result',
      details: [{ field: 'round', rule: 'previousRoundComplete', message: '2 open match(es) in round 3' }],
    });
  });

  it('the next round is paired once every match of the previous one has its result (byes included)', () => {
    expect(() => assertPreviousRoundComplete(round(2, played(0), played(1), bye))).not.toThrow();
  });
});

describe('round policy: undoing a round', () => {
  it('only the latest round can be undone', () => {
    expect(thrown(() => assertUndoable(round(2, played(null)), 1))).toMatchObject({
      code: 'EVENT_STATE_CONFLICT',
      message: 'Only the latest round (2) can be undone',
      details: [{ field: 'number', rule: 'latestRound', message: 'not the latest round' }],
    });
  });

  it('an event without rounds has no round to undo', () => {
    for (const none of [null, undefined]) {
      expect(thrown(() => assertUndoable(none, 1))).toMatchObject({ message: 'Only the latest round (none) can be undone', details: [{ rule: 'latestRound' }] });
    }
  });

  it('a round with a result cannot be undone', () => {
    expect(thrown(() => assertUndoable(round(2, played(null), played(2)), 2))).toMatchObject({
      code: 'EVENT_STATE_CONFLICT',
      message: 'Round 2 already has results',
      details: [{ field: 'number', rule: 'noResults', message: 'round has results' }],
    });
  });

  it("a bye's result does not keep its round from being undone", () => {
    expect(() => assertUndoable(round(4, played(null), played(null), bye), 4)).not.toThrow();
  });

  it('not being the latest round is said before having results', () => {
    expect(thrown(() => assertUndoable(round(2, played(2)), 3)).details[0].rule).toBe('latestRound');
  });
});
