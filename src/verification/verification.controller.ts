import { Controller, Get, Param } from '@nestjs/common';
import { StaffOr } from '../common/auth/staff.decorator';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAuth } from '../common/http/api-docs';
import { type Caller, CurrentCaller } from '../common/auth/caller';
import { ErrorResponses } from '../common/errors/error-responses.decorator';
import { EventIdParamDto } from '../events/dto/event.dto';
import { EventExportDto, VerificationReportDto } from './dto/verification.dto';
import type { EventExport } from './event-export.types';
import { EventExportService } from './event-export.service';
import type { VerificationReport } from './verification-report';

@ApiTags('verification')
@Controller('events/:id')
export class VerificationController {
  constructor(private readonly exports: EventExportService) {}

  @Get('export')
  @StaffOr('event.view', 'public')
  @ApiOperation({
    operationId: 'exportEvent',
    summary: 'The event export file: pinned set data, players, pods, every pack and pick. Organizer any time; everyone once the event is complete.',
    description:
      'The file `npm run verify -- <file>` reads (format "podium-event-export", formatVersion 1; see src/verification/event-export.types.ts). The seed is in it only once revealed, for the organizer too.',
  })
  @ApiOkResponse({ type: EventExportDto })
  @ErrorResponses(400, 403, 404)
  export(@Param() { id }: EventIdParamDto, @CurrentCaller() caller: Caller): Promise<EventExport> {
    return this.exports.exportFor(id, caller.kind === 'organizer');
  }

  @Get('verification')
  @ApiAuth('public')
  @ApiOperation({
    operationId: 'verifyEvent',
    summary: 'Public, after the seed is revealed: regenerate every random choice from the seed and report match/mismatch per item.',
    description:
      'Checks the seed against its commitment, the pinned set data versions, pod sizes and seating, every pack and every bot (and timeout) pick. 409 SEED_NOT_REVEALED before the organizer revealed the seed.',
  })
  @ApiOkResponse({ type: VerificationReportDto })
  @ErrorResponses(400, 404, 409)
  verification(@Param() { id }: EventIdParamDto): Promise<VerificationReport> {
    return this.exports.verify(id);
  }
}
