import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CurrentStaff, type StaffContext } from '../common/auth/staff-context';
import { Staff } from '../common/auth/staff.decorator';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../common/errors/domain-error';
import { ErrorResponses } from '../common/errors/error-responses.decorator';
import { checkJsonBody } from '../common/validation/body-check';
import { EventIdParamDto } from '../events/dto/event.dto';
import { EventArchiveDto, ImportArchiveQueryDto, ImportedEventDto } from './dto/event-archive.dto';
import { EventArchiveService } from './event-archive.service';
import type { EventArchive } from './event-archive.types';

/** Path of the import route, read as raw text up to the import limit (registered in app.setup). */
export const EVENT_IMPORT_PATH = '/api/events/import';

@ApiTags('event archive')
@Controller()
export class EventArchiveController {
  constructor(private readonly archives: EventArchiveService) {}

  @Get('events/:id/archive')
  @Staff('event.view')
  @ApiOperation({
    operationId: 'archiveEvent',
    summary: 'Organizer: the whole event as one file that imports back (POST /api/events/import), here or on another server.',
    description:
      'Everything of the event, read in one snapshot: the event, its players and their profiles, teams, pods, seats, packs and their cards, picks, preselects, decks, rounds, matches, result history, match decks, the event code and its league memberships (with the leagues), plus the set versions its packs come from with their cards. Any state. The file holds the seed and the players’ token hashes: keep it as safe as a backup.',
  })
  @ApiOkResponse({ type: EventArchiveDto, description: 'The archive (attachment podium-event-<code>.json).' })
  @ErrorResponses(400, 401, 404)
  async archive(@Param() { id }: EventIdParamDto, @Res({ passthrough: true }) res: FastifyReply): Promise<EventArchive> {
    const archive = await this.archives.export(id);
    res.header('content-disposition', `attachment; filename="podium-event-${archive.event.code}.json"`);
    return archive;
  }

  @Post('events/import')
  @HttpCode(200)
  @Staff('event.manage')
  @ApiOperation({
    operationId: 'importEvent',
    summary: 'Organizer: import an event archive (GET …/archive), all or nothing; ?replace=true replaces the event when this server has it.',
    description:
      'Other events are untouched. The event keeps its ids, code and players’ tokens. Player profiles and leagues are matched by id, else a profile by member number, else created; set versions by set and data version, else created with their cards. A draft with pick timers comes back paused. Refused with nothing written: not an archive or a row that does not fit (422 ARCHIVE_INVALID), a newer schema (422 ARCHIVE_SCHEMA_NEWER), an existing event without ?replace=true or a code or token taken here (409 ARCHIVE_CONFLICT). Body: the file as application/json, up to 10 MB.',
  })
  @ApiConsumes('application/json')
  @ApiBody({ type: EventArchiveDto })
  @ApiOkResponse({ type: ImportedEventDto })
  @ErrorResponses(400, 401, 409, 413, 415, 422)
  async import(@Query() query: ImportArchiveQueryDto, @Req() req: FastifyRequest, @Body() body: unknown, @CurrentStaff() staff: StaffContext): Promise<ImportedEventDto> {
    if (typeof body !== 'string') {
      throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Send the event archive as the body with Content-Type application/json', [
        { field: 'content-type', rule: 'mediaType', message: `got ${req.headers['content-type'] ?? 'none'}` },
      ]);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch (error) {
      const message = (error as Error).message;
      throw new DomainError('MALFORMED_BODY', `Request body is not valid JSON: ${message}`, [{ field: 'body', rule: 'json', message }]);
    }
    checkJsonBody(parsed);
    return this.archives.import(parsed, query.replace ?? false, staff.storeId, `${staff.name} (${staff.role})`);
  }
}
