import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import { Staff, StaffOr } from '../common/auth/staff.decorator';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAuth, ApiJsonOrTextResponse } from '../common/http/api-docs';
import type { FastifyReply } from 'fastify';
import { BearerToken, CurrentCaller, type Caller } from '../common/auth/caller';
import { ErrorResponses } from '../common/errors/error-responses.decorator';
import { EventIdParamDto, PlayerIdParamDto } from '../events/dto/event.dto';
import type { PlayerRow } from '../events/events.repository';
import { CurrentPlayer, PlayerGuard } from '../events/player.guard';
import { PlayersService } from '../events/players.service';
import { MatchParamDto } from '../common/validation/match-param.dto';
import {
  CorrectionPreviewDto,
  DropDto,
  ListingQueryDto,
  MatchResultDto,
  PairingDto,
  PairRoundDto,
  PlacingDto,
  ResultChangeDto,
  RoundDto,
  RoundParamDto,
  StandingDto,
  TopCutDto,
} from './dto/tournament.dto';
import { pairingsCsv, pairingsText, standingsCsv, standingsText } from './listings';
import { TournamentService } from './tournament.service';
import { CurrentStaff, type StaffContext } from '../common/auth/staff-context';
import { playerActor, staffActor } from '../audit/rules/audit-entry';

function send<T>(res: FastifyReply, format: string | undefined, json: T, csv: () => string, text: () => string): T | string {
  if (format === 'csv') {
    res.type('text/csv; charset=utf-8');
    return csv();
  }
  if (format === 'text') {
    res.type('text/plain; charset=utf-8');
    return text();
  }
  return json;
}

@ApiTags('tournament')
@Controller()
export class TournamentController {
  constructor(
    private readonly tournament: TournamentService,
    private readonly players: PlayersService,
  ) {}

  @Post('events/:id/rounds')
  @Staff('event.pairings')
  @ApiOperation({
    operationId: 'pairNextRound',
    summary: 'Organizer: pair the next Swiss round.',
    description:
      'Round 1 at random from the event seed; later rounds inside match-point groups, fewest and smallest pair-downs, no rematch unless nothing else exists (then `rematch: true`), at most one bye per round (only when the number of active players is odd) to the player with the fewest byes so far — never twice in a row while another can take it — then the fewest points; draft events pair inside the pod first and the leftover players of odd pods across pods. The previous round must be complete. Every player still in needs a legal registered deck: otherwise 409 DECKS_NOT_READY names each; `choices` gives the organizer’s choice for each (`gameLoss`: a game loss in their match, MTR 7.9; `pairAnyway`), `force: true` pairs them all anyway (the answer lists them in `pairedWithoutDecks`). Pairing round 1 locks decks.',
  })
  @ApiCreatedResponse({ type: RoundDto, description: 'The new round.' })
  @ErrorResponses(400, 401, 404, 409)
  pair(@Param() { id }: EventIdParamDto, @Body() dto: PairRoundDto, @CurrentStaff() staff: StaffContext): Promise<RoundDto> {
    const choices = new Map((dto.choices ?? []).map((c) => [c.playerId, c.choice]));
    return this.tournament.pairNextRound(id, dto.minutes, dto.firstRound, dto.force === true, choices, staffActor(staff));
  }

  @Get('events/:id/rounds/:number')
  @ApiAuth('public')
  @ApiOperation({ operationId: 'getRound', summary: 'A round with its clock and pairings (public); ?format=csv|text and ?sort=name print them the way stores post them.' })
  @ApiJsonOrTextResponse({
    description: 'The round: JSON, or its pairings as CSV (?format=csv) or printable text (?format=text).',
    type: RoundDto,
    text: { 'text/csv': 'Pairings as CSV (?format=csv).', 'text/plain': 'Pairings as printable text (?format=text).' },
  })
  @ErrorResponses(400, 404)
  async round(@Param() { id, number }: RoundParamDto, @Query() q: ListingQueryDto, @Res({ passthrough: true }) res: FastifyReply) {
    const round = await this.tournament.round(id, number);
    const sort = q.sort ?? 'table';
    const lang = q.format === 'csv' || q.format === 'text' ? await this.tournament.listingLanguage(id, q.lang) : 'en';
    return send(
      res,
      q.format,
      round,
      () => pairingsCsv(round, sort, lang),
      () => pairingsText(round, sort, lang),
    );
  }

  @Delete('events/:id/rounds/:number')
  @HttpCode(204)
  @Staff('event.pairings')
  @ApiOperation({ operationId: 'undoRound', summary: 'Organizer: undo the latest round while it has no results.' })
  @ApiNoContentResponse({ description: 'The round is gone.' })
  @ErrorResponses(400, 401, 404, 409)
  async undo(@Param() { id, number }: RoundParamDto, @CurrentStaff() staff: StaffContext): Promise<void> {
    await this.tournament.undoRound(id, number, staffActor(staff));
  }

  @Put('matches/:matchId/result')
  @Staff('event.results')
  @ApiOperation({
    operationId: 'setMatchResult',
    summary:
      'Organizer: enter or correct a result (best of three: winsA/winsB 0–2, at most 3 games incl. draws; 1-0 and 0-0-3 valid). Every change is kept, with who made it; a correction (the match already has another result) needs a reason (400 VALIDATION_FAILED, field reason).',
  })
  @ApiOkResponse({ type: PairingDto })
  @ErrorResponses(400, 401, 404, 409)
  result(@Param() { matchId }: MatchParamDto, @Body() dto: MatchResultDto, @CurrentStaff() staff: StaffContext): Promise<PairingDto> {
    return this.tournament.setResult(matchId, dto, staffActor(staff));
  }

  @Post('matches/:matchId/result/preview')
  @HttpCode(200)
  @Staff('event.results')
  @ApiOperation({
    operationId: 'previewMatchResult',
    summary: 'Organizer: what entering or correcting this result would change — each standings line that differs, and the rounds already paired since. Nothing is stored.',
  })
  @ApiOkResponse({ type: CorrectionPreviewDto })
  @ErrorResponses(400, 401, 404, 409)
  preview(@Param() { matchId }: MatchParamDto, @Body() dto: MatchResultDto): Promise<CorrectionPreviewDto> {
    return this.tournament.previewResult(matchId, dto);
  }

  @Post('matches/:matchId/report')
  @HttpCode(200)
  @ApiAuth('player')
  @ApiOperation({ operationId: 'reportMatchResult', summary: 'Player: report your match. Two identical reports decide it; differing reports mark it disputed for the organizer.' })
  @ApiOkResponse({ type: PairingDto })
  @ErrorResponses(400, 401, 403, 404)
  async report(@Param() { matchId }: MatchParamDto, @Body() dto: MatchResultDto, @BearerToken() token: string | null): Promise<PairingDto> {
    // The match's event first (404 MATCH_NOT_FOUND before any 401), then the player in it.
    const eventId = await this.tournament.eventOfMatch(matchId);
    return this.tournament.report(matchId, await this.players.authenticate(eventId, token), dto);
  }

  @Get('matches/:matchId/history')
  @StaffOr('event.view', 'public')
  @ApiOperation({
    operationId: 'getMatchHistory',
    summary:
      'Every change of a match result, by whom and when, with a correction’s reason (public). Staff of the event’s store see the staff member’s name and role; anyone else the role only (name null); a confirming player is named for everyone.',
  })
  @ApiOkResponse({ type: [ResultChangeDto], description: 'Oldest first.' })
  @ErrorResponses(400, 404)
  history(@Param() { matchId }: MatchParamDto, @CurrentCaller() caller: Caller): Promise<ResultChangeDto[]> {
    return this.tournament.history(matchId, caller.kind === 'organizer');
  }

  @Post('events/:id/players/:playerId/drop')
  @HttpCode(200)
  @Staff('event.registration')
  @ApiOperation({ operationId: 'dropPlayer', summary: 'Organizer: drop a player (no longer paired; stays in opponents’ tiebreakers; before round 1: leaves the standings).' })
  @ApiOkResponse({ type: DropDto })
  @ErrorResponses(400, 401, 404, 409)
  drop(@Param() { id, playerId }: PlayerIdParamDto, @CurrentStaff() staff: StaffContext): Promise<DropDto> {
    return this.tournament.drop(id, playerId, staffActor(staff));
  }

  @Post('events/:id/drop')
  @HttpCode(200)
  @UseGuards(PlayerGuard)
  @ApiAuth('player')
  @ApiOperation({ operationId: 'dropSelf', summary: 'Player: drop yourself.' })
  @ApiOkResponse({ type: DropDto })
  @ErrorResponses(400, 401, 403, 404, 409)
  dropSelf(@Param() { id }: EventIdParamDto, @CurrentPlayer() player: PlayerRow): Promise<DropDto> {
    return this.tournament.drop(id, player.id, playerActor(player));
  }

  @Post('events/:id/top-cut')
  @Staff('event.pairings')
  @ApiOperation({
    operationId: 'startTopCut',
    summary: 'Organizer: start a single-elimination top 2, 4, 8, 16 or 32 from the Swiss standings, or cut by match points.',
    description:
      'Later playoff rounds are paired by POST /events/:id/rounds from the winners. Playoff matches cannot end in a draw. A dropped player’s seat stays empty (the opponent advances); nobody is promoted.',
  })
  @ApiCreatedResponse({ type: RoundDto, description: 'The first playoff round.' })
  @ErrorResponses(400, 401, 404, 409)
  topCut(@Param() { id }: EventIdParamDto, @Body() dto: TopCutDto, @CurrentStaff() staff: StaffContext): Promise<RoundDto> {
    return this.tournament.startTopCut(id, { size: dto.size, minMatchPoints: dto.minMatchPoints, fill: dto.fill }, dto.minutes, staffActor(staff));
  }

  @Get('events/:id/placings')
  @ApiAuth('public')
  @ApiOperation({ operationId: 'getPlacings', summary: 'Final placings (public): playoff results first, then the Swiss standings.' })
  @ApiOkResponse({ type: [PlacingDto], description: 'By place.' })
  @ErrorResponses(400, 404)
  placings(@Param() { id }: EventIdParamDto): Promise<PlacingDto[]> {
    return this.tournament.placings(id);
  }

  @Get('events/:id/standings')
  @ApiAuth('public')
  @ApiOperation({ operationId: 'getStandings', summary: 'Standings (public): match points 3/1/0, then OMW%, GW%, OGW% floored at 0.33 (MTR Appendix C); ?format=csv|text.' })
  @ApiJsonOrTextResponse({
    description: 'The standings by rank: JSON, CSV (?format=csv) or printable text (?format=text).',
    type: [StandingDto],
    text: { 'text/csv': 'Standings as CSV (?format=csv).', 'text/plain': 'Standings as printable text (?format=text).' },
  })
  @ErrorResponses(400, 404)
  async standings(@Param() { id }: EventIdParamDto, @Query() q: ListingQueryDto, @Res({ passthrough: true }) res: FastifyReply) {
    const rows = await this.tournament.standings(id);
    const lang = q.format === 'csv' || q.format === 'text' ? await this.tournament.listingLanguage(id, q.lang) : 'en';
    return send(
      res,
      q.format,
      rows,
      () => standingsCsv(rows, lang),
      () => standingsText(rows, lang),
    );
  }
}
