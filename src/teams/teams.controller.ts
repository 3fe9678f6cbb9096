import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CurrentStaff, type StaffContext } from '../common/auth/staff-context';
import { staffActor } from '../audit/rules/audit-entry';
import { Staff, StaffOr } from '../common/auth/staff.decorator';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAuth } from '../common/http/api-docs';
import { type Caller, CurrentCaller } from '../common/auth/caller';
import { ErrorResponses } from '../common/errors/error-responses.decorator';
import { EventIdParamDto } from '../events/dto/event.dto';
import { AutoTeamsDto, RegisteredTeamDto, RegisterTeamDto, TeamDto, TeamIdParamDto, TeamPoolDto, TeamSplitDto } from './dto/team.dto';
import { TeamsService } from './teams.service';
import { ClientAddress, RateLimited } from '../common/rate-limit/rate-limits';

@ApiTags('teams')
@Controller('events/:id/teams')
export class TeamsController {
  constructor(private readonly teams: TeamsService) {}

  @Post()
  @RateLimited('registration')
  @StaffOr('event.registration', 'public')
  @ApiOperation({
    operationId: 'registerTeam',
    summary:
      "Team event: register a team with exactly the event's team size of members (anyone with the event id, and its join code if set). Returns each member's player token once.",
  })
  @ApiCreatedResponse({ type: RegisteredTeamDto, description: "Registered; the members' tokens are shown only here." })
  @ErrorResponses(400, 403, 404, 409, 429)
  register(@Param() { id }: EventIdParamDto, @Body() dto: RegisterTeamDto, @CurrentCaller() caller: Caller, @ClientAddress() clientAddress: string): Promise<RegisteredTeamDto> {
    return this.teams.register(id, dto, caller, clientAddress);
  }

  @Get()
  @ApiAuth('public')
  @ApiOperation({ operationId: 'listTeams', summary: 'Public: the teams and their members.' })
  @ApiOkResponse({ type: [TeamDto] })
  @ErrorResponses(400, 404)
  list(@Param() { id }: EventIdParamDto): Promise<TeamDto[]> {
    return this.teams.list(id);
  }

  @Post('auto')
  @HttpCode(200)
  @Staff('event.registration')
  @ApiOperation({ operationId: 'autoFormTeams', summary: 'Organizer: group the solo players into teams at random from the event seed; leftovers stay solo.' })
  @ApiOkResponse({ type: AutoTeamsDto })
  @ErrorResponses(400, 401, 404, 409)
  auto(@Param() { id }: EventIdParamDto, @CurrentStaff() staff: StaffContext): Promise<AutoTeamsDto> {
    return this.teams.auto(id, staffActor(staff));
  }

  @Delete(':teamId')
  @HttpCode(204)
  @StaffOr('event.registration', 'player')
  @ApiOperation({ operationId: 'unregisterTeam', summary: 'Unregister a team and its members before start: a member (own token) or the organizer.' })
  @ApiNoContentResponse({ description: 'Unregistered.' })
  @ErrorResponses(400, 401, 403, 404, 409)
  async remove(@Param() { id, teamId }: TeamIdParamDto, @CurrentCaller() caller: Caller): Promise<void> {
    await this.teams.remove(id, teamId, caller);
  }

  @Get(':teamId/pool')
  @StaffOr('event.view', 'player')
  @ApiOperation({ operationId: 'getTeamPool', summary: "Pooled team sealed: the team's pool and its split (members' tokens or the organizer)." })
  @ApiOkResponse({ type: TeamPoolDto })
  @ErrorResponses(400, 401, 403, 404, 409)
  pool(@Param() { id, teamId }: TeamIdParamDto, @CurrentCaller() caller: Caller): Promise<TeamPoolDto> {
    return this.teams.pool(id, teamId, caller);
  }

  @Put(':teamId/split')
  @StaffOr('event.decks', 'player')
  @ApiOperation({
    operationId: 'splitTeamPool',
    summary: 'Pooled team sealed: share the team pool out among the members (exactly; until round 1). Members then build from their shares.',
  })
  @ApiOkResponse({ type: TeamPoolDto })
  @ErrorResponses(400, 401, 403, 404, 409, 422)
  split(@Param() { id, teamId }: TeamIdParamDto, @Body() dto: TeamSplitDto, @CurrentCaller() caller: Caller): Promise<TeamPoolDto> {
    return this.teams.split(id, teamId, dto, caller);
  }
}
