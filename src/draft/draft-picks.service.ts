import { Injectable } from '@nestjs/common';
import { toCardDto } from '../boosters/set-version-cache';
import { Clock } from '../common/clock/clock';
import { DomainError } from '../common/errors/domain-error';
import { assertAllowed, type EventFormat, type EventState } from '../events/rules/event-lifecycle';
import type { PickResultDto } from './dto/draft.dto';
import { PodCommits } from './pod-commits';
import type { PodPick, PodState } from './pod-state';
import { PodStore } from './pod-store';
import { SeatDirectory, type SeatedPlayer } from './seat-directory';

interface PendingPick {
  who: SeatedPlayer;
  authorization: string | undefined;
  attempt: { packNumber: number; pickNumber: number; cardId: string };
  resolve: (result: PickResultDto) => void;
  reject: (error: unknown) => void;
}

/** A batch that keeps failing to commit (another instance keeps changing the pod) gives up after this many tries. */
const MAX_TRIES = 8;

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
  ) {}

  /**
   * Takes a player's pick: the card must be in the pack in front of their seat at that pick number.
   * The very same pick again (retry, double click, concurrent duplicate) returns the stored pick.
   * @throws DomainError PICK_ALREADY_MADE, CARD_NOT_IN_PACK, PACK_NOT_ARRIVED, DRAFT_PAUSED,
   *   EVENT_STATE_CONFLICT, UNAUTHORIZED, FORBIDDEN (not seated)
   */
  async pick(eventId: string, authorization: string | undefined, attempt: PendingPick['attempt']): Promise<PickResultDto> {
    const who = await this.seats.resolve(eventId, authorization);
    return new Promise<PickResultDto>((resolve, reject) => {
      const queue = this.pending.get(who.podId);
      const item = { who, authorization, attempt, resolve, reject };
      if (queue) queue.push(item);
      else this.pending.set(who.podId, [item]);
      this.store.run(who.podId, () => this.flush(who.podId)).catch(() => undefined);
    });
  }

  /** Commits every pick of the pod queued so far (none: an earlier flush took them). */
  private async flush(podId: string): Promise<void> {
    let items = this.pending.get(podId) ?? [];
    this.pending.delete(podId);
    for (let tries = 0; items.length > 0; tries++) {
      try {
        if (tries >= MAX_TRIES) throw new DomainError('POD_BUSY', 'The pod kept changing; try the pick again', [{ field: 'podId', rule: 'contention', message: 'retry' }]);
        items = await this.tryBatch(podId, items);
      } catch (error) {
        for (const item of items) item.reject(error);
        return;
      }
    }
  }

  /** One attempt at committing `items`; returns the items to try again (the state was stale). */
  private async tryBatch(podId: string, items: PendingPick[]): Promise<PendingPick[]> {
    const state = await this.store.get(podId);
    const event = await this.store.event(state.eventId);
    const now = this.clock.now();
    const accepted: { item: PendingPick; pick: PodPick }[] = [];
    for (const item of items) {
      const verdict = this.check(state, event.state, event.row.format, item);
      if (verdict instanceof DomainError) item.reject(verdict);
      else if (verdict) item.resolve(this.result(state, verdict));
      else accepted.push({ item, pick: state.apply({ seat: item.who.seat, ...item.attempt, source: 'player', madeAt: now, seq: 0 }) });
    }
    if (accepted.length === 0) return [];
    const bots = state.advanceBots(now);
    const auth = accepted.map(({ item }) => ({ playerId: item.who.playerId, tokenHash: item.who.tokenHash }));
    const outcome = await this.commits.commit(state, event, [...accepted.map((a) => a.pick), ...bots], auth, now);
    if (outcome.status === 'ok') {
      for (const { item, pick } of accepted) item.resolve(this.result(state, pick));
      return [];
    }
    if (outcome.status === 'no-pod') throw new DomainError('POD_NOT_FOUND', `No pod ${podId}`, [{ field: 'podId', rule: 'exists', message: 'unknown pod' }]);
    const retry = accepted.map((a) => a.item);
    if (outcome.status !== 'auth') return retry; // stale, state, paused: checked again against the reloaded pod
    // Some token is no longer its player's (reissued): each is resolved again; the bad ones get 401.
    const still: PendingPick[] = [];
    for (const item of retry) {
      this.seats.forget(item.who.tokenHash);
      try {
        still.push({ ...item, who: await this.seats.resolve(item.who.eventId, item.authorization) });
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
  private check(state: PodState, eventState: string, format: string, item: PendingPick): PodPick | null | DomainError {
    const check = state.draft.check({ seat: item.who.seat, ...item.attempt });
    if (check.ok === 'replay') return check.pick as PodPick;
    try {
      assertAllowed(eventState as EventState, 'pick', format as EventFormat);
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
    return { packNumber: pick.packNumber, pickNumber: pick.pickNumber, card: toCardDto(state.card(pick.packNumber, pick.cardId)), source: pick.source, madeAt: pick.madeAt.toISOString() };
  }
}
