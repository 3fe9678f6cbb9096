import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import type { Client } from 'pg';
import { DatabaseGate } from '../database/database-gate';
import { DATABASE_DIRECT_URL, DATABASE_TIMEOUTS } from '../database/database.module';
import { guardedClient, type DatabaseTimeouts } from '../database/guarded-pg';
import { PgPool } from '../database/pg-pool';

/** Postgres channel on which every instance hears that a pod or event changed. */
export const LIVE_CHANNEL = 'podium_live';

/** A change as announced on LIVE_CHANNEL: of one pod (with its new seq when known) or of the whole event. */
export interface LiveChange {
  eventId: string;
  podId: string | null;
  seq: number | null;
  /** The event's rows were replaced as a whole (an imported archive): forget everything held of it. */
  replaced?: true;
}

/** Payload "<eventId>:<podId>:<seq>", "<eventId>:<podId>", "<eventId>:" or "<eventId>:replaced" (see LiveNotifier). */
export function parseLivePayload(payload: string | undefined): LiveChange | null {
  const replaced = /^([0-9a-f-]{36}):replaced$/i.exec(payload ?? '');
  if (replaced) return { eventId: replaced[1], podId: null, seq: null, replaced: true };
  const match = /^([0-9a-f-]{36}):(?:([0-9a-f-]{36})(?::(\d{1,9}))?)?$/i.exec(payload ?? '');
  return match ? { eventId: match[1], podId: match[2] ?? null, seq: match[3] === undefined ? null : Number(match[3]) } : null;
}

/**
 * Announces committed changes to every server instance (Postgres NOTIFY): each instance LISTENs
 * and pushes fresh state to its own SSE clients. Sent after the change's commit, batched: PostgreSQL
 * serializes notifying transactions from their NOTIFY to the end of their commit (WAL flush
 * included), so a NOTIFY inside every pick's transaction made picks commit one fsync at a time.
 * Pod changes made while a batch is in flight go in the next one (one per pod, its latest seq);
 * the batches go through one connection of their own whose commits do not wait for their WAL
 * flush (synchronous_commit off: a notification is not a fact — on a crash the data is in the
 * tables and listeners catch up at the next change or reconnect). That connection's SET lasts for
 * its session, so it goes over DATABASE_DIRECT_URL (a transaction-pooling PgBouncer would carry
 * the SET to whichever instance gets that server connection next); the event-level notifications
 * are one autocommit statement each and take the pool.
 */
@Injectable()
export class LiveNotifier implements OnModuleDestroy {
  private readonly logger = new Logger(LiveNotifier.name);
  private pending = new Map<string, string>();
  private flushing: Promise<void> | null = null;
  private client: Client | null = null;

  constructor(
    private readonly pg: PgPool,
    @Inject(DATABASE_DIRECT_URL) private readonly url: string,
    @Inject(DATABASE_TIMEOUTS) private readonly timeouts: DatabaseTimeouts,
    private readonly gate: DatabaseGate,
  ) {}

  /** A committed change of pod `podId` that brought it to `seq`. Payload: "<eventId>:<podId>:<seq>". */
  podChanged(eventId: string, podId: string, seq: number): void {
    this.pending.set(podId, `${eventId}:${podId}:${seq}`);
    if (!this.flushing) this.flushing = this.flush();
  }

  /** Event-level change (start, cancel, complete…) with no particular pod. Payload: "<eventId>:". */
  async eventChanged(eventId: string): Promise<void> {
    await this.pg.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, `${eventId}:`]);
  }

  /**
   * The event's rows were replaced as a whole (an imported archive, same ids): every instance
   * forgets what it holds of the event (pods in memory, seats of tokens) and reloads it when next
   * asked. Payload: "<eventId>:replaced" (an instance of an earlier release ignores it).
   */
  async eventReplaced(eventId: string): Promise<void> {
    await this.pg.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, `${eventId}:replaced`]);
  }

  async onModuleDestroy(): Promise<void> {
    await this.flushing;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** The notifier's own connection (made on first use, again after an error). */
  private async connection(): Promise<Client> {
    if (this.client) return this.client;
    const client = guardedClient(this.gate, this.timeouts, { connectionString: this.url, application_name: 'podium-notify' });
    client.on('error', () => {
      if (this.client === client) this.client = null;
    });
    await client.connect();
    await client.query('SET synchronous_commit TO off');
    this.client = client;
    return client;
  }

  private async flush(): Promise<void> {
    // Let the commits of this tick join the batch.
    await new Promise<void>((r) => setImmediate(r));
    while (this.pending.size > 0) {
      const payloads = [...this.pending.values()];
      this.pending = new Map();
      try {
        await (await this.connection()).query('SELECT pg_notify($1, p) FROM unnest($2::text[]) p', [LIVE_CHANNEL, payloads]);
      } catch (error) {
        this.logger.warn(`live notifications not sent (${payloads.length}): ${(error as Error).message}`);
        const client = this.client;
        this.client = null;
        await client?.end().catch(() => undefined);
      }
    }
    this.flushing = null;
  }
}
