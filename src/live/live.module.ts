import { Module } from '@nestjs/common';
import { DraftModule } from '../draft/draft.module';
import { EventsModule } from '../events/events.module';
import { TournamentModule } from '../tournament/tournament.module';
import { LiveController } from './live.controller';
import { LiveHub } from './live-hub';
import { LiveListener } from './live-listener';
import { StreamTickets } from './stream-tickets';

/** Players' live streams (SSE): pushed from the draft's committed changes, the round clock, and every instance's NOTIFY. */
@Module({
  imports: [EventsModule, DraftModule, TournamentModule],
  controllers: [LiveController],
  providers: [LiveHub, LiveListener, StreamTickets],
})
export class LiveModule {}
