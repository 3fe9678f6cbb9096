import { Client } from 'pg';

/** Time between two probes while the database does not answer. */
const PROBE_INTERVAL_MS = 500;
/** The longest a probe waits for its connection and its `SELECT 1` (or the query timeout, if shorter). */
const PROBE_TIMEOUT_MS = 2_000;

/**
 * The database did not answer in time, or is known to be down: a 503 DATABASE_UNAVAILABLE for the
 * request (src/common/errors/http-error.filter.ts recognizes the code), never a 500.
 */
export class DatabaseUnavailableError extends Error {
  /** `PODIUM_DB_TIMEOUT`: this query ran out of time; `PODIUM_DB_DOWN`: refused at once, the gate is closed. */
  readonly code: 'PODIUM_DB_TIMEOUT' | 'PODIUM_DB_DOWN';

  constructor(code: DatabaseUnavailableError['code'], message: string) {
    super(message);
    this.name = 'DatabaseUnavailableError';
    this.code = code;
  }
}

/** Where the gate reports its changes (the server's logger; silent in tools). */
export interface GateLog {
  warn(message: string): void;
  info(message: string): void;
}

/**
 * Whether this process believes the database answers. Every connection of the process (both pools,
 * the bulk pool, the notify connection) reports its failures here; a failure (a query that ran out
 * of time, a connection refused or cut) makes the gate probe the database with a fresh connection.
 * If the probe fails too, the gate closes: every query and connection attempt fails at once with
 * DatabaseUnavailableError instead of each waiting out its own timeout, so a hung or stopped
 * database costs requests one timeout, not one per query they would make. While closed it probes
 * every PROBE_INTERVAL_MS and opens again on the first answer: requests recover by themselves.
 * A single cut connection (pg_terminate_backend of one backend) probes fine and closes nothing.
 */
export class DatabaseGate {
  private open = true;
  private probing = false;
  private lastFailure = '';
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  private readonly probeTimeoutMs: number;

  /** @param queryTimeoutMs the connections' query timeout: a probe never waits longer than a query would. */
  constructor(
    private readonly url: string,
    private readonly log: GateLog = { warn: () => undefined, info: () => undefined },
    queryTimeoutMs = PROBE_TIMEOUT_MS,
  ) {
    this.probeTimeoutMs = Math.min(PROBE_TIMEOUT_MS, queryTimeoutMs);
  }

  /** True while the database is believed to answer. */
  get available(): boolean {
    return this.open;
  }

  /** @throws DatabaseUnavailableError PODIUM_DB_DOWN while the gate is closed. */
  assertOpen(): void {
    if (!this.open) throw this.downError();
  }

  /** The error a refused query gets while the gate is closed. */
  downError(): DatabaseUnavailableError {
    return new DatabaseUnavailableError('PODIUM_DB_DOWN', `database unavailable: ${this.lastFailure || 'it does not answer'}`);
  }

  /**
   * A connection or query failed for a reason that may be the database's: probe (once at a time).
   * A query that ran out of time closes the gate at once, until the probe answers: the queries
   * started meanwhile would only wait out their own timeouts (a database that is merely slow
   * answers the probe within milliseconds). A cut connection closes nothing by itself.
   */
  failed(error: unknown): void {
    this.lastFailure = (error as Error | undefined)?.message ?? String(error);
    if (this.stopped) return;
    if (error instanceof DatabaseUnavailableError && error.code === 'PODIUM_DB_TIMEOUT' && this.open) {
      this.open = false;
      this.log.warn(`database does not answer (${this.lastFailure}): requests get 503 until it does`);
    }
    if (this.probing) return;
    this.probing = true;
    void this.probe();
  }

  /** Stops probing (the app closes). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async probe(): Promise<void> {
    const ok = await answers(this.url, this.probeTimeoutMs);
    if (this.stopped) return;
    if (ok) {
      this.probing = false;
      if (!this.open) this.log.info('database answers again: requests are served');
      this.open = true;
      return;
    }
    if (this.open) this.log.warn(`database does not answer (${this.lastFailure}): requests get 503 until it does`);
    this.open = false;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.probe();
    }, PROBE_INTERVAL_MS);
    this.timer.unref();
  }
}

/** Connects and runs `SELECT 1` within `timeoutMs`; never throws. */
async function answers(url: string, timeoutMs: number): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs, application_name: 'podium-probe' });
  client.on('error', () => undefined);
  let timer: NodeJS.Timeout | undefined;
  try {
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('probe timed out')), timeoutMs);
    });
    await Promise.race([client.connect().then(() => client.query('SELECT 1')), deadline]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    // A stopped server never answers Terminate: do not wait for it.
    (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  }
}
