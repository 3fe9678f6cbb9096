import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAuth } from '../common/http/api-docs';
import { type Caller, CurrentCaller } from '../common/auth/caller';
import { OrganizerGuard } from '../common/auth/organizer.guard';
import { ErrorResponses } from '../common/errors/error-responses.decorator';
import { EventIdParamDto, PlayerDto, PlayerIdParamDto, RegisteredPlayerDto, RegisterPlayerDto } from './dto/event.dto';
import { PlayersService } from './players.service';
import { ClientAddress, RateLimited } from '../common/rate-limit/rate-limits';

@ApiTags('players')
@Controller('events/:id/players')
export class PlayersController {
  constructor(private readonly players: PlayersService) {}

  @Post()
  @RateLimited('registration')
  @ApiAuth('public-or-organizer')
  @ApiOperation({
    operationId: 'registerPlayer',
    summary: 'Register for an event (anyone with the event id, and its join code if set; the organizer needs none). Returns the player token once.',
  })
  @ApiCreatedResponse({ type: RegisteredPlayerDto, description: 'Registered; the token is shown only here.' })
  @ErrorResponses(400, 403, 404, 409, 429)
  register(
    @Param() { id }: EventIdParamDto,
    @Body() dto: RegisterPlayerDto,
    @CurrentCaller() caller: Caller,
    @ClientAddress() clientAddress: string,
  ): Promise<RegisteredPlayerDto> {
    return this.players.register(id, dto, caller, clientAddress);
  }

  @Get()
  @UseGuards(OrganizerGuard)
  @ApiAuth('organizer')
  @ApiOperation({ operationId: 'listPlayers', summary: 'Organizer: registered players.' })
  @ApiOkResponse({ type: [PlayerDto] })
  @ErrorResponses(400, 401, 404)
  list(@Param() { id }: EventIdParamDto): Promise<PlayerDto[]> {
    return this.players.list(id);
  }

  @Delete(':playerId')
  @HttpCode(204)
  @ApiAuth('player-or-organizer')
  @ApiOperation({ operationId: 'unregisterPlayer', summary: 'Unregister before start: the player (own token) or the organizer.' })
  @ApiNoContentResponse({ description: 'Unregistered.' })
  @ErrorResponses(400, 401, 403, 404, 409)
  async unregister(@Param() { id, playerId }: PlayerIdParamDto, @CurrentCaller() caller: Caller): Promise<void> {
    await this.players.unregister(id, playerId, caller);
  }

  @Post(':playerId/token')
  @HttpCode(200)
  @UseGuards(OrganizerGuard)
  @ApiAuth('organizer')
  @ApiOperation({ operationId: 'reissuePlayerToken', summary: 'Organizer: issue a new player token (the old one stops working).' })
  @ApiOkResponse({ type: RegisteredPlayerDto })
  @ErrorResponses(400, 401, 404)
  reissue(@Param() { id, playerId }: PlayerIdParamDto): Promise<RegisteredPlayerDto> {
    return this.players.reissueToken(id, playerId);
  }
}
