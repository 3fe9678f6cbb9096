import { Injectable } from '@nestjs/common';
import { ANONYMOUS, type Caller, playerTokenOf } from '../common/auth/caller';
import { hashPlayerToken, newPlayerToken } from '../common/auth/player-token';
import { Clock } from '../common/clock/clock';
import { LiveNotifier } from '../common/notify/live-notifier';
import { JoinGuesses } from '../common/rate-limit/join-guesses';
import { DomainError } from '../common/errors/domain-error';
import { randomBytes } from 'node:crypto';
import type { ImportPlayersDto, ImportPlayersResultDto, MyEntryDto, PlayerDto, RegisteredPlayerDto, RegisterPlayerDto } from './dto/event.dto';
import { EventsRepository, type EventRow, type PlayerRow, type Tx } from './events.repository';
import { FORMATS } from './formats';
import { FormatStarters } from './format-starters';
import { PlayersRepository, type EntryState } from './players.repository';
import { assertClaimable, claimCodeFrom, normalizeClaimCode } from './rules/claim-code';
import { readPlayerList } from './rules/player-import';
import { assertAllowed } from './rules/event-lifecycle';
import {
  assertChecksInSelf,
  assertJoinCode,
  assertNoLateTeamEntry,
  assertNotRegistered,
  assertSameProfile,
  assertSeatForLateEntry,
  assertTokenOfEvent,
  assertTokenSent,
  assertUnregistersSelf,
  type EntryStatus,
  isLateEntry,
  statusOfNewEntry,
  waitlistPosition,
  waitlistPromotions,
} from './rules/registration-policy';
import { AuditRepository } from '../audit/audit.repository';
import { actorOfCaller, playerActor, systemActor, type AuditActor } from '../audit/rules/audit-entry';

/** The client address of registrations made without an HTTP request (services called directly). */
export const NO_HTTP_CLIENT = 'local';

/** Registration, player tokens and who may act as which player (the policies: rules/registration-policy.ts). */
@Injectable()
export class PlayersService {
  constructor(
    private readonly events: EventsRepository,
    private readonly players: PlayersRepository,
    private readonly formats: FormatStarters,
    private readonly clock: Clock,
    private readonly live: LiveNotifier,
    private readonly joinGuesses: JoinGuesses,
    private readonly audit: AuditRepository,
  ) {}

  /**
   * Registers a player: links the given profile (by id or member number) or creates one, and hands
   * out a player token (shown once, stored hashed). A sealed event still accepts players until
   * round 1; their boosters open on joining.
   * @param caller who registers: the organizer needs no join code.
   * @param clientAddress the request's client address (`@ClientAddress()`): wrong join codes count per client.
   * @throws DomainError JOIN_CODE_INVALID, RATE_LIMITED (too many wrong codes from this client), EVENT_STATE_CONFLICT, PLAYER_NOT_FOUND (profileId), ALREADY_REGISTERED
   */
  async register(eventId: string, dto: RegisterPlayerDto, caller: Caller = ANONYMOUS, clientAddress = NO_HTTP_CLIENT): Promise<RegisteredPlayerDto> {
    return this.withJoinCode(dto.joinCode, caller, clientAddress, () => this.registerOnce(eventId, dto, caller));
  }

  /**
   * Runs a registration that may check `joinCode`, under the client's limit of wrong codes (any
   * event, any instance: JoinGuesses): refused (429 RATE_LIMITED) while the client's codes are
   * blocked; a wrong code counts towards the block. The organizer needs no code and is not counted.
   */
  async withJoinCode<T>(joinCode: string | undefined, caller: Caller, clientAddress: string, register: () => Promise<T>): Promise<T> {
    if (joinCode === undefined || caller.kind === 'organizer') return register();
    await this.joinGuesses.assertOpen(clientAddress);
    try {
      return await register();
    } catch (error) {
      if (error instanceof DomainError && error.code === 'JOIN_CODE_INVALID') await this.joinGuesses.wrong(clientAddress);
      throw error;
    }
  }

  private async registerOnce(eventId: string, dto: RegisterPlayerDto, caller: Caller): Promise<RegisteredPlayerDto> {
    return this.events.transaction(async (tx) => {
      const event = await this.events.lock(tx, eventId);
      assertAllowed(event.state, 'register', event.format);
      assertJoinCode(event, dto.joinCode, caller);
      assertNoLateTeamEntry(event);
      const { player, token } = await this.createEntry(tx, event, dto, null);
      await this.audit.record(tx, {
        eventId,
        action: isLateEntry(event.state) ? 'player.lateEntry' : 'player.registered',
        actor: actorOfCaller(caller, player),
        at: player.registeredAt,
        subject: { playerId: player.id, name: player.name },
        after: { status: player.status },
      });
      if (FORMATS[event.format].lateEntryStates.includes(event.state)) await this.formats.get(event.format).lateEntry?.(tx, event, [player]);
      return { playerId: player.id, profileId: player.profileId, name: player.name, token, status: player.status as EntryStatus };
    });
  }

  /**
   * Creates one event entry in the caller's transaction (event row locked): links or creates the
   * profile, numbers the entry after the last one, registers it or puts it on the waitlist (the
   * event's capacity: rules/registration-policy.ts, CAPACITY) and makes its token (returned once,
   * stored hashed). The lock makes the count of seats taken exact: two registrations for the last
   * seat give one registered and one waitlisted entry.
   * @param claimCode imported entries: the code that claims the seat.
   * @throws DomainError PLAYER_NOT_FOUND (profileId), VALIDATION_FAILED (profileId/memberNumber differ), ALREADY_REGISTERED,
   *   EVENT_FULL (a late entry with no seat left)
   */
  async createEntry(
    tx: Tx,
    event: EventRow,
    dto: { name: string; profileId?: string; memberNumber?: string },
    teamId: string | null,
    field = '',
    claimCode: string | null = null,
    firstRound: number | null = null,
  ): Promise<{ player: PlayerRow; token: string }> {
    const profileId = await this.profileFor(tx, dto, field);
    assertNotRegistered(await this.players.entryOfProfile(tx, event.id, profileId), dto, field);
    const status = statusOfNewEntry(await this.players.registeredCount(tx, event.id), event.capacity);
    assertSeatForLateEntry(event.state, status, event.capacity);
    const last = await this.players.highestNumber(tx, event.id);
    const { token, hash } = newPlayerToken();
    const player = await this.players.createEntry(tx, {
      eventId: event.id,
      profileId,
      name: dto.name,
      number: (last ?? 0) + 1,
      tokenHash: hash,
      lateEntry: isLateEntry(event.state),
      registeredAt: this.clock.now(),
      teamId,
      status,
      claimCode,
      firstRound,
    });
    return { player, token };
  }

  /**
   * Organizer: a late entry after round 1 (docs/rules.md "Late entry after round 1"), in the caller's
   * transaction with the event row locked: the entry as any registration makes it (profile, number,
   * token, a free seat or EVENT_FULL), marked as a late entry from `firstRound`, and the format's
   * late-entry step (sealed: their pool opens from the event seed on their own streams, so nobody
   * else's pool changes). Team events take no late entry.
   * @throws DomainError EVENT_STATE_CONFLICT (a team event), EVENT_FULL, ALREADY_REGISTERED, PLAYER_NOT_FOUND (profileId)
   */
  async enterLate(
    tx: Tx,
    event: EventRow,
    dto: { name: string; profileId?: string; memberNumber?: string },
    firstRound: number | null,
  ): Promise<{ player: PlayerRow; token: string }> {
    assertNoLateTeamEntry(event);
    const entry = await this.createEntry(tx, event, dto, null, '', null, firstRound);
    await this.formats.get(event.format).lateEntry?.(tx, event, [entry.player]);
    return entry;
  }

  /** Organizer: every entry by number, with where it stands (seat, waitlist, check-in) and its claim code. */
  async list(eventId: string): Promise<PlayerDto[]> {
    await this.events.get(eventId);
    const rows = await this.players.listWithProfiles(eventId);
    const standing = rows.map((p) => ({ id: p.id, number: p.number, status: p.status }));
    return rows.map((p) => ({
      playerId: p.id,
      profileId: p.profileId,
      name: p.name,
      memberNumber: p.profile.memberNumber,
      absent: p.absent,
      lateEntry: p.lateEntry,
      ...(p.firstRound !== null && p.firstRound > 1 ? { firstRound: p.firstRound } : {}),
      registeredAt: p.registeredAt.toISOString(),
      teamId: p.teamId,
      status: p.status as EntryStatus,
      waitlistPosition: waitlistPosition(standing, p.id),
      checkedInAt: p.checkedInAt?.toISOString() ?? null,
      claimCode: p.claimCode,
      claimed: p.claimedAt !== null,
      minMainDeck: p.minMainDeck,
      fixedTable: p.fixedTable,
    }));
  }

  /** The calling player's own standing: seat or waitlist place, check-in. */
  async me(eventId: string, player: PlayerRow): Promise<MyEntryDto> {
    const entries = await this.events.transaction((tx) => this.players.entryStates(tx, eventId));
    const self = entries.find((e) => e.id === player.id);
    return {
      playerId: player.id,
      name: player.name,
      status: (self?.status ?? player.status) as EntryStatus,
      waitlistPosition: waitlistPosition(entries, player.id),
      checkedIn: self?.checkedIn ?? player.checkedInAt !== null,
      ...(player.firstRound !== null && player.firstRound > 1 ? { firstRound: player.firstRound } : {}),
      minMainDeck: player.minMainDeck,
    };
  }

  /**
   * Checks a player in (they are here) or out, during registration: the player themself (their
   * token, the phone's "I'm here") or the organizer (rules/registration-policy.ts,
   * CHECK_IN_BY_SELF_OR_ORGANIZER). Checking in twice keeps the first time.
   * @throws DomainError UNAUTHORIZED/FORBIDDEN, PLAYER_NOT_FOUND, EVENT_STATE_CONFLICT (after the start)
   */
  async checkIn(eventId: string, playerId: string, caller: Caller, checkedIn: boolean): Promise<MyEntryDto> {
    const player = await this.events.transaction(async (tx) => {
      const event = await this.events.lock(tx, eventId);
      const self = caller.kind === 'organizer' ? null : await this.authenticate(eventId, playerTokenOf(caller), tx);
      const player = await this.events.player(eventId, playerId, tx);
      assertChecksInSelf(self, player);
      assertAllowed(event.state, 'checkIn', event.format);
      if (checkedIn !== (player.checkedInAt !== null)) {
        const now = this.clock.now();
        await this.players.setCheckedIn(tx, player.id, checkedIn ? now : null);
        await this.audit.record(tx, {
          eventId,
          action: checkedIn ? 'player.checkedIn' : 'player.checkedOut',
          actor: actorOfCaller(caller, self),
          at: now,
          subject: { playerId: player.id, name: player.name },
          before: { checkedIn: !checkedIn },
          after: { checkedIn },
        });
      }
      return player;
    });
    return this.me(eventId, player);
  }

  /**
   * Organizer: registers every player of a pasted list or CSV (rules/player-import.ts): each line
   * becomes an entry — registered, or waitlisted beyond the capacity — with a claim code, or a
   * problem saying why not (blank, unreadable, too long, duplicate). One transaction, event row
   * locked; the good lines are kept even when others are problems.
   * @throws DomainError EVENT_STATE_CONFLICT (after the start, or a team event), MALFORMED_BODY (an unclosed CSV quote)
   */
  async importPlayers(eventId: string, dto: ImportPlayersDto, actor: AuditActor = systemActor()): Promise<ImportPlayersResultDto> {
    return this.events.transaction(async (tx) => {
      const event = await this.events.lock(tx, eventId);
      assertAllowed(event.state, 'importPlayers', event.format);
      assertNoLateTeamEntry(event);
      const entries = await this.players.entryStates(tx, eventId);
      const list = readPlayerList(dto.text, dto.format ?? 'auto', {
        names: entries.map((e) => e.name),
        memberNumbers: entries.flatMap((e) => (e.memberNumber ? [e.memberNumber] : [])),
      });
      const problems = [...list.problems];
      const imported: ImportPlayersResultDto['imported'] = [];
      const codes = new Set(entries.flatMap((e) => (e.claimCode ? [e.claimCode] : [])));
      for (const line of list.entries) {
        if (line.memberNumber) {
          // A member number names a store profile: one already in the event (under another name) is a duplicate too.
          const profile = await this.players.profileOfMember(tx, line.memberNumber, line.name, this.clock.now());
          if (await this.players.entryOfProfile(tx, eventId, profile.id)) {
            problems.push({ line: line.line, text: line.name, rule: 'duplicate', message: `member number ${line.memberNumber} is already registered` });
            continue;
          }
        }
        const claimCode = newClaimCode(codes);
        const { player } = await this.createEntry(tx, event, line, null, '', claimCode);
        imported.push({
          line: line.line,
          playerId: player.id,
          name: player.name,
          memberNumber: line.memberNumber ?? null,
          status: player.status as 'registered' | 'waitlisted',
          claimCode,
        });
      }
      problems.sort((a, b) => a.line - b.line);
      if (imported.length > 0) {
        await this.audit.record(tx, {
          eventId,
          action: 'player.imported',
          actor,
          at: this.clock.now(),
          subject: { count: imported.length, problems: problems.length },
          after: imported.map((i) => ({ playerId: i.playerId, name: i.name, status: i.status })),
        });
      }
      return { imported, problems };
    });
  }

  /**
   * A player takes the seat an import made for them with its claim code (rules/claim-code.ts): they
   * get a new player token, as a self-registration gives, and the code is used up. Wrong codes
   * count towards the client's block of wrong join codes (any event, any instance).
   * @throws DomainError CLAIM_CODE_INVALID, CLAIM_CODE_USED, RATE_LIMITED, EVENT_STATE_CONFLICT (event over)
   */
  async claimSeat(eventId: string, typed: string, clientAddress = NO_HTTP_CLIENT): Promise<RegisteredPlayerDto> {
    await this.joinGuesses.assertOpen(clientAddress);
    try {
      return await this.events.transaction(async (tx) => {
        const event = await this.events.lock(tx, eventId);
        assertAllowed(event.state, 'claimSeat', event.format);
        const player = await this.players.byClaimCode(tx, eventId, normalizeClaimCode(typed));
        assertClaimable(player);
        const { token, hash } = newPlayerToken();
        const now = this.clock.now();
        await this.players.claim(tx, player.id, hash, now);
        await this.audit.record(tx, { eventId, action: 'player.claimed', actor: playerActor(player), at: now, subject: { playerId: player.id, name: player.name } });
        return { playerId: player.id, profileId: player.profileId, name: player.name, token, status: player.status as EntryStatus };
      });
    } catch (error) {
      if (error instanceof DomainError && error.code === 'CLAIM_CODE_INVALID') await this.joinGuesses.wrong(clientAddress);
      throw error;
    }
  }

  /**
   * Unregisters before start: the player themself (their token) or the organizer.
   * @throws DomainError UNAUTHORIZED/FORBIDDEN, PLAYER_NOT_FOUND, EVENT_STATE_CONFLICT
   */
  async unregister(eventId: string, playerId: string, caller: Caller): Promise<void> {
    await this.events.transaction(async (tx) => {
      const event = await this.events.lock(tx, eventId);
      // Authenticate before looking the player up: without a valid token, known and unknown ids look the same (401).
      const self = caller.kind === 'organizer' ? null : await this.authenticate(eventId, playerTokenOf(caller), tx);
      const player = await this.events.player(eventId, playerId, tx);
      assertUnregistersSelf(self, player);
      assertAllowed(event.state, 'unregister', event.format);
      await this.players.deleteEntry(tx, player.id);
      await this.audit.record(tx, {
        eventId,
        action: 'player.unregistered',
        actor: actorOfCaller(caller, self),
        at: this.clock.now(),
        subject: { playerId: player.id, name: player.name },
        before: { status: player.status },
      });
      // The seat it freed goes to the first of the waitlist, in this transaction (WAITLIST_MOVES_UP).
      await this.moveWaitlistUp(tx, event);
    });
    await this.live.eventChanged(eventId);
  }

  /**
   * Gives the free seats to the first of the waitlist (rules/registration-policy.ts,
   * WAITLIST_MOVES_UP), in the caller's transaction with the event row locked.
   * @returns the ids of the entries moved up.
   */
  async moveWaitlistUp(tx: Tx, event: Pick<EventRow, 'id' | 'capacity'>): Promise<string[]> {
    const entries: EntryState[] = await this.players.entryStates(tx, event.id);
    const promoted = waitlistPromotions(entries, event.capacity);
    await this.players.register(tx, promoted);
    const at = this.clock.now();
    for (const id of promoted) {
      const entry = entries.find((e) => e.id === id)!;
      await this.audit.record(tx, {
        eventId: event.id,
        action: 'player.promoted',
        actor: systemActor('waitlist'),
        at,
        subject: { playerId: id, name: entry.name },
        before: { status: 'waitlisted' },
        after: { status: 'registered' },
      });
    }
    return promoted;
  }

  /** Organizer: a new token for a player who lost theirs; the old one stops working. */
  async reissueToken(eventId: string, playerId: string, actor: AuditActor = systemActor()): Promise<RegisteredPlayerDto> {
    const player = await this.events.player(eventId, playerId);
    const { token, hash } = newPlayerToken();
    await this.events.transaction(async (tx) => {
      await this.players.replaceTokenHash(player.id, hash, tx);
      await this.audit.record(tx, { eventId, action: 'player.tokenReissued', actor, at: this.clock.now(), subject: { playerId: player.id, name: player.name } });
    });
    // Open live streams of the old token end (every instance re-checks its streams of the event).
    await this.live.eventChanged(eventId);
    return { playerId: player.id, profileId: player.profileId, name: player.name, token, status: player.status as EntryStatus };
  }

  /**
   * The player a bearer token belongs to, in this event (PlayerGuard, and the services of routes
   * open to a player or the organizer, after their own checks).
   * @param token the bearer token of the request (`@BearerToken()`, a Caller's), null when none was sent.
   * @throws DomainError UNAUTHORIZED (no/unknown token), FORBIDDEN (a token of another event)
   */
  async authenticate(eventId: string, token: string | null, tx?: Tx): Promise<PlayerRow> {
    assertTokenSent(token);
    const player = await this.players.byTokenHash(hashPlayerToken(token), tx);
    assertTokenOfEvent(player, eventId);
    return player;
  }

  private async profileFor(tx: Tx, dto: { name: string; profileId?: string; memberNumber?: string }, field: string): Promise<string> {
    if (dto.profileId) {
      const profile = await this.players.profile(tx, dto.profileId);
      if (!profile) throw new DomainError('PLAYER_NOT_FOUND', 'No such player profile', [{ field: field + 'profileId', rule: 'exists', message: 'unknown profile' }]);
      assertSameProfile(profile, dto.memberNumber, field);
      return profile.id;
    }
    if (dto.memberNumber) {
      // Made if missing, race-free: two desks may register the same new member at once in different events.
      const profile = await this.players.profileOfMember(tx, dto.memberNumber, dto.name, this.clock.now());
      return profile.id;
    }
    const profile = await this.players.createProfile(tx, dto.name, this.clock.now());
    return profile.id;
  }
}

/** A claim code not among `taken` (crypto randomness: the codes are secrets), added to `taken`. */
function newClaimCode(taken: Set<string>): string {
  for (;;) {
    const code = claimCodeFrom(randomBytes(8));
    if (!taken.has(code)) {
      taken.add(code);
      return code;
    }
  }
}
