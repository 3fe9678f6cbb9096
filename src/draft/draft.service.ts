import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { toCardDto, type VersionCard } from '../boosters/set-version-cache';
import type { CardDto } from '../catalog/dto/card.dto';
import { Clock } from '../common/clock/clock';
import { DomainError } from '../common/errors/domain-error';
import { KeyedQueue } from '../common/concurrency/keyed-queue';
import { rngFor } from '../common/random/seeded-rng';
import { EventPacks } from '../events/event-packs';
import { LiveUpdates } from '../live/live-updates';
import { JobQueue, QUEUES } from '../common/jobs/job-queue';
import { EventsRepository, pinnedPacks, type EventRow, type PlayerRow, type Tx } from '../events/events.repository';
import { assertAllowed, nextState, type EventFormat, type EventState } from '../events/rules/event-lifecycle';
import type { MeDto, PickLogDto, PickResultDto, PodDto } from './dto/draft.dto';
import { loadPod, withPicks, type PodSnapshot, type SnapshotPick } from './pod-snapshot';
import { botPick, type BotCard } from './rules/bot-pick';
import { checkPick, type SeatDraftState } from './rules/draft-state';
import { directionName } from './rules/pass-direction';
import { pickTimeLimitSeconds } from './rules/pick-timer';
import { seatEvent } from './rules/event-seating';
import { botPickPurpose, draftPackPurpose, PODS_PURPOSE } from './rules/stream-purposes';

/** Seats by player, cached once found (seats are created with the pods and never move). */
class SeatCache {
  private readonly seats = new Map<string, { podId: string; seat: number }>();

  async of(tx: Tx, playerId: string): Promise<{ podId: string; seat: number } | null> {
    const known = this.seats.get(playerId);
    if (known) return known;
    const row = await tx.seat.findUnique({ where: { playerId }, select: { podId: true, seat: true } });
    if (row) {
      if (this.seats.size >= 50_000) this.seats.delete(this.seats.keys().next().value!);
      this.seats.set(playerId, row);
    }
    return row;
  }
}

/** A pick timer: the pick (pod, seat, pack, pick number) that times out at the job's start time. */
export interface PickTimerJob {
  eventId: string;
  podId: string;
  seat: number;
  packNumber: number;
  pickNumber: number;
}

/**
 * Booster draft: seats players in pods, opens every pack from the event seed, takes picks exactly
 * once, lets bots pick for empty seats and absent players, and shows each player only what the
 * rules let them see.
 */
@Injectable()
export class DraftService {
  /** A player's seat never changes once the draft started: looked up once per process. */
  private readonly seatCache = new SeatCache();
  /** Picks (player and timer) of one pod run one at a time in this process, ahead of the pod row lock. */
  private readonly podQueue = new KeyedQueue();

  constructor(
    private readonly events: EventsRepository,
    private readonly packs: EventPacks,
    private readonly clock: Clock,
    private readonly live: LiveUpdates,
    private readonly jobs: JobQueue,
  ) {}

  /**
   * Starts a draft in the caller's transaction (event row locked): pods of 4–8 as equal as possible
   * (team events: whole teams, seats alternating teams — team-seating.ts), seats shuffled from the
   * stream "pods", every pack of every round opened from its own stream.
   * @throws DomainError NOT_ENOUGH_PLAYERS (fewer than 4 without bots), TEAM_PODS_UNBALANCED
   */
  async start(tx: Tx, event: EventRow, players: PlayerRow[]): Promise<void> {
    const teams = await tx.team.findMany({ where: { eventId: event.id }, orderBy: { number: 'asc' }, select: { id: true } });
    const seating = seatEvent(
      { fillWithBots: event.fillWithBots, teamSize: event.teamSize, players, teams: teams.map((t) => players.filter((p) => p.teamId === t.id)) },
      rngFor(event.seed, PODS_PURPOSE),
    );
    const rounds = pinnedPacks(event).length;
    const now = this.clock.now();
    for (const { pod: number, seats } of seating) {
      const podId = randomUUID();
      await tx.pod.create({ data: { id: podId, eventId: event.id, number, seatCount: seats.length, createdAt: now } });
      await tx.seat.createMany({ data: seats.map((player, seat) => ({ podId, seat, playerId: player?.id ?? null })) });
      const toOpen = [];
      for (let round = 1; round <= rounds; round++) {
        for (let seat = 0; seat < seats.length; seat++) {
          toOpen.push({ packNumber: round, purpose: draftPackPurpose(number, seat, round), podId, seat, playerId: seats[seat]?.id ?? null, draft: true });
        }
      }
      await this.packs.open(tx, event, toOpen);
      await this.scheduleDeadlines(tx, event, await this.advanceBots(tx, event, podId));
    }
  }

  /**
   * Takes a player's pick. One transaction with the pod row locked: the card must be in the pack in
   * front of the player's seat at that pick number. The very same pick again (retry, double click,
   * concurrent duplicate) returns the stored pick unchanged.
   * @throws DomainError PICK_ALREADY_MADE, CARD_NOT_IN_PACK, PACK_NOT_ARRIVED, DRAFT_PAUSED, EVENT_STATE_CONFLICT, FORBIDDEN (not seated)
   */
  async pick(eventId: string, player: PlayerRow, attempt: { packNumber: number; pickNumber: number; cardId: string }): Promise<PickResultDto> {
    let seatRow = await this.seatCache.of(this.events.prisma, player.id);
    if (!seatRow) {
      // No seat: before start or in a sealed event that is a state conflict, else the player is not seated.
      const event = await this.events.get(eventId);
      if (event.format !== 'draft' || event.state === 'registration') assertAllowed(event.state as EventState, 'pick', event.format as EventFormat);
      seatRow = await this.seatOf(this.events.prisma, player); // FORBIDDEN: not seated
    }
    const { podId, seat } = seatRow;
    // Queued per pod in this process before the transaction: see KeyedQueue.
    return this.podQueue.run(podId, () =>
      this.events.transaction(async (tx) => {
        const event = await this.events.get(eventId, tx);
        // Before start, and in sealed events, there is no draft to pick in (after the draft, replays still answer).
        if (event.format !== 'draft' || event.state === 'registration') assertAllowed(event.state as EventState, 'pick', event.format as EventFormat);
        const snap = await loadPod(tx, podId, true);
        const check = checkPick(snap.state, { seat, ...attempt });
        if (check.ok === 'replay') {
          const stored = snap.picks.find((p) => p.seat === seat && p.packNumber === attempt.packNumber && p.pickNumber === attempt.pickNumber)!;
          return this.pickResult(event, stored);
        }
        assertAllowed(event.state as EventState, 'pick', event.format as EventFormat);
        if (snap.pod.pausedAt) throw new DomainError('DRAFT_PAUSED', 'The organizer paused this pod', [{ field: 'podId', rule: 'paused', message: 'pod is paused' }]);
        if (check.ok === false) {
          const code = check.code === 'DRAFT_COMPLETE' ? 'EVENT_STATE_CONFLICT' : check.code;
          throw new DomainError(code, check.message, [{ field: check.code === 'CARD_NOT_IN_PACK' ? 'cardId' : 'pickNumber', rule: check.code, message: check.message }]);
        }
        const stored = await this.insertPick(tx, snap, seat, attempt.packNumber, attempt.pickNumber, attempt.cardId, 'player');
        await this.scheduleDeadlines(tx, event, await this.advanceBots(tx, event, withPicks(snap, [stored])));
        await this.live.podChangedIn(tx, eventId, snap.pod.id);
        return this.pickResult(event, stored);
      }),
    );
  }

  /**
   * Bots pick for bot seats and absent players whenever a pack is in front of them, until every
   * such seat waits on a human. Each bot pick reads its own stream (bot/pod-…/seat-…/round-…/pick-…),
   * so it can be recomputed by the verification.
   */
  async advanceBots(tx: Tx, event: EventRow, from: PodSnapshot | string): Promise<PodSnapshot> {
    let snap = typeof from === 'string' ? await loadPod(tx, from, false) : from;
    for (;;) {
      if (snap.state.complete) {
        await this.finishIfDone(tx, event, snap.pod.id);
        return snap;
      }
      if (snap.pod.pausedAt) return snap;
      const ready = snap.state.seatStates.filter((s) => s.hasPack && snap.seats[s.seat].botPicks);
      if (ready.length === 0) return snap;
      const made: SnapshotPick[] = [];
      for (const seatState of ready) {
        const cardId = await this.botChoice(event, snap, seatState);
        made.push(await this.insertPick(tx, snap, seatState.seat, seatState.packNumber, seatState.pickNumber!, cardId, 'bot'));
      }
      snap = withPicks(snap, made);
    }
  }

  /**
   * The player's view: their seat, current pack, picks and pool — nothing of anyone else's. Sealed:
   * the pool is their boosters; pooled team sealed: their share of the team pool once split.
   */
  async me(eventId: string, player: PlayerRow): Promise<MeDto> {
    const event = await this.events.get(eventId);
    const base = this.emptyView(event, player);
    if (event.format === 'sealed' && event.pooledTeamSealed && player.teamId) {
      // Pooled team sealed: the player builds from their share of the team pool (none before the split).
      const share = (player.poolShare as { cardId: string; count: number }[] | null) ?? [];
      const find = await this.packs.pinnedCards(event);
      return { ...base, pool: share.flatMap((c) => Array.from({ length: c.count }, () => find(c.cardId)).filter((c) => c !== undefined).map(toCardDto)) };
    }
    if (event.format === 'sealed') {
      const packs = await this.events.prisma.pack.findMany({ where: { eventId, playerId: player.id }, include: { cards: { orderBy: { position: 'asc' } } }, orderBy: { packNumber: 'asc' } });
      const pool: CardDto[] = [];
      for (const pack of packs) {
        const version = await this.packs.versionOf(event, pack.packNumber);
        for (const c of pack.cards) pool.push(toCardDto(version.cards.get(c.cardId)!));
      }
      return { ...base, pool };
    }
    const seatRow = await this.seatCache.of(this.events.prisma, player.id);
    if (!seatRow) return base;
    return this.viewOf(event, await loadPod(this.events.prisma, seatRow.podId, false), seatRow.seat, base);
  }

  /**
   * The views of several players of one pod from a single load of the pod (live updates recompute
   * every connected player of a pod after each pick).
   */
  async podViews(eventId: string, podId: string, players: PlayerRow[]): Promise<{ paused: boolean; views: Map<string, MeDto> }> {
    const event = await this.events.get(eventId);
    const snap = await loadPod(this.events.prisma, podId, false);
    const preselects = await this.events.prisma.preselect.findMany({ where: { podId } });
    const out = new Map<string, MeDto>();
    for (const player of players) {
      const seat = snap.seats.find((s) => s.playerId === player.id);
      if (!seat) continue;
      out.set(player.id, await this.viewOf(event, snap, seat.seat, this.emptyView(event, player), preselects));
    }
    return { paused: snap.pod.pausedAt !== null, views: out };
  }

  private emptyView(event: EventRow, player: PlayerRow): MeDto {
    return { playerId: player.id, podId: null, seat: null, state: event.state, packNumber: null, pickNumber: null, direction: null, deadline: null, currentPack: null, preselected: null, picks: [], pool: [] };
  }

  private async viewOf(event: EventRow, snap: PodSnapshot, seat: number, base: MeDto, preselects?: { seat: number; packNumber: number; pickNumber: number; cardId: string }[]): Promise<MeDto> {
    const state = snap.state.seatStates[seat];
    // A cancelled event has no pack in front of anyone: nothing is picked any more.
    const mine = event.state === 'cancelled' ? { ...state, hasPack: false } : state;
    const picks = await this.cardsOf(event, mine.picks.map((p) => ({ packNumber: p.packNumber, cardId: p.cardId })));
    const current = mine.hasPack ? await this.cardsOf(event, mine.cards.map((cardId) => ({ packNumber: mine.packNumber, cardId }))) : null;
    const isMine = (p: { seat: number; packNumber: number; pickNumber: number }) => p.seat === seat && p.packNumber === mine.packNumber && p.pickNumber === mine.pickNumber;
    const preselect = !mine.hasPack
      ? null
      : preselects
        ? (preselects.find(isMine) ?? null)
        : await this.events.prisma.preselect.findUnique({
            where: { podId_seat_packNumber_pickNumber: { podId: snap.pod.id, seat, packNumber: mine.packNumber, pickNumber: mine.pickNumber! } },
          });
    return {
      ...base,
      podId: snap.pod.id,
      seat,
      packNumber: snap.state.complete ? null : mine.packNumber,
      pickNumber: mine.pickNumber,
      direction: snap.state.complete ? null : directionName(mine.packNumber),
      deadline: mine.hasPack ? (this.deadlineOf(event, snap, mine)?.toISOString() ?? null) : null,
      currentPack: current ? { cards: current } : null,
      preselected: preselect?.cardId ?? null,
      picks,
      pool: picks,
    };
  }

  /**
   * Marks a card of the pack in front of the player as their choice should the timer run out.
   * @throws DomainError PACK_NOT_ARRIVED (no pack in front), CARD_NOT_IN_PACK
   */
  async preselect(eventId: string, player: PlayerRow, cardId: string): Promise<{ packNumber: number; pickNumber: number; cardId: string }> {
    return this.events.transaction(async (tx) => {
      const event = await this.events.get(eventId, tx);
      assertAllowed(event.state as EventState, 'pick', event.format as EventFormat);
      const seatRow = await this.seatOf(tx, player);
      const snap = await loadPod(tx, seatRow.podId, true);
      const mine = snap.state.seatStates[seatRow.seat];
      if (!mine.hasPack) throw new DomainError('PACK_NOT_ARRIVED', 'No pack is in front of you yet', [{ field: 'cardId', rule: 'PACK_NOT_ARRIVED', message: 'no pack in front of the seat' }]);
      if (!mine.cards.includes(cardId)) throw new DomainError('CARD_NOT_IN_PACK', `Card ${cardId} is not in your current pack`, [{ field: 'cardId', rule: 'CARD_NOT_IN_PACK', message: 'not in the pack' }]);
      const key = { podId: snap.pod.id, seat: seatRow.seat, packNumber: mine.packNumber, pickNumber: mine.pickNumber! };
      await tx.preselect.upsert({ where: { podId_seat_packNumber_pickNumber: key }, update: { cardId }, create: { ...key, cardId } });
      return { packNumber: key.packNumber, pickNumber: key.pickNumber, cardId };
    });
  }

  /** Public pod state: seating, pack number, direction, who is still picking. */
  async pods(eventId: string): Promise<PodDto[]> {
    await this.events.get(eventId);
    const pods = await this.events.prisma.pod.findMany({ where: { eventId }, orderBy: { number: 'asc' }, select: { id: true } });
    const out: PodDto[] = [];
    for (const { id } of pods) {
      const snap = await loadPod(this.events.prisma, id, false);
      out.push({
        podId: id,
        number: snap.pod.number,
        seats: snap.seats.map((s) => ({ seat: s.seat, playerId: s.playerId, name: s.name, bot: s.bot, teamId: s.teamId })),
        packNumber: snap.state.round,
        direction: directionName(snap.state.round),
        picking: snap.state.seatStates.filter((s) => s.hasPack).map((s) => s.seat),
        paused: snap.pod.pausedAt !== null,
        complete: snap.state.complete,
      });
    }
    return out;
  }

  /**
   * Organizer: pause or resume one pod or all of an event's pods. Timers stop while paused; after a
   * resume every waiting pick gets its full time again (timers run from max(arrival, resume)).
   */
  async setPaused(eventId: string, paused: boolean, podId?: string): Promise<PodDto[]> {
    // Locks pods only, never the event row: every path locks a pod before the event (see pick),
    // so pausing cannot deadlock with the pick that finishes a draft.
    const changed: string[] = [];
    await this.events.transaction(async (tx) => {
      const event = await this.events.get(eventId, tx);
      assertAllowed(event.state as EventState, 'pause', event.format as EventFormat);
      const pods = await tx.pod.findMany({ where: { eventId, ...(podId ? { id: podId } : {}) }, select: { id: true }, orderBy: { number: 'asc' } });
      if (podId && pods.length === 0) throw new DomainError('POD_NOT_FOUND', `No pod ${podId} in this event`, [{ field: 'podId', rule: 'exists', message: 'unknown pod' }]);
      const now = this.clock.now();
      for (const { id } of pods) {
        changed.push(id);
        const snap = await loadPod(tx, id, true);
        if (paused && !snap.pod.pausedAt) await tx.pod.update({ where: { id }, data: { pausedAt: now } });
        if (!paused && snap.pod.pausedAt) {
          await tx.pod.update({ where: { id }, data: { pausedAt: null, resumedAt: now } });
          await this.scheduleDeadlines(tx, event, await this.advanceBots(tx, event, { ...snap, pod: { ...snap.pod, pausedAt: null, resumedAt: now } }));
        }
      }
    });
    for (const podId of changed) await this.live.podChanged(eventId, podId);
    return this.pods(eventId);
  }

  /** Organizer: mark a player absent (a bot picks for them at once) or back. */
  async setAbsent(eventId: string, playerId: string, absent: boolean): Promise<{ playerId: string; absent: boolean }> {
    const { result, podId } = await this.events.transaction(async (tx) => {
      const event = await this.events.get(eventId, tx);
      const player = await this.events.player(eventId, playerId, tx);
      const seat = await tx.seat.findUnique({ where: { playerId: player.id } });
      if (seat) await loadPod(tx, seat.podId, true); // pod lock first, as every pick does
      await tx.eventPlayer.update({ where: { id: player.id }, data: { absent } });
      if (seat && event.state === 'drafting') await this.scheduleDeadlines(tx, event, await this.advanceBots(tx, event, seat.podId));
      return { result: { playerId: player.id, absent }, podId: seat?.podId ?? null };
    });
    if (podId) await this.live.podChanged(eventId, podId);
    return result;
  }

  /**
   * The pod's pick log: every pack as opened and every pick with who made it.
   * Organizer at any time; everyone once the event is complete.
   * @throws DomainError FORBIDDEN before completion without the organizer token, POD_NOT_FOUND
   */
  async log(eventId: string, podId: string, isOrganizer: boolean): Promise<PickLogDto> {
    const event = await this.events.get(eventId);
    if (!isOrganizer && event.state !== 'complete') {
      throw new DomainError('FORBIDDEN', 'The pick log is public once the event is complete; until then only the organizer sees it', [
        { field: 'authorization', rule: 'organizerOrComplete', message: 'event not complete' },
      ]);
    }
    const snap = await loadPod(this.events.prisma, podId, false);
    if (snap.pod.eventId !== eventId) throw new DomainError('POD_NOT_FOUND', `No pod ${podId} in this event`, [{ field: 'podId', rule: 'exists', message: 'unknown pod' }]);
    return {
      podId,
      number: snap.pod.number,
      seats: snap.seats.map((s) => ({ seat: s.seat, playerId: s.playerId, name: s.name, bot: s.bot, teamId: s.teamId })),
      packs: [...snap.packs].sort((a, b) => a.packNumber - b.packNumber || a.opener - b.opener).map((p) => ({ packNumber: p.packNumber, seat: p.opener, purpose: p.purpose, cards: p.cards })),
      picks: [...snap.picks]
        .sort((a, b) => a.madeAt.getTime() - b.madeAt.getTime() || a.packNumber - b.packNumber || a.pickNumber - b.pickNumber || a.seat - b.seat)
        .map((p) => ({ packNumber: p.packNumber, pickNumber: p.pickNumber, seat: p.seat, cardId: p.cardId, source: p.source, madeAt: p.madeAt.toISOString() })),
    };
  }

  /**
   * A pick timer fired (job queue). In one transaction with the pod locked: if the pick is still
   * open and its deadline (recomputed from the injected clock) has passed, the server picks for the
   * player — their preselected card when it is still in the pack, else the bot's choice from the
   * stream bot/pod-…/seat-…/round-…/pick-… (so a verifier can recompute it). A timer that is early
   * (the pod was paused and resumed) is scheduled again; one whose pick was made is a no-op.
   * @returns what happened, for logs and tests.
   */
  async expire(job: PickTimerJob): Promise<'picked' | 'already-picked' | 'rescheduled' | 'paused' | 'not-drafting'> {
    return this.podQueue.run(job.podId, () => this.expireQueued(job));
  }

  private async expireQueued(job: PickTimerJob): Promise<'picked' | 'already-picked' | 'rescheduled' | 'paused' | 'not-drafting'> {
    return this.events.transaction(async (tx) => {
      const event = await this.events.get(job.eventId, tx);
      if (event.state !== 'drafting') return 'not-drafting' as const;
      const snap = await loadPod(tx, job.podId, true);
      const seat = snap.state.seatStates[job.seat];
      if (!seat || !seat.hasPack || seat.packNumber !== job.packNumber || seat.pickNumber !== job.pickNumber) return 'already-picked' as const;
      if (snap.pod.pausedAt) return 'paused' as const;
      const deadline = this.deadlineOf(event, snap, seat);
      if (deadline && deadline > this.clock.now()) {
        await this.scheduleDeadlines(tx, event, snap);
        return 'rescheduled' as const;
      }
      const preselect = await tx.preselect.findUnique({
        where: { podId_seat_packNumber_pickNumber: { podId: job.podId, seat: job.seat, packNumber: job.packNumber, pickNumber: job.pickNumber } },
      });
      const cardId = preselect && seat.cards.includes(preselect.cardId) ? preselect.cardId : await this.botChoice(event, snap, seat);
      const stored = await this.insertPick(tx, snap, job.seat, job.packNumber, job.pickNumber, cardId, 'timeout');
      await this.scheduleDeadlines(tx, event, await this.advanceBots(tx, event, withPicks(snap, [stored])));
      await this.live.podChangedIn(tx, job.eventId, job.podId);
      return 'picked' as const;
    });
  }

  /**
   * One timer job per open pick of a human seat, due at its deadline. Keyed by the pick and its
   * deadline, so scheduling the same state twice is a no-op and a resume (new deadline) adds a new one.
   */
  private async scheduleDeadlines(tx: Tx, event: EventRow, snap: PodSnapshot): Promise<void> {
    if (snap.state.complete || snap.pod.pausedAt) return;
    const jobs = [];
    for (const seat of snap.state.seatStates) {
      if (!seat.hasPack || snap.seats[seat.seat].botPicks) continue;
      const deadline = this.deadlineOf(event, snap, seat);
      if (!deadline) continue;
      const data: PickTimerJob = { eventId: event.id, podId: snap.pod.id, seat: seat.seat, packNumber: seat.packNumber, pickNumber: seat.pickNumber! };
      jobs.push({ key: `${data.podId}:${data.seat}:${data.packNumber}:${data.pickNumber}:${deadline.toISOString()}`, data, startAfter: deadline });
    }
    await this.jobs.schedule(tx, QUEUES.pickTimeout, jobs);
  }

  /**
   * When the seat's current pick times out; null without a timer or while paused. The clock starts
   * when the player can first see the pack: it has reached the seat AND the seat has made its
   * previous pick (a pack waiting in the queue behind another is not visible yet) — and never
   * before the pod's last resume.
   */
  deadlineOf(event: EventRow, snap: PodSnapshot, seat: SeatDraftState): Date | null {
    if (!seat.hasPack || snap.pod.pausedAt) return null;
    const packSize = snap.packSizes[seat.packNumber - 1];
    const limit = pickTimeLimitSeconds(event.pickTimeSeconds, seat.cards.length, packSize, event.minPickSeconds);
    if (limit === null) return null;
    let from = this.arrivalOf(snap, seat);
    for (const p of snap.picks) if (p.seat === seat.seat && p.madeAt > from) from = p.madeAt;
    if (snap.pod.resumedAt && snap.pod.resumedAt > from) from = snap.pod.resumedAt;
    return new Date(from.getTime() + limit * 1000);
  }

  /** When the pack reached the seat: the upstream pick that passed it, or the opening of the round. */
  private arrivalOf(snap: PodSnapshot, seat: SeatDraftState): Date {
    if (seat.deliveredBy) {
      const d = seat.deliveredBy;
      return snap.picks.find((p) => p.seat === d.seat && p.packNumber === d.packNumber && p.pickNumber === d.pickNumber)!.madeAt;
    }
    const previous = snap.picks.filter((p) => p.packNumber === seat.packNumber - 1);
    return previous.reduce((latest, p) => (p.madeAt > latest ? p.madeAt : latest), snap.pod.createdAt);
  }

  private async botChoice(event: EventRow, snap: PodSnapshot, seat: SeatDraftState): Promise<string> {
    const pack = await this.botCards(event, seat.cards.map((cardId) => ({ packNumber: seat.packNumber, cardId })));
    const picked = await this.botCards(event, seat.picks.map((p) => ({ packNumber: p.packNumber, cardId: p.cardId })));
    return botPick(pack, picked, rngFor(event.seed, botPickPurpose(snap.pod.number, seat.seat, seat.packNumber, seat.pickNumber!)));
  }

  private async insertPick(tx: Tx, snap: PodSnapshot, seat: number, packNumber: number, pickNumber: number, cardId: string, source: 'player' | 'timeout' | 'bot'): Promise<SnapshotPick> {
    const opener = snap.state.seatStates[seat].opener!;
    const pack = snap.pack(packNumber, opener);
    const taken = new Set(snap.picks.filter((p) => p.packId === pack.id).map((p) => p.position));
    const position = pack.cards.findIndex((c, i) => c === cardId && !taken.has(i));
    const row = await tx.pick.create({
      data: { id: randomUUID(), podId: snap.pod.id, packNumber, pickNumber, seat, packId: pack.id, position, cardId, source, madeAt: this.clock.now() },
    });
    return { ...row, madeAt: row.madeAt };
  }

  /** Called when pod `doneId` completed: when every pod's draft is complete, the event moves to deck building. */
  private async finishIfDone(tx: Tx, event: EventRow, doneId: string): Promise<void> {
    const pods = await tx.pod.findMany({ where: { eventId: event.id, id: { not: doneId } }, select: { id: true } });
    for (const { id } of pods) if (!(await loadPod(tx, id, false)).state.complete) return;
    // A conditional update, not a lock-then-update: two pods finishing at once both try, one wins.
    await tx.event.updateMany({ where: { id: event.id, state: 'drafting' }, data: { state: nextState('drafting', 'finishDraft', 'draft'), updatedAt: this.clock.now() } });
  }

  private async seatOf(tx: Tx, player: PlayerRow): Promise<{ podId: string; seat: number }> {
    const seat = await this.seatCache.of(tx, player.id);
    if (!seat) throw new DomainError('FORBIDDEN', 'You have no seat in a draft pod of this event', [{ field: 'authorization', rule: 'seated', message: 'not seated' }]);
    return seat;
  }

  private async pickResult(event: EventRow, pick: SnapshotPick | { packNumber: number; pickNumber: number; cardId: string; source: string; madeAt: Date }): Promise<PickResultDto> {
    const [card] = await this.cardsOf(event, [{ packNumber: pick.packNumber, cardId: pick.cardId }]);
    return { packNumber: pick.packNumber, pickNumber: pick.pickNumber, card, source: pick.source, madeAt: pick.madeAt.toISOString() };
  }

  private async versionCards(event: EventRow, cards: { packNumber: number; cardId: string }[]): Promise<VersionCard[]> {
    // One lookup per pack number (at most a handful), not one await per card: this runs for every
    // live view after every pick.
    const versions = new Map<number, Map<string, VersionCard>>();
    for (const c of cards) if (!versions.has(c.packNumber)) versions.set(c.packNumber, (await this.packs.versionOf(event, c.packNumber)).cards);
    return cards.map((c) => versions.get(c.packNumber)!.get(c.cardId)!);
  }

  private async cardsOf(event: EventRow, cards: { packNumber: number; cardId: string }[]): Promise<CardDto[]> {
    return (await this.versionCards(event, cards)).map(toCardDto);
  }

  private async botCards(event: EventRow, cards: { packNumber: number; cardId: string }[]): Promise<BotCard[]> {
    return (await this.versionCards(event, cards)).map((c) => ({ cardId: c.cardId, rarity: c.rarity, type: c.type, attributes: c.attributes }));
  }
}
