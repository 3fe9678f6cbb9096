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
 * - Capacity and waitlist, check-in and the start's line-up (Podium's rules, docs/rules.md,
 *   Registration): an entry beyond the event's capacity waits on the waitlist in registration order;
 *   a seat freed before the start goes to the first of the waitlist; the start seats the registered
 *   players (with onlyCheckedIn: the checked-in ones, their free seats going to checked-in
 *   waitlisted players in order) and leaves everyone else unseated.
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

/** Where an entry stands: plays (`registered`), waits for a seat (`waitlisted`), or lost its seat at a start with onlyCheckedIn (`noShow`). */
export const ENTRY_STATUSES = ['registered', 'waitlisted', 'noShow'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/**
 * CAPACITY: a new entry is registered while the event has a free seat, else waitlisted (Podium's
 * rule, docs/rules.md, Registration). Throws nothing.
 * @param registered how many entries are registered now (waitlisted ones not counted); `capacity`
 *   the event's capacity in players, null = unlimited.
 */
export function statusOfNewEntry(registered: number, capacity: number | null): 'registered' | 'waitlisted' {
  return capacity === null || registered < capacity ? 'registered' : 'waitlisted';
}

/**
 * NO_WAITLIST_AFTER_START: once the event has started nobody moves up any more, so a late entry
 * (sealed, before round 1) needs a free seat (Podium's rule).
 * @param status what {@link statusOfNewEntry} gave the late entry.
 * @throws DomainError EVENT_FULL (field capacity, rule capacity) when the late entry would wait.
 */
export function assertSeatForLateEntry(state: string, status: EntryStatus, capacity: number | null): void {
  if (isLateEntry(state) && status !== 'registered') {
    throw new DomainError('EVENT_FULL', `The event is full (${capacity} players) and has started: its waitlist no longer moves`, [
      { field: 'capacity', rule: 'capacity', message: `all ${capacity} seats are taken` },
    ]);
  }
}

/** An entry as the waitlist rules need it: its id, its registration number and where it stands. */
export interface WaitlistEntry {
  id: string;
  number: number;
  status: EntryStatus | string;
}

/** The waitlisted entries in waitlist order: registration order (their number). */
function waitlist<T extends WaitlistEntry>(entries: readonly T[]): T[] {
  return entries.filter((e) => e.status === 'waitlisted').sort((a, b) => a.number - b.number);
}

/**
 * WAITLIST_MOVES_UP: the waitlisted entries that take the free seats, first come first served —
 * after a registered player leaves before the start, and when the organizer raises the capacity
 * (Podium's rule). Throws nothing.
 * @param entries every entry of the event; `capacity` null = unlimited (everyone waiting moves up).
 * @returns the ids to register, in waitlist order (none when no seat is free).
 */
export function waitlistPromotions(entries: readonly WaitlistEntry[], capacity: number | null): string[] {
  const registered = entries.filter((e) => e.status === 'registered').length;
  const free = capacity === null ? Infinity : Math.max(0, capacity - registered);
  return waitlist(entries)
    .slice(0, free === Infinity ? undefined : free)
    .map((e) => e.id);
}

/**
 * WAITLIST_POSITION: an entry's place in the waitlist, 1 = next to move up (Podium's rule).
 * @returns the 1-based position, or null when the entry is not waitlisted.
 */
export function waitlistPosition(entries: readonly WaitlistEntry[], id: string): number | null {
  const index = waitlist(entries).findIndex((e) => e.id === id);
  return index < 0 ? null : index + 1;
}

/**
 * CHECK_IN_BY_SELF_OR_ORGANIZER: a player checks in (or out) only themself; the organizer anyone
 * (Podium's rule). Registered and waitlisted entries check in alike: a waitlisted player who is
 * here is the one a no-show's seat goes to.
 * @param self the player whose token was sent, or null for the organizer; `player` the entry.
 * @throws DomainError FORBIDDEN (field authorization, rule owner) when `self` is another player.
 */
export function assertChecksInSelf(self: { id: string } | null, player: { id: string }): void {
  if (self && self.id !== player.id) throw forbidden('a player can only check in themself');
}

/** An entry as the start's line-up needs it. */
export interface LineupEntry extends WaitlistEntry {
  checkedIn: boolean;
}

/** Who plays and who does not, as the start decides it (ids in registration order). */
export interface StartLineup {
  /** Seated, paired, given a pool. */
  playing: string[];
  /** Waitlisted players moved up at the start (onlyCheckedIn: into a no-show's seat); also in `playing`. */
  promoted: string[];
  /** Registered but not checked in, with onlyCheckedIn: they lose their seat (status noShow). */
  noShows: string[];
  /** Still waiting when the event starts: they never play (status stays waitlisted). */
  waitlisted: string[];
}

/**
 * START_LINEUP (Podium's rule, docs/rules.md, Registration): the start seats every registered
 * entry; waitlisted entries stay out. With `onlyCheckedIn`, a registered entry not checked in is a
 * no-show and loses its seat, and the seats freed go to checked-in waitlisted entries in waitlist
 * order, up to the capacity. Nobody else moves. Throws nothing (too few players is the format's
 * refusal).
 * @param capacity null = unlimited.
 */
export function startLineup(entries: readonly LineupEntry[], capacity: number | null, onlyCheckedIn: boolean): StartLineup {
  const byNumber = [...entries].sort((a, b) => a.number - b.number);
  const registered = byNumber.filter((e) => e.status === 'registered');
  if (!onlyCheckedIn) {
    return { playing: registered.map((e) => e.id), promoted: [], noShows: [], waitlisted: waitlist(byNumber).map((e) => e.id) };
  }
  const kept = registered.filter((e) => e.checkedIn);
  const free = capacity === null ? Infinity : Math.max(0, capacity - kept.length);
  const promoted = waitlist(byNumber)
    .filter((e) => e.checkedIn)
    .slice(0, free === Infinity ? undefined : free);
  const playingIds = new Set([...kept, ...promoted].map((e) => e.id));
  return {
    playing: byNumber.filter((e) => playingIds.has(e.id)).map((e) => e.id),
    promoted: promoted.map((e) => e.id),
    noShows: registered.filter((e) => !e.checkedIn).map((e) => e.id),
    waitlisted: waitlist(byNumber)
      .filter((e) => !playingIds.has(e.id))
      .map((e) => e.id),
  };
}
