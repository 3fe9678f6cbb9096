import { Inject, Injectable } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import { AppConfig } from '../config/app-config';
import { RateLimitedError } from './rate-limits';

const MINUTE_MS = 60_000;

/**
 * Wrong join codes per event: after RATE_LIMIT_JOIN_GUESSES wrong codes within a minute, every
 * join attempt with a code is refused for a minute (429), right or wrong — else the limit would not
 * slow guessing. Counted per event, not per address, as the codes guard the event. Real time (it
 * limits clients, not event time), in this process's memory (@nestjs/throttler's storage).
 */
@Injectable()
export class JoinGuesses {
  private readonly blockedUntil = new Map<string, number>();

  constructor(
    @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
    private readonly config: AppConfig,
  ) {}

  /** @throws RateLimitedError while the event's join codes are blocked. */
  assertOpen(eventId: string): void {
    const until = this.blockedUntil.get(eventId);
    if (until === undefined) return;
    const left = until - Date.now();
    if (left <= 0) {
      this.blockedUntil.delete(eventId);
      return;
    }
    throw new RateLimitedError('Too many wrong join codes for this event; try again shortly', Math.ceil(left / 1000), 'joinCode');
  }

  /** Counts a wrong code; the one that reaches the limit blocks the event's codes for a minute. */
  async wrong(eventId: string): Promise<void> {
    const limit = this.config.RATE_LIMIT_JOIN_GUESSES;
    const hit = await this.storage.increment(`join:${eventId}`, MINUTE_MS, limit, MINUTE_MS, 'join-code');
    if (hit.totalHits >= limit) this.blockedUntil.set(eventId, Date.now() + MINUTE_MS);
  }
}
