/**
 * One pod as an aggregate in memory: its seats, packs and picks, applied incrementally (PodDraft),
 * with the pod's change counter `seq`, its pause state, preselects, the card data of the event's
 * pinned set versions, and the rules that need time: pick deadlines and what a bot or a timeout
 * picks. No I/O: PodStore loads it from PodRepository's rows and keeps it current; PostgreSQL stays
 * the source of truth (a state is dropped and reloaded whenever a commit finds it stale).
 */
import type { VersionCard } from '../boosters/set-version-cache';
import { rngFor } from '../common/random/seeded-rng';
import { botPick, type BotCard } from './rules/bot-pick';
import type { DraftPick, SeatDraftState } from './rules/draft-state';
import { pickTimeLimitSeconds } from './rules/pick-timer';
import { PodDraft } from './rules/pod-draft';
import { botPickPurpose } from '../common/random/stream-purposes';

export type PickSource = 'player' | 'timeout' | 'bot';

export interface PodSeat {
  seat: number;
  playerId: string | null;
  name: string;
  /** No player: a bot seat. */
  bot: boolean;
  /** The organizer marked the player absent: a bot picks for them. */
  absent: boolean;
  teamId: string | null;
}

export interface PodPack {
  id: string;
  packNumber: number;
  opener: number;
  purpose: string;
  cards: string[];
}

/** A stored (or about to be stored) pick. */
export interface PodPick extends DraftPick {
  source: PickSource;
  madeAt: Date;
  /** The pod seq its commit advanced to (0 until committed). */
  seq: number;
  packId: string;
  /** The seat that opened the pack. */
  opener: number;
  position: number;
}

/** What the draft needs of its event; fixed once the event started (edits are refused after start). */
export interface PodEvent {
  id: string;
  seed: string;
  pickTimeSeconds: number;
  minPickSeconds: number;
}

/** Everything a pod is made of, as PodRepository reads it. */
export interface PodRows {
  pod: { id: string; eventId: string; number: number; seatCount: number; seq: number; pausedAt: Date | null; resumedAt: Date | null; createdAt: Date; nextDeadline: Date | null };
  seats: PodSeat[];
  packs: PodPack[];
  picks: PodPick[];
  preselects: { seat: number; packNumber: number; pickNumber: number; cardId: string }[];
}

/** Cards of the event's pinned set versions, by pack number (1-based), then card id. */
export type PodCards = readonly ReadonlyMap<string, VersionCard>[];

const preselectKey = (seat: number, packNumber: number, pickNumber: number) => `${seat}:${packNumber}:${pickNumber}`;

export class PodState {
  readonly id: string;
  readonly eventId: string;
  readonly number: number;
  readonly createdAt: Date;
  readonly event: PodEvent;
  readonly seats: PodSeat[];
  readonly draft: PodDraft<PodPick>;
  /** Packs `[packNumber − 1][opener]`. */
  readonly packs: PodPack[][];
  readonly cards: PodCards;
  seq: number;
  pausedAt: Date | null;
  resumedAt: Date | null;
  /** The next deadline as stored on the pod row (the poller's key). */
  storedDeadline: Date | null;
  private readonly preselects = new Map<string, string>();
  /** Latest pick time per round (the next round opens at its last pick). */
  private readonly roundEnd: Date[];
  /** Latest pick time per seat (a queued pack's timer runs from the seat's previous pick). */
  private readonly lastPickAt: (Date | null)[];

  constructor(rows: PodRows, event: PodEvent, cards: PodCards) {
    const { pod } = rows;
    this.id = pod.id;
    this.eventId = pod.eventId;
    this.number = pod.number;
    this.createdAt = pod.createdAt;
    this.event = event;
    this.cards = cards;
    this.seq = pod.seq;
    this.pausedAt = pod.pausedAt;
    this.resumedAt = pod.resumedAt;
    this.storedDeadline = pod.nextDeadline;
    this.seats = [...rows.seats].sort((a, b) => a.seat - b.seat);
    const rounds = Math.max(0, ...rows.packs.map((p) => p.packNumber));
    this.packs = Array.from({ length: rounds }, () => new Array<PodPack>(pod.seatCount));
    for (const p of rows.packs) this.packs[p.packNumber - 1][p.opener] = p;
    this.draft = new PodDraft<PodPick>(
      pod.seatCount,
      this.packs.map((round) => round.map((p) => p.cards)),
    );
    this.roundEnd = Array.from({ length: rounds }, () => pod.createdAt);
    this.lastPickAt = new Array<Date | null>(pod.seatCount).fill(null);
    this.draft.applyAll(rows.picks);
    for (const p of rows.picks) this.noteTime(p);
    for (const p of rows.preselects) this.preselects.set(preselectKey(p.seat, p.packNumber, p.pickNumber), p.cardId);
  }

  get complete(): boolean {
    return this.draft.complete;
  }

  /** A bot picks for this seat: a bot seat or an absent player. */
  botPicks(seat: number): boolean {
    const s = this.seats[seat];
    return s.bot || s.absent;
  }

  card(packNumber: number, cardId: string): VersionCard {
    const card = this.cards[packNumber - 1]?.get(cardId);
    if (!card) throw new RangeError(`card ${cardId} is not in the set version of pack ${packNumber}`);
    return card;
  }

  /**
   * Takes a pick the rules admitted (PodDraft.check) into the state, with its pack and position.
   * @throws RangeError when it is not admissible (a caller's bug).
   */
  apply(pick: Omit<PodPick, 'packId' | 'opener' | 'position'>): PodPick {
    const s = this.draft.seatState(pick.seat);
    const opener = s.opener ?? 0;
    const full: PodPick = { ...pick, packId: this.packs[pick.packNumber - 1][opener].id, opener, position: -1 };
    full.position = this.draft.apply(full).position;
    this.noteTime(full);
    return full;
  }

  /**
   * What another instance (or a change of this one outside the pick statement) committed since
   * this state's seq: the pod row, the seats' absent flags, the new picks and the preselects.
   */
  catchUp(since: Pick<PodRows, 'pod' | 'seats' | 'picks' | 'preselects'>): void {
    this.draft.applyAll(since.picks);
    for (const p of since.picks) this.noteTime(p);
    this.seq = since.pod.seq;
    this.pausedAt = since.pod.pausedAt;
    this.resumedAt = since.pod.resumedAt;
    this.storedDeadline = since.pod.nextDeadline;
    // A seat swap before picks (seat-swap.ts) moves players between seats: take the seats as stored.
    for (const s of since.seats) Object.assign(this.seats[s.seat], s);
    this.preselects.clear();
    for (const p of since.preselects) this.preselects.set(preselectKey(p.seat, p.packNumber, p.pickNumber), p.cardId);
  }

  preselected(seat: number, packNumber: number, pickNumber: number): string | null {
    return this.preselects.get(preselectKey(seat, packNumber, pickNumber)) ?? null;
  }

  setPreselect(seat: number, packNumber: number, pickNumber: number, cardId: string): void {
    this.preselects.set(preselectKey(seat, packNumber, pickNumber), cardId);
  }

  /**
   * When the seat's current pick times out; null without a timer, while paused or with no pack in
   * front of it. The clock starts when the player can first see the pack: it has reached the seat
   * AND the seat has made its previous pick (a pack waiting in the queue is not visible yet) — and
   * never before the pod's last resume. The limit shrinks with the pack (pick-timer.ts).
   */
  deadlineOf(seat: SeatDraftState): Date | null {
    if (!seat.hasPack || this.pausedAt || this.botPicks(seat.seat)) return null;
    const packSize = this.draft.packSizes[seat.packNumber - 1];
    const limit = pickTimeLimitSeconds(this.event.pickTimeSeconds, seat.cards.length, packSize, this.event.minPickSeconds);
    if (limit === null) return null;
    return new Date(this.packSince(seat)!.getTime() + limit * 1000);
  }

  /**
   * Since when the seat's player can see the pack in front of them (null: none): its arrival, their
   * previous pick, or the pod's last resume, whichever is latest — where the pick clock starts.
   */
  packSince(seat: SeatDraftState): Date | null {
    if (!seat.hasPack) return null;
    let from = seat.deliveredBy ? (seat.deliveredBy as PodPick).madeAt : seat.packNumber > 1 ? this.roundEnd[seat.packNumber - 2] : this.createdAt;
    const own = this.lastPickAt[seat.seat];
    if (own && own > from) from = own;
    if (this.resumedAt && this.resumedAt > from) from = this.resumedAt;
    return from;
  }

  /** The seat's latest pick time (null: none yet). */
  lastPickOf(seat: number): Date | null {
    return this.lastPickAt[seat] ?? null;
  }

  /** The earliest deadline of any seat (what the pod row stores for the poller); null: none running. */
  nextDeadline(): Date | null {
    let next: Date | null = null;
    // No pick timer in this event (pickTimeLimitSeconds is null for 0): no seat needs looking at.
    if (this.complete || this.pausedAt || this.event.pickTimeSeconds === 0) return null;
    for (let s = 0; s < this.draft.seats; s++) {
      const d = this.deadlineOf(this.draft.seatState(s));
      if (d && (!next || d < next)) next = d;
    }
    return next;
  }

  /** Seats whose pick is due at `now` (deadline passed). */
  dueSeats(now: Date): SeatDraftState[] {
    if (this.complete || this.pausedAt) return [];
    const due: SeatDraftState[] = [];
    for (let s = 0; s < this.draft.seats; s++) {
      const state = this.draft.seatState(s);
      const d = this.deadlineOf(state);
      if (d && d <= now) due.push(state);
    }
    return due;
  }

  /**
   * The bot rule's choice for the seat's current pick, from the stream
   * bot/pod-…/seat-…/round-…/pick-… of the event seed (so the verification can recompute it).
   */
  botChoice(seat: SeatDraftState): string {
    const pack = seat.cards.map((cardId) => this.botCard(seat.packNumber, cardId));
    const picked = seat.picks.map((p) => this.botCard(p.packNumber, p.cardId));
    return botPick(pack, picked, rngFor(this.event.seed, botPickPurpose(this.number, seat.seat, seat.packNumber, seat.pickNumber!)));
  }

  /**
   * Bots pick for bot seats and absent players whenever a pack is in front of them, until every
   * such seat waits on a human (or the draft is over, or paused). Applied to this state.
   * @returns the picks made, to commit with the change that set them off.
   */
  advanceBots(now: Date): PodPick[] {
    const made: PodPick[] = [];
    for (;;) {
      if (this.complete || this.pausedAt) return made;
      const ready: SeatDraftState[] = [];
      for (let s = 0; s < this.draft.seats; s++) {
        if (!this.botPicks(s)) continue;
        const state = this.draft.seatState(s);
        if (state.hasPack) ready.push(state);
      }
      if (ready.length === 0) return made;
      // Choices first, then apply: each bot picks from the pack in front of it at this step.
      const choices = ready.map((s) => ({ s, cardId: this.botChoice(s) }));
      for (const { s, cardId } of choices) made.push(this.apply({ seat: s.seat, packNumber: s.packNumber, pickNumber: s.pickNumber!, cardId, source: 'bot', madeAt: now, seq: 0 }));
    }
  }

  private botCard(packNumber: number, cardId: string): BotCard {
    const c = this.card(packNumber, cardId);
    return { cardId: c.cardId, rarity: c.rarity, type: c.type, attributes: c.attributes };
  }

  private noteTime(p: PodPick): void {
    if (p.madeAt > this.roundEnd[p.packNumber - 1]) this.roundEnd[p.packNumber - 1] = p.madeAt;
    const last = this.lastPickAt[p.seat];
    if (!last || p.madeAt > last) this.lastPickAt[p.seat] = p.madeAt;
  }
}
