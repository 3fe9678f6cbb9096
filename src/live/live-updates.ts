import { Injectable } from '@nestjs/common';
import { PrismaService } from '../common/database/prisma.service';
import type { Tx } from '../events/events.repository';

/** Postgres channel on which every instance hears that a pod or event changed. */
export const LIVE_CHANNEL = 'podium_live';

/**
 * Announces committed changes to every server instance (Postgres NOTIFY): each instance LISTENs
 * and pushes fresh state to its own SSE clients. Nothing is kept in memory as a source of truth.
 */
@Injectable()
export class LiveUpdates {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Inside the transaction that changes the pod: Postgres delivers the notification at commit, and
   * not at all on rollback — no extra round trip or pool connection after the commit.
   */
  async podChangedIn(tx: Tx, eventId: string, podId: string): Promise<void> {
    await tx.$executeRaw`SELECT pg_notify(${LIVE_CHANNEL}, ${`${eventId}:${podId}`})`;
  }

  /** Call after the transaction that changed the pod has committed. Payload: "<eventId>:<podId>". */
  async podChanged(eventId: string, podId: string): Promise<void> {
    await this.prisma.$executeRaw`SELECT pg_notify(${LIVE_CHANNEL}, ${`${eventId}:${podId}`})`;
  }

  /** Event-level change (start, complete…) with no particular pod. Payload: "<eventId>:". */
  async eventChanged(eventId: string): Promise<void> {
    await this.prisma.$executeRaw`SELECT pg_notify(${LIVE_CHANNEL}, ${`${eventId}:`})`;
  }
}
