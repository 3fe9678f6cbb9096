import { AuditModule } from '../audit/audit.module';
import { Module } from '@nestjs/common';
import { DecksModule } from '../decks/decks.module';
import { EventsModule } from '../events/events.module';
import { LateEntryController } from './late-entry.controller';
import { LateEntryService } from './late-entry.service';
import { PairingEditsController } from './pairing-edits.controller';
import { PairingEditsService } from './pairing-edits.service';
import { PenaltiesController } from './penalties.controller';
import { PenaltiesRepository } from './penalties.repository';
import { PenaltiesService } from './penalties.service';
import { RoundClockController } from './round-clock.controller';
import { RoundClockService } from './round-clock.service';
import { RoundsRepository } from './rounds.repository';
import { TournamentController } from './tournament.controller';
import { TournamentService } from './tournament.service';

/** Swiss rounds, results, penalties, drops, late entries, standings and the round clock. */
@Module({
  imports: [EventsModule, DecksModule, AuditModule],
  controllers: [TournamentController, RoundClockController, PenaltiesController, LateEntryController, PairingEditsController],
  providers: [RoundsRepository, PenaltiesRepository, PenaltiesService, TournamentService, PairingEditsService, RoundClockService, LateEntryService],
  exports: [TournamentService, RoundClockService],
})
export class TournamentModule {}
