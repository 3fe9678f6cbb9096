import { AuditModule } from '../audit/audit.module';
import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { CommitGroup } from './commit-group';
import { DraftAdminService } from './draft-admin.service';
import { DraftPicksService } from './draft-picks.service';
import { DraftStartService } from './draft-start.service';
import { DraftTimersService } from './draft-timers.service';
import { DraftViewsService } from './draft-views.service';
import { DraftController } from './draft.controller';
import { PodCommits } from './pod-commits';
import { PodRepository } from './pod.repository';
import { PodStore } from './pod-store';
import { SeatDirectory } from './seat-directory';
import { SeatPresence } from './seat-presence';

/**
 * Booster draft: pods as aggregates in memory (PodStore) over PostgreSQL (PodRepository), picks
 * (group commit per pod and across pods), pick timers as rows, pause/absent/preselect, and the views players see.
 * Registers its start step with the events' format starters; live streams read its views and
 * listen to PodStore.changes.
 */
@Module({
  imports: [EventsModule, AuditModule],
  controllers: [DraftController],
  providers: [
    PodRepository,
    PodStore,
    CommitGroup,
    PodCommits,
    SeatDirectory,
    DraftStartService,
    DraftPicksService,
    DraftTimersService,
    DraftAdminService,
    DraftViewsService,
    SeatPresence,
  ],
  exports: [PodStore, SeatDirectory, DraftViewsService, DraftTimersService, SeatPresence],
})
export class DraftModule {}
