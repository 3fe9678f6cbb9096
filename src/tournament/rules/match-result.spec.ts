import { DomainError } from '../../common/errors/domain-error';
import { assertValidMatchResult, checkMatchResult, matchOutcome, sameResult } from './match-result';

const r = (winsA: number, winsB: number, draws = 0) => ({ winsA, winsB, draws });

describe('match results (MTR 2.1 match structure, 2.4 intentional draws; product cap of 3 games)', () => {
  it.each([
    [r(2, 0), 'A'],
    [r(2, 1), 'A'],
    [r(1, 2), 'B'],
    [r(0, 2), 'B'],
    [r(1, 0), 'A'], // time called with one game played (MTR 2.1)
    [r(0, 1, 1), 'B'],
    [r(1, 1), 'draw'],
    [r(1, 1, 1), 'draw'],
    [r(2, 0, 1), 'A'],
    [r(0, 0, 3), 'draw'], // intentional draw (MTR 2.4)
    [r(0, 0, 1), 'draw'],
  ] as const)('accepts %j as a win for %s', (result, outcome) => {
    expect(checkMatchResult(result)).toEqual({ valid: true, outcome, games: result.winsA + result.winsB + result.draws });
    expect(assertValidMatchResult(result)).toBe(outcome);
  });

  it.each([
    [r(2, 2), 'bothWon', /only one player can win 2 games/],
    [r(3, 0), 'max', /ends when a player wins 2 games/],
    [r(0, 3), 'max', /winsB is 3/],
    [r(-1, 0), 'min', /winsA cannot be negative/],
    [r(0, 0, -1), 'min', /draws cannot be negative/],
    [r(2, 1, 1), 'maxGames', /4 games, but a match here has at most 3/],
    [r(1, 0, 3), 'maxGames', /at most 3/],
    [r(0, 0, 0), 'noGames', /records no game; an intentional draw is 0-0-3/],
    [r(1.5, 0), 'isInt', /whole number/],
  ] as const)('rejects %j (%s) with a clear reason', (result, rule, reason) => {
    const check = checkMatchResult(result);
    expect(check.valid).toBe(false);
    if (check.valid) return;
    expect(check.rule).toBe(rule);
    expect(check.reason).toMatch(reason);
  });

  it('rejects missing fields and non-numbers', () => {
    expect(checkMatchResult({ winsA: 2, winsB: 0 } as never)).toMatchObject({ valid: false, field: 'draws', rule: 'isInt' });
    expect(checkMatchResult({ winsA: '2', winsB: 0, draws: 0 } as never)).toMatchObject({ valid: false, field: 'winsA' });
  });

  it('throws a VALIDATION_FAILED DomainError naming the field and rule', () => {
    try {
      assertValidMatchResult(r(2, 2));
      throw new Error('expected a DomainError');
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      const err = e as DomainError;
      expect(err.code).toBe('VALIDATION_FAILED');
      expect(err.details).toEqual([{ field: 'result', rule: 'bothWon', message: expect.stringMatching(/2-2 is impossible/) }]);
    }
  });

  it('supports other formats: best of one, best of five, and more games after draws (MTR 2.1)', () => {
    expect(checkMatchResult(r(1, 0), { bestOf: 1 }).valid).toBe(true);
    expect(checkMatchResult(r(1, 1), { bestOf: 1 }).valid).toBe(false);
    expect(checkMatchResult(r(3, 2), { bestOf: 5 }).valid).toBe(true);
    expect(checkMatchResult(r(2, 1, 1)).valid).toBe(false);
    expect(checkMatchResult(r(2, 1, 1), { maxGames: 5 }).valid).toBe(true);
    expect(() => checkMatchResult(r(2, 0), { bestOf: 2 })).toThrow(RangeError);
    expect(() => checkMatchResult(r(2, 0), { maxGames: 2 })).toThrow(RangeError);
  });

  it('matchOutcome follows game wins; sameResult compares all three counts', () => {
    expect(matchOutcome(r(1, 0))).toBe('A');
    expect(matchOutcome(r(0, 0, 3))).toBe('draw');
    expect(sameResult(r(2, 1), r(2, 1, 0))).toBe(true);
    expect(sameResult(r(2, 1), r(1, 2))).toBe(false);
  });
});
