import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Staff } from '../common/auth/staff.decorator';
import { ErrorResponses } from '../common/errors/error-responses.decorator';
import { AuditEventParamDto, AuditPageDto, AuditQueryDto } from './dto/audit.dto';
import { AuditService } from './audit.service';

@ApiTags('audit')
@Controller('events/:id/audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @Staff('event.view')
  @ApiOperation({
    operationId: 'getEventAudit',
    summary:
      'Staff: the event’s history — who (staff account and role, player, or system) changed what, when, before → after and why. Newest first, a page at a time; ?matchId= and ?action= (a prefix such as result) filter.',
  })
  @ApiOkResponse({ type: AuditPageDto })
  @ErrorResponses(400, 401, 403, 404)
  list(@Param() { id }: AuditEventParamDto, @Query() query: AuditQueryDto): Promise<AuditPageDto> {
    return this.audit.page(id, query);
  }
}
