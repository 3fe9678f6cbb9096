import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { Pool, type PoolClient, type QueryResultRow } from 'pg';

/** Connections of the plain `pg` pool (the draft's hot path and bulk reads; Prisma keeps its own). */
const POOL_SIZE = 10;

/**
 * A plain `pg` pool on the application's database, for statements where Prisma's row mapping is
 * the cost (the draft's pick statement, bulk reads). Repositories own every statement sent
 * through it. Closed with the app.
 */
@Injectable()
export class PgPool implements OnModuleDestroy {
  readonly pool: Pool;

  constructor(connectionString: string) {
    // Idle connections are kept: a new one costs a backend start, authentication and cold catalog
    // caches, and opening ten at once when a draft starts made its first picks wait ~100 ms.
    this.pool = new Pool({ connectionString, max: POOL_SIZE, idleTimeoutMillis: 0, application_name: 'podium' });
    // An idle client that loses its connection must not crash the process: pg reports it here.
    this.pool.on('error', () => undefined);
  }

  async query<R extends QueryResultRow>(text: string, values?: unknown[]): Promise<R[]> {
    return (await this.pool.query<R>(text, values)).rows;
  }

  /**
   * Runs `work` in one transaction on one connection (BEGIN … COMMIT, ROLLBACK on error).
   * @param begin the statement that opens it, e.g. 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY'.
   */
  async transaction<T>(work: (client: PoolClient) => Promise<T>, begin = 'BEGIN'): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query(begin);
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.end();
  }
}
