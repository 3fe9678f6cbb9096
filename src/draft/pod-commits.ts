import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { LiveNotifier } from '../common/notify/live-notifier';
import { Metrics } from '../common/metrics/metrics';
import { CommitGroup } from './commit-group';
import type { CommitOutcome } from './pod.repository';
import type { PodPick, PodState } from './pod-state';
import { PodStore, type DraftEvent } from './pod-store';

/**
 * Commits picks that were applied to a pod's state (a player's, timeouts, and the bot picks they
 * set off) with the pod's next deadline, in one statement shared with other pods (CommitGroup); on success the state takes the new seq
 * and this process's listeners hear of it; on any refusal the state is dropped (it holds picks
 * that did not commit) and the caller decides what to retry.
 */
@Injectable()
export class PodCommits {
  constructor(
    private readonly group: CommitGroup,
    private readonly store: PodStore,
    private readonly clock: Clock,
    private readonly notifier: LiveNotifier,
    private readonly metrics: Metrics,
  ) {}

  async commit(state: PodState, event: DraftEvent, picks: PodPick[], auth: { playerId: string; tokenHash: string }[], madeAt: Date): Promise<CommitOutcome> {
    const nextDeadline = state.nextDeadline();
    let outcome: CommitOutcome;
    try {
      outcome = await this.group.commit({ podId: state.id, eventId: state.eventId, seq: state.seq, auth, picks, madeAt, nextDeadline, podComplete: state.complete });
    } catch (error) {
      this.store.evict(state.id);
      throw error;
    }
    const stateBefore = event.state;
    if (outcome.eventState) event.state = outcome.eventState;
    // This commit finished the last pod (the event moved on): every instance's clients of the event hear of it.
    if (outcome.status === 'ok' && event.state !== stateBefore) this.notifier.eventChanged(state.eventId).catch(() => undefined);
    if (outcome.status !== 'ok') {
      this.store.evict(state.id);
      return outcome;
    }
    state.seq = outcome.seq;
    for (const p of picks) p.seq = outcome.seq;
    state.storedDeadline = nextDeadline;
    if (picks.length > 0) {
      this.metrics.picksCommitted(picks);
      this.notifier.podChanged(state.eventId, state.id, outcome.seq);
      this.store.committed(state, event);
    }
    return outcome;
  }

  /**
   * After a change that can set bots going or move the deadline (start of a pod's use, resume,
   * absent, an early timer): bots pick, and the pod's next deadline is stored. Call inside
   * PodStore.run. Retries from a fresh state when another instance changed the pod meanwhile.
   */
  async settle(podId: string): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const state = await this.store.fresh(podId);
      const event = await this.store.event(state.eventId);
      if (event.state !== 'drafting') return;
      const now = this.clock.now();
      const bots = state.advanceBots(now);
      if (bots.length === 0 && sameTime(state.nextDeadline(), state.storedDeadline)) return;
      const outcome = await this.commit(state, event, bots, [], now);
      if (outcome.status === 'ok' || outcome.status === 'state' || outcome.status === 'no-pod') return;
    }
  }
}

export function sameTime(a: Date | null, b: Date | null): boolean {
  return a === b || (a !== null && b !== null && a.getTime() === b.getTime());
}
