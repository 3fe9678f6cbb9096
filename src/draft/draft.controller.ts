import { Body, Controller, Get, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { Staff, StaffOr } from '../common/auth/staff.decorator';
import { CurrentStaff, type StaffContext } from '../common/auth/staff-context';
import { staffActor } from '../audit/rules/audit-entry';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAuth } from '../common/http/api-docs';
import { BearerToken, type Caller, CurrentCaller } from '../common/auth/caller';
import { ErrorResponses } from '../common/errors/error-responses.decorator';
import { AbsenceDto, AbsentDto, EventDto, EventIdParamDto, PlayerIdParamDto, StartEventDto } from '../events/dto/event.dto';
import type { PlayerRow } from '../events/events.repository';
import { EventStartService } from '../events/event-start.service';
import { CurrentPlayer, PlayerGuard } from '../events/player.guard';
import { DraftAdminService } from './draft-admin.service';
import { DraftPicksService } from './draft-picks.service';
import { DraftViewsService } from './draft-views.service';
import { SeatPresence } from './seat-presence';
import { SwapSeatsDto } from './dto/seat-swap.dto';
import { DraftActivityDto, MakePickDto, MeDto, PickLogDto, PickResultDto, PodActionDto, PodDto, PodIdParamDto, PreselectDto, PreselectionDto } from './dto/draft.dto';

@ApiTags('draft')
@Controller('events/:id')
export class DraftController {
  constructor(
    private readonly views: DraftViewsService,
    private readonly picks: DraftPicksService,
    private readonly admin: DraftAdminService,
    private readonly starter: EventStartService,
    private readonly presence: SeatPresence,
  ) {}

  @Post('start')
  @HttpCode(200)
  @Staff('event.run')
  @ApiOperation({
    operationId: 'startEvent',
    summary:
      'Organizer: start — sealed: open every pool (→ building); draft: seat pods of 4–8 and open every pack (→ drafting). Waitlisted players are left out; with onlyCheckedIn, so are registered players not checked in (noShow), their seats going to checked-in waitlisted players.',
  })
  @ApiOkResponse({ type: EventDto })
  @ErrorResponses(400, 401, 404, 409)
  start(@Param() { id }: EventIdParamDto, @Body() dto: StartEventDto, @CurrentStaff() staff: StaffContext): Promise<EventDto> {
    return this.starter.start(id, { onlyCheckedIn: dto.onlyCheckedIn ?? false }, staffActor(staff));
  }

  @Get('pods')
  @ApiAuth('public')
  @ApiOperation({ operationId: 'listPods', summary: 'Public: pods with their seating and public state (pack number, direction, who is still picking).' })
  @ApiOkResponse({ type: [PodDto] })
  @ErrorResponses(400, 404)
  pods(@Param() { id }: EventIdParamDto): Promise<PodDto[]> {
    return this.views.podList(id);
  }

  @Get('draft/activity')
  @Staff('event.view')
  @ApiOperation({
    operationId: 'getDraftActivity',
    summary: "Organizer: each seat's state while the pods draft — picking, waiting, idle (a pack held 30 s+), offline (the phone silent 40 s+), absent, bot, done.",
  })
  @ApiOkResponse({ type: DraftActivityDto })
  @ErrorResponses(400, 401, 404)
  activity(@Param() { id }: EventIdParamDto): Promise<DraftActivityDto> {
    return this.views.activity(id);
  }

  @Get('me')
  @UseGuards(PlayerGuard)
  @ApiAuth('player')
  @ApiOperation({ operationId: 'getMyDraftView', summary: 'Player: your seat, the pack in front of you, your picks and pool — never anyone else’s.' })
  @ApiOkResponse({ type: MeDto })
  @ErrorResponses(400, 401, 403, 404)
  me(@Param() { id }: EventIdParamDto, @CurrentPlayer() player: PlayerRow): Promise<MeDto> {
    // The phone polls this while its live stream is down: it is still there (never awaited, never fails the view).
    void this.presence.heard([player.id]);
    return this.views.me(id, player);
  }

  @Post('picks')
  @HttpCode(200)
  @ApiAuth('player')
  @ApiOperation({
    operationId: 'makePick',
    summary: 'Player: pick a card from the pack in front of you.',
    description:
      'Exactly once: the same pick again (same pack, pick number and card) returns the stored pick with 200. 409 codes: PICK_ALREADY_MADE (that pick was made with another card), CARD_NOT_IN_PACK, PACK_NOT_ARRIVED, DRAFT_PAUSED.',
  })
  @ApiOkResponse({ type: PickResultDto })
  @ErrorResponses(400, 401, 403, 404, 409)
  pick(@Param() { id }: EventIdParamDto, @Body() dto: MakePickDto, @BearerToken() token: string | null): Promise<PickResultDto> {
    // The hot path: no guard; the seat directory resolves the token from memory (a database read only on a miss).
    return this.picks.pick(id, token, { packNumber: dto.packNumber, pickNumber: dto.pickNumber, cardId: dto.cardId });
  }

  @Put('preselect')
  @UseGuards(PlayerGuard)
  @ApiAuth('player')
  @ApiOperation({ operationId: 'preselectCard', summary: 'Player: mark a card of your current pack to be taken for you if your timer runs out.' })
  @ApiOkResponse({ type: PreselectionDto, description: 'The pick the card is marked for.' })
  @ErrorResponses(400, 401, 403, 404, 409)
  preselect(@Param() { id }: EventIdParamDto, @Body() dto: PreselectDto, @CurrentPlayer() player: PlayerRow): Promise<PreselectionDto> {
    return this.admin.preselect(id, player, dto.cardId);
  }

  @Post('pause')
  @HttpCode(200)
  @Staff('event.run')
  @ApiOperation({ operationId: 'pauseDraft', summary: 'Organizer: pause one pod ({"podId"}) or all; timers stop and picks are refused (DRAFT_PAUSED).' })
  @ApiOkResponse({ type: [PodDto] })
  @ErrorResponses(400, 401, 404, 409)
  pause(@Param() { id }: EventIdParamDto, @Body() dto: PodActionDto, @CurrentStaff() staff: StaffContext): Promise<PodDto[]> {
    return this.admin.setPaused(id, true, dto.podId, staffActor(staff));
  }

  @Post('resume')
  @HttpCode(200)
  @Staff('event.run')
  @ApiOperation({ operationId: 'resumeDraft', summary: 'Organizer: resume one pod or all; every waiting pick gets its full time again.' })
  @ApiOkResponse({ type: [PodDto] })
  @ErrorResponses(400, 401, 404, 409)
  resume(@Param() { id }: EventIdParamDto, @Body() dto: PodActionDto, @CurrentStaff() staff: StaffContext): Promise<PodDto[]> {
    return this.admin.setPaused(id, false, dto.podId, staffActor(staff));
  }

  @Post('players/:playerId/absent')
  @HttpCode(200)
  @Staff('event.registration')
  @ApiOperation({ operationId: 'setPlayerAbsent', summary: 'Organizer: mark a player absent (a bot picks for them at once) or back with {"absent": false}.' })
  @ApiOkResponse({ type: AbsenceDto })
  @ErrorResponses(400, 401, 404, 409)
  absent(@Param() { id, playerId }: PlayerIdParamDto, @Body() dto: AbsentDto, @CurrentStaff() staff: StaffContext): Promise<AbsenceDto> {
    return this.admin.setAbsent(id, playerId, dto.absent ?? true, staffActor(staff));
  }

  @Post('seats/swap')
  @HttpCode(200)
  @Staff('event.registration')
  @ApiOperation({
    operationId: 'swapSeats',
    summary: 'Organizer: swap two players’ seats (same pod or across pods) before either seat has picked.',
    description:
      'Refused (409 SEATS_LOCKED) once either seat has made a pick — an absent player’s seat has (a bot picks for it at once); real boosters at the table: 409 PHYSICAL_BOOSTERS. Team drafts: inside one pod only, and teammates never side by side (409 TEAM_SEATS_ALTERNATE). The packs of each seat follow the seat; preselects of the two seats are cleared.',
  })
  @ApiOkResponse({ type: [PodDto] })
  @ErrorResponses(400, 401, 404, 409)
  swapSeats(@Param() { id }: EventIdParamDto, @Body() dto: SwapSeatsDto, @CurrentStaff() staff: StaffContext): Promise<PodDto[]> {
    return this.admin.swapSeats(id, dto.playerId, dto.withPlayerId, staffActor(staff));
  }

  @Get('pods/:podId/log')
  @StaffOr('event.view', 'public')
  @ApiOperation({
    operationId: 'getPodPickLog',
    summary: 'Pick log of a pod: every pack as opened and every pick (player/timeout/bot). Organizer any time; everyone once complete.',
  })
  @ApiOkResponse({ type: PickLogDto })
  @ErrorResponses(400, 403, 404, 409)
  log(@Param() { id, podId }: PodIdParamDto, @CurrentCaller() caller: Caller): Promise<PickLogDto> {
    return this.views.log(id, podId, caller.kind === 'organizer');
  }
}
