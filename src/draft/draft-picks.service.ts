import { Injectable } from '@nestjs/common';
import { toCardDto } from '../boosters/set-version-cache';
import { Clock } from '../common/clock/clock';
import { DomainError } from '../common/errors/domain-error';
import { Metrics } from '../common/metrics/metrics';
import { assertAllowed, type EventFormat, type EventState } from '../events/rules/event-lifecycle';
import type { PickResultDto } from './dto/draft.dto';
import { PodCommits } from './pod-commits';
import { PodRepository } from './pod.repository';
import type { PodPick, PodState } from './pod-state';
import { PodStore } from './pod-store';
import { SeatDirectory, type SeatedPlayer } from './seat-directory';

interface PendingPick {
  who: SeatedPlayer;
  /** The request's bearer token: resolved again when the seat directory's answer no longer holds. */
  token: string | null;
  attempt: { packNumber: number; pickNumber: number; cardId: string };
  resolve: (result: PickResultDto) => void;
  reject: (error: unknown) => void;
}

/** A batch that keeps failing to commit (another instance keeps changing the pod) gives up after this many tries. */
const MAX_TRIES = 12;
/**
 * Tries after which a batch waits before the next (2, 4, 8 … ms, 254 ms in all by the last try):
 * instances that keep committing to one pod at once make each other's batches stale, and retrying
 * at once only repeats the collision (three instances after a database outage: 1 pick in 23,000
 * gave up after 8 immediate tries).
 */
const TRIES_BEFORE_BACKOFF = 4;

/**
 * Players' picks. Picks of one pod queue in this process; whatever has queued while the previous
 * commit was in flight is checked against the pod's state in memory and committed together, with
 * the bot picks they set off, in one statement (group commit): a pod's picks never wait on each
 * other's round trips one by one. Each pick is answered only after its COMMIT.
 */
@Injectable()
export class DraftPicksService {
  private readonly pending = new Map<string, PendingPick[]>();

  constructor(
    private readonly store: PodStore,
    private readonly commits: PodCommits,
    private readonly seats: SeatDirectory,
    private readonly clock: Clock,
    private readonly repository: PodRepository,
    private readonly metrics: Metrics,
  ) {}

  /**
   * Takes a player's pick: the card must be in the pack in front of their seat at that pick number.
   * The very same pick again (retry, double click, concurrent duplicate) returns the stored pick.
   * @throws DomainError PICK_ALREADY_MADE, CARD_NOT_IN_PACK, PACK_NOT_ARRIVED, DRAFT_PAUSED,
   *   EVENT_STATE_CONFLICT, UNAUTHORIZED, FORBIDDEN (not seated)
   */
  async pick(eventId: string, token: string | null, attempt: PendingPick['attempt'], again = true): Promise<PickResultDto> {
    const startedAt = performance.now();
    const who = await this.seats.resolve(eventId, token);
    try {
      const result = await new Promise<PickResultDto>((resolve, reject) => {
        const queue = this.pending.get(who.podId);
        const item = { who, token, attempt, resolve, reject };
        if (queue) queue.push(item);
        else this.pending.set(who.podId, [item]);
        this.store.run(who.podId, () => this.flush(who.podId)).catch(() => undefined);
      });
      this.metrics.pickAnswered(startedAt);
      return result;
    } catch (error) {
      // The organizer swapped the player's seat before their first pick: look the seat up again.
      if (error instanceof SeatMoved && again) return this.pick(eventId, token, attempt, false);
      throw error;
    }
  }

  /** Commits every pick of the pod queued so far (none: an earlier flush took them). */
  private async flush(podId: string): Promise<void> {
    let items = this.pending.get(podId) ?? [];
    this.pending.delete(podId);
    let fresh = false;
    for (let tries = 0; items.length > 0; tries++) {
      try {
        if (tries >= MAX_TRIES) throw new DomainError('POD_BUSY', 'The pod kept changing; try the pick again', [{ field: 'podId', rule: 'contention', message: 'retry' }]);
        if (tries >= TRIES_BEFORE_BACKOFF) await new Promise((r) => setTimeout(r, 2 ** (tries - TRIES_BEFORE_BACKOFF + 1)));
        ({ retry: items, fresh } = await this.tryBatch(podId, items, fresh));
      } catch (error) {
        for (const item of items) item.reject(error);
        return;
      }
    }
  }

  /**
   * One attempt at answering `items`. Nobody is answered before the outcome is known: a replay or a
   * refusal judged against picks of this batch holds only if the batch commits, and every token
   * (replays and refusals too) is checked against the database, in the commit or in one read.
   * @param fresh read what other instances committed first (else the state in memory is trusted
   *   until something would be refused: a refusal is only given from a fresh state).
   * @returns the items to try again, and whether to read the pod fresh for them.
   */
  private async tryBatch(podId: string, items: PendingPick[], fresh: boolean): Promise<{ retry: PendingPick[]; fresh: boolean }> {
    const state = fresh ? await this.store.fresh(podId) : await this.store.get(podId);
    const event = await this.store.event(state.eventId);
    const now = this.clock.now();
    const answers: (() => void)[] = [];
    const accepted: { item: PendingPick; pick: PodPick }[] = [];
    for (const item of items) {
      if (state.seats[item.who.seat]?.playerId !== item.who.playerId) {
        // The seat directory's seat no longer holds (a seat swap): only a fresh state says so for sure.
        if (!fresh) {
          if (accepted.length > 0) this.store.evict(podId);
          return { retry: items, fresh: true };
        }
        this.seats.forget(item.who.tokenHash);
        answers.push(() => item.reject(new SeatMoved()));
        continue;
      }
      const verdict = this.check(state, event.state, event.row.format, item);
      if (verdict instanceof DomainError) {
        // Another instance may have moved the pod on (the pack arrived, the pause ended): refuse only from a fresh state.
        if (!fresh) {
          if (accepted.length > 0) this.store.evict(podId); // it holds this batch's picks
          return { retry: items, fresh: true };
        }
        answers.push(() => item.reject(verdict));
      } else if (verdict) answers.push(() => item.resolve(this.result(state, verdict)));
      else accepted.push({ item, pick: state.apply({ seat: item.who.seat, ...item.attempt, source: 'player', madeAt: now, seq: 0 }) });
    }
    const auth = uniqueAuth(items);
    if (accepted.length === 0) {
      // Nothing to commit: the answers come from committed picks; the tokens are checked in one read.
      const valid = await this.repository.validTokens(auth);
      const revoked = items.filter((item) => !valid.has(item.who.playerId));
      if (revoked.length > 0) return { retry: await this.resolveAgain(items), fresh };
      for (const answer of answers) answer();
      return { retry: [], fresh };
    }
    const bots = state.advanceBots(now);
    const outcome = await this.commits.commit(state, event, [...accepted.map((a) => a.pick), ...bots], auth, now);
    if (outcome.status === 'ok') {
      for (const { item, pick } of accepted) item.resolve(this.result(state, pick));
      for (const answer of answers) answer();
      return { retry: [], fresh };
    }
    if (outcome.status === 'no-pod') throw new DomainError('POD_NOT_FOUND', `No pod ${podId}`, [{ field: 'podId', rule: 'exists', message: 'unknown pod' }]);
    // stale, state, paused: every item is judged again against the reloaded pod
    if (outcome.status !== 'auth') return { retry: items, fresh: true };
    return { retry: await this.resolveAgain(items), fresh: true };
  }

  /** Some token is no longer its player's (reissued): each is resolved again from the database; the bad ones get 401. */
  private async resolveAgain(items: PendingPick[]): Promise<PendingPick[]> {
    const still: PendingPick[] = [];
    for (const item of items) this.seats.forget(item.who.tokenHash);
    for (const item of items) {
      try {
        still.push({ ...item, who: await this.seats.resolve(item.who.eventId, item.token) });
      } catch (error) {
        item.reject(error);
      }
    }
    return still;
  }

  /**
   * The rules of a pick in the order players meet them: a stored pick is replayed whatever the
   * event's state; then the event must be drafting, the pod not paused, and checkPick must admit it.
   * @returns the stored pick (a replay), null (admitted) or the error.
   */
  private check(state: PodState, eventState: EventState, format: string, item: PendingPick): PodPick | null | DomainError {
    const check = state.draft.check({ seat: item.who.seat, ...item.attempt });
    if (check.ok === 'replay') return check.pick as PodPick;
    try {
      assertAllowed(eventState, 'pick', format as EventFormat);
    } catch (error) {
      return error as DomainError;
    }
    if (state.pausedAt) return new DomainError('DRAFT_PAUSED', 'The organizer paused this pod', [{ field: 'podId', rule: 'paused', message: 'pod is paused' }]);
    if (check.ok === false) {
      const code = check.code === 'DRAFT_COMPLETE' ? 'EVENT_STATE_CONFLICT' : check.code;
      return new DomainError(code, check.message, [{ field: check.code === 'CARD_NOT_IN_PACK' ? 'cardId' : 'pickNumber', rule: check.code, message: check.message }]);
    }
    return null;
  }

  private result(state: PodState, pick: PodPick): PickResultDto {
    return {
      packNumber: pick.packNumber,
      pickNumber: pick.pickNumber,
      card: toCardDto(state.card(pick.packNumber, pick.cardId)),
      source: pick.source,
      madeAt: pick.madeAt.toISOString(),
    };
  }
}

/** A pick whose seat was swapped away since the seat directory resolved it: resolved again once. */
class SeatMoved extends DomainError {
  constructor() {
    super('FORBIDDEN', 'Your seat was changed by the organizer; try the pick again', [{ field: 'authorization', rule: 'seated', message: 'seat changed' }]);
  }
}

function uniqueAuth(items: PendingPick[]): { playerId: string; tokenHash: string }[] {
  const seen = new Map<string, { playerId: string; tokenHash: string }>();
  for (const { who } of items) seen.set(`${who.playerId}:${who.tokenHash}`, { playerId: who.playerId, tokenHash: who.tokenHash });
  return [...seen.values()];
}
