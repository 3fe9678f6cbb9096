import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import fresh from 'fresh';
import { CurrentStaff, type StaffContext } from '../common/auth/staff-context';
import { Staff } from '../common/auth/staff.decorator';
import { staffActor } from '../audit/rules/audit-entry';
import { ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiAuth, ApiJsonOrTextResponse } from '../common/http/api-docs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimited } from '../common/rate-limit/rate-limits';
import { ErrorResponses } from '../common/errors/error-responses.decorator';
import {
  AddLeagueEventDto,
  CreateLeagueDto,
  LeagueDto,
  LeagueFormatQueryDto,
  LeagueIdParamDto,
  LeaguePlayerHistoryDto,
  LeagueEventParamDto,
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

  @Delete('leagues/:id/events/:eventId')
  @Staff('league.manage')
  @ApiOperation({
    operationId: 'removeLeagueEvent',
    summary: 'Organizer: take an event out of the league (added by mistake): its results leave the standings at once. An event not in the league: nothing changes.',
  })
  @ApiOkResponse({ type: LeagueDto, description: 'The league with its events.' })
  @ErrorResponses(400, 401, 403, 404)
  removeEvent(@Param() { id, eventId }: LeagueEventParamDto, @CurrentStaff() staff: StaffContext): Promise<LeagueDto> {
    return this.leagues.removeEvent(id, eventId, staffActor(staff));
  }

  @Get('leagues/:id/standings')
  @ApiAuth('public')
  @RateLimited('heavy')
  @ApiOperation({
    operationId: 'getLeagueStandings',
    summary:
      'League standings by player profile (public): points, events attended, match points, mean OMW%; ?format=csv. Current as of the request (a result, correction, penalty, drop, late entry, merge or event added, removed or cancelled before it is in). ETag (the standings’ version) with Cache-Control: public, no-cache: send If-None-Match for a 304 when nothing moved. Limited to RATE_LIMIT_HEAVY a minute per client address (then 429).',
  })
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'An ETag of an earlier answer: 304 with no body while the standings are unchanged.' })
  @ApiJsonOrTextResponse({
    description: 'The league standings by rank: JSON, or CSV (?format=csv). ETag: their version (per format).',
    type: [LeagueStandingDto],
    text: { 'text/csv': 'Standings as CSV (?format=csv).' },
  })
  @ApiResponse({ status: 304, description: 'Not modified: the standings are those of the If-None-Match ETag.' })
  @ErrorResponses(400, 404, 429)
  async standings(@Param() { id }: LeagueIdParamDto, @Query() q: LeagueFormatQueryDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply) {
    const format = q.format === 'csv' ? 'csv' : 'json';
    const at = await this.leagues.standingsVersion(id);
    // Public data that changes on event nights: any cache may keep it, and must ask again each
    // time (the 304 costs one row read on the server).
    void res.header('cache-control', 'public, no-cache');
    if (at.version !== null) {
      const etag = `"${at.version}-${format}"`;
      void res.header('etag', etag);
      // If-None-Match alone (RFC 9110, 13.1.2, weak comparison): a request's Cache-Control:
      // no-cache speaks to caches on the way, and fetch() adds it to every request that sets
      // If-None-Match itself — `fresh` would then never answer 304 to a script.
      if (fresh({ 'if-none-match': req.headers['if-none-match'] }, { etag })) {
        void res.status(304);
        return '';
      }
    }
    const body = await this.leagues.standingsDocument(at, format);
    void res.type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8');
    return body;
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
