import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { Staff } from '../common/auth/staff.decorator';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorResponses } from '../common/errors/error-responses.decorator';
import { MatchParamDto } from '../common/validation/match-param.dto';
import { EventIdParamDto } from '../events/dto/event.dto';
import { GivePenaltyDto, PenaltyDto, PenaltyParamDto } from './dto/penalty.dto';
import { PenaltiesService } from './penalties.service';
import { CurrentStaff, type StaffContext } from '../common/auth/staff-context';
import { staffActor } from '../audit/rules/audit-entry';

@ApiTags('tournament')
@Controller()
export class PenaltiesController {
  constructor(private readonly penalties: PenaltiesService) {}

  @Post('matches/:matchId/penalties')
  @Staff('event.penalties')
  @ApiOperation({
    operationId: 'givePenalty',
    summary: 'Organizer: give a warning, a game loss or a match loss in a match, with a reason.',
    description:
      'A game loss is a game the opponent won: the match result must count it (send `result` with the penalty when the recorded one does not). A match loss records the opponent’s 2-0 win (result history source "penalty") and no other result can be entered while it stands. Not on a bye; one match loss per match. Penalties show in standings and exports.',
  })
  @ApiCreatedResponse({ type: PenaltyDto })
  @ErrorResponses(400, 401, 404, 409)
  give(@Param() { matchId }: MatchParamDto, @Body() dto: GivePenaltyDto, @CurrentStaff() staff: StaffContext): Promise<PenaltyDto> {
    return this.penalties.give(matchId, dto, staffActor(staff));
  }

  @Get('events/:id/penalties')
  @Staff('event.view')
  @ApiOperation({ operationId: 'listPenalties', summary: 'Organizer: the event’s penalties by round and table, with reasons.' })
  @ApiOkResponse({ type: [PenaltyDto] })
  @ErrorResponses(400, 401, 404)
  list(@Param() { id }: EventIdParamDto): Promise<PenaltyDto[]> {
    return this.penalties.list(id);
  }

  @Delete('events/:id/penalties/:penaltyId')
  @HttpCode(204)
  @Staff('event.penalties')
  @ApiOperation({
    operationId: 'revokePenalty',
    summary: 'Organizer: revoke a penalty (an appeal, a mistake). The match result stays as recorded; correct it if the penalty decided it.',
  })
  @ApiNoContentResponse({ description: 'The penalty is gone.' })
  @ErrorResponses(400, 401, 404, 409)
  async revoke(@Param() { id, penaltyId }: PenaltyParamDto, @CurrentStaff() staff: StaffContext): Promise<void> {
    await this.penalties.revoke(id, penaltyId, staffActor(staff));
  }
}
