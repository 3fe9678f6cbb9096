import { Module } from '@nestjs/common';
import { OrganizerGuard } from '../common/auth/organizer.guard';
import { EventsModule } from '../events/events.module';
import { TournamentModule } from '../tournament/tournament.module';
import { LeaguesController } from './leagues.controller';
import { LeaguesService } from './leagues.service';

/** Leagues: standings by player profile over a season's events. */
@Module({ imports: [EventsModule, TournamentModule], controllers: [LeaguesController], providers: [LeaguesService, OrganizerGuard] })
export class LeaguesModule {}
