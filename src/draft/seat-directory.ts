import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { hashPlayerToken } from '../common/auth/player-token';
import { DomainError } from '../common/errors/domain-error';
import { EventsRepository } from '../events/events.repository';
import { FORMATS } from '../events/formats';
import { PlayersService } from '../events/players.service';
import { assertAllowed } from '../events/rules/event-lifecycle';
import { PodRepository, type TokenHolder } from './pod.repository';

/** A seated player as the pick path needs them. */
export interface SeatedPlayer {
  playerId: string;
  eventId: string;
  tokenHash: string;
  podId: string;
  seat: number;
}

const LIMIT = 50_000;

/**
 * Player tokens of seated players, resolved to their seat once per process: a seat never moves
 * once the draft started. The cache only saves the lookup — every answer checks again that the
 * token is still the player's (in the pick statement under the pod lock, or in one read for
 * replays and refusals); a reissued token fails there and is forgotten here.
 */
@Injectable()
export class SeatDirectory {
  private readonly byToken = new Map<string, SeatedPlayer>();
  /**
   * Lookups of tokens not yet known, batched per tick: when a draft opens, every seat's first pick
   * arrives within a second and would otherwise queue one query each for the pool. Not a cache
   * (byToken is): a miss is asked again next time.
   */
  private readonly holders: DataLoader<string, TokenHolder | null>;

  constructor(
    private readonly players: PlayersService,
    private readonly events: EventsRepository,
    pods: PodRepository,
  ) {
    this.holders = new DataLoader((hashes) => pods.playersByToken(hashes), { cache: false, maxBatchSize: 500 });
  }

  /**
   * The seat of the player whose token this is: from memory when known (no database), else one
   * batched read by the token's hash.
   * @param token the request's bearer token (`@BearerToken()`), null when none was sent.
   * @throws DomainError UNAUTHORIZED (no or unknown token), FORBIDDEN (another event's token, or not
   *   seated), EVENT_STATE_CONFLICT (no draft to pick in: before start, or a sealed event)
   */
  async resolve(eventId: string, token: string | null): Promise<SeatedPlayer> {
    const hash = token ? hashPlayerToken(token) : null;
    const known = hash ? this.byToken.get(hash) : undefined;
    if (known && known.eventId === eventId) return known;
    const found = hash ? await this.holders.load(hash) : null;
    // Anything but a seated player of this event: the ordinary lookup gives the right error (401, 403).
    if (!hash || !found || found.eventId !== eventId) {
      await this.players.authenticate(eventId, token);
      // Only if the token was registered between the two reads: ask again.
      throw new DomainError('UNAUTHORIZED', 'Player token is not valid', [{ field: 'authorization', rule: 'playerToken', message: 'unknown token' }]);
    }
    const seat = found.seat;
    if (!seat) {
      const event = await this.events.get(eventId);
      if (!FORMATS[event.format].drafts || event.state === 'registration') assertAllowed(event.state, 'pick', event.format);
      throw new DomainError('FORBIDDEN', 'You have no seat in a draft pod of this event', [{ field: 'authorization', rule: 'seated', message: 'not seated' }]);
    }
    const seated = { playerId: found.playerId, eventId, tokenHash: hash, ...seat };
    this.remember(seated);
    return seated;
  }

  /** A seat known without asking (the draft's start seated them): the player's first pick needs no lookup. */
  remember(seated: SeatedPlayer): void {
    if (this.byToken.size >= LIMIT) this.byToken.delete(this.byToken.keys().next().value!);
    this.byToken.set(seated.tokenHash, seated);
  }

  /** The event's rows were replaced (an imported archive): look every token of it up again. */
  forgetEvent(eventId: string): void {
    for (const [hash, seated] of this.byToken) if (seated.eventId === eventId) this.byToken.delete(hash);
  }

  /** The token no longer holds (reissued): look it up again next time. */
  forget(tokenHash: string): void {
    this.byToken.delete(tokenHash);
  }
}
