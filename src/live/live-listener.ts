import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Client, type Notification } from 'pg';
import { DATABASE_DIRECT_URL } from '../common/database/database.module';
import { LIVE_CHANNEL, parseLivePayload } from '../common/notify/live-notifier';
import { LiveHub } from './live-hub';

/** Reconnection delays: 0.5 s, 1 s, 2 s … up to 30 s. */
const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 30_000;

/**
 * The one LISTEN connection of this process: a dedicated `pg` client on the application's database,
 * over DATABASE_DIRECT_URL (a LISTEN lives in its session, which a transaction-pooling PgBouncer
 * would hand to others after the statement), that hears every instance's NOTIFY on `podium_live` and hands it to the hub. When the connection
 * drops it reconnects with exponential backoff and then refreshes every client, since notifications
 * sent meanwhile are lost. Closed with the app.
 */
@Injectable()
export class LiveListener implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(LiveListener.name);
  private client: Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private attempt = 0;
  private closing = false;
  private everConnected = false;

  constructor(
    @Inject(DATABASE_DIRECT_URL) private readonly url: string,
    private readonly hub: LiveHub,
  ) {}

  /** Listens before the app serves requests; if the database is not there yet, keeps trying in the background. */
  async onModuleInit(): Promise<void> {
    try {
      await this.connect();
    } catch (error) {
      this.logger.warn(`LISTEN ${LIVE_CHANNEL} failed, retrying: ${(error as Error).message}`);
      this.schedule();
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** Whether the LISTEN connection is up (health, tests). */
  get listening(): boolean {
    return this.client !== null;
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.url, keepAlive: true, application_name: 'podium-live' });
    client.on('notification', (message: Notification) => this.onNotification(message));
    client.on('error', (error: Error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closing) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.attempt = 0;
    if (this.everConnected) {
      this.logger.log(`LISTEN ${LIVE_CHANNEL} restored`);
      this.hub.refreshAll();
    }
    this.everConnected = true;
  }

  private onNotification(message: Notification): void {
    if (message.channel !== LIVE_CHANNEL) return;
    const parsed = parseLivePayload(message.payload);
    if (parsed) this.hub.remoteChange(parsed);
  }

  /** The live connection failed or ended: drop it and reconnect (events of a client still connecting are ignored). */
  private lost(client: Client, error?: Error): void {
    if (client !== this.client || this.closing) return;
    this.client = null;
    this.logger.warn(`LISTEN connection lost${error ? `: ${error.message}` : ''}; reconnecting`);
    client.end().catch(() => undefined);
    this.schedule();
  }

  private schedule(): void {
    if (this.closing || this.retry) return;
    const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** this.attempt);
    this.attempt++;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().catch((error: unknown) => {
        this.logger.warn(`LISTEN ${LIVE_CHANNEL} failed, retrying: ${(error as Error).message}`);
        this.schedule();
      });
    }, delay);
    this.retry.unref();
  }
}
