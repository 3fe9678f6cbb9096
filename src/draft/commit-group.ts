import { Injectable } from '@nestjs/common';
import { Metrics } from '../common/metrics/metrics';
import { nextState } from '../events/rules/event-lifecycle';
import { PodRepository, type CommitOutcome, type CommitPicks } from './pod.repository';

/** The event state once every pod's draft is complete (event-lifecycle.ts: finishDraft). */
export const FINISHED = nextState('drafting', 'finishDraft', 'draft');

/**
 * Statements of podium_commit_pods in flight at once from this process. Below it a commit goes out
 * at once (alone when the draft is quiet); at it, commits wait for the next statement and share it,
 * so under load the statements grow instead of queueing for the pool one pod at a time. Measured
 * with the draft bench (50 pods × 8 seats, 2 cores): 3 in flight made 0.15 statements per pick,
 * 2 made 0.13 with ~15 % more picks/s and a lower p99; 1 was no faster, and one slow commit (a disk
 * stall) would hold every pod of the process.
 */
const IN_FLIGHT = 2;
/** Pods in one statement at most (it holds their row locks until it commits). */
const PODS_PER_STATEMENT = 64;

interface Queued {
  commit: CommitPicks;
  resolve: (outcome: CommitOutcome) => void;
  reject: (error: unknown) => void;
  /** Sent on its own after a shared statement failed: its error is its own. */
  alone?: boolean;
}

/**
 * Group commit across pods: each pod's batch of picks (already one per pod: PodStore.run) waits
 * here only while IN_FLIGHT statements are running, and then goes out in one statement with every
 * other pod's batch queued meanwhile — one transaction, one WAL flush, one round trip for all. Each
 * pod is still judged on its own (its own outcome). A shared statement that fails (it rolled back:
 * nothing of it committed) is tried again pod by pod, so one pod's error is never another's.
 */
@Injectable()
export class CommitGroup {
  private readonly queue: Queued[] = [];
  private inFlight = 0;

  constructor(
    private readonly repository: PodRepository,
    private readonly metrics: Metrics,
  ) {}

  /** Commits one pod's batch (see PodRepository.commitPods); resolves after its COMMIT. */
  commit(commit: CommitPicks): Promise<CommitOutcome> {
    return new Promise<CommitOutcome>((resolve, reject) => {
      this.queue.push({ commit, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < IN_FLIGHT && this.queue.length > 0) {
      const batch = this.take();
      this.inFlight++;
      let picks = 0;
      for (const q of batch) picks += q.commit.picks.length;
      this.metrics.commitSent(batch.length, picks);
      this.repository
        .commitPods(
          batch.map((q) => q.commit),
          FINISHED,
        )
        .then(
          (outcomes) => batch.forEach((q, i) => q.resolve(outcomes[i])),
          (error: unknown) => {
            if (batch.length === 1) batch[0].reject(error);
            else this.queue.unshift(...batch.map((q) => ({ ...q, alone: true })));
          },
        )
        .finally(() => {
          this.inFlight--;
          this.pump();
        });
    }
  }

  /** The oldest queued commits, one per pod (a pod seen twice waits for the next statement). */
  private take(): Queued[] {
    if (this.queue[0].alone) return [this.queue.shift()!];
    const batch: Queued[] = [];
    const pods = new Set<string>();
    for (let i = 0; i < this.queue.length && batch.length < PODS_PER_STATEMENT;) {
      const q = this.queue[i];
      if (q.alone || pods.has(q.commit.podId)) {
        i++;
        continue;
      }
      pods.add(q.commit.podId);
      batch.push(q);
      this.queue.splice(i, 1);
    }
    return batch;
  }
}
