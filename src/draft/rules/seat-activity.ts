/**
 * What the organizer's draft panel says of each seat while a pod drafts: who is picking, who waits
 * for a pack, who has held a pack long enough to be worth a look (idle), whose phone has gone
 * quiet (offline), and the seats a bot picks for. Podium's rule, from what a head judge watches for
 * at a draft table: the player holding the table up, and the player who left or lost their phone.
 */

/** A seat with a pack in front of it for this long without picking is idle (seconds). */
export const IDLE_AFTER_SECONDS = 30;
/**
 * A phone not heard from for this long is offline (seconds): the live stream's heartbeat comes every
 * 15 s and the player app gives up on a stream after 40 s without one, so the server does the same.
 */
export const OFFLINE_AFTER_SECONDS = 40;

export type SeatActivityState = 'bot' | 'absent' | 'done' | 'offline' | 'idle' | 'picking' | 'waiting';

export interface SeatActivityInput {
  /** A bot seat (no player). */
  bot: boolean;
  /** The organizer marked the player absent: a bot picks for them. */
  absent: boolean;
  /** The pod finished drafting. */
  podComplete: boolean;
  /** The pod is paused: nobody can pick, so nobody is idle. */
  paused: boolean;
  /** A pack is in front of the seat (visible to the player now). */
  hasPack: boolean;
  /** Since when the player could see that pack (its arrival, their previous pick, or the resume). */
  packSince: Date | null;
  /** When the player's phone was last heard from (stream heartbeat, polling); null = never. */
  lastSeenAt: Date | null;
  /** The seat's latest pick (a pick is the phone being heard from too). */
  lastPickAt: Date | null;
  now: Date;
}

export interface SeatActivity {
  state: SeatActivityState;
  /** Whole seconds the seat has held its current pack; null without one (or paused). */
  heldSeconds: number | null;
  /** Whole seconds since the phone was last heard from; null = never (or a bot seat). */
  silentSeconds: number | null;
}

const secondsBetween = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000));

/**
 * One seat's state, in this order: a bot's seat or an absent player's (a bot picks, nothing to
 * watch), the pod done, the phone silent for OFFLINE_AFTER_SECONDS (offline — even with a pack in
 * front: the organizer's remedy differs, mark them absent or go find them), a pack held for
 * IDLE_AFTER_SECONDS (idle), a pack in front (picking), or none (waiting for the neighbour).
 * Pure: `now` is passed in.
 */
export function seatActivity(input: SeatActivityInput): SeatActivity {
  const { now } = input;
  const heard = [input.lastSeenAt, input.lastPickAt].filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0] ?? null;
  const silentSeconds = input.bot || !heard ? null : secondsBetween(heard, now);
  const heldSeconds = input.hasPack && !input.paused && input.packSince ? secondsBetween(input.packSince, now) : null;
  if (input.bot) return { state: 'bot', heldSeconds: null, silentSeconds: null };
  if (input.absent) return { state: 'absent', heldSeconds: null, silentSeconds };
  if (input.podComplete) return { state: 'done', heldSeconds: null, silentSeconds };
  if (silentSeconds === null || silentSeconds >= OFFLINE_AFTER_SECONDS) return { state: 'offline', heldSeconds, silentSeconds };
  if (!input.hasPack) return { state: 'waiting', heldSeconds: null, silentSeconds };
  if (heldSeconds !== null && heldSeconds >= IDLE_AFTER_SECONDS) return { state: 'idle', heldSeconds, silentSeconds };
  return { state: 'picking', heldSeconds, silentSeconds };
}
