import { Module } from '@nestjs/common';
import { OrganizerGuard } from '../common/auth/organizer.guard';
import { EventsModule } from '../events/events.module';
import { RoundClockController } from './round-clock.controller';
import { RoundClockService } from './round-clock.service';
import { RoundsRepository } from './rounds.repository';
import { TournamentController } from './tournament.controller';
import { TournamentService } from './tournament.service';

/** Swiss rounds, results, drops, standings and the round clock. */
@Module({
  imports: [EventsModule],
  controllers: [TournamentController, RoundClockController],
  providers: [RoundsRepository, TournamentService, RoundClockService, OrganizerGuard],
  exports: [TournamentService, RoundClockService],
})
export class TournamentModule {}
