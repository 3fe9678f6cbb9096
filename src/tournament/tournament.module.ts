import { Module } from '@nestjs/common';
import { OrganizerGuard } from '../common/auth/organizer.guard';
import { EventsModule } from '../events/events.module';
import { TournamentController } from './tournament.controller';
import { TournamentService } from './tournament.service';

/** Swiss rounds, results, drops and standings. */
@Module({ imports: [EventsModule], controllers: [TournamentController], providers: [TournamentService, OrganizerGuard], exports: [TournamentService] })
export class TournamentModule {}
