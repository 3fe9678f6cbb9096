import { thrown } from '../../../test/utils/thrown';
import {
  assertJoinCode,
  assertNoLateTeamEntry,
  assertNotRegistered,
  assertSameProfile,
  assertTokenOfEvent,
  assertTokenSent,
  assertUnregistersSelf,
  assertChecksInSelf,
  assertSeatForLateEntry,
  isLateEntry,
  startLineup,
  statusOfNewEntry,
  waitlistPosition,
  waitlistPromotions,
} from './registration-policy';

const ORGANIZER = { kind: 'organizer' } as const;
const ANONYMOUS = { kind: 'anonymous' } as const;
const PLAYER = { kind: 'player' } as const;

describe('registration policy: join codes', () => {
  it('an event without a join code takes any registration', () => {
    expect(() => assertJoinCode({ joinCode: null }, undefined, ANONYMOUS)).not.toThrow();
    expect(() => assertJoinCode({ joinCode: null }, 'anything', PLAYER)).not.toThrow();
  });

  it('an event with a join code takes registrations that give it', () => {
    expect(() => assertJoinCode({ joinCode: 'K3Y' }, 'K3Y', ANONYMOUS)).not.toThrow();
  });

  it('a registration without the join code is refused', () => {
    expect(thrown(() => assertJoinCode({ joinCode: 'K3Y' }, undefined, ANONYMOUS))).toMatchObject({
      code: 'JOIN_CODE_INVALID',
      message: 'This event needs a join code',
      details: [{ field: 'joinCode', rule: 'joinCode', message: 'join code required' }],
    });
  });

  it('a registration with a wrong join code is refused', () => {
    expect(thrown(() => assertJoinCode({ joinCode: 'K3Y' }, 'k3y', PLAYER))).toMatchObject({
      code: 'JOIN_CODE_INVALID',
      message: 'Wrong join code',
      details: [{ field: 'joinCode', rule: 'joinCode', message: 'wrong join code' }],
    });
  });

  it('the organizer needs no join code', () => {
    expect(() => assertJoinCode({ joinCode: 'K3Y' }, undefined, ORGANIZER)).not.toThrow();
    expect(() => assertJoinCode({ joinCode: 'K3Y' }, 'wrong', ORGANIZER)).not.toThrow();
  });
});

describe('registration policy: late entries', () => {
  it('a team event takes no late entries', () => {
    for (const state of ['drafting', 'building']) {
      expect(thrown(() => assertNoLateTeamEntry({ teamSize: 2, state }))).toMatchObject({
        code: 'EVENT_STATE_CONFLICT',
        message: 'A team event takes no late entries',
        details: [{ field: 'state', rule: 'registration', message: `event is ${state}` }],
      });
    }
  });

  it('a team event takes solo entries during registration; a solo event takes late entries', () => {
    expect(() => assertNoLateTeamEntry({ teamSize: 3, state: 'registration' })).not.toThrow();
    expect(() => assertNoLateTeamEntry({ teamSize: null, state: 'building' })).not.toThrow();
  });

  it('an entry made once registration is over is a late entry', () => {
    expect(isLateEntry('registration')).toBe(false);
    for (const state of ['drafting', 'building', 'playing']) expect(isLateEntry(state)).toBe(true);
  });
});

describe('registration policy: profiles', () => {
  it('a profile registers once per event', () => {
    expect(() => assertNotRegistered(null, { profileId: 'x' })).not.toThrow();
    expect(thrown(() => assertNotRegistered({ id: 'entry' }, { profileId: 'x' }))).toMatchObject({
      code: 'ALREADY_REGISTERED',
      message: 'This player profile is already registered in the event',
      details: [{ field: 'profileId', rule: 'unique', message: 'already registered' }],
    });
  });

  it('a profile named by its member number is said to be registered by its member number', () => {
    expect(thrown(() => assertNotRegistered({ id: 'entry' }, {})).details[0].field).toBe('memberNumber');
    expect(thrown(() => assertNotRegistered({ id: 'entry' }, {}, 'members[1].')).details[0].field).toBe('members[1].memberNumber');
    expect(thrown(() => assertNotRegistered({ id: 'entry' }, { profileId: 'x' }, 'members[0].')).details[0].field).toBe('members[0].profileId');
  });

  it('a profileId and a memberNumber given together name the same profile', () => {
    expect(() => assertSameProfile({ memberNumber: 'M-1' }, 'M-1')).not.toThrow();
    expect(() => assertSameProfile({ memberNumber: null }, undefined)).not.toThrow();
    expect(thrown(() => assertSameProfile({ memberNumber: 'M-1' }, 'M-2', 'members[2].'))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'profileId and memberNumber name different profiles',
      details: [{ field: 'members[2].memberNumber', rule: 'matchesProfile', message: 'does not match the profile' }],
    });
    expect(thrown(() => assertSameProfile({ memberNumber: null }, 'M-2')).details[0].field).toBe('memberNumber');
  });
});

describe('registration policy: who acts as a player', () => {
  it('a player unregisters only themself', () => {
    expect(() => assertUnregistersSelf({ id: 'p1' }, { id: 'p1' })).not.toThrow();
    expect(thrown(() => assertUnregistersSelf({ id: 'p1' }, { id: 'p2' }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'a player can only unregister themself',
      details: [{ field: 'authorization', rule: 'owner', message: 'a player can only unregister themself' }],
    });
  });

  it('the organizer unregisters anyone', () => {
    expect(() => assertUnregistersSelf(null, { id: 'p2' })).not.toThrow();
  });

  it('a player route needs a player token', () => {
    expect(() => assertTokenSent('t0ken')).not.toThrow();
    for (const token of [null, '']) {
      expect(thrown(() => assertTokenSent(token))).toMatchObject({
        code: 'UNAUTHORIZED',
        message: 'Player route: send Authorization: Bearer <player token>',
        details: [{ field: 'authorization', rule: 'required', message: 'missing bearer token' }],
      });
    }
  });

  it('a token no player has is not valid', () => {
    expect(thrown(() => assertTokenOfEvent(null, 'e1'))).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Player token is not valid',
      details: [{ field: 'authorization', rule: 'playerToken', message: 'unknown token' }],
    });
  });

  it('a player token acts only in its own event', () => {
    expect(() => assertTokenOfEvent({ eventId: 'e1' }, 'e1')).not.toThrow();
    expect(thrown(() => assertTokenOfEvent({ eventId: 'e2' }, 'e1'))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'this token belongs to another event',
      details: [{ field: 'authorization', rule: 'owner', message: 'this token belongs to another event' }],
    });
  });
});

describe('capacity, waitlist, check-in and the start line-up', () => {
  const entry = (id: string, number: number, status: string, checkedIn = false) => ({ id, number, status, checkedIn });

  it('CAPACITY: registered while a seat is free, waitlisted beyond it; null is unlimited', () => {
    expect(statusOfNewEntry(7, 8)).toBe('registered');
    expect(statusOfNewEntry(8, 8)).toBe('waitlisted');
    expect(statusOfNewEntry(9, 8)).toBe('waitlisted');
    expect(statusOfNewEntry(500, null)).toBe('registered');
  });

  it('NO_WAITLIST_AFTER_START: a late entry needs a free seat (EVENT_FULL), a registration before the start may wait', () => {
    expect(() => assertSeatForLateEntry('registration', 'waitlisted', 8)).not.toThrow();
    expect(() => assertSeatForLateEntry('building', 'registered', 8)).not.toThrow();
    expect(thrown(() => assertSeatForLateEntry('building', 'waitlisted', 8))).toMatchObject({ code: 'EVENT_FULL', details: [{ field: 'capacity', rule: 'capacity' }] });
  });

  it('WAITLIST_MOVES_UP: free seats go to the waitlist in registration order', () => {
    const entries = [entry('a', 1, 'registered'), entry('c', 3, 'waitlisted'), entry('b', 2, 'waitlisted'), entry('d', 4, 'waitlisted')];
    expect(waitlistPromotions(entries, 1)).toEqual([]);
    expect(waitlistPromotions(entries, 2)).toEqual(['b']);
    expect(waitlistPromotions(entries, 3)).toEqual(['b', 'c']);
    expect(waitlistPromotions(entries, null)).toEqual(['b', 'c', 'd']);
    // A capacity lowered below the players registered takes nobody's seat and moves nobody.
    expect(waitlistPromotions([entry('a', 1, 'registered'), entry('b', 2, 'registered'), entry('c', 3, 'waitlisted')], 1)).toEqual([]);
  });

  it('WAITLIST_POSITION: 1 is next to move up; null when not waitlisted', () => {
    const entries = [entry('a', 1, 'registered'), entry('c', 3, 'waitlisted'), entry('b', 2, 'waitlisted')];
    expect(waitlistPosition(entries, 'b')).toBe(1);
    expect(waitlistPosition(entries, 'c')).toBe(2);
    expect(waitlistPosition(entries, 'a')).toBeNull();
  });

  it('CHECK_IN_BY_SELF_OR_ORGANIZER: a player checks in only themself', () => {
    expect(() => assertChecksInSelf(null, { id: 'a' })).not.toThrow();
    expect(() => assertChecksInSelf({ id: 'a' }, { id: 'a' })).not.toThrow();
    expect(thrown(() => assertChecksInSelf({ id: 'b' }, { id: 'a' }))).toMatchObject({ code: 'FORBIDDEN', details: [{ field: 'authorization', rule: 'owner' }] });
  });

  it('START_LINEUP: everyone registered plays; the waitlist is left out', () => {
    const entries = [entry('a', 1, 'registered'), entry('b', 2, 'registered', true), entry('c', 3, 'waitlisted', true)];
    expect(startLineup(entries, 2, false)).toEqual({ playing: ['a', 'b'], promoted: [], noShows: [], waitlisted: ['c'] });
  });

  it('START_LINEUP with onlyCheckedIn: no-shows lose their seat to checked-in waitlisted players, in order, up to the capacity', () => {
    const entries = [
      entry('a', 1, 'registered'),
      entry('b', 2, 'registered', true),
      entry('c', 3, 'registered'),
      entry('d', 4, 'waitlisted'),
      entry('e', 5, 'waitlisted', true),
      entry('f', 6, 'waitlisted', true),
    ];
    expect(startLineup(entries, 2, true)).toEqual({ playing: ['b', 'e'], promoted: ['e'], noShows: ['a', 'c'], waitlisted: ['d', 'f'] });
    expect(startLineup(entries, null, true)).toEqual({ playing: ['b', 'e', 'f'], promoted: ['e', 'f'], noShows: ['a', 'c'], waitlisted: ['d'] });
  });
});
