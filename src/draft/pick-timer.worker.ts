import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { JobQueue, QUEUES } from '../common/jobs/job-queue';
import { DraftService, type PickTimerJob } from './draft.service';

/**
 * Runs due pick timers on this instance (any instance may run any timer: the pick transaction
 * locks the pod and is a no-op when the pick was made meanwhile). Off when PICK_TIMERS=false.
 */
@Injectable()
export class PickTimerWorker implements OnApplicationBootstrap {
  private readonly logger = new Logger(PickTimerWorker.name);

  constructor(
    private readonly config: AppConfig,
    private readonly jobs: JobQueue,
    private readonly draft: DraftService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.PICK_TIMERS) return;
    await this.jobs.work<PickTimerJob>(QUEUES.pickTimeout, async (job) => {
      const outcome = await this.draft.expire(job);
      this.logger.debug(`pick timer ${job.podId} seat ${job.seat} pack ${job.packNumber} pick ${job.pickNumber}: ${outcome}`);
    });
  }
}
