import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { Client } from 'pg';
import { DatabaseGate } from './database-gate';
import { DATABASE_DIRECT_URL, DATABASE_TIMEOUTS } from './database.tokens';
import { guardedClient, type DatabaseTimeouts } from './guarded-pg';

/** Reconnection delays after the connection is lost: 0.5 s, 1 s, 2 s … up to 10 s. */
const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 10_000;

/**
 * One idle connection that lives as long as this process: its PostgreSQL backend pid names this
 * instance in rows it claims (a pick timer's claim), and every instance can tell from
 * `pg_stat_activity` whether the claimer is still alive — a process that dies (kill -9, a crash)
 * closes its connections, and its backend leaves `pg_stat_activity` at once, so its claims are
 * taken over without waiting for them to lapse. Reconnects when lost (a new pid: claims made
 * under the old one look abandoned and are redone, which a claim's work must tolerate).
 * It connects over DATABASE_DIRECT_URL: through a transaction-pooling PgBouncer the pid would
 * name a server connection shared with other instances, alive as long as PgBouncer keeps it.
 */
@Injectable()
export class SessionPresence implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(SessionPresence.name);
  private client: Client | null = null;
  private backendPid: number | null = null;
  private retry: NodeJS.Timeout | null = null;
  private attempt = 0;
  private closing = false;

  constructor(
    @Inject(DATABASE_DIRECT_URL) private readonly url: string,
    @Inject(DATABASE_TIMEOUTS) private readonly timeouts: DatabaseTimeouts,
    private readonly gate: DatabaseGate,
  ) {}

  /** The backend pid of this process's presence connection; null while it is not connected. */
  get pid(): number | null {
    return this.backendPid;
  }

  async onModuleInit(): Promise<void> {
    await this.connect().catch(() => this.schedule());
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    this.backendPid = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = guardedClient(this.gate, this.timeouts, { connectionString: this.url, application_name: 'podium-presence' });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      if (this.closing) {
        await client.end();
        return;
      }
      this.client = client;
      this.backendPid = rows[0].pid;
      this.attempt = 0;
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  private lost(client: Client): void {
    if (client !== this.client || this.closing) return;
    this.client = null;
    this.backendPid = null;
    this.logger.warn('presence connection lost; reconnecting');
    client.end().catch(() => undefined);
    this.schedule();
  }

  private schedule(): void {
    if (this.closing || this.retry) return;
    const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** this.attempt++);
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().catch(() => this.schedule());
    }, delay);
    this.retry.unref();
  }
}
