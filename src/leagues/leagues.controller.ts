import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { OrganizerGuard } from '../common/auth/organizer.guard';
import { ErrorResponses } from '../common/errors/error-responses.decorator';
import { AddLeagueEventDto, CreateLeagueDto, LeagueFormatQueryDto, LeagueIdParamDto, LeagueProfileParamDto, MergeProfileDto } from './dto/league.dto';
import { LeaguesService } from './leagues.service';

@ApiTags('leagues')
@Controller()
export class LeaguesController {
  constructor(private readonly leagues: LeaguesService) {}

  @Post('leagues')
  @UseGuards(OrganizerGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Organizer: create a league (name, game, season dates, scoring: match points or a points table by placing, plus participation points).' })
  @ErrorResponses(400, 401)
  create(@Body() dto: CreateLeagueDto) {
    return this.leagues.create(dto);
  }

  @Get('leagues/:id')
  @ApiOperation({ summary: 'A league and its events (public).' })
  @ErrorResponses(400, 404)
  get(@Param() { id }: LeagueIdParamDto) {
    return this.leagues.get(id);
  }

  @Post('leagues/:id/events')
  @HttpCode(200)
  @UseGuards(OrganizerGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Organizer: add an event of the league’s game held within the season.' })
  @ErrorResponses(400, 401, 404)
  addEvent(@Param() { id }: LeagueIdParamDto, @Body() dto: AddLeagueEventDto) {
    return this.leagues.addEvent(id, dto.eventId);
  }

  @Get('leagues/:id/standings')
  @ApiOperation({ summary: 'League standings by player profile (public): points, events attended, match points, mean OMW%; ?format=csv.' })
  @ErrorResponses(400, 404)
  async standings(@Param() { id }: LeagueIdParamDto, @Query() q: LeagueFormatQueryDto, @Res({ passthrough: true }) res: FastifyReply) {
    const rows = await this.leagues.standings(id);
    if (q.format !== 'csv') return rows;
    res.type('text/csv; charset=utf-8');
    return this.leagues.standingsCsv(rows);
  }

  @Get('leagues/:id/players/:profileId')
  @ApiOperation({ summary: 'A player’s history across the league’s events (public).' })
  @ErrorResponses(400, 404)
  history(@Param() { id, profileId }: LeagueProfileParamDto) {
    return this.leagues.history(id, profileId);
  }

  @Post('profiles/:id/merge')
  @HttpCode(200)
  @UseGuards(OrganizerGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Organizer: merge two profiles of one person ({ "into": profileId }); refused when both played the same event.' })
  @ErrorResponses(400, 401, 404, 409)
  merge(@Param() { id }: LeagueIdParamDto, @Body() dto: MergeProfileDto) {
    return this.leagues.merge(id, dto.into);
  }
}
