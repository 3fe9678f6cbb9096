import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { RateLimitedError } from './rate-limits';
import { SharedRateLimits, type RateLimitRule } from './shared-rate-limits';

const MINUTE_MS = 60_000;

/**
 * Wrong join codes per client address, across every event and every instance (counted in
 * PostgreSQL, see SharedRateLimits): after RATE_LIMIT_JOIN_GUESSES wrong codes within a minute,
 * every join attempt with a code from that address is refused for a minute (429), right or wrong —
 * else the limit would not slow guessing. Counted per client, never per event: a guesser must not
 * lock the players who have the right code out of the event they guess at.
 */
@Injectable()
export class JoinGuesses {
  private readonly rule: RateLimitRule;

  constructor(
    private readonly shared: SharedRateLimits,
    config: AppConfig,
  ) {
    this.rule = { name: 'joinCode', windowMs: MINUTE_MS, blockAt: config.RATE_LIMIT_JOIN_GUESSES, blockMs: MINUTE_MS };
  }

  /**
   * One read by primary key.
   * @throws RateLimitedError (field joinCode, Retry-After) while the client's join codes are blocked.
   */
  async assertOpen(clientAddress: string): Promise<void> {
    const seconds = await this.shared.blockedFor(clientAddress, this.rule);
    if (seconds > 0) throw new RateLimitedError('Too many wrong join codes from this client; try again shortly', seconds, 'joinCode');
  }

  /** Counts a wrong code (one upsert); the one that reaches the limit blocks the client's codes for a minute. */
  async wrong(clientAddress: string): Promise<void> {
    await this.shared.count(clientAddress, this.rule);
  }
}
