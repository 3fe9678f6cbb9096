import { Module } from '@nestjs/common';
import { EventArchiveController } from './event-archive.controller';
import { EventArchiveRepository } from './event-archive.repository';
import { EventArchiveService } from './event-archive.service';

/**
 * Whole-event archives: one event exported as one file and imported back (restore one event, or
 * move it to another server) without touching the others. Schema-driven: the tables come from the
 * foreign-key graph rooted at `event` (rules/event-graph.ts), so it sits above every folder whose
 * tables it carries.
 */
@Module({ controllers: [EventArchiveController], providers: [EventArchiveRepository, EventArchiveService] })
export class EventArchiveModule {}
