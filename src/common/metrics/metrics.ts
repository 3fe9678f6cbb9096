import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's own metrics (prom-client's defaults: CPU, memory, heap, GC, event-loop lag,
 * handles), collected once per process whatever the number of apps in it (tests build several).
 */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Who made a pick: the player, their timer running out, or a bot (an absent player's seat, or a bot seat). */
export type PickSourceLabel = 'player' | 'timeout' | 'bot';

/** Where a route label stands for requests no route matched (404s): one series, not one per URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface HttpSeries {
  requests: { inc(): void };
  seconds: { observe(value: number): void };
}

/**
 * This instance's Prometheus metrics (prom-client), served at GET /metrics (metrics-route.ts).
 * Every name, label and unit is listed in docs/deploy.md. On the draft's hot path only counters
 * and histograms are updated, through label sets bound once (no label hashing per pick); gauges
 * (pools, streams) are read at scrape time from what the pools and the live hub already count.
 */
@Injectable()
export class Metrics {
  private readonly registry = new Registry();

  private readonly picksBySource: Record<PickSourceLabel, { inc(n?: number): void }>;
  /** Seconds from a player's pick reaching the draft to its answer (made or replayed), commit included. */
  private readonly pickSeconds = new Histogram({
    name: 'podium_pick_duration_seconds',
    help: 'Time from a player\u2019s pick reaching the draft to its answer, commit included (seconds)',
    buckets: SECONDS,
    registers: [this.registry],
  });
  private readonly commitPods = new Histogram({
    name: 'podium_commit_pods',
    help: 'Pods in one group-commit statement of picks',
    buckets: [1, 2, 4, 8, 16, 32, 64],
    registers: [this.registry],
  });
  private readonly commitPicks = new Histogram({
    name: 'podium_commit_picks',
    help: 'Picks in one group-commit statement (players\u2019, timeouts and bots\u2019)',
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512],
    registers: [this.registry],
  });
  private readonly timerLateness = new Histogram({
    name: 'podium_pick_timer_lateness_seconds',
    help: 'How long after its deadline a timed-out pick was made (seconds)',
    buckets: [0.05, 0.1, 0.2, 0.3, 0.5, 1, 2, 5, 10, 30],
    registers: [this.registry],
  });
  private readonly httpRequests = new Counter({
    name: 'podium_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly httpSeconds = new Histogram({
    name: 'podium_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern (seconds; a live stream counts until it closes)',
    labelNames: ['method', 'route'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });
  private readonly http = new Map<string, HttpSeries>();

  private readonly pools = new Map<string, Pool>();
  private liveStreams: () => number = () => 0;
  private databaseAvailable: () => boolean = () => true;

  constructor() {
    const picks = new Counter({ name: 'podium_picks_total', help: 'Draft picks committed, by who made them', labelNames: ['source'] as const, registers: [this.registry] });
    this.picksBySource = { player: picks.labels('player'), timeout: picks.labels('timeout'), bot: picks.labels('bot') };
    const pools = this.pools;
    const perPool = (name: string, help: string, read: (pool: Pool) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['pool'] as const,
        registers: [this.registry],
        collect() {
          for (const [pool, p] of pools) this.set({ pool }, read(p));
        },
      });
    perPool('podium_db_pool_max_connections', 'Connections a database pool may open (its configured size)', (p) => p.options.max ?? 10);
    perPool('podium_db_pool_connections', 'Connections a database pool holds open (in use or idle)', (p) => p.totalCount);
    perPool('podium_db_pool_idle_connections', 'Open connections of a database pool that are idle', (p) => p.idleCount);
    perPool('podium_db_pool_waiting_requests', 'Requests waiting for a connection of a full database pool', (p) => p.waitingCount);
    const streams = () => this.liveStreams();
    new Gauge({
      name: 'podium_live_streams',
      help: 'Live streams (server-sent events) open on this instance',
      registers: [this.registry],
      collect() {
        this.set(streams());
      },
    });
    const available = () => this.databaseAvailable();
    new Gauge({
      name: 'podium_database_available',
      help: '1 while this instance believes the database answers, 0 while it refuses requests with 503 until a probe answers',
      registers: [this.registry],
      collect() {
        this.set(available() ? 1 : 0);
      },
    });
  }

  /** Picks that were committed (one statement's worth of a pod): counted by source. */
  picksCommitted(picks: readonly { source: PickSourceLabel }[]): void {
    for (const pick of picks) this.picksBySource[pick.source].inc();
  }

  /** A player's pick was answered (made or replayed); `startedAt` from performance.now(). */
  pickAnswered(startedAt: number): void {
    this.pickSeconds.observe((performance.now() - startedAt) / 1000);
  }

  /** One group-commit statement went out with `pods` pods' batches holding `picks` picks. */
  commitSent(pods: number, picks: number): void {
    this.commitPods.observe(pods);
    this.commitPicks.observe(picks);
  }

  /** A timed-out pick was made `seconds` after its deadline. */
  timerFiredLate(seconds: number): void {
    this.timerLateness.observe(Math.max(0, seconds));
  }

  /**
   * An HTTP request was answered. `route` is the route pattern (undefined: none matched); a
   * method, route and status seen before reuses its series.
   * @param seconds time from the request's arrival to its answer.
   */
  httpAnswered(method: string, route: string | undefined, status: number, seconds: number): void {
    const key = `${method} ${route} ${status}`;
    let series = this.http.get(key);
    if (!series) {
      const labels = { method, route: route ?? UNMATCHED_ROUTE };
      series = { requests: this.httpRequests.labels({ ...labels, status: String(status) }), seconds: this.httpSeconds.labels(labels) };
      this.http.set(key, series);
    }
    series.requests.inc();
    series.seconds.observe(seconds);
  }

  /** Reports a database pool's size and use as `pool="<name>"` at every scrape. */
  watchPool(name: string, pool: Pool): void {
    this.pools.set(name, pool);
  }

  /** Where the open live streams are counted (the live hub). */
  countLiveStreams(count: () => number): void {
    this.liveStreams = count;
  }

  /** Where the database's availability is known (the database gate). */
  watchDatabase(available: () => boolean): void {
    this.databaseAvailable = available;
  }

  /** Prometheus text exposition format of this instance's metrics and the process's. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    const merged = Registry.merge([processMetrics(), this.registry]);
    return { contentType: merged.contentType, body: await merged.metrics() };
  }
}
