/**
 * What a player's live stream shows, derived from the same view `GET /api/events/:id/me` returns
 * (DraftViewsService.me) plus the pod's public pause flag, and which SSE events a change of it makes.
 * Pure: no I/O, no clock. Nothing here is a source of truth; it only compares two derived views.
 *
 * Event ids ("versions"): `<own picks>.<round>.<paused 0|1>.<complete 0|1>.<digest>`, e.g.
 * `13.1.0.0.9c1e04ab`. The first field (the player's own pick count) only grows; the digest (8 hex
 * of SHA-256 over everything the stream shows) tells apart states with the same count (a pause, a
 * new deadline). Nothing in it is hidden information: it counts only the player's own picks.
 * During the rounds the stream also carries the player's round clock (`clock`: their table's end,
 * paused or not, extensions), recomputed whenever the organizer changes it or pairs a round.
 * Replay is state-based: a client that comes back with an id other than the current one gets the
 * events that bring it to the current state (its round, pause and completion are read back from the
 * id it sends; its pack is always re-sent), not a log of every intermediate step.
 */
import { hash } from 'node:crypto';
import type { LivePack } from '../draft/dto/live-pack';
import type { MeDto } from '../draft/dto/draft.dto';
import type { PlayerClock } from '../tournament/round-clock.service';

export type LiveEventName = 'pack' | 'round' | 'paused' | 'draft-complete' | 'clock';

export type { LivePack };

export interface LiveView {
  pack: LivePack;
  /** JSON of `pack`, made once (compared, hashed and sent as it is). */
  packJson: string;
  /** The player's pod is paused (public pod state). */
  paused: boolean;
  /** The player's pod finished its draft. */
  complete: boolean;
  /** The round (pack number) being drafted; 0 when not seated or complete. */
  round: number;
  /** The player's round clock while a round is played; null otherwise. */
  clock: PlayerClock | null;
  /** JSON of `clock` ("null" without one). */
  clockJson: string;
  version: string;
}

/** What a client is known to have: from the last events sent on this connection, or read back from a Last-Event-ID. */
export interface Seen {
  version: string;
  round: number;
  paused: boolean;
  complete: boolean;
  /** The exact `pack` data last sent; null when unknown (read back from an id). */
  packKey: string | null;
  /** The event state last sent; null when unknown (read back from an id). */
  state: string | null;
  /** The exact `clock` data last sent ("null": none); null when unknown (read back from an id). */
  clockKey: string | null;
}

export interface LiveEvent {
  event: LiveEventName;
  data: unknown;
}

const VERSION = /^(\d{1,6})\.(\d{1,4})\.([01])\.([01])\.([0-9a-f]{8})$/;

/** The live view of a player from their /me view and their pod's pause flag. */
export function liveViewOf(me: MeDto, paused: boolean, clock: PlayerClock | null = null): LiveView {
  return liveViewOfPack(
    {
      podId: me.podId,
      seat: me.seat,
      state: me.state,
      packNumber: me.packNumber,
      pickNumber: me.pickNumber,
      direction: me.direction,
      deadline: me.deadline,
      currentPack: me.currentPack,
      preselected: me.preselected,
      draftComplete: me.draftComplete,
      waitingFor: me.waitingFor,
      autoPicked: me.autoPicked,
      pickCount: me.picks.length,
    },
    paused,
    clock,
  );
}

/** The live view from the `pack` data itself (what the draft builds after each change, without the pool). */
export function liveViewOfPack(pack: LivePack, paused: boolean, clock: PlayerClock | null = null): LiveView {
  // A seated player whose pack number is null: their pod's draft is over (see DraftViewsService.me).
  const complete = pack.seat !== null && pack.podId !== null && pack.packNumber === null;
  const round = complete ? 0 : (pack.packNumber ?? 0);
  const packJson = JSON.stringify(pack);
  const clockJson = JSON.stringify(clock);
  // The same digest as of JSON.stringify({ pack, paused, complete[, clock] }), without serializing the pack twice.
  const digest = hash('sha256', `{"pack":${packJson},"paused":${paused},"complete":${complete}${clock ? `,"clock":${clockJson}` : ''}}`, 'hex').slice(0, 8);
  const version = `${pack.pickCount}.${round}.${paused ? 1 : 0}.${complete ? 1 : 0}.${digest}`;
  return { pack, packJson, paused, complete, round, clock, clockJson, version };
}

export function seenOf(view: LiveView): Seen {
  return { version: view.version, round: view.round, paused: view.paused, complete: view.complete, packKey: view.packJson, state: view.pack.state, clockKey: view.clockJson };
}

/** Reads back what a client had from the id it last received; null for no id or one that is not ours. */
export function parseVersion(id: string | undefined | null): Seen | null {
  const match = VERSION.exec((id ?? '').trim());
  if (!match) return null;
  return { version: match[0], round: Number(match[2]), paused: match[3] === '1', complete: match[4] === '1', packKey: null, state: null, clockKey: null };
}

/**
 * The events that take a client from `prev` to `next`, in the order round → pack → paused →
 * draft-complete → clock. `prev` null (a fresh connection): the current `pack`, plus `paused` when
 * paused, `draft-complete` when over and `clock` during a round. Same version: nothing. `clock`
 * data null: no round is being played any more.
 */
export function eventsFor(prev: Seen | null, next: LiveView): LiveEvent[] {
  const out: LiveEvent[] = [];
  if (prev === null) {
    out.push({ event: 'pack', data: next.pack });
    if (next.paused) out.push({ event: 'paused', data: { paused: true } });
    if (next.complete) out.push(completeEvent(next));
    if (next.clock) out.push({ event: 'clock', data: next.clock });
    return out;
  }
  if (prev.version === next.version) return out;
  if (!next.complete && next.round !== 0 && next.round !== prev.round) {
    out.push({ event: 'round', data: { packNumber: next.round, direction: next.pack.direction } });
  }
  if (!next.complete && next.packJson !== prev.packKey) out.push({ event: 'pack', data: next.pack });
  if (next.paused !== prev.paused) out.push({ event: 'paused', data: { paused: next.paused } });
  // Also again when the event moved on after this pod finished (the last pod's pick moves it to building).
  if (next.complete && (!prev.complete || prev.state !== next.pack.state)) out.push(completeEvent(next));
  // Unknown (read back from an id): sent when there is a clock to show.
  if (prev.clockKey === null ? next.clock !== null : next.clockJson !== prev.clockKey) out.push({ event: 'clock', data: next.clock });
  return out;
}

function completeEvent(view: LiveView): LiveEvent {
  return { event: 'draft-complete', data: { podId: view.pack.podId, pickCount: view.pack.pickCount, state: view.pack.state } };
}

/** SSE wire format; every event of one change carries the same id (the new version). */
export function formatEvents(events: LiveEvent[], id: string, packJson?: string): string {
  // The pack's JSON was made once for the view (packJson): not serialized again here.
  return events.map((e) => `id: ${id}\nevent: ${e.event}\ndata: ${e.event === 'pack' && packJson !== undefined ? packJson : JSON.stringify(e.data)}\n\n`).join('');
}
