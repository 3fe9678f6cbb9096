import { Injectable } from '@nestjs/common';
import { ANONYMOUS, type Caller, playerTokenOf } from '../common/auth/caller';
import { hashPlayerToken, newPlayerToken } from '../common/auth/player-token';
import { Clock } from '../common/clock/clock';
import { LiveNotifier } from '../common/notify/live-notifier';
import { JoinGuesses } from '../common/rate-limit/join-guesses';
import { DomainError } from '../common/errors/domain-error';
import type { PlayerDto, RegisteredPlayerDto, RegisterPlayerDto } from './dto/event.dto';
import { EventsRepository, type EventRow, type PlayerRow, type Tx } from './events.repository';
import { FORMATS } from './formats';
import { FormatStarters } from './format-starters';
import { PlayersRepository } from './players.repository';
import { assertAllowed } from './rules/event-lifecycle';
import {
  assertJoinCode,
  assertNoLateTeamEntry,
  assertNotRegistered,
  assertSameProfile,
  assertTokenOfEvent,
  assertTokenSent,
  assertUnregistersSelf,
  isLateEntry,
} from './rules/registration-policy';

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
      if (FORMATS[event.format].lateEntryStates.includes(event.state)) await this.formats.get(event.format).lateEntry?.(tx, event, [player]);
      return { playerId: player.id, profileId: player.profileId, name: player.name, token };
    });
  }

  /**
   * Creates one event entry in the caller's transaction (event row locked): links or creates the
   * profile, numbers the entry after the last one, and makes its token (returned once, stored hashed).
   * @throws DomainError PLAYER_NOT_FOUND (profileId), VALIDATION_FAILED (profileId/memberNumber differ), ALREADY_REGISTERED
   */
  async createEntry(
    tx: Tx,
    event: EventRow,
    dto: { name: string; profileId?: string; memberNumber?: string },
    teamId: string | null,
    field = '',
  ): Promise<{ player: PlayerRow; token: string }> {
    const profileId = await this.profileFor(tx, dto, field);
    assertNotRegistered(await this.players.entryOfProfile(tx, event.id, profileId), dto, field);
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
    });
    return { player, token };
  }

  async list(eventId: string): Promise<PlayerDto[]> {
    await this.events.get(eventId);
    const rows = await this.players.listWithProfiles(eventId);
    return rows.map((p) => ({
      playerId: p.id,
      profileId: p.profileId,
      name: p.name,
      memberNumber: p.profile.memberNumber,
      absent: p.absent,
      lateEntry: p.lateEntry,
      registeredAt: p.registeredAt.toISOString(),
      teamId: p.teamId,
    }));
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
    });
  }

  /** Organizer: a new token for a player who lost theirs; the old one stops working. */
  async reissueToken(eventId: string, playerId: string): Promise<RegisteredPlayerDto> {
    const player = await this.events.player(eventId, playerId);
    const { token, hash } = newPlayerToken();
    await this.players.replaceTokenHash(player.id, hash);
    // Open live streams of the old token end (every instance re-checks its streams of the event).
    await this.live.eventChanged(eventId);
    return { playerId: player.id, profileId: player.profileId, name: player.name, token };
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
