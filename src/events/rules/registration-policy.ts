/**
 * Who may register, unregister, or act as a player of an event. Pure: the service passes what it
 * loaded (the event's join code, team size and state, the caller, the player a token belongs to,
 * a profile and whether it already has an entry).
 * - An event with a join code takes registrations that give it; the organizer needs none (Podium's
 *   rule).
 * - A team event seats and pairs whole teams (WoW TCG team play): it takes no late entries, and a
 *   solo player joins it only during registration (Podium's rule).
 * - A person (a player profile) has at most one entry per event; a registration names the profile
 *   by its id or its member number, and when it gives both they name the same profile (Podium's rule).
 * - A player token acts for its player in its own event only; a player unregisters only themself,
 *   the organizer anyone (Podium's rule).
 */
import type { Caller } from '../../common/auth/caller';
import { DomainError } from '../../common/errors/domain-error';

/** The refusal of a player token acting outside its own player or event (field authorization, rule owner). */
function forbidden(message: string): DomainError {
  return new DomainError('FORBIDDEN', message, [{ field: 'authorization', rule: 'owner', message }]);
}

/**
 * Podium's rule: an event with a join code takes only registrations that give it, unless the
 * organizer registers.
 * @param event the event's join code (null: none); `joinCode` the code given; `caller` who registers.
 * @throws DomainError JOIN_CODE_INVALID (field joinCode, rule joinCode) — "wrong join code" when one
 *   was given, else "join code required".
 */
export function assertJoinCode(event: { joinCode: string | null }, joinCode: string | undefined, caller: Pick<Caller, 'kind'>): void {
  if (event.joinCode !== null && joinCode !== event.joinCode && caller.kind !== 'organizer') {
    throw new DomainError('JOIN_CODE_INVALID', joinCode ? 'Wrong join code' : 'This event needs a join code', [
      { field: 'joinCode', rule: 'joinCode', message: joinCode ? 'wrong join code' : 'join code required' },
    ]);
  }
}

/**
 * Podium's rule (WoW TCG team play seats and pairs whole teams): a team event takes a solo entry
 * during registration only. Call after the lifecycle allowed the registration.
 * @param event the event's team size (null: not a team event) and state.
 * @throws DomainError EVENT_STATE_CONFLICT (field state, rule registration) for a team event past registration.
 */
export function assertNoLateTeamEntry(event: { teamSize: number | null; state: string }): void {
  if (event.teamSize !== null && event.state !== 'registration') {
    throw new DomainError('EVENT_STATE_CONFLICT', 'A team event takes no late entries', [{ field: 'state', rule: 'registration', message: `event is ${event.state}` }]);
  }
}

/** Podium's rule: an entry made once registration is over (the event in any later state) is a late entry. Throws nothing. */
export function isLateEntry(state: string): boolean {
  return state !== 'registration';
}

/**
 * Podium's rule: a profile registers once per event.
 * @param entry the profile's entry in the event, or null; `by` the registration (the field at fault
 *   is profileId when it gave one, else memberNumber); `field` the prefix of the field (a team
 *   member's `members[i].`).
 * @throws DomainError ALREADY_REGISTERED (rule unique) when the profile has an entry.
 */
export function assertNotRegistered(entry: object | null, by: { profileId?: string }, field = ''): void {
  if (entry) {
    throw new DomainError('ALREADY_REGISTERED', 'This player profile is already registered in the event', [
      { field: field + (by.profileId ? 'profileId' : 'memberNumber'), rule: 'unique', message: 'already registered' },
    ]);
  }
}

/**
 * Podium's rule: a registration giving both a profileId and a memberNumber names one profile.
 * @param profile the profile found by the profileId; `memberNumber` the member number given, if any;
 *   `field` the prefix of the field (a team member's `members[i].`).
 * @throws DomainError VALIDATION_FAILED (field memberNumber, rule matchesProfile) when the member
 *   number is another profile's.
 */
export function assertSameProfile(profile: { memberNumber: string | null }, memberNumber: string | undefined, field = ''): void {
  if (memberNumber && profile.memberNumber !== memberNumber) {
    throw new DomainError('VALIDATION_FAILED', 'profileId and memberNumber name different profiles', [
      { field: field + 'memberNumber', rule: 'matchesProfile', message: 'does not match the profile' },
    ]);
  }
}

/**
 * Podium's rule: a player unregisters only themself; the organizer unregisters anyone.
 * @param self the player whose token was sent, or null for the organizer; `player` the entry to remove.
 * @throws DomainError FORBIDDEN (field authorization, rule owner) when `self` is another player.
 */
export function assertUnregistersSelf(self: { id: string } | null, player: { id: string }): void {
  if (self && self.id !== player.id) throw forbidden('a player can only unregister themself');
}

/**
 * Podium's rule: a player route needs a player token.
 * @param token the bearer token of the request, null when none was sent.
 * @throws DomainError UNAUTHORIZED (field authorization, rule required) without one.
 */
export function assertTokenSent(token: string | null): asserts token is string {
  if (!token) {
    throw new DomainError('UNAUTHORIZED', 'Player route: send Authorization: Bearer <player token>', [
      { field: 'authorization', rule: 'required', message: 'missing bearer token' },
    ]);
  }
}

/**
 * Podium's rule: a player token acts only in its own event.
 * @param player the player the token belongs to, or null when no player has it; `eventId` the event
 *   of the request.
 * @throws DomainError UNAUTHORIZED (field authorization, rule playerToken) for an unknown token, then
 *   FORBIDDEN (field authorization, rule owner) for a token of another event.
 */
export function assertTokenOfEvent<T extends { eventId: string }>(player: T | null, eventId: string): asserts player is T {
  if (!player) throw new DomainError('UNAUTHORIZED', 'Player token is not valid', [{ field: 'authorization', rule: 'playerToken', message: 'unknown token' }]);
  if (player.eventId !== eventId) throw forbidden('this token belongs to another event');
}
