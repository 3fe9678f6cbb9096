import { Injectable, OnModuleDestroy } from '@nestjs/common';
import type { Pool, PoolClient, QueryResultRow } from 'pg';

/**
 * A plain `pg` pool on the application's database, for statements where Prisma's row mapping is
 * the cost (the draft's pick statement, bulk reads). Repositories own every statement sent
 * through it. Built by DatabaseModule as a guarded pool (guarded-pg.ts: bounded waits, no crash
 * on a cut connection); closed with the app.
 */
@Injectable()
export class PgPool implements OnModuleDestroy {
  constructor(readonly pool: Pool) {}

  async query<R extends QueryResultRow>(text: string, values?: unknown[]): Promise<R[]> {
    return (await this.pool.query<R>(text, values)).rows;
  }

  /**
   * Runs `work` in one transaction on one connection (BEGIN … COMMIT, ROLLBACK on error). A
   * connection that failed (cut, or a query that ran out of time) is dropped, never reused.
   * @param begin the statement that opens it, e.g. 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY'.
   */
  async transaction<T>(work: (client: PoolClient) => Promise<T>, begin = 'BEGIN'): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query(begin);
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    } finally {
      client.release(broken);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.end();
  }
}
