import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { Clock } from '../common/clock/clock';
import { SessionPresence } from '../common/database/session-presence';
import { LiveNotifier } from '../common/notify/live-notifier';
import { Metrics } from '../common/metrics/metrics';
import { FINISHED } from './commit-group';
import { PodCommits } from './pod-commits';
import { PodRepository } from './pod.repository';
import type { PodPick } from './pod-state';
import { PodStore } from './pod-store';

/** Pods taken per poll; more wait for the next poll (a poll right after a full one). */
const POLL_BATCH = 64;
/**
 * A claimed pod's deadline moves this far ahead while its instance works on it: if that instance
 * dies mid-timeout, the row is due again this long after, for any instance.
 */
export const CLAIM_SECONDS = 5;
/** How often this instance looks for drafts whose pods are all complete but which still say drafting. */
const SWEEP_MS = 1_000;

/** What one pod's timers did: picks made (0: none due, the deadline was only brought up to date). */
export interface ExpireOutcome {
  podId: string;
  timeouts: number;
}

/**
 * Pick timers as rows: each pod row holds its earliest deadline (`next_deadline`, kept by every
 * commit); every instance polls for due rows and claims them with FOR UPDATE SKIP LOCKED, so a
 * due pod is worked on by one instance at a time, nothing is scheduled or cancelled per pick,
 * and a process that dies mid-timeout leaves the row due: its claim names the instance (its
 * presence connection's backend pid), so any other instance takes it over at its next poll once
 * that backend is gone, and at worst it lapses after CLAIM_SECONDS.
 * A due seat gets its preselected card when it is still in the pack, else the bot rule's choice
 * from the seed (source "timeout"), in one commit with the bot picks that follow.
 */
@Injectable()
export class DraftTimersService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(DraftTimersService.name);
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<ExpireOutcome[]> | null = null;
  private sweeping: Promise<string[]> | null = null;
  private polls = 0;
  private closing = false;

  constructor(
    private readonly config: AppConfig,
    private readonly repository: PodRepository,
    private readonly store: PodStore,
    private readonly commits: PodCommits,
    private readonly clock: Clock,
    private readonly notifier: LiveNotifier,
    private readonly presence: SessionPresence,
    private readonly metrics: Metrics,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.PICK_TIMERS) return;
    this.timer = setInterval(() => {
      if (this.polls++ % Math.ceil(SWEEP_MS / this.config.PICK_TIMER_POLL_MS) === 0 && !this.sweeping) {
        this.finishCompleteDrafts().catch((error: unknown) => {
          if (!this.closing) this.logger.warn(`finishing complete drafts: ${(error as Error).message}`);
        });
      }
      if (this.polling) return;
      this.runDue().catch((error: unknown) => {
        if (!this.closing) this.logger.warn(`pick timers: ${(error as Error).message}`);
      });
    }, this.config.PICK_TIMER_POLL_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    if (this.timer) clearInterval(this.timer);
    await this.polling?.catch(() => undefined);
    await this.sweeping?.catch(() => undefined);
  }

  /**
   * The invariant "an event whose pods are all complete is not left drafting", whatever path
   * completed its last pod: any instance that finds such an event moves it to deck building (once:
   * see PodRepository.finishCompleteDrafts) and tells every instance's clients. The poller runs it
   * every SWEEP_MS; tests call it directly.
   * @returns the ids of the events moved on now.
   */
  finishCompleteDrafts(): Promise<string[]> {
    this.sweeping ??= (async () => {
      const finished = await this.repository.finishCompleteDrafts(FINISHED, this.clock.now());
      for (const eventId of finished) {
        this.logger.warn(`event ${eventId}: every pod was complete but the event was still drafting; moved on to deck building`);
        this.store.eventChanged(eventId);
        await this.notifier.eventChanged(eventId).catch(() => undefined);
      }
      return finished;
    })().finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  /**
   * Claims every pod due at the clock's now and makes their due picks (tests call it with a fixed
   * clock; the poller calls it every PICK_TIMER_POLL_MS).
   */
  runDue(): Promise<ExpireOutcome[]> {
    if (this.polling) return this.polling;
    this.polling = (async () => {
      const out: ExpireOutcome[] = [];
      for (;;) {
        const now = this.clock.now();
        const claimed = await this.repository.claimDue(now, new Date(now.getTime() + CLAIM_SECONDS * 1000), POLL_BATCH, this.presence.pid);
        out.push(...(await Promise.all(claimed.map((podId) => this.store.run(podId, () => this.expire(podId))))));
        if (claimed.length < POLL_BATCH || this.closing) return out;
      }
    })().finally(() => {
      this.polling = null;
    });
    return this.polling;
  }

  /** The pod's due picks (inside PodStore.run), retried from a fresh state if another instance changed it meanwhile. */
  private async expire(podId: string): Promise<ExpireOutcome> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const state = await this.store.fresh(podId);
      const event = await this.store.event(state.eventId);
      if (event.state !== 'drafting') {
        await this.repository.clearDeadline(podId);
        return { podId, timeouts: 0 };
      }
      const now = this.clock.now();
      const due = state.dueSeats(now);
      // How late each timer fired (the poll interval, and any backlog), taken before the picks move the deadlines.
      const lateness = due.map((seat) => (now.getTime() - state.deadlineOf(seat)!.getTime()) / 1000);
      const picks: PodPick[] = [];
      for (const seat of due) {
        const preselected = state.preselected(seat.seat, seat.packNumber, seat.pickNumber!);
        const cardId = preselected && seat.cards.includes(preselected) ? preselected : state.botChoice(seat);
        picks.push(state.apply({ seat: seat.seat, packNumber: seat.packNumber, pickNumber: seat.pickNumber!, cardId, source: 'timeout', madeAt: now, seq: 0 }));
      }
      picks.push(...state.advanceBots(now));
      // The claim moved the stored deadline: always store the real one.
      const outcome = await this.commits.commit(state, event, picks, [], now);
      if (outcome.status === 'ok') {
        for (const seconds of lateness) this.metrics.timerFiredLate(seconds);
        return { podId, timeouts: due.length };
      }
      if (outcome.status === 'state' || outcome.status === 'no-pod') {
        await this.repository.clearDeadline(podId);
        return { podId, timeouts: 0 };
      }
    }
    return { podId, timeouts: 0 };
  }
}
