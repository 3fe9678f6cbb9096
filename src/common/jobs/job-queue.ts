import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import { AppConfig } from '../config/app-config';
import { DATABASE_URL } from '../database/database.module';
import type { Tx } from '../../events/events.repository';

/** Queues of the product. */
export const QUEUES = { pickTimeout: 'pick-timeout' } as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Schema of pg-boss's own tables (it creates and migrates them itself at start). */
export const JOB_SCHEMA = 'pgboss';

export interface ScheduledJob<T extends object> {
  /** Same key = same job: scheduling it again is a no-op (the id is derived from the key). */
  key: string;
  data: T;
  startAfter: Date;
}

/** A UUID-shaped id derived from a key, so pg-boss's ON CONFLICT DO NOTHING makes scheduling idempotent. */
export function jobId(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Postgres-backed job queue (pg-boss 10): jobs live in the database, so deadlines survive restarts
 * and any instance can run them. Jobs are inserted in the caller's transaction: a pick that rolls
 * back leaves no timer, a committed one always has its timer.
 * Workers run only when PICK_TIMERS is on (tests drive expiry themselves with a fixed clock).
 */
@Injectable()
export class JobQueue implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(JobQueue.name);
  private readonly boss: PgBoss;

  constructor(
    @Inject(DATABASE_URL) url: string,
    private readonly config: AppConfig,
  ) {
    this.boss = new PgBoss({ connectionString: url, schema: JOB_SCHEMA, max: 4, supervise: config.PICK_TIMERS, schedule: false, migrate: true });
    this.boss.on('error', (error) => this.logger.error(`job queue: ${error.message}`));
  }

  async onModuleInit(): Promise<void> {
    await this.boss.start();
    for (const name of Object.values(QUEUES)) await this.boss.createQueue(name, { name, policy: 'standard', retryLimit: 5, retryDelay: 1 });
  }

  async onModuleDestroy(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000 });
  }

  /** Inserts jobs within the transaction `tx` (idempotent by key). */
  async schedule<T extends object>(tx: Tx, queue: QueueName, jobs: ScheduledJob<T>[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.boss.insert(
      jobs.map((j) => ({ id: jobId(`${queue}:${j.key}`), name: queue, data: j.data, startAfter: j.startAfter })),
      { db: { executeSql: async (text: string, values: unknown[]) => ({ rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values) }) } },
    );
  }

  /** Runs `handler` for each due job of the queue on this instance (polling every 0.5 s). */
  async work<T extends object>(queue: QueueName, handler: (data: T) => Promise<void>): Promise<void> {
    await this.boss.work<T>(queue, { pollingIntervalSeconds: 0.5, batchSize: 4 }, async (jobs) => {
      for (const job of jobs) await handler(job.data);
    });
  }
}
