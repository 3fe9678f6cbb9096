import { AuditModule } from '../audit/audit.module';
import { Module } from '@nestjs/common';
import { BoostersModule } from '../boosters/boosters.module';
import { CatalogModule } from '../catalog/catalog.module';
import { EventsModule } from '../events/events.module';
import { DeckListReader } from './deck-list-reader';
import { DecksController } from './decks.controller';
import { DecksRepository } from './decks.repository';
import { DecksService } from './decks.service';
import { TeamDecks } from './team-decks';

/** Deck submission, checks and deck lists. */
@Module({
  imports: [EventsModule, CatalogModule, BoostersModule, AuditModule],
  controllers: [DecksController],
  providers: [DecksService, DecksRepository, TeamDecks, DeckListReader],
  exports: [DecksService],
})
export class DecksModule {}
