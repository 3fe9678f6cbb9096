import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { AppConfig } from '../common/config/app-config';
import { Metrics } from '../common/metrics/metrics';
import { RateLimitedError } from '../common/rate-limit/rate-limits';
import type { LiveChange } from '../common/notify/live-notifier';
import { DraftViewsService } from '../draft/draft-views.service';
import { PodStore, type PodChange } from '../draft/pod-store';
import { SeatDirectory } from '../draft/seat-directory';
import { SeatPresence } from '../draft/seat-presence';
import type { PlayerRow } from '../events/events.repository';
import { RoundClockService, type PlayerClock } from '../tournament/round-clock.service';
import { eventsFor, formatEvents, liveViewOf, liveViewOfPack, parseVersion, seenOf, type LiveView, type Seen } from './live-view';

/**
 * A `heartbeat` event goes to every stream this often, so proxies see traffic and clients can tell a
 * silent connection from a dead one (EventSource hides comment lines from the page, so it is an event).
 */
export const HEARTBEAT_MS = 15_000;
/** Reconnection delay suggested to EventSource (`retry:`). */
export const RETRY_MS = 3_000;
/** A client that lets this much pile up unread is dropped (it reconnects and replays). */
const MAX_BUFFERED_BYTES = 1 << 20;

/** One open SSE response of this instance. */
interface Connection {
  eventId: string;
  player: PlayerRow;
  res: ServerResponse;
  /** The player's pod and seat once known: changes of other pods are skipped. */
  podId: string | null;
  seat: number | null;
  /** DraftViewsService.liveKey of the last view sent from a pod change (null: recompute). */
  liveKey: string | null;
  /** The player's round clock as last computed (pod changes do not change it). */
  clock: PlayerClock | null;
  /** What the client has (last events written, or read back from Last-Event-ID). */
  seen: Seen | null;
  /** A recomputation is running; `dirty`: another notification came in meanwhile, run again. */
  running: boolean;
  dirty: boolean;
  closed: boolean;
}

/**
 * This instance's SSE clients, by event and pod. A committed change of a pod (this instance's, or
 * another's read in through its NOTIFY) recomputes, from the pod's state in memory and at once, the
 * view of each client seated in that pod, and writes the events that view's change calls for.
 * Event-level changes (start, cancel…) recompute every client of the event from /me, one at a time
 * per client, coalescing bursts. Each connection keeps only its cursor (what was already sent).
 */
@Injectable()
export class LiveHub implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(LiveHub.name);
  private readonly byEvent = new Map<string, Set<Connection>>();
  private readonly byPod = new Map<string, Set<Connection>>();
  /** Open streams per player: each holds a socket and its buffers, so one ticket cannot open a thousand. */
  private readonly byPlayer = new Map<string, number>();
  private heartbeat: NodeJS.Timeout | null = null;
  private closing = false;
  private readonly onChange = (change: PodChange) => this.podChanged(change);

  constructor(
    private readonly views: DraftViewsService,
    private readonly store: PodStore,
    private readonly config: AppConfig,
    private readonly clocks: RoundClockService,
    private readonly seats: SeatDirectory,
    private readonly presence: SeatPresence,
    private readonly metrics: Metrics,
  ) {}

  onModuleInit(): void {
    this.store.changes.on('change', this.onChange);
    this.metrics.countLiveStreams(() => this.connections());
  }

  /**
   * Serves a stream on `res` until the client goes away. The first view is computed before any
   * byte is written, so a failure there still becomes an ordinary JSON error response.
   * @param lastEventId the id the client last received (Last-Event-ID): only what changed since is sent.
   * @param takeOver called once, right before the first byte: the HTTP framework stops managing `res`.
   */
  async open(eventId: string, player: PlayerRow, res: ServerResponse, lastEventId: string | undefined, takeOver: () => void): Promise<void> {
    if ((this.byPlayer.get(player.id) ?? 0) >= this.config.STREAMS_PER_PLAYER) {
      throw new RateLimitedError(`You already have ${this.config.STREAMS_PER_PLAYER} live streams open; close one first`, RETRY_MS / 1000, 'ticket');
    }
    const conn: Connection = {
      eventId,
      player,
      res,
      podId: null,
      seat: null,
      liveKey: null,
      clock: null,
      seen: parseVersion(lastEventId),
      running: true,
      dirty: false,
      closed: false,
    };
    this.add(conn);
    res.on('close', () => this.remove(conn));
    let view: LiveView;
    try {
      view = await this.viewOf(conn);
    } catch (error) {
      this.remove(conn);
      throw error;
    }
    if (conn.closed) return;
    takeOver();
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    res.socket?.setNoDelay(true);
    this.write(conn, `retry: ${RETRY_MS}\n: connected\n\n`);
    void this.presence.heard([player.id]);
    this.deliver(conn, view);
    conn.running = false;
    if (conn.dirty) this.refresh(conn);
  }

  /**
   * A change another instance announced (LISTEN): a pod's is read into this instance's state when
   * a client here follows that pod (its listeners then run, see podChanged); an event's makes every
   * client of the event recompute; a replaced event's (an imported archive) first forgets every pod
   * and seat this instance holds of it.
   */
  remoteChange(change: LiveChange): void {
    if (change.replaced) {
      this.store.forgetEvent(change.eventId);
      this.seats.forgetEvent(change.eventId);
    }
    if (!change.podId) {
      this.store.eventChanged(change.eventId);
      for (const conn of this.byEvent.get(change.eventId) ?? []) this.refresh(conn);
      return;
    }
    if (!this.byPod.has(change.podId) && !this.store.known(change.podId)) return;
    this.views.catchUp(change.podId, change.seq).catch((error: unknown) => {
      if (!this.closing) this.logger.warn(`catching up pod ${change.podId} failed: ${(error as Error).message}`);
    });
  }

  /** A committed change of a pod in this process: every client seated there gets its new view now. */
  private podChanged({ state, event }: PodChange): void {
    for (const conn of this.byPod.get(state.id) ?? []) {
      if (conn.closed || conn.seat === null) continue;
      if (conn.running) {
        conn.dirty = true; // its first view is still being computed: it runs again with this change
        continue;
      }
      // Most changes of a pod leave most seats' views as they were: those are skipped for a key.
      const key = this.views.liveKey(state, conn.seat, event.state);
      if (key === conn.liveKey) continue;
      conn.liveKey = key;
      this.deliver(conn, liveViewOfPack(this.views.livePack(state, conn.seat, event.state), state.pausedAt !== null, conn.clock));
    }
  }

  /** Recomputes every client (after the LISTEN connection was lost: notifications may have been missed). */
  refreshAll(): void {
    for (const conns of this.byEvent.values()) for (const conn of conns) this.refresh(conn);
  }

  /** Open streams on this instance (of one event, or all). */
  connections(eventId?: string): number {
    if (eventId) return this.byEvent.get(eventId)?.size ?? 0;
    let n = 0;
    for (const conns of this.byEvent.values()) n += conns.size;
    return n;
  }

  onModuleDestroy(): void {
    this.closing = true;
    this.store.changes.off('change', this.onChange);
    for (const conns of this.byEvent.values()) for (const conn of [...conns]) this.end(conn);
    this.byEvent.clear();
    this.stopHeartbeat();
  }

  private refresh(conn: Connection): void {
    if (conn.closed) return;
    if (conn.running) {
      conn.dirty = true;
      return;
    }
    conn.running = true;
    void this.pump(conn);
  }

  private async pump(conn: Connection): Promise<void> {
    try {
      do {
        conn.dirty = false;
        // Recomputed after an event-level change, e.g. a token reissue: a stream of a replaced token ends.
        if (!(await this.views.tokenStillValid(conn.player))) {
          this.end(conn);
          return;
        }
        const view = await this.viewOf(conn);
        conn.liveKey = null;
        if (conn.closed) return;
        this.deliver(conn, view);
      } while (conn.dirty && !conn.closed);
    } catch (error) {
      // The client reconnects (retry:) and replays from its Last-Event-ID: nothing is lost.
      if (!this.closing) this.logger.warn(`live view of player ${conn.player.id} failed, closing the stream: ${(error as Error).message}`);
      this.end(conn);
    } finally {
      conn.running = false;
    }
  }

  /** The player's whole live view: the draft's (as /me) and, while a round is played, their round clock. */
  private async viewOf(conn: Connection): Promise<LiveView> {
    const { me, paused } = await this.views.liveView(conn.eventId, conn.player);
    conn.clock = me.state === 'playing' ? await this.clocks.playerClock(conn.eventId, conn.player) : null;
    return liveViewOf(me, paused, conn.clock);
  }

  private deliver(conn: Connection, view: LiveView): void {
    const events = eventsFor(conn.seen, view);
    if (events.length > 0) this.write(conn, formatEvents(events, view.version, view.packJson));
    conn.seen = seenOf(view);
    if (conn.podId !== view.pack.podId) {
      if (conn.podId) this.byPod.get(conn.podId)?.delete(conn);
      conn.podId = view.pack.podId;
      if (conn.podId) {
        let conns = this.byPod.get(conn.podId);
        if (!conns) this.byPod.set(conn.podId, (conns = new Set()));
        conns.add(conn);
      }
    }
    conn.seat = view.pack.seat;
  }

  private write(conn: Connection, chunk: string): void {
    if (conn.closed || conn.res.writableEnded) return;
    if (conn.res.writableLength > MAX_BUFFERED_BYTES) {
      this.logger.warn(`live client of player ${conn.player.id} does not read; dropping it`);
      this.end(conn);
      return;
    }
    conn.res.write(chunk);
  }

  private end(conn: Connection): void {
    if (!conn.res.writableEnded) conn.res.end();
    this.remove(conn);
  }

  private add(conn: Connection): void {
    this.byPlayer.set(conn.player.id, (this.byPlayer.get(conn.player.id) ?? 0) + 1);
    let conns = this.byEvent.get(conn.eventId);
    if (!conns) this.byEvent.set(conn.eventId, (conns = new Set()));
    conns.add(conn);
    if (!this.heartbeat && !this.closing) {
      this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
      this.heartbeat.unref();
    }
  }

  private remove(conn: Connection): void {
    if (conn.closed) return;
    conn.closed = true;
    const open = (this.byPlayer.get(conn.player.id) ?? 1) - 1;
    if (open > 0) this.byPlayer.set(conn.player.id, open);
    else this.byPlayer.delete(conn.player.id);
    if (conn.podId) {
      const pod = this.byPod.get(conn.podId);
      pod?.delete(conn);
      if (pod?.size === 0) this.byPod.delete(conn.podId);
    }
    const conns = this.byEvent.get(conn.eventId);
    if (!conns) return;
    conns.delete(conn);
    if (conns.size === 0) this.byEvent.delete(conn.eventId);
    if (this.byEvent.size === 0) this.stopHeartbeat();
  }

  /** The heartbeat to every stream; the players still connected are recorded as heard from (the organizer's seat states). */
  private beat(): void {
    const heard: string[] = [];
    for (const conns of this.byEvent.values()) {
      for (const conn of [...conns]) {
        if (!conn.res.headersSent) continue;
        this.write(conn, 'event: heartbeat\ndata: {}\n\n');
        if (!conn.closed) heard.push(conn.player.id);
      }
    }
    void this.presence.heard(heard);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}
