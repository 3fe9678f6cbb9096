import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CurrentStaff, type StaffContext } from '../common/auth/staff-context';
import { Staff } from '../common/auth/staff.decorator';
import type { FastifyReply } from 'fastify';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAuth } from '../common/http/api-docs';
import { ErrorResponses } from '../common/errors/error-responses.decorator';
import { CreateEventDto, EVENT_PAGE_DEFAULT, EVENT_PAGE_MAX, EventCodeParamDto, EventDto, EventIdParamDto, EventListQueryDto, EventPageDto, UpdateEventDto } from './dto/event.dto';
import { EventsService } from './events.service';
import { RateLimited } from '../common/rate-limit/rate-limits';
import { staffActor } from '../audit/rules/audit-entry';

@ApiTags('events')
@Controller('events')
export class EventsController {
  constructor(private readonly events: EventsService) {}

  @Post()
  // Above OrganizerGuard, so that the token is checked first: a wrong token counts nowhere.
  @RateLimited('eventCreation')
  @Staff('event.manage')
  @ApiOperation({
    operationId: 'createEvent',
    summary:
      'Organizer: create a sealed or draft event (state registration). Publishes seedCommitment = SHA-256 of the seed. At most RATE_LIMIT_EVENT_CREATIONS a minute per staff account (default 60, all instances together): then 429.',
  })
  @ApiCreatedResponse({ type: EventDto, description: 'The new event.' })
  @ErrorResponses(400, 401, 404, 429)
  create(@Body() dto: CreateEventDto, @CurrentStaff() staff: StaffContext): Promise<EventDto> {
    return this.events.create(dto, staff.storeId, staffActor(staff));
  }

  @Get()
  @ApiAuth('public')
  @ApiOperation({
    operationId: 'listEvents',
    summary: `Events, newest first, a page at a time (limit, default ${EVENT_PAGE_DEFAULT}, at most ${EVENT_PAGE_MAX}): pass the page's nextCursor as cursor, with the same filters, for the next page. Every event is listed once across the pages, also when events are created in between.`,
  })
  @ApiOkResponse({
    type: EventPageDto,
    headers: { Link: { description: 'The next page (rel="next", RFC 8288), as nextCursor; absent on the last page.', schema: { type: 'string' } } },
  })
  @ErrorResponses(400)
  async list(@Query() query: EventListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<EventPageDto> {
    const page = await this.events.list(query);
    if (page.nextCursor) reply.header('link', `<${nextPageUrl(query, page.nextCursor)}>; rel="next"`);
    return page;
  }

  @Get('by-code/:code')
  @ApiAuth('public')
  @ApiOperation({ operationId: 'getEventByCode', summary: 'Public: the event an event code names (what players type or scan to join; any case).' })
  @ApiOkResponse({ type: EventDto })
  @ErrorResponses(400, 404)
  byCode(@Param() { code }: EventCodeParamDto): Promise<EventDto> {
    return this.events.byCode(code);
  }

  @Get(':id')
  @ApiAuth('public')
  @ApiOperation({ operationId: 'getEvent', summary: 'One event (public). The seed appears only after the organizer revealed it.' })
  @ApiOkResponse({ type: EventDto })
  @ErrorResponses(400, 404)
  get(@Param() { id }: EventIdParamDto): Promise<EventDto> {
    return this.events.get(id);
  }

  @Patch(':id')
  @Staff('event.manage')
  @ApiOperation({ operationId: 'updateEvent', summary: 'Organizer: edit before start (the seed and game cannot change).' })
  @ApiOkResponse({ type: EventDto })
  @ErrorResponses(400, 401, 404, 409)
  update(@Param() { id }: EventIdParamDto, @Body() dto: UpdateEventDto, @CurrentStaff() staff: StaffContext): Promise<EventDto> {
    return this.events.update(id, dto, staffActor(staff));
  }

  @Delete(':id')
  @Staff('event.manage')
  @ApiOperation({ operationId: 'cancelEvent', summary: 'Organizer: cancel the event (any state before complete). Nothing is deleted.' })
  @ApiOkResponse({ type: EventDto })
  @ErrorResponses(400, 401, 404, 409)
  cancel(@Param() { id }: EventIdParamDto, @CurrentStaff() staff: StaffContext): Promise<EventDto> {
    return this.events.transition(id, 'cancel', staffActor(staff));
  }

  @Post(':id/complete')
  @HttpCode(200)
  @Staff('event.complete')
  @ApiOperation({ operationId: 'completeEvent', summary: 'Organizer: complete the event (from building or playing).' })
  @ApiOkResponse({ type: EventDto })
  @ErrorResponses(400, 401, 404, 409)
  complete(@Param() { id }: EventIdParamDto, @CurrentStaff() staff: StaffContext): Promise<EventDto> {
    return this.events.transition(id, 'complete', staffActor(staff));
  }

  @Post(':id/draft/finish')
  @HttpCode(200)
  @Staff('event.run')
  @ApiOperation({
    operationId: 'finishPhysicalDraft',
    summary:
      'Organizer, draft of real boosters (packSource physical): the table has finished drafting — the event moves to deck building (and its deck deadline starts). A draft of generated packs finishes with its last pick (409).',
  })
  @ApiOkResponse({ type: EventDto })
  @ErrorResponses(400, 401, 404, 409)
  finishDraft(@Param() { id }: EventIdParamDto, @CurrentStaff() staff: StaffContext): Promise<EventDto> {
    return this.events.transition(id, 'finishDraft', staffActor(staff));
  }

  @Post(':id/reveal')
  @HttpCode(200)
  @Staff('event.manage')
  @ApiOperation({ operationId: 'revealEventSeed', summary: 'Organizer: reveal the seed of a complete event, so anyone can verify every random choice.' })
  @ApiOkResponse({ type: EventDto })
  @ErrorResponses(400, 401, 404, 409)
  reveal(@Param() { id }: EventIdParamDto, @CurrentStaff() staff: StaffContext): Promise<EventDto> {
    return this.events.reveal(id, staffActor(staff));
  }
}

/** The URL of the page after this one: the same filters and limit, the next cursor. */
function nextPageUrl(query: EventListQueryDto, cursor: string): string {
  const params = new URLSearchParams();
  for (const key of ['state', 'game', 'q', 'limit'] as const) if (query[key] !== undefined) params.set(key, String(query[key]));
  params.set('cursor', cursor);
  return `/api/events?${params.toString()}`;
}
