import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';

/** Postgres channel on which every instance hears that a pod or event changed. */
export const LIVE_CHANNEL = 'podium_live';

/** A change as announced on LIVE_CHANNEL: of one pod (with its new seq when known) or of the whole event. */
export interface LiveChange {
  eventId: string;
  podId: string | null;
  seq: number | null;
}

/** Payload "<eventId>:<podId>:<seq>", "<eventId>:<podId>" or "<eventId>:" (see LiveNotifier). */
export function parseLivePayload(payload: string | undefined): LiveChange | null {
  const match = /^([0-9a-f-]{36}):(?:([0-9a-f-]{36})(?::(\d{1,9}))?)?$/i.exec(payload ?? '');
  return match ? { eventId: match[1], podId: match[2] ?? null, seq: match[3] === undefined ? null : Number(match[3]) } : null;
}

/**
 * Announces committed changes to every server instance (Postgres NOTIFY): each instance LISTENs
 * and pushes fresh state to its own SSE clients. The draft's own statements notify inside their
 * transaction (delivered at commit, not at all on rollback); this is for everything else.
 */
@Injectable()
export class LiveNotifier {
  constructor(private readonly prisma: PrismaService) {}

  /** Event-level change (start, cancel, complete…) with no particular pod. Payload: "<eventId>:". */
  async eventChanged(eventId: string): Promise<void> {
    await this.prisma.$executeRaw`SELECT pg_notify(${LIVE_CHANNEL}, ${`${eventId}:`})`;
  }
}
