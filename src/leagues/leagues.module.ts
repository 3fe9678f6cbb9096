import { Module } from '@nestjs/common';
import { OrganizerGuard } from '../common/auth/organizer.guard';
import { LeaguesController } from './leagues.controller';
import { LeaguesRepository } from './leagues.repository';
import { LeaguesService } from './leagues.service';

/** Leagues: standings by player profile over a season's events. */
@Module({ controllers: [LeaguesController], providers: [LeaguesRepository, LeaguesService, OrganizerGuard] })
export class LeaguesModule {}
