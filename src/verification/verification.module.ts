import { AuditModule } from '../audit/audit.module';
import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { EventExportRepository } from './event-export.repository';
import { EventExportService } from './event-export.service';
import { VerificationController } from './verification.controller';

/** Verification: an event's export (`GET /api/events/:id/export`), which `npm run verify` replays from its seed. */
@Module({
  imports: [EventsModule, AuditModule],
  controllers: [VerificationController],
  providers: [EventExportRepository, EventExportService],
})
export class VerificationModule {}
