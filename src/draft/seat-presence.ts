import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { PodRepository } from './pod.repository';

/** A phone heard from again this soon is not written again by this instance (ms): well under the offline limit. */
const WRITE_EVERY_MS = 10_000;

/**
 * Records when each player's phone was last heard from (the live stream's opening and heartbeats,
 * polling of the draft view while the stream is down), for the organizer's seat states
 * (rules/seat-activity.ts). Stored on the player's row so every instance's panel sees every
 * instance's phones; written at most every WRITE_EVERY_MS per player by this instance, in one
 * statement per batch. Best effort: a failed write is logged and never fails the request.
 */
@Injectable()
export class SeatPresence {
  private readonly logger = new Logger(SeatPresence.name);
  private readonly written = new Map<string, number>();

  constructor(
    private readonly pods: PodRepository,
    private readonly clock: Clock,
  ) {}

  /** The players' phones were heard from now. Never throws. */
  async heard(playerIds: Iterable<string>): Promise<void> {
    const now = this.clock.now();
    const due: string[] = [];
    for (const id of new Set(playerIds)) {
      const last = this.written.get(id);
      if (last !== undefined && now.getTime() - last < WRITE_EVERY_MS) continue;
      this.written.set(id, now.getTime());
      due.push(id);
    }
    if (this.written.size > 50_000) this.forgetOlderThan(now.getTime() - WRITE_EVERY_MS);
    try {
      await this.pods.markSeen(due, now);
    } catch (error) {
      for (const id of due) this.written.delete(id);
      this.logger.warn(`could not record ${due.length} phone(s) as seen: ${(error as Error).message}`);
    }
  }

  private forgetOlderThan(cutoff: number): void {
    for (const [id, at] of this.written) if (at < cutoff) this.written.delete(id);
  }
}
