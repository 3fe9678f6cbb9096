import pg from 'pg';
import { DatabaseUnavailableError, type DatabaseGate } from './database-gate';

/** How long the connections of this process wait for PostgreSQL. */
export interface DatabaseTimeouts {
  /** A query's answer, in milliseconds (DB_QUERY_TIMEOUT_MS). */
  queryTimeoutMs: number;
  /** A new connection, or a free one from a full pool, in milliseconds (DB_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs: number;
  /** PostgreSQL's own statement_timeout for the sessions, in milliseconds (DB_STATEMENT_TIMEOUT_MS); 0 or absent: the database's setting. */
  statementTimeoutMs?: number;
}

/** The connection options every guarded connection gets: bounded connects, TCP keep-alive, and PostgreSQL's statement_timeout when configured (a startup parameter). */
function sessionOptions(timeouts: DatabaseTimeouts): pg.ClientConfig {
  return {
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    keepAlive: true,
    ...(timeouts.statementTimeoutMs ? { statement_timeout: timeouts.statementTimeoutMs } : {}),
  };
}

type Callback = (error: Error | null, result?: unknown) => void;
type Socket = { destroy(error?: Error): void };

/**
 * A `pg` Client class for this process's pools and connections:
 * - it always listens for 'error': pg emits it on a client whose connection fails, also while the
 *   client is checked out of its pool between two queries, and an 'error' without a listener ends
 *   the process (a pg_terminate_backend or a failover must cost requests, not the server);
 * - each query has `queryTimeoutMs` to answer, measured here (a stopped or hung server never
 *   enforces its own statement_timeout). A query that runs out of time fails with
 *   DatabaseUnavailableError PODIUM_DB_TIMEOUT and its connection is destroyed, never reused: a
 *   transaction whose statement never answered must not be committed by the next user of the
 *   connection, nor its late answer taken for another query's. It works the same behind a
 *   transaction-pooling PgBouncer (nothing is set on the server session);
 * - while the gate is closed (the database is known not to answer) a query fails at once.
 * Streaming queries (objects with `submit`, e.g. COPY streams) are left to their caller.
 */
export function guardedClientClass(gate: DatabaseGate, timeouts: DatabaseTimeouts): typeof pg.Client {
  class GuardedClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      this.on('error', (error: Error) => gate.failed(error));
    }

    // pg's query has many overloads (promise, callback at 2nd or 3rd argument, submittable).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(...args: any[]): any {
      const [config] = args as [unknown];
      if (config && typeof (config as { submit?: unknown }).submit === 'function') return (super.query as (...a: unknown[]) => unknown)(...args);
      const at = typeof args[1] === 'function' ? 1 : typeof args[2] === 'function' ? 2 : -1;
      if (!gate.available) {
        const error = gate.downError();
        if (at < 0) return Promise.reject(error);
        process.nextTick(() => (args[at] as Callback)(error));
        return undefined;
      }
      const timer = setTimeout(() => {
        const error = new DatabaseUnavailableError('PODIUM_DB_TIMEOUT', `database did not answer within ${timeouts.queryTimeoutMs} ms`);
        gate.failed(error);
        // Fails every query of this client with `error` and marks it unusable: the pool drops it.
        (this as unknown as { connection: { stream: Socket } }).connection.stream.destroy(error);
      }, timeouts.queryTimeoutMs);
      timer.unref();
      if (at >= 0) {
        const callback = args[at] as Callback;
        args[at] = (error: Error | null, result?: unknown) => {
          clearTimeout(timer);
          callback(error, result);
        };
        return (super.query as (...a: unknown[]) => unknown)(...args);
      }
      return ((super.query as (...a: unknown[]) => Promise<unknown>)(...args) as Promise<unknown>).finally(() => clearTimeout(timer));
    }
  }
  return GuardedClient;
}

/**
 * A `pg` Pool that refuses at once while the gate is closed (instead of opening connections that
 * wait out their connect timeout one by one), whose clients are guarded (guardedClientClass), and
 * whose waits for a connection are bounded by `connectTimeoutMs`. Failures to connect are reported
 * to the gate. Idle clients that lose their connection are dropped quietly.
 */
export function guardedPool(gate: DatabaseGate, timeouts: DatabaseTimeouts, options: pg.PoolConfig): pg.Pool {
  class GuardedPool extends pg.Pool {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override connect(callback?: any): any {
      if (!gate.available) {
        const error = gate.downError();
        if (typeof callback === 'function') {
          process.nextTick(() => (callback as (e: Error) => void)(error));
          return undefined;
        }
        return Promise.reject(error);
      }
      if (typeof callback === 'function') {
        return super.connect((error, client, release) => {
          if (error) gate.failed(error);
          (callback as (e: Error | undefined, c?: pg.PoolClient, r?: unknown) => void)(error, client, release);
        });
      }
      return super.connect().catch((error: unknown) => {
        gate.failed(error);
        throw error;
      });
    }
  }
  const pool = new GuardedPool({ ...options, Client: guardedClientClass(gate, timeouts), ...sessionOptions(timeouts) });
  pool.on('error', (error) => gate.failed(error));
  return pool;
}

/** A single guarded connection (not pooled), e.g. the notify connection. */
export function guardedClient(gate: DatabaseGate, timeouts: DatabaseTimeouts, options: pg.ClientConfig): pg.Client {
  const GuardedClient = guardedClientClass(gate, timeouts);
  return new GuardedClient({ ...options, ...sessionOptions(timeouts) });
}
