import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAuth } from '../common/http/api-docs';
import { OrganizerGuard } from '../common/auth/organizer.guard';
import { ErrorResponses } from '../common/errors/error-responses.decorator';
import { CreateEventDto, EventCodeParamDto, EventDto, EventIdParamDto, EventListQueryDto, UpdateEventDto } from './dto/event.dto';
import { EventsService } from './events.service';

@ApiTags('events')
@Controller('events')
export class EventsController {
  constructor(private readonly events: EventsService) {}

  @Post()
  @UseGuards(OrganizerGuard)
  @ApiAuth('organizer')
  @ApiOperation({ operationId: 'createEvent', summary: 'Organizer: create a sealed or draft event (state registration). Publishes seedCommitment = SHA-256 of the seed.' })
  @ApiCreatedResponse({ type: EventDto, description: 'The new event.' })
  @ErrorResponses(400, 401, 404)
  create(@Body() dto: CreateEventDto): Promise<EventDto> {
    return this.events.create(dto);
  }

  @Get()
  @ApiAuth('public')
  @ApiOperation({ operationId: 'listEvents', summary: 'Events, newest first.' })
  @ApiOkResponse({ type: [EventDto] })
  @ErrorResponses(400)
  list(@Query() query: EventListQueryDto): Promise<EventDto[]> {
    return this.events.list(query);
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
  @UseGuards(OrganizerGuard)
  @ApiAuth('organizer')
  @ApiOperation({ operationId: 'updateEvent', summary: 'Organizer: edit before start (the seed and game cannot change).' })
  @ApiOkResponse({ type: EventDto })
  @ErrorResponses(400, 401, 404, 409)
  update(@Param() { id }: EventIdParamDto, @Body() dto: UpdateEventDto): Promise<EventDto> {
    return this.events.update(id, dto);
  }

  @Delete(':id')
  @UseGuards(OrganizerGuard)
  @ApiAuth('organizer')
  @ApiOperation({ operationId: 'cancelEvent', summary: 'Organizer: cancel the event (any state before complete). Nothing is deleted.' })
  @ApiOkResponse({ type: EventDto })
  @ErrorResponses(400, 401, 404, 409)
  cancel(@Param() { id }: EventIdParamDto): Promise<EventDto> {
    return this.events.transition(id, 'cancel');
  }

  @Post(':id/complete')
  @HttpCode(200)
  @UseGuards(OrganizerGuard)
  @ApiAuth('organizer')
  @ApiOperation({ operationId: 'completeEvent', summary: 'Organizer: complete the event (from building or playing).' })
  @ApiOkResponse({ type: EventDto })
  @ErrorResponses(400, 401, 404, 409)
  complete(@Param() { id }: EventIdParamDto): Promise<EventDto> {
    return this.events.transition(id, 'complete');
  }

  @Post(':id/draft/finish')
  @HttpCode(200)
  @UseGuards(OrganizerGuard)
  @ApiAuth('organizer')
  @ApiOperation({
    operationId: 'finishPhysicalDraft',
    summary:
      'Organizer, draft of real boosters (packSource physical): the table has finished drafting — the event moves to deck building (and its deck deadline starts). A draft of generated packs finishes with its last pick (409).',
  })
  @ApiOkResponse({ type: EventDto })
  @ErrorResponses(400, 401, 404, 409)
  finishDraft(@Param() { id }: EventIdParamDto): Promise<EventDto> {
    return this.events.transition(id, 'finishDraft');
  }

  @Post(':id/reveal')
  @HttpCode(200)
  @UseGuards(OrganizerGuard)
  @ApiAuth('organizer')
  @ApiOperation({ operationId: 'revealEventSeed', summary: 'Organizer: reveal the seed of a complete event, so anyone can verify every random choice.' })
  @ApiOkResponse({ type: EventDto })
  @ErrorResponses(400, 401, 404, 409)
  reveal(@Param() { id }: EventIdParamDto): Promise<EventDto> {
    return this.events.reveal(id);
  }
}
