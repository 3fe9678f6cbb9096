import { thrown } from '../../../test/utils/thrown';
import { assertOwnMatch, assertSideboardingAllowed, assertSideboardingOpen } from './match-deck-policy';

const NOT_YOURS = { code: 'FORBIDDEN', message: 'Not your match', details: [{ field: 'matchId', rule: 'ownMatch', message: 'not your match' }] };

describe('match deck policy: whose match', () => {
  it('a player acts on the deck of their own match, on either side', () => {
    expect(() => assertOwnMatch({ playerAId: 'p1', playerBId: 'p2' }, { id: 'p1', teamId: null })).not.toThrow();
    expect(() => assertOwnMatch({ playerAId: 'p1', playerBId: 'p2' }, { id: 'p2', teamId: null })).not.toThrow();
    expect(() => assertOwnMatch({ playerAId: 'p1', playerBId: null }, { id: 'p1', teamId: null })).not.toThrow();
  });

  it("nobody acts on the deck of another player's match", () => {
    expect(thrown(() => assertOwnMatch({ playerAId: 'p1', playerBId: 'p2' }, { id: 'p3', teamId: null }))).toMatchObject(NOT_YOURS);
  });

  it("in a team event a member's match is their team's", () => {
    expect(() => assertOwnMatch({ playerAId: 't1', playerBId: 't2' }, { id: 'p5', teamId: 't2' })).not.toThrow();
    // The sides are teams: the member's own id does not name a side.
    expect(thrown(() => assertOwnMatch({ playerAId: 'p5', playerBId: 't2' }, { id: 'p5', teamId: 't9' }))).toMatchObject(NOT_YOURS);
  });
});

describe('match deck policy: sideboarding', () => {
  it('sideboarding is between the games of a match: open while it has no result', () => {
    expect(() => assertSideboardingOpen({ winsA: null })).not.toThrow();
  });

  it('a match with a result takes no more sideboarding', () => {
    for (const winsA of [0, 1, 2]) {
      expect(thrown(() => assertSideboardingOpen({ winsA }))).toMatchObject({
        code: 'EVENT_STATE_CONFLICT',
        message: 'The match has a result: sideboarding is between its games',
        details: [{ field: 'matchId', rule: 'matchOpen', message: 'match decided' }],
      });
    }
  });
});

describe('SIDEBOARDING_ALLOWED', () => {
  it('an event with sideboarding on takes exchanges; off refuses them with SIDEBOARDING_NOT_ALLOWED', () => {
    expect(() => assertSideboardingAllowed({ sideboarding: true })).not.toThrow();
    expect(thrown(() => assertSideboardingAllowed({ sideboarding: false }))).toMatchObject({
      code: 'SIDEBOARDING_NOT_ALLOWED',
      details: [{ field: 'matchId', rule: 'sideboarding' }],
    });
  });
});
