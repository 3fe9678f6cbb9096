import { assertPenaltyGivable, assertResultCountsPenalties, matchLossResult, penaltyCounts, penaltyRequirement } from './penalties';

const match = { playerAId: 'a', playerBId: 'b' };

describe('penalties (docs/rules.md "Penalties"; Infraction Procedure Guide 1.1)', () => {
  it('rule: a penalty goes to a side of the match, never on a bye; one match has one match loss', () => {
    expect(() => assertPenaltyGivable(match, { playerId: 'c', kind: 'warning' }, [])).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ rule: 'playerInMatch' })] }),
    );
    expect(() => assertPenaltyGivable({ playerAId: 'a', playerBId: null }, { playerId: 'a', kind: 'gameLoss' }, [])).toThrow(
      expect.objectContaining({ code: 'EVENT_STATE_CONFLICT', details: [expect.objectContaining({ rule: 'notBye' })] }),
    );
    expect(() => assertPenaltyGivable(match, { playerId: 'b', kind: 'matchLoss' }, [{ playerId: 'a', kind: 'matchLoss' }])).toThrow(
      expect.objectContaining({ details: [expect.objectContaining({ rule: 'oneMatchLoss' })] }),
    );
    expect(() => assertPenaltyGivable(match, { playerId: 'a', kind: 'matchLoss' }, [{ playerId: 'a', kind: 'matchLoss' }])).not.toThrow();
  });

  it('rule: a match loss gives the opponent the match 2-0, and only that result stands', () => {
    expect(matchLossResult(match, 'a')).toEqual({ winsA: 0, winsB: 2, draws: 0 });
    expect(matchLossResult(match, 'b')).toEqual({ winsA: 2, winsB: 0, draws: 0 });
    const penalties = [{ playerId: 'b', kind: 'matchLoss' as const }];
    expect(() => assertResultCountsPenalties(match, penalties, { winsA: 2, winsB: 0, draws: 0 })).not.toThrow();
    expect(() => assertResultCountsPenalties(match, penalties, { winsA: 2, winsB: 1, draws: 0 })).toThrow(
      expect.objectContaining({ details: [expect.objectContaining({ rule: 'matchLossStands' })] }),
    );
  });

  it('rule: a game loss is a game the opponent won — the result must count each one', () => {
    const penalties = [
      { playerId: 'a', kind: 'gameLoss' as const },
      { playerId: 'a', kind: 'warning' as const },
    ];
    expect(penaltyRequirement(match, penalties)).toEqual({ minWinsA: 0, minWinsB: 1 });
    expect(() => assertResultCountsPenalties(match, penalties, { winsA: 2, winsB: 0, draws: 0 })).toThrow(
      expect.objectContaining({ details: [expect.objectContaining({ rule: 'gameLossCounted' })] }),
    );
    expect(() => assertResultCountsPenalties(match, penalties, { winsA: 2, winsB: 1, draws: 0 })).not.toThrow();
    expect(() => assertResultCountsPenalties(match, penalties, { winsA: 0, winsB: 2, draws: 0 })).not.toThrow();
    expect(penaltyRequirement(match, [{ playerId: 'b', kind: 'warning' }])).toBeNull();
  });

  it('rule: penalties are counted per player by kind for standings and exports', () => {
    const counts = penaltyCounts([
      { playerId: 'a', kind: 'gameLoss' },
      { playerId: 'a', kind: 'gameLoss' },
      { playerId: 'b', kind: 'warning' },
    ]);
    expect(counts.get('a')).toEqual({ warning: 0, gameLoss: 2, matchLoss: 0 });
    expect(counts.get('b')).toEqual({ warning: 1, gameLoss: 0, matchLoss: 0 });
    expect(counts.has('c')).toBe(false);
  });
});
