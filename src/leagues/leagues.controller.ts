import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CurrentStaff, type StaffContext } from '../common/auth/staff-context';
import { Staff } from '../common/auth/staff.decorator';
import { staffActor } from '../audit/rules/audit-entry';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAuth, ApiJsonOrTextResponse } from '../common/http/api-docs';
import type { FastifyReply } from 'fastify';
import { ErrorResponses } from '../common/errors/error-responses.decorator';
import {
  AddLeagueEventDto,
  CreateLeagueDto,
  LeagueDto,
  LeagueFormatQueryDto,
  LeagueIdParamDto,
  LeaguePlayerHistoryDto,
  LeagueProfileParamDto,
  LeagueStandingDto,
  MergeProfileDto,
  ProfileMergeDto,
  SetLeagueMembersDto,
} from './dto/league.dto';
import { LeaguesService } from './leagues.service';

@ApiTags('leagues')
@Controller()
export class LeaguesController {
  constructor(private readonly leagues: LeaguesService) {}

  @Post('leagues')
  @Staff('league.manage')
  @ApiOperation({
    operationId: 'createLeague',
    summary: 'Organizer: create a league (name, game, season dates, scoring: match points or a points table by placing, plus participation points).',
  })
  @ApiCreatedResponse({ type: LeagueDto, description: 'The new league (no events yet).' })
  @ErrorResponses(400, 401)
  create(@Body() dto: CreateLeagueDto, @CurrentStaff() staff: StaffContext): Promise<LeagueDto> {
    return this.leagues.create(dto, staff.storeId);
  }

  @Get('leagues')
  @ApiAuth('public')
  @ApiOperation({ operationId: 'listLeagues', summary: 'Every league with its events, newest season first (public).' })
  @ApiOkResponse({ type: [LeagueDto] })
  list(): Promise<LeagueDto[]> {
    return this.leagues.list();
  }

  @Get('leagues/:id')
  @ApiAuth('public')
  @ApiOperation({ operationId: 'getLeague', summary: 'A league and its events (public).' })
  @ApiOkResponse({ type: LeagueDto })
  @ErrorResponses(400, 404)
  get(@Param() { id }: LeagueIdParamDto): Promise<LeagueDto> {
    return this.leagues.get(id);
  }

  @Post('leagues/:id/events')
  @HttpCode(200)
  @Staff('league.manage')
  @ApiOperation({
    operationId: 'addLeagueEvent',
    summary:
      'Organizer: add an event of the league’s game held within the season, run by the league’s store or a member store (else 403, rule memberStore); adding it again changes nothing; a cancelled event is refused (409).',
  })
  @ApiOkResponse({ type: LeagueDto, description: 'The league with its events.' })
  @ErrorResponses(400, 401, 403, 404, 409)
  addEvent(@Param() { id }: LeagueIdParamDto, @Body() dto: AddLeagueEventDto, @CurrentStaff() staff: StaffContext): Promise<LeagueDto> {
    return this.leagues.addEvent(id, dto.eventId, staffActor(staff));
  }

  @Put('leagues/:id/members')
  @Staff('league.manage')
  @ApiOperation({
    operationId: 'setLeagueMembers',
    summary:
      'Organizer of the league’s store: set the member stores whose events the league may take in (a regional season), replacing the previous set. Their private data stays theirs.',
  })
  @ApiOkResponse({ type: LeagueDto, description: 'The league with its members.' })
  @ErrorResponses(400, 401, 403, 404)
  setMembers(@Param() { id }: LeagueIdParamDto, @Body() dto: SetLeagueMembersDto): Promise<LeagueDto> {
    return this.leagues.setMembers(id, dto.storeIds);
  }

  @Get('leagues/:id/standings')
  @ApiAuth('public')
  @ApiOperation({ operationId: 'getLeagueStandings', summary: 'League standings by player profile (public): points, events attended, match points, mean OMW%; ?format=csv.' })
  @ApiJsonOrTextResponse({
    description: 'The league standings by rank: JSON, or CSV (?format=csv).',
    type: [LeagueStandingDto],
    text: { 'text/csv': 'Standings as CSV (?format=csv).' },
  })
  @ErrorResponses(400, 404)
  async standings(@Param() { id }: LeagueIdParamDto, @Query() q: LeagueFormatQueryDto, @Res({ passthrough: true }) res: FastifyReply) {
    const rows = await this.leagues.standings(id);
    if (q.format !== 'csv') return rows;
    res.type('text/csv; charset=utf-8');
    return this.leagues.standingsCsv(rows);
  }

  @Get('leagues/:id/players/:profileId')
  @ApiAuth('public')
  @ApiOperation({ operationId: 'getLeaguePlayerHistory', summary: 'A player’s history across the league’s events (public).' })
  @ApiOkResponse({ type: LeaguePlayerHistoryDto })
  @ErrorResponses(400, 404)
  history(@Param() { id, profileId }: LeagueProfileParamDto): Promise<LeaguePlayerHistoryDto> {
    return this.leagues.history(id, profileId);
  }

  @Post('profiles/:id/merge')
  @HttpCode(200)
  @Staff('profiles.manage')
  @ApiOperation({ operationId: 'mergeProfiles', summary: 'Organizer: merge two profiles of one person ({ "into": profileId }); refused when both played the same event.' })
  @ApiOkResponse({ type: ProfileMergeDto, description: 'The profile {id} is gone; its entries now belong to `into`.' })
  @ErrorResponses(400, 401, 404, 409)
  merge(@Param() { id }: LeagueIdParamDto, @Body() dto: MergeProfileDto): Promise<ProfileMergeDto> {
    return this.leagues.merge(id, dto.into);
  }
}
