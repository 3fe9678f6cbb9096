import { Controller, Get, Headers, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiExtraModels, ApiHeader, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { ApiAuth } from '../common/http/api-docs';
import type { FastifyReply } from 'fastify';
import { ErrorResponses } from '../common/errors/error-responses.decorator';
import { EventIdParamDto } from '../events/dto/event.dto';
import type { PlayerRow } from '../events/events.repository';
import { CurrentPlayer, PlayerGuard } from '../events/player.guard';
import { LiveClockEventDto, LiveDraftCompleteEventDto, LivePackEventDto, LivePausedEventDto, LiveRoundEventDto, StreamQueryDto, StreamTicketDto } from './dto/live.dto';
import { LiveHub } from './live-hub';
import { StreamTickets } from './stream-tickets';

const STREAM_DESCRIPTION = [
  'Server-Sent Events (text/event-stream) for one player: `new EventSource(`/api/events/${id}/stream?ticket=${ticket}`)`.',
  'Named events, each with an `id:`:',
  '`pack` — your view changed (a pack arrived, you picked, a new deadline): data as GET /me without the pool, plus `pickCount`;',
  '`round` — the pack number changed: `{ packNumber, direction }`;',
  '`paused` — your pod was paused or resumed: `{ paused }`;',
  '`draft-complete` — your pod finished drafting: `{ podId, pickCount, state }`.',
  'On connect: the current `pack` (plus `paused` when paused, `draft-complete` when over). Events are sent only when something you can see changed; a comment line every 15 s keeps the connection alive.',
  'Resuming (Last-Event-ID header, or `?lastEventId=` for a new EventSource): replay is state-based — with the current id nothing is re-sent; with an older one you get the events that bring you to the current state, not every intermediate step.',
  'Ids look like `<your picks>.<round>.<paused>.<complete>.<digest>`; treat them as opaque.',
  '401 STREAM_TICKET_INVALID: ticket missing, malformed, forged or expired (get a new one); 403: a ticket of another event; 404: no such event; 429: too many of your streams open at once (STREAMS_PER_PLAYER).',
].join(' ');

@ApiTags('live')
@ApiExtraModels(LivePackEventDto, LiveRoundEventDto, LivePausedEventDto, LiveDraftCompleteEventDto, LiveClockEventDto)
@Controller('events/:id')
export class LiveController {
  constructor(
    private readonly tickets: StreamTickets,
    private readonly hub: LiveHub,
  ) {}

  @Post('stream-ticket')
  @HttpCode(200)
  @UseGuards(PlayerGuard)
  @ApiAuth('player')
  @ApiOperation({
    operationId: 'createStreamTicket',
    summary: 'Player: a short-lived ticket (60 s) that opens your live stream (EventSource cannot send an Authorization header).',
    description:
      'Stateless and signed: any server instance accepts it. Reusable until it expires, so EventSource reconnects work; an open stream stays open after expiry. It stops working at once when your token is reissued.',
  })
  @ApiOkResponse({ type: StreamTicketDto })
  @ErrorResponses(400, 401, 403, 404)
  ticket(@Param() _params: EventIdParamDto, @CurrentPlayer() player: PlayerRow): StreamTicketDto {
    return this.tickets.issue(player);
  }

  @Get('stream')
  @ApiHeader({ name: 'last-event-id', required: false, description: 'Sent by EventSource on reconnect (Last-Event-ID): the id of the last event received.' })
  // The ticket in the query string is the credential (EventSource cannot send headers): no bearer token.
  @ApiAuth('public')
  @ApiOperation({
    operationId: 'openLiveStream',
    summary: 'Player: live updates of your draft as Server-Sent Events (`?ticket=` from POST …/stream-ticket).',
    description: STREAM_DESCRIPTION,
  })
  @ApiOkResponse({
    description:
      "An event stream (text/event-stream framing: `id:`, `event:`, `data:` lines; never ends by itself). The schema is that of each event's JSON `data`: pack → LivePackEventDto, round → LiveRoundEventDto, paused → LivePausedEventDto, draft-complete → LiveDraftCompleteEventDto, clock → LiveClockEventDto (during the rounds: your table's clock; null once no round is played).",
    content: {
      'text/event-stream': {
        schema: {
          anyOf: [LivePackEventDto, LiveRoundEventDto, LivePausedEventDto, LiveDraftCompleteEventDto, LiveClockEventDto].map((model) => ({ $ref: getSchemaPath(model) })),
        },
      },
    },
  })
  @ErrorResponses(400, 401, 403, 404, 429)
  async stream(@Param() { id }: EventIdParamDto, @Query() query: StreamQueryDto, @Res() res: FastifyReply, @Headers('last-event-id') lastEventId?: string): Promise<void> {
    const player = await this.tickets.redeem(id, query.ticket);
    await this.hub.open(id, player, res.raw, lastEventId ?? query.lastEventId, () => res.hijack());
  }
}
