import { Body, Controller, HttpCode, Param, Post, Put } from '@nestjs/common';
import { Staff } from '../common/auth/staff.decorator';
import { CurrentStaff, type StaffContext } from '../common/auth/staff-context';
import { staffActor } from '../audit/rules/audit-entry';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorResponses } from '../common/errors/error-responses.decorator';
import { MatchParamDto } from '../common/validation/match-param.dto';
import { ExtendRoundDto, RoundDto, RoundParamDto, TableExtensionDto } from './dto/tournament.dto';
import { RoundClockService } from './round-clock.service';
import { TournamentService } from './tournament.service';

/** The round clock an organizer controls: pause, resume, extend, and a judge's extension per table. */
@ApiTags('tournament')
@Controller()
export class RoundClockController {
  constructor(
    private readonly clock: RoundClockService,
    private readonly tournament: TournamentService,
  ) {}

  @Post('events/:id/rounds/:number/pause')
  @HttpCode(200)
  @Staff('event.clock')
  @ApiOperation({
    operationId: 'pauseRound',
    summary: 'Organizer: pause the current round’s clock (time paused does not count).',
    description: '409 EVENT_STATE_CONFLICT: already paused (rule clockRunning), not the current round (currentRound), or the event is not being played.',
  })
  @ApiOkResponse({ type: RoundDto, description: 'The round with its clock.' })
  @ErrorResponses(400, 401, 404, 409)
  async pause(@Param() { id, number }: RoundParamDto, @CurrentStaff() staff: StaffContext): Promise<RoundDto> {
    await this.clock.change(id, number, { kind: 'pause' }, staffActor(staff));
    return this.tournament.round(id, number);
  }

  @Post('events/:id/rounds/:number/resume')
  @HttpCode(200)
  @Staff('event.clock')
  @ApiOperation({
    operationId: 'resumeRound',
    summary: 'Organizer: resume a paused round clock; its end moves by the time it was paused.',
    description: '409 EVENT_STATE_CONFLICT: not paused (rule clockPaused), not the current round, or the event is not being played.',
  })
  @ApiOkResponse({ type: RoundDto, description: 'The round with its clock.' })
  @ErrorResponses(400, 401, 404, 409)
  async resume(@Param() { id, number }: RoundParamDto, @CurrentStaff() staff: StaffContext): Promise<RoundDto> {
    await this.clock.change(id, number, { kind: 'resume' }, staffActor(staff));
    return this.tournament.round(id, number);
  }

  @Post('events/:id/rounds/:number/extend')
  @HttpCode(200)
  @Staff('event.clock')
  @ApiOperation({ operationId: 'extendRound', summary: 'Organizer: add minutes to the whole current round (at most 120 in total).' })
  @ApiOkResponse({ type: RoundDto, description: 'The round with its clock.' })
  @ErrorResponses(400, 401, 404, 409)
  async extend(@Param() { id, number }: RoundParamDto, @Body() dto: ExtendRoundDto, @CurrentStaff() staff: StaffContext): Promise<RoundDto> {
    await this.clock.change(id, number, { kind: 'extend', minutes: dto.minutes }, staffActor(staff));
    return this.tournament.round(id, number);
  }

  @Put('matches/:matchId/extension')
  @Staff('event.clock')
  @ApiOperation({ operationId: 'setTableExtension', summary: 'Organizer (judge): a time extension for one table of the current round, in minutes; 0 removes it.' })
  @ApiOkResponse({ type: RoundDto, description: 'The match’s round, each table with its own end.' })
  @ErrorResponses(400, 401, 404, 409)
  async extension(@Param() { matchId }: MatchParamDto, @Body() dto: TableExtensionDto, @CurrentStaff() staff: StaffContext): Promise<RoundDto> {
    const { eventId, number } = await this.clock.extendTable(matchId, dto.extraMinutes, staffActor(staff));
    return this.tournament.round(eventId, number);
  }
}
