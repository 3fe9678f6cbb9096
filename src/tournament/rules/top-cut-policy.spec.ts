import { thrown } from '../../../test/utils/thrown';
import { assertOneCutCriterion, assertTopCutCanStart, assertTopCutNotOver, topCutSize, type CutRound } from './top-cut-policy';
import { topCutBracket } from './top-cut';

const swiss = (...results: (number | null)[]): CutRound => ({ kind: 'swiss', matches: results.map((winsA) => ({ winsA })) });
const playoffRound: CutRound = { kind: 'playoff', matches: [{ winsA: null }] };

describe('top cut policy: how the cut is asked for', () => {
  it('a cut is asked for by size or by match points, exactly one of them', () => {
    expect(() => assertOneCutCriterion({ size: 8 })).not.toThrow();
    expect(() => assertOneCutCriterion({ minMatchPoints: 9 })).not.toThrow();
    for (const cut of [{}, { size: 8 as const, minMatchPoints: 9 }]) {
      expect(thrown(() => assertOneCutCriterion(cut))).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Give either size or minMatchPoints for the top cut, not both',
        details: [{ field: 'minMatchPoints', rule: 'exclusiveWithSize', message: 'give size or minMatchPoints, one of them' }],
      });
    }
  });

  it('a threshold of 0 match points is a criterion', () => {
    expect(() => assertOneCutCriterion({ minMatchPoints: 0 })).not.toThrow();
  });
});

describe('top cut policy: when the cut starts', () => {
  const conflict = (message: string) => ({ code: 'EVENT_STATE_CONFLICT', message, details: [{ field: 'size', rule: 'topCut', message }] });

  it('the top cut follows at least one Swiss round', () => {
    expect(thrown(() => assertTopCutCanStart([]))).toMatchObject(conflict('Play the Swiss rounds before the top cut'));
  });

  it('an event has one top cut', () => {
    expect(thrown(() => assertTopCutCanStart([swiss(2, 0), playoffRound]))).toMatchObject(conflict('The top cut has already started'));
  });

  it('the top cut waits for every Swiss result', () => {
    expect(thrown(() => assertTopCutCanStart([swiss(2, 0), swiss(1, null)]))).toMatchObject(conflict('Every Swiss match needs a result before the top cut'));
  });

  it('a started cut is said before its open playoff match', () => {
    expect(thrown(() => assertTopCutCanStart([swiss(2), playoffRound])).message).toBe('The top cut has already started');
  });

  it('the cut starts once every Swiss match has its result', () => {
    expect(() => assertTopCutCanStart([swiss(2, 0, 1), swiss(0, 2)])).not.toThrow();
  });
});

describe('top cut policy: the size of the cut', () => {
  it('a size asked for is the size', () => {
    expect(topCutSize({ size: 4 }, [9, 6, 6, 3, 0], false)).toBe(4);
  });

  it('a size asked for must be filled from the standings, dropped entrants included', () => {
    expect(thrown(() => topCutSize({ size: 8 }, [9, 6, 6, 3, 3, 0], false))).toMatchObject({
      code: 'NOT_ENOUGH_PLAYERS',
      message: 'A top 8 needs at least 8 players in the Swiss standings; there are 6',
      details: [{ field: 'size', rule: 'enoughEntrants', message: '6 players for a top 8' }],
    });
  });

  it('in a team event the entrants counted are teams', () => {
    expect(thrown(() => topCutSize({ size: 4 }, [6, 3, 0], true))).toMatchObject({
      message: 'A top 4 needs at least 4 teams in the Swiss standings; there are 3',
      details: [{ message: '3 teams for a top 4' }],
    });
  });

  it('a cut by match points seats every qualifier, padded to the next bracket size, even past the field', () => {
    expect(topCutSize({ minMatchPoints: 6 }, [9, 9, 6, 6, 6, 3], false)).toBe(8);
    expect(topCutSize({ minMatchPoints: 3 }, [9, 6, 3], false)).toBe(4);
  });

  it('a cut by match points needs at least the two entrants of a final', () => {
    expect(thrown(() => topCutSize({ minMatchPoints: 0 }, [3], false))).toMatchObject({
      code: 'NOT_ENOUGH_PLAYERS',
      message: 'A top 2 needs at least 2 players in the Swiss standings; there are 1',
      details: [{ rule: 'enoughEntrants' }],
    });
  });
});

describe('top cut policy: the end of the cut', () => {
  it('once the final is played the top cut is over', () => {
    expect(thrown(() => assertTopCutNotOver([]))).toMatchObject({
      code: 'EVENT_STATE_CONFLICT',
      message: 'The final has been played: the top cut is over',
      details: [{ field: 'round', rule: 'topCutOver', message: 'final played' }],
    });
  });

  it('a playoff round with a match to play is paired', () => {
    const final = topCutBracket(
      [
        { playerId: 'a', dropped: false },
        { playerId: 'b', dropped: false },
      ],
      2,
    );
    expect(() => assertTopCutNotOver(final)).not.toThrow();
  });
});
