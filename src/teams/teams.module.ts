import { AuditModule } from '../audit/audit.module';
import { Module } from '@nestjs/common';
import { DecksModule } from '../decks/decks.module';
import { EventsModule } from '../events/events.module';
import { TeamsController } from './teams.controller';
import { TeamsRepository } from './teams.repository';
import { TeamsService } from './teams.service';

/** Team events: team registration, automatic grouping, pooled team sealed splits. */
@Module({
  imports: [EventsModule, DecksModule, AuditModule],
  controllers: [TeamsController],
  providers: [TeamsRepository, TeamsService],
})
export class TeamsModule {}
