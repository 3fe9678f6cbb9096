import { AuditModule } from '../audit/audit.module';
import { Module } from '@nestjs/common';
import { BoostersModule } from '../boosters/boosters.module';
import { CatalogModule } from '../catalog/catalog.module';
import { EventPacks } from './event-packs';
import { EventStartService } from './event-start.service';
import { EventsController } from './events.controller';
import { EventsRepository } from './events.repository';
import { EventsService } from './events.service';
import { FormatStarters } from './format-starters';
import { PlayersController } from './players.controller';
import { PlayersRepository } from './players.repository';
import { PlayersService } from './players.service';

/** Events: registration, players, the start (formats register their own steps: draft, sealed). */
@Module({
  imports: [CatalogModule, BoostersModule, AuditModule],
  controllers: [EventsController, PlayersController],
  providers: [EventsRepository, EventsService, PlayersRepository, PlayersService, EventPacks, EventStartService, FormatStarters],
  exports: [EventsRepository, EventsService, PlayersService, EventPacks, EventStartService, FormatStarters],
})
export class EventsModule {}
