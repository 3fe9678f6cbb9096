import { thrown } from '../../../test/utils/thrown';
import type { MatchResult } from './match-result';
import { assertResultEnterable, reportingSide, reportOutcome, type ReportedMatch } from './report-policy';

const r = (winsA: number, winsB: number, draws = 0): MatchResult => ({ winsA, winsB, draws });
const swiss: ReportedMatch = { playerAId: 'p1', playerBId: 'p2', slot: null, winsA: null, reportA: null, reportB: null };
const playoff: ReportedMatch = { ...swiss, slot: 0 };
const bye: ReportedMatch = { ...swiss, playerBId: null, winsA: 2 };
const player = (id: string, teamId: string | null = null) => ({ id, teamId });

describe('report policy: the organizer enters a result', () => {
  it('the organizer enters any result of a played match, a draw too in Swiss', () => {
    expect(() => assertResultEnterable(swiss, r(1, 1, 1))).not.toThrow();
    const decided: ReportedMatch = { ...swiss, winsA: 2 };
    expect(() => assertResultEnterable(decided, r(0, 2))).not.toThrow(); // a correction
  });

  it('a bye has no result to enter', () => {
    expect(thrown(() => assertResultEnterable(bye, r(2, 0)))).toMatchObject({
      code: 'EVENT_STATE_CONFLICT',
      message: 'A bye has no result to enter',
      details: [{ field: 'matchId', rule: 'notBye', message: 'bye' }],
    });
  });

  it('a playoff match cannot end in a draw, and that is said before a walkover being a bye', () => {
    expect(thrown(() => assertResultEnterable(playoff, r(1, 1))).code).toBe('VALIDATION_FAILED');
    expect(thrown(() => assertResultEnterable({ ...playoff, playerBId: null }, r(1, 1))).code).toBe('VALIDATION_FAILED');
    expect(thrown(() => assertResultEnterable({ ...playoff, playerBId: null }, r(2, 0))).details[0].rule).toBe('notBye');
  });
});

describe('report policy: a player reports their own match', () => {
  it('a player reports as the side they play', () => {
    expect(reportingSide(swiss, player('p1'), r(2, 0))).toBe('A');
    expect(reportingSide(swiss, player('p2'), r(2, 0))).toBe('B');
  });

  it('in a team event a member reports for their team', () => {
    const teams: ReportedMatch = { ...swiss, playerAId: 't1', playerBId: 't2' };
    expect(reportingSide(teams, player('p7', 't2'), r(2, 1))).toBe('B');
    // The member's own id is not a side of a team match.
    expect(thrown(() => reportingSide({ ...teams, playerAId: 'p7' }, player('p7', 't3'), r(2, 1))).details[0].rule).toBe('ownMatch');
  });

  it("a player cannot report someone else's match", () => {
    expect(thrown(() => reportingSide(swiss, player('p3'), r(2, 0)))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You can only report your own match',
      details: [{ field: 'matchId', rule: 'ownMatch', message: 'not your match' }],
    });
  });

  it('a draw reported in a playoff match is refused, after checking it is their match', () => {
    expect(thrown(() => reportingSide(playoff, player('p1'), r(1, 1))).code).toBe('VALIDATION_FAILED');
    expect(thrown(() => reportingSide(playoff, player('p3'), r(1, 1))).code).toBe('FORBIDDEN');
  });
});

describe('report policy: what two reports decide', () => {
  it('a single report waits for the opponent', () => {
    expect(reportOutcome(swiss, 'A', r(2, 1))).toEqual({ kind: 'waiting' });
    expect(reportOutcome({ ...swiss, reportA: r(2, 1) }, 'A', r(2, 0))).toEqual({ kind: 'waiting' });
  });

  it('two identical reports decide the result', () => {
    expect(reportOutcome({ ...swiss, reportA: r(2, 1) }, 'B', r(2, 1))).toEqual({ kind: 'agreed', result: r(2, 1) });
    // Agreeing again on a match with a result still decides it (the same result changes nothing when stored).
    expect(reportOutcome({ ...swiss, winsA: 0, reportB: r(0, 2) }, 'A', r(0, 2))).toEqual({ kind: 'agreed', result: r(0, 2) });
  });

  it("a new report replaces the side's earlier one", () => {
    expect(reportOutcome({ ...swiss, reportA: r(2, 0), reportB: r(2, 1) }, 'A', r(2, 1))).toEqual({ kind: 'agreed', result: r(2, 1) });
  });

  it('differing reports mark an undecided match disputed for the organizer', () => {
    expect(reportOutcome({ ...swiss, reportA: r(2, 1) }, 'B', r(1, 2))).toEqual({ kind: 'disputed' });
  });

  it("differing reports leave a match's result as it stands", () => {
    expect(reportOutcome({ ...swiss, winsA: 2, reportA: r(2, 1) }, 'B', r(1, 2))).toEqual({ kind: 'resultStands' });
  });
});
