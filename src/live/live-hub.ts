import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import type { Response } from 'express';
import type { PlayerRow } from '../events/events.repository';
import { eventsFor, formatEvents, parseVersion, seenOf, type LiveView, type Seen } from './live-view';
import { LiveViews } from './live-views';

/** A comment line goes to every stream this often, so proxies and clients see the connection alive. */
export const HEARTBEAT_MS = 15_000;
/** Reconnection delay suggested to EventSource (`retry:`). */
export const RETRY_MS = 3_000;
/** A client that lets this much pile up unread is dropped (it reconnects and replays). */
const MAX_BUFFERED_BYTES = 1 << 20;

/** One open SSE response of this instance. */
interface Connection {
  eventId: string;
  player: PlayerRow;
  res: Response;
  /** The player's pod once known: notifications of other pods are skipped. */
  podId: string | null;
  /** What the client has (last events written, or read back from Last-Event-ID). */
  seen: Seen | null;
  /** A recomputation is running; `dirty`: another notification came in meanwhile, run again. */
  running: boolean;
  dirty: boolean;
  closed: boolean;
}

/**
 * This instance's SSE clients, by event. On each notification (see LiveListener) it recomputes the
 * view of every client of that event and pod — from the database, one recomputation at a time per
 * client, coalescing bursts — and writes the events that view's change calls for. What it keeps in
 * memory is only each connection's cursor (what was already sent), never draft state.
 */
@Injectable()
export class LiveHub implements OnModuleDestroy {
  private readonly logger = new Logger(LiveHub.name);
  private readonly byEvent = new Map<string, Set<Connection>>();
  private heartbeat: NodeJS.Timeout | null = null;
  private closing = false;

  constructor(private readonly views: LiveViews) {}

  /**
   * Serves a stream on `res` until the client goes away. The first view is computed before any
   * byte is written, so a failure there still becomes an ordinary JSON error response.
   * @param lastEventId the id the client last received (Last-Event-ID): only what changed since is sent.
   */
  async open(eventId: string, player: PlayerRow, res: Response, lastEventId?: string): Promise<void> {
    const conn: Connection = { eventId, player, res, podId: null, seen: parseVersion(lastEventId), running: true, dirty: false, closed: false };
    this.add(conn);
    res.on('close', () => this.remove(conn));
    let view: LiveView;
    try {
      view = await this.views.view(eventId, player);
    } catch (error) {
      this.remove(conn);
      throw error;
    }
    if (conn.closed) return;
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    res.socket?.setNoDelay(true);
    this.write(conn, `retry: ${RETRY_MS}\n: connected\n\n`);
    this.deliver(conn, view);
    conn.running = false;
    if (conn.dirty) this.refresh(conn);
  }

  /** A committed change of `eventId` (of pod `podId`, or of the whole event when null). */
  notify(eventId: string, podId: string | null): void {
    for (const conn of this.byEvent.get(eventId) ?? []) {
      if (!podId || conn.podId === null || conn.podId === podId) this.refresh(conn);
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
        const view = await this.views.view(conn.eventId, conn.player, conn.podId);
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

  private deliver(conn: Connection, view: LiveView): void {
    const events = eventsFor(conn.seen, view);
    if (events.length > 0) this.write(conn, formatEvents(events, view.version));
    conn.seen = seenOf(view);
    conn.podId = view.pack.podId;
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
    let conns = this.byEvent.get(conn.eventId);
    if (!conns) this.byEvent.set(conn.eventId, (conns = new Set()));
    conns.add(conn);
    if (!this.heartbeat && !this.closing) {
      this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
      this.heartbeat.unref();
    }
  }

  private remove(conn: Connection): void {
    conn.closed = true;
    const conns = this.byEvent.get(conn.eventId);
    if (!conns) return;
    conns.delete(conn);
    if (conns.size === 0) this.byEvent.delete(conn.eventId);
    if (this.byEvent.size === 0) this.stopHeartbeat();
  }

  private beat(): void {
    for (const conns of this.byEvent.values()) {
      for (const conn of [...conns]) if (conn.res.headersSent) this.write(conn, ': heartbeat\n\n');
    }
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}
