import { AuditModule } from '../audit/audit.module';
import { Module } from '@nestjs/common';
import { LeaguesController } from './leagues.controller';
import { LeaguesRepository } from './leagues.repository';
import { LeaguesService } from './leagues.service';

/** Leagues: standings by player profile over a season's events. */
@Module({ imports: [AuditModule], controllers: [LeaguesController], providers: [LeaguesRepository, LeaguesService] })
export class LeaguesModule {}
