import type { EventState } from '../events/rules/event-lifecycle';
import { Injectable } from '@nestjs/common';
import { EventEmitter } from 'node:events';
import { KeyedQueue } from '../common/concurrency/keyed-queue';
import { DomainError } from '../common/errors/domain-error';
import { EventPacks } from '../events/event-packs';
import { EventsRepository, pinnedPacks, type EventRow } from '../events/events.repository';
import { PodRepository } from './pod.repository';
import { PodState, type PodCards, type PodEvent, type PodPack } from './pod-state';
import { physicalBoosters } from './rules/pod-admin';

/** Pods kept in memory per process; the least recently used are forgotten first. */
const POD_LIMIT = 2_000;
/** Events whose draft data (seed, timers, card data) is kept. */
const EVENT_LIMIT = 500;

/** What the draft keeps of an event: fixed once started, except its state. */
export interface DraftEvent {
  row: EventRow;
  pod: PodEvent;
  cards: PodCards;
  /** The event's state as last seen (a commit answers the current one; event-level changes evict it). */
  state: EventState;
}

/** A committed change of a pod, announced in this process right after it is applied to the state. */
export interface PodChange {
  state: PodState;
  event: DraftEvent;
}

/**
 * The pods of this process as aggregates in memory (PodState), loaded once and kept current:
 * changes of this process are applied as they commit, changes of other instances are read
 * incrementally (only what came after the state's seq). Work on one pod runs one at a time
 * (`run`), ahead of the pod row lock. A state that may hold uncommitted picks (a failed commit) is
 * dropped and reloaded. Listeners of `changes` see every committed change, synchronously.
 */
@Injectable()
export class PodStore {
  readonly changes = new EventEmitter<{ change: [PodChange] }>();
  private readonly pods = new Map<string, PodState>();
  private readonly packs = new Map<string, PodPack[]>();
  private readonly events = new Map<string, Promise<DraftEvent>>();
  private readonly queue = new KeyedQueue();

  constructor(
    private readonly repository: PodRepository,
    private readonly eventsRepository: EventsRepository,
    private readonly eventPacks: EventPacks,
  ) {
    this.changes.setMaxListeners(0);
  }

  /** Runs `work` alone for this pod in this process (picks, timers, pause, catch-up), in arrival order. */
  run<T>(podId: string, work: () => Promise<T>): Promise<T> {
    return this.queue.run(podId, work);
  }

  /**
   * The pod's state: from memory, else loaded. Call inside `run` to change it.
   * @throws DomainError POD_NOT_FOUND, PHYSICAL_BOOSTERS (a pod drafting real boosters: seats only)
   */
  async get(podId: string): Promise<PodState> {
    const known = this.pods.get(podId);
    if (known) {
      // Most recently used last: the first key is the one to forget.
      this.pods.delete(podId);
      this.pods.set(podId, known);
      return known;
    }
    const cachedPacks = this.packs.get(podId);
    const rows = await this.repository.load(podId, cachedPacks !== undefined);
    if (!rows) throw new DomainError('POD_NOT_FOUND', `No pod ${podId}`, [{ field: 'podId', rule: 'exists', message: 'unknown pod' }]);
    const packs = cachedPacks ?? rows.packs!;
    // A pod of a draft with real boosters has seats only: nothing here to pick, time or pause.
    if (packs.length === 0) throw physicalBoosters();
    const event = await this.event(rows.pod.eventId);
    const state = new PodState({ ...rows, packs }, event.pod, event.cards);
    // Another call may have loaded it meanwhile (reads are not queued): keep the newer one.
    const raced = this.pods.get(podId);
    if (raced && raced.seq >= state.seq) return raced;
    remember(this.packs, podId, packs, POD_LIMIT);
    remember(this.pods, podId, state, POD_LIMIT);
    return state;
  }

  /** The state with everything committed up to now (reads what came after its seq). Call inside `run`. */
  async fresh(podId: string): Promise<PodState> {
    const state = this.pods.get(podId);
    if (!state) return this.get(podId);
    // Every change of a pod advances its seq: the same seq means nothing to read (one round trip).
    const seq = await this.repository.seqOf(podId);
    if (seq === null) throw new DomainError('POD_NOT_FOUND', `No pod ${podId}`, [{ field: 'podId', rule: 'exists', message: 'unknown pod' }]);
    if (seq === state.seq) return state;
    const since = await this.repository.since(podId, state.seq);
    if (!since) throw new DomainError('POD_NOT_FOUND', `No pod ${podId}`, [{ field: 'podId', rule: 'exists', message: 'unknown pod' }]);
    if (since.pod.seq !== state.seq || since.picks.length > 0) {
      try {
        state.catchUp(since);
      } catch {
        // Picks this state cannot take (it held something that never committed): start over.
        this.evict(podId);
        return this.get(podId);
      }
    }
    return state;
  }

  /** Takes a state built and committed elsewhere in this process (a draft's start) unless a newer one is held. */
  adopt(state: PodState): void {
    const known = this.pods.get(state.id);
    if (known && known.seq >= state.seq) return;
    remember(this.pods, state.id, state, POD_LIMIT);
  }

  /** Whether this process holds the pod (and at which seq). */
  known(podId: string): PodState | undefined {
    return this.pods.get(podId);
  }

  /** Forgets the pod's state (it may hold picks that did not commit); the next use reloads it. */
  evict(podId: string): void {
    this.pods.delete(podId);
  }

  /** Announces a committed change of `state` to this process's listeners (live streams). */
  committed(state: PodState, event: DraftEvent): void {
    this.changes.emit('change', { state, event });
  }

  /**
   * The event's draft data (loaded once; the state is refreshed by commits and event changes).
   * @throws DomainError EVENT_NOT_FOUND
   */
  event(eventId: string): Promise<DraftEvent> {
    let entry = this.events.get(eventId);
    if (!entry) {
      entry = this.loadEvent(eventId);
      entry.catch(() => this.events.delete(eventId));
      remember(this.events, eventId, entry, EVENT_LIMIT);
    }
    return entry;
  }

  /**
   * The event's rows were replaced as a whole (an imported archive): forget its pods, their packs
   * and its draft data; each is loaded again when next needed.
   */
  forgetEvent(eventId: string): void {
    for (const [podId, state] of this.pods) {
      if (state.eventId !== eventId) continue;
      this.pods.delete(podId);
      this.packs.delete(podId);
    }
    this.events.delete(eventId);
  }

  /** The event changed outside the draft (cancel, complete…): its state is read again when next needed. */
  eventChanged(eventId: string): void {
    this.events.delete(eventId);
  }

  private async loadEvent(eventId: string): Promise<DraftEvent> {
    const row = await this.eventsRepository.get(eventId);
    const versions = await Promise.all(pinnedPacks(row).map((_, i) => this.eventPacks.versionOf(row, i + 1)));
    return {
      row,
      pod: { id: row.id, seed: row.seed, pickTimeSeconds: row.pickTimeSeconds, minPickSeconds: row.minPickSeconds },
      cards: versions.map((v) => v.cards),
      state: row.state,
    };
  }
}

function remember<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  map.delete(key);
  if (map.size >= limit) map.delete(map.keys().next().value as K);
  map.set(key, value);
}
