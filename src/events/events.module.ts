import { Module } from '@nestjs/common';
import { BoostersModule } from '../boosters/boosters.module';
import { CatalogModule } from '../catalog/catalog.module';
import { OrganizerGuard } from '../common/auth/organizer.guard';
import { DraftController } from '../draft/draft.controller';
import { DraftService } from '../draft/draft.service';
import { PickTimerWorker } from '../draft/pick-timer.worker';
import { LiveController } from '../live/live.controller';
import { LiveHub } from '../live/live-hub';
import { LiveListener } from '../live/live-listener';
import { LiveUpdates } from '../live/live-updates';
import { LiveViews } from '../live/live-views';
import { StreamTickets } from '../live/stream-tickets';
import { SealedPools } from '../sealed/sealed-pools';
import { EventExportService } from '../verification/event-export.service';
import { VerificationController } from '../verification/verification.controller';
import { EventPacks } from './event-packs';
import { EventStartService } from './event-start.service';
import { EventsController } from './events.controller';
import { EventsRepository } from './events.repository';
import { EventsService } from './events.service';
import { PlayersController } from './players.controller';
import { PlayersService } from './players.service';

/** Events and what runs inside them: registration, sealed pools, draft pods. */
@Module({
  imports: [CatalogModule, BoostersModule],
  controllers: [EventsController, PlayersController, DraftController, LiveController, VerificationController],
  providers: [EventsRepository, EventsService, PlayersService, EventPacks, SealedPools, DraftService, EventStartService, OrganizerGuard, LiveUpdates, PickTimerWorker, LiveViews, LiveHub, LiveListener, StreamTickets, EventExportService],
  exports: [EventsRepository, EventsService, PlayersService, DraftService, EventPacks],
})
export class EventsModule {}
