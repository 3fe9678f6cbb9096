import { Injectable } from '@nestjs/common';
import { toCardDto, type VersionCard } from '../boosters/set-version-cache';
import type { CardDto } from '../catalog/dto/card.dto';
import { DomainError } from '../common/errors/domain-error';
import { EventPacks } from '../events/event-packs';
import { EventsRepository, type EventRow, type PlayerRow } from '../events/events.repository';
import { FORMATS } from '../events/formats';
import { Clock } from '../common/clock/clock';
import type { DraftActivityDto, MeDto, PickLogDto, PodDto } from './dto/draft.dto';
import type { LivePack } from './dto/live-pack';
import { PodRepository } from './pod.repository';
import type { PodState } from './pod-state';
import { PodStore } from './pod-store';
import { draftWait } from './rules/draft-wait';
import { seatActivity } from './rules/seat-activity';
import { directionName } from './rules/pass-direction';

/** Card objects of the API, built once per card of a set version (views are rebuilt after every pick). */
const dtoCache = new WeakMap<VersionCard, CardDto>();
function cardDto(card: VersionCard): CardDto {
  let dto = dtoCache.get(card);
  if (!dto) dtoCache.set(card, (dto = toCardDto(card)));
  return dto;
}

/**
 * What players and the public see of a draft, from the pods' states in memory: a player's own seat,
 * pack, picks and pool — nothing of anyone else's — the public pod state, and the pick log.
 */
@Injectable()
export class DraftViewsService {
  constructor(
    private readonly store: PodStore,
    private readonly pods: PodRepository,
    private readonly events: EventsRepository,
    private readonly packs: EventPacks,
    private readonly clock: Clock,
  ) {}

  /**
   * The player's view: their seat, current pack, picks and pool. Sealed: the pool is their
   * boosters; pooled team sealed: their share of the team pool once split.
   */
  async me(eventId: string, player: PlayerRow): Promise<MeDto> {
    const event = await this.events.get(eventId);
    const base = emptyView(event.state, player.id, player.name);
    // A pool of opened boosters (sealed) is shown whole; a draft's pool is its picks, in the seat's view.
    if (FORMATS[event.format].pool === 'opened-boosters') return { ...base, pool: event.packSource === 'physical' ? [] : await this.sealedPool(event, player) };
    const seat = await this.pods.seatOf(player.id);
    if (!seat) return base;
    // Real boosters at the table: the seat is all Podium knows (pack 1 passes left). Pack number 1
    // until the organizer finishes the draft: a null pack number reads as "this pod is done".
    if (event.packSource === 'physical') {
      const drafting = event.state === 'drafting';
      return { ...base, podId: seat.podId, seat: seat.seat, packNumber: drafting ? 1 : null, direction: drafting ? directionName(1) : null };
    }
    const state = await this.store.run(seat.podId, () => this.store.fresh(seat.podId));
    return this.view(state, seat.seat, player.id, player.name, event.state);
  }

  /** The player's view with their pod's pause flag (a live stream's first view, and after event-level changes). */
  async liveView(eventId: string, player: PlayerRow): Promise<{ me: MeDto; paused: boolean }> {
    const me = await this.me(eventId, player);
    return { me, paused: me.podId !== null && (this.store.known(me.podId)?.pausedAt ?? null) !== null };
  }

  /** Whether the player's token (as it was when their stream opened) is still theirs. */
  async tokenStillValid(player: PlayerRow): Promise<boolean> {
    return (await this.pods.validTokens([{ playerId: player.id, tokenHash: player.tokenHash }])).has(player.id);
  }

  /**
   * Another instance committed a change of the pod (its NOTIFY): read what came after this
   * instance's seq and announce it to this process's listeners. Nothing to do when already seen.
   */
  async catchUp(podId: string, seq: number | null): Promise<void> {
    const known = this.store.known(podId);
    if (known && seq !== null && seq <= known.seq) return;
    await this.store.run(podId, async () => {
      const before = this.store.known(podId)?.seq;
      const state = await this.store.fresh(podId);
      if (state.seq === before) return;
      // A pod that finished may have moved the event on (its last pod): read the event's state again.
      if (state.complete) this.store.eventChanged(state.eventId);
      this.store.committed(state, await this.store.event(state.eventId));
    });
  }

  /** A seat's view from the pod's state, as /me answers it: the live `pack` data plus the picks and pool. */
  view(state: PodState, seat: number, playerId: string, name: string, eventState: string): MeDto {
    const { pickCount: _count, ...pack } = this.livePack(state, seat, eventState);
    const seatState = state.draft.seatState(seat);
    const picks = seatState.picks.map((p) => cardDto(state.card(p.packNumber, p.cardId)));
    // Packs passed to this seat behind the one in front of it (not in the live pack: it changes with every neighbour's pick).
    const queued = pack.currentPack ? Math.max(0, seatState.queued - 1) : 0;
    const pickHistory = state.draft.picksOf(seat).map((p) => ({ packNumber: p.packNumber, pickNumber: p.pickNumber, cardId: p.cardId, auto: p.source !== 'player' }));
    return { ...pack, playerId, name, podId: state.id, seat, queued, picks, pickHistory, pool: picks };
  }

  /**
   * What a seat's live stream shows (the `pack` data: /me without the pool), from the pod's state.
   * Sync and cheap: it runs for every client of a pod after each change of it.
   */
  livePack(state: PodState, seat: number, eventState: string): LivePack {
    const s = state.draft.seatState(seat);
    const hasPack = s.hasPack && eventState !== 'cancelled';
    const complete = state.complete;
    return {
      podId: state.id,
      seat,
      state: eventState,
      packNumber: complete ? null : s.packNumber,
      pickNumber: s.pickNumber,
      direction: complete ? null : directionName(s.packNumber),
      deadline: hasPack ? (state.deadlineOf(s)?.toISOString() ?? null) : null,
      currentPack: hasPack ? { cards: s.cards.map((cardId) => cardDto(state.card(s.packNumber, cardId))) } : null,
      preselected: hasPack ? state.preselected(seat, s.packNumber, s.pickNumber!) : null,
      draftComplete: complete,
      waitingFor: eventState === 'cancelled' ? null : this.waitingFor(state, seat),
      autoPicked: autoPicked(state, seat),
      pickCount: s.picks.length,
    };
  }

  /** Whose pack the seat waits for (rules/draft-wait.ts), with that seat's display name. */
  private waitingFor(state: PodState, seat: number): LivePack['waitingFor'] {
    const draft = state.draft;
    const progress = Array.from({ length: draft.seats }, (_, s) => draft.seatState(s));
    const wait = draftWait(progress, seat, draft.round, draft.packSizes.length, state.complete);
    return wait && { kind: wait.kind, packNumber: wait.packNumber, seat: wait.fromSeat, name: state.seats[wait.fromSeat].name };
  }

  /**
   * A key that changes whenever livePack's result (or the pause flag) would: everything it shows
   * follows from these (the cards left in a pack are fixed by its pick number).
   */
  liveKey(state: PodState, seat: number, eventState: string): string {
    const s = state.draft.seatState(seat);
    const hasPack = s.hasPack && eventState !== 'cancelled';
    const deadline = hasPack ? (state.deadlineOf(s)?.getTime() ?? 0) : 0;
    const preselected = hasPack ? state.preselected(seat, s.packNumber, s.pickNumber!) : null;
    // Who the seat waits for changes with the other seats' progress (between packs: the nearest one still picking).
    const waiting = hasPack ? '' : (this.waitingFor(state, seat)?.seat ?? '');
    return `${eventState}|${state.complete}|${s.packNumber}|${s.pickNumber}|${hasPack}|${deadline}|${preselected}|${s.picks.length}|${state.pausedAt !== null}|${waiting}`;
  }

  /** Public pod state: seating, pack number, direction, who is still picking. */
  async podList(eventId: string): Promise<PodDto[]> {
    const event = await this.events.get(eventId);
    if (event.packSource === 'physical') return (await this.pods.seating(eventId)).map((pod) => physicalPodDto(pod, event.state !== 'drafting'));
    const out: PodDto[] = [];
    for (const podId of await this.pods.podIds(eventId)) out.push(podDto(await this.store.run(podId, () => this.store.fresh(podId))));
    return out;
  }

  /**
   * Organizer: each seat's state while the pods draft (rules/seat-activity.ts): picking, waiting,
   * idle (a pack held IDLE_AFTER_SECONDS or more), offline (the phone silent OFFLINE_AFTER_SECONDS),
   * absent, bot or done, with the seconds held and silent. Online drafts only: a table draft of real
   * boosters has no seats to watch (empty list).
   */
  async activity(eventId: string): Promise<DraftActivityDto> {
    const event = await this.events.get(eventId);
    const now = this.clock.now();
    const at = now.toISOString();
    if (event.packSource === 'physical') return { at, seats: [] };
    const seen = await this.pods.lastSeen(eventId);
    const seats: DraftActivityDto['seats'] = [];
    for (const podId of await this.pods.podIds(eventId)) {
      const state = await this.store.run(podId, () => this.store.fresh(podId));
      for (const s of state.seats) {
        const seat = state.draft.seatState(s.seat);
        const activity = seatActivity({
          bot: s.bot,
          absent: s.absent,
          podComplete: state.complete,
          paused: state.pausedAt !== null,
          hasPack: seat.hasPack,
          packSince: state.packSince(seat),
          lastSeenAt: s.playerId ? (seen.get(s.playerId) ?? null) : null,
          lastPickAt: state.lastPickOf(s.seat),
          now,
        });
        seats.push({ podId, podNumber: state.number, seat: s.seat, playerId: s.playerId, name: s.name, ...activity });
      }
    }
    return { at, seats };
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
    const state = await this.store.run(podId, () => this.store.fresh(podId));
    if (state.eventId !== eventId) throw new DomainError('POD_NOT_FOUND', `No pod ${podId} in this event`, [{ field: 'podId', rule: 'exists', message: 'unknown pod' }]);
    const picks = state.seats.flatMap((s) => [...state.draft.picksOf(s.seat)]);
    return {
      podId,
      number: state.number,
      seats: seatsOf(state),
      packs: state.packs.flat().map((p) => ({ packNumber: p.packNumber, seat: p.opener, purpose: p.purpose, cards: p.cards })),
      picks: picks
        .sort((a, b) => a.madeAt.getTime() - b.madeAt.getTime() || a.packNumber - b.packNumber || a.pickNumber - b.pickNumber || a.seat - b.seat)
        .map((p) => ({ packNumber: p.packNumber, pickNumber: p.pickNumber, seat: p.seat, cardId: p.cardId, source: p.source, madeAt: p.madeAt.toISOString() })),
    };
  }

  private async sealedPool(event: EventRow, player: PlayerRow): Promise<CardDto[]> {
    if (event.pooledTeamSealed && player.teamId) {
      // Pooled team sealed: the player builds from their share of the team pool (none before the split).
      const share = (player.poolShare as { cardId: string; count: number }[] | null) ?? [];
      const find = await this.packs.pinnedCards(event);
      return share.flatMap((c) =>
        Array.from({ length: c.count }, () => find(c.cardId))
          .filter((c) => c !== undefined)
          .map(cardDto),
      );
    }
    const pool: CardDto[] = [];
    for (const pack of await this.packs.playerPacks(event.id, player.id)) {
      const version = await this.packs.versionOf(event, pack.packNumber);
      for (const cardId of pack.cards) pool.push(cardDto(version.cards.get(cardId)!));
    }
    return pool;
  }
}

/** The seat's latest pick when the pick timer made it (it shows until the seat's next pick). */
function autoPicked(state: PodState, seat: number): LivePack['autoPicked'] {
  const picks = state.draft.picksOf(seat);
  const last = picks[picks.length - 1];
  if (!last || last.source !== 'timeout') return null;
  return { packNumber: last.packNumber, pickNumber: last.pickNumber, card: cardDto(state.card(last.packNumber, last.cardId)) };
}

function emptyView(state: string, playerId: string, name: string): MeDto {
  return {
    playerId,
    name,
    podId: null,
    seat: null,
    state,
    packNumber: null,
    pickNumber: null,
    direction: null,
    deadline: null,
    currentPack: null,
    preselected: null,
    queued: 0,
    draftComplete: false,
    waitingFor: null,
    autoPicked: null,
    picks: [],
    pickHistory: [],
    pool: [],
  };
}

function seatsOf(state: PodState): PodDto['seats'] {
  return state.seats.map((s) => ({ seat: s.seat, playerId: s.playerId, name: s.name, bot: s.bot, teamId: s.teamId }));
}

/**
 * A pod drafting real boosters at the table: its seating, the first pack's direction, no clocks.
 * `complete` once the organizer finished the draft.
 */
function physicalPodDto(pod: { id: string; number: number; seats: PodState['seats'] }, complete: boolean): PodDto {
  const seats = pod.seats.map((s) => ({ seat: s.seat, playerId: s.playerId, name: s.name, bot: s.bot, teamId: s.teamId }));
  return {
    podId: pod.id,
    number: pod.number,
    seats,
    packNumber: 1,
    direction: directionName(1),
    picking: [],
    paused: false,
    complete,
    progress: seats.map((s) => ({ seat: s.seat, queued: 0, deadline: null })),
  };
}

/** The public state of one pod. */
export function podDto(state: PodState): PodDto {
  const round = state.draft.round;
  const picking: number[] = [];
  const progress: PodDto['progress'] = [];
  for (let s = 0; s < state.draft.seats; s++) {
    const seat = state.draft.seatState(s);
    if (seat.hasPack) picking.push(s);
    progress.push({ seat: s, queued: seat.queued, deadline: state.deadlineOf(seat)?.toISOString() ?? null });
  }
  return {
    podId: state.id,
    number: state.number,
    seats: seatsOf(state),
    packNumber: round,
    direction: directionName(round),
    picking,
    paused: state.pausedAt !== null,
    complete: state.complete,
    progress,
  };
}
