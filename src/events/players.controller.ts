import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { Staff, StaffOr } from '../common/auth/staff.decorator';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAuth } from '../common/http/api-docs';
import { type Caller, CurrentCaller } from '../common/auth/caller';
import { ErrorResponses } from '../common/errors/error-responses.decorator';
import {
  CheckInDto,
  ClaimSeatDto,
  EventIdParamDto,
  ImportPlayersDto,
  ImportPlayersResultDto,
  MyEntryDto,
  PlayerDto,
  PlayerIdParamDto,
  RegisteredPlayerDto,
  RegisterPlayerDto,
} from './dto/event.dto';
import type { PlayerRow } from './events.repository';
import { CurrentPlayer, PlayerGuard } from './player.guard';
import { PlayersService } from './players.service';
import { ClientAddress, RateLimited } from '../common/rate-limit/rate-limits';
import { CurrentStaff, type StaffContext } from '../common/auth/staff-context';
import { staffActor } from '../audit/rules/audit-entry';

@ApiTags('players')
@Controller('events/:id')
export class PlayersController {
  constructor(private readonly players: PlayersService) {}

  @Post('players')
  @RateLimited('registration')
  @StaffOr('event.registration', 'public')
  @ApiOperation({
    operationId: 'registerPlayer',
    summary:
      'Register for an event (anyone with the event id, and its join code if set; the organizer needs none). Returns the player token once. Beyond the capacity the player is waitlisted (status waitlisted) and moves up when a seat frees before the start; after the start a full event answers 409 EVENT_FULL.',
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

  @Get('players')
  @Staff('event.view')
  @ApiOperation({
    operationId: 'listPlayers',
    summary: "Organizer: every entry by number — registered, waitlisted (with its place) or no-show — with check-in and imported players' claim codes.",
  })
  @ApiOkResponse({ type: [PlayerDto] })
  @ErrorResponses(400, 401, 404)
  list(@Param() { id }: EventIdParamDto): Promise<PlayerDto[]> {
    return this.players.list(id);
  }

  @Get('players/me')
  @UseGuards(PlayerGuard)
  @ApiAuth('player')
  @ApiOperation({ operationId: 'getMyEntry', summary: 'Player: where you stand — a seat, your place on the waitlist, or left out — and whether you are checked in.' })
  @ApiOkResponse({ type: MyEntryDto })
  @ErrorResponses(400, 401, 403)
  me(@Param() { id }: EventIdParamDto, @CurrentPlayer() player: PlayerRow): Promise<MyEntryDto> {
    return this.players.me(id, player);
  }

  @Post('players/import')
  @HttpCode(200)
  @Staff('event.registration')
  @ApiOperation({
    operationId: 'importPlayers',
    summary:
      'Organizer, during registration: register a list of players — one name a line, or CSV (name, memberNumber; header optional). Every line becomes a player (registered, or waitlisted beyond the capacity) with a claim code to print, or a problem (blank, unreadable, tooLong, duplicate).',
  })
  @ApiOkResponse({ type: ImportPlayersResultDto })
  @ErrorResponses(400, 401, 404, 409)
  importPlayers(@Param() { id }: EventIdParamDto, @Body() dto: ImportPlayersDto, @CurrentStaff() staff: StaffContext): Promise<ImportPlayersResultDto> {
    return this.players.importPlayers(id, dto, staffActor(staff));
  }

  @Post('claim')
  @HttpCode(200)
  @RateLimited('registration')
  @ApiAuth('public')
  @ApiOperation({
    operationId: 'claimSeat',
    summary:
      "An imported player takes their seat with the claim code from the printed list: returns the player token once, as a registration does. A code works once (then 409 CLAIM_CODE_USED); wrong codes count towards the client's block of wrong join codes (429).",
  })
  @ApiOkResponse({ type: RegisteredPlayerDto })
  @ErrorResponses(400, 403, 404, 409, 429)
  claim(@Param() { id }: EventIdParamDto, @Body() dto: ClaimSeatDto, @ClientAddress() clientAddress: string): Promise<RegisteredPlayerDto> {
    return this.players.claimSeat(id, dto.claimCode, clientAddress);
  }

  @Post('players/:playerId/check-in')
  @HttpCode(200)
  @StaffOr('event.registration', 'player')
  @ApiOperation({
    operationId: 'checkInPlayer',
    summary: 'During registration: check a player in (they are here) or out (checkedIn false) — the player themself (own token: the phone\'s "I\'m here") or the organizer.',
  })
  @ApiOkResponse({ type: MyEntryDto })
  @ErrorResponses(400, 401, 403, 404, 409)
  checkIn(@Param() { id, playerId }: PlayerIdParamDto, @Body() dto: CheckInDto, @CurrentCaller() caller: Caller): Promise<MyEntryDto> {
    return this.players.checkIn(id, playerId, caller, dto.checkedIn ?? true);
  }

  @Delete('players/:playerId')
  @HttpCode(204)
  @StaffOr('event.registration', 'player')
  @ApiOperation({
    operationId: 'unregisterPlayer',
    summary: 'Unregister before start: the player (own token) or the organizer. A seat it frees goes to the first waitlisted player, in the same transaction.',
  })
  @ApiNoContentResponse({ description: 'Unregistered.' })
  @ErrorResponses(400, 401, 403, 404, 409)
  async unregister(@Param() { id, playerId }: PlayerIdParamDto, @CurrentCaller() caller: Caller): Promise<void> {
    await this.players.unregister(id, playerId, caller);
  }

  @Post('players/:playerId/token')
  @HttpCode(200)
  @Staff('event.registration')
  @ApiOperation({ operationId: 'reissuePlayerToken', summary: 'Organizer: issue a new player token (the old one stops working).' })
  @ApiOkResponse({ type: RegisteredPlayerDto })
  @ErrorResponses(400, 401, 404)
  reissue(@Param() { id, playerId }: PlayerIdParamDto, @CurrentStaff() staff: StaffContext): Promise<RegisteredPlayerDto> {
    return this.players.reissueToken(id, playerId, staffActor(staff));
  }
}
