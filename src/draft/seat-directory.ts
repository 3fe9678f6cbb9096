import { Injectable } from '@nestjs/common';
import { bearerToken, hashPlayerToken } from '../common/auth/player-token';
import { DomainError } from '../common/errors/domain-error';
import { EventsRepository } from '../events/events.repository';
import { PlayersService } from '../events/players.service';
import { assertAllowed, type EventFormat, type EventState } from '../events/rules/event-lifecycle';
import { PodRepository } from './pod.repository';

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
 * once the draft started. The cache only saves the lookup — every pick statement checks again,
 * under the pod lock, that the token is still the player's (a reissued token fails there and is
 * forgotten here).
 */
@Injectable()
export class SeatDirectory {
  private readonly byToken = new Map<string, SeatedPlayer>();

  constructor(
    private readonly players: PlayersService,
    private readonly events: EventsRepository,
    private readonly pods: PodRepository,
  ) {}

  /**
   * @throws DomainError UNAUTHORIZED (no or unknown token), FORBIDDEN (another event's token, or not
   *   seated), EVENT_STATE_CONFLICT (no draft to pick in: before start, or a sealed event)
   */
  async resolve(eventId: string, authorization: string | undefined): Promise<SeatedPlayer> {
    const token = bearerToken(authorization);
    const hash = token ? hashPlayerToken(token) : null;
    const known = hash ? this.byToken.get(hash) : undefined;
    if (known && known.eventId === eventId) return known;
    const player = await this.players.authenticate(eventId, authorization);
    const seat = await this.pods.seatOf(player.id);
    if (!seat) {
      const event = await this.events.get(eventId);
      if (event.format !== 'draft' || event.state === 'registration') assertAllowed(event.state as EventState, 'pick', event.format as EventFormat);
      throw new DomainError('FORBIDDEN', 'You have no seat in a draft pod of this event', [{ field: 'authorization', rule: 'seated', message: 'not seated' }]);
    }
    const seated = { playerId: player.id, eventId, tokenHash: player.tokenHash, ...seat };
    if (this.byToken.size >= LIMIT) this.byToken.delete(this.byToken.keys().next().value!);
    this.byToken.set(player.tokenHash, seated);
    return seated;
  }

  /** The token no longer holds (reissued): look it up again next time. */
  forget(tokenHash: string): void {
    this.byToken.delete(tokenHash);
  }
}
