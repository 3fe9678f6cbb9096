import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiAuth, ApiJsonOrTextResponse } from '../common/http/api-docs';
import type { FastifyReply } from 'fastify';
import { BearerToken } from '../common/auth/caller';
import { OrganizerGuard } from '../common/auth/organizer.guard';
import { DomainError } from '../common/errors/domain-error';
import { ErrorResponses } from '../common/errors/error-responses.decorator';
import { EventIdParamDto, PlayerIdParamDto } from '../events/dto/event.dto';
import { EventsRepository, type PlayerRow } from '../events/events.repository';
import { CurrentPlayer, PlayerGuard } from '../events/player.guard';
import { PlayersService } from '../events/players.service';
import { DecksService } from './decks.service';
import { MatchParamDto } from '../common/validation/match-param.dto';
import {
  CheckDeckDto,
  SideboardDto,
  DeckCheckResultDto,
  DeckDto,
  DeckExportQueryDto,
  DeckFormatQueryDto,
  ExportDeckDto,
  DeckIllegalDto,
  DeckImportQueryDto,
  ImportedDeckListDto,
  PlayerDeckStatusDto,
  SubmitDeckDto,
  SubmittedDeckDto,
} from './dto/deck.dto';
import { DECK_LIST_FILES } from './formats';
import { DeckSuggestionDto } from './suggestion/deck-suggestion.dto';
import { RateLimited } from '../common/rate-limit/rate-limits';

/** Media types `POST /api/decks/import` reads as raw text. */
export const DECK_IMPORT_MEDIA_TYPES = ['text/plain', 'text/csv', 'application/xml', 'text/xml', 'application/octet-stream'];

/**
 * An illegal deck answers 422, both the API's error shape and { legal, violations, deck }; the
 * message says what happened to it: a submission is stored as a draft marked illegal, a
 * sideboarding change is not stored at all.
 */
/** The 422 of a deck route: the error shape and the checked deck together. */
const DeckIllegalResponse = (what: string) =>
  ApiResponse({ status: 422, description: `DECK_ILLEGAL: { legal: false, violations, deck } in the error shape (${what})`, type: DeckIllegalDto });

function answer(
  res: FastifyReply,
  result: SubmittedDeckDto,
  illegal: 'stored' | 'refused' = 'stored',
): SubmittedDeckDto | (SubmittedDeckDto & { statusCode: number; code: string; message: string; details: unknown[] }) {
  if (result.legal) return result;
  res.status(422);
  return {
    statusCode: 422,
    code: 'DECK_ILLEGAL',
    message:
      illegal === 'stored'
        ? `The deck breaks ${result.violations.length} rule(s); it is saved as a draft marked illegal`
        : `The deck breaks ${result.violations.length} rule(s); nothing was changed: the match keeps the deck it had`,
    details: result.violations.map((v) => ({ field: 'deck', rule: v.code, message: v.message, card: v.cards.join(',') || undefined })),
    ...result,
  };
}

@ApiTags('decks')
@Controller()
export class DecksController {
  constructor(
    private readonly decks: DecksService,
    private readonly players: PlayersService,
    private readonly events: EventsRepository,
  ) {}

  @Put('events/:id/deck')
  @UseGuards(PlayerGuard)
  @ApiAuth('player')
  @ApiOperation({
    operationId: 'submitMyDeck',
    summary: 'Player: submit your deck (hero + main deck + sideboard as [{cardId, count}]).',
    description:
      'Limited rules (WoW TCG "Sealed Pack Formats"): at least 30 cards besides the hero; the hero may be any hero of the game; every other card from your own pool, no more copies than you own; the sideboard is every pool card not in the main deck (computed when omitted). 200 { legal: true, violations: [], deck }; an illegal deck is saved as a draft marked illegal and answers 422 { legal: false, violations: [{ code, message, cards }], deck } (also in the API error shape). Decks lock when round 1 is paired.',
  })
  @ApiOkResponse({ type: SubmittedDeckDto, description: 'A legal deck, registered.' })
  @DeckIllegalResponse('saved as an illegal draft')
  @ErrorResponses(400, 401, 403, 404, 409)
  async submit(@Param() { id }: EventIdParamDto, @Body() dto: SubmitDeckDto, @CurrentPlayer() player: PlayerRow, @Res({ passthrough: true }) res: FastifyReply) {
    return answer(res, await this.decks.submit(id, player, dto, 'player'));
  }

  @Get('events/:id/deck')
  @UseGuards(PlayerGuard)
  @ApiAuth('player')
  @ApiOperation({ operationId: 'getMyDeck', summary: 'Player: your deck as JSON or as a deck list file (?format=text|csv|o8d|mwdeck).' })
  @ApiJsonOrTextResponse({
    description: 'Your deck: JSON by default; ?format=text|mwdeck as text/plain, csv as text/csv, o8d as OCTGN XML (application/xml), each as an attachment.',
    type: DeckDto,
    text: {
      'text/plain': 'A text or .mwDeck deck list (?format=text|mwdeck).',
      'text/csv': 'A CSV deck list (?format=csv).',
      'application/xml': 'An OCTGN .o8d deck file (?format=o8d).',
    },
  })
  @ErrorResponses(400, 401, 403, 404)
  async get(@Param() { id }: EventIdParamDto, @Query() query: DeckFormatQueryDto, @CurrentPlayer() player: PlayerRow, @Res({ passthrough: true }) res: FastifyReply) {
    if (!query.format || query.format === 'json') return this.decks.get(id, player);
    const file = DECK_LIST_FILES[query.format];
    res.type(file.mediaType);
    res.header('content-disposition', `attachment; filename="deck.${file.extension}"`);
    return this.decks.export(id, player, query.format);
  }

  @Get('events/:id/deck/suggestion')
  @UseGuards(PlayerGuard)
  @ApiAuth('player')
  @ApiOperation({
    operationId: 'suggestMyDeck',
    summary: 'Player: a legal deck proposed from your own pool, with a one-line explanation.',
    description:
      'WoW TCG: the hero (any hero of the game) that may play the most of your pool cards under the faction/class/talent rules, and the 30 highest-rarity of those cards; Berserk: your two most common elements plus neutral cards. Checked like a submission (`legal`, `violations`: a pool that fits no hero with 30 cards gives a short deck and says so). Send `{ hero, main, sideboard }` to PUT …/deck to register it. Nothing is stored.',
  })
  @ApiOkResponse({ type: DeckSuggestionDto })
  @ErrorResponses(400, 401, 403, 404, 409)
  suggestion(@Param() { id }: EventIdParamDto, @CurrentPlayer() player: PlayerRow): Promise<DeckSuggestionDto> {
    return this.decks.suggest(id, player);
  }

  @Put('matches/:matchId/deck')
  @ApiAuth('player')
  @ApiOperation({
    operationId: 'sideboardMatchDeck',
    summary: 'Player: sideboard between games of a match ({ main, sideboard? }, same hero).',
    description: 'The deck must stay legal (422 DECK_ILLEGAL otherwise, nothing stored). It lasts for this match: the next match starts again from the registered deck.',
  })
  @ApiOkResponse({ type: SubmittedDeckDto, description: 'The deck for the rest of the match.' })
  @DeckIllegalResponse('nothing stored: the match keeps the deck it had')
  @ErrorResponses(400, 401, 403, 404, 409)
  async sideboard(@Param() { matchId }: MatchParamDto, @Body() dto: SideboardDto, @BearerToken() token: string | null, @Res({ passthrough: true }) res: FastifyReply) {
    // The match's event is known once the match is found (its 404 first): the service authenticates then.
    return answer(res, await this.decks.sideboardForMatch(matchId, (eventId) => this.players.authenticate(eventId, token), dto), 'refused');
  }

  @Get('matches/:matchId/deck')
  @ApiAuth('player')
  @ApiOperation({ operationId: 'getMyMatchDeck', summary: 'Player: your deck for this match (after sideboarding, else the registered deck).' })
  @ApiOkResponse({ type: DeckDto })
  @ErrorResponses(400, 401, 403, 404)
  matchDeck(@Param() { matchId }: MatchParamDto, @BearerToken() token: string | null): Promise<DeckDto> {
    return this.decks.deckForMatch(matchId, (eventId) => this.players.authenticate(eventId, token));
  }

  @Get('events/:id/decks')
  @UseGuards(OrganizerGuard)
  @ApiAuth('organizer')
  @ApiOperation({ operationId: 'listDecks', summary: 'Organizer: every player’s deck status (missing, legal, illegal) and deck.' })
  @ApiOkResponse({ type: [PlayerDeckStatusDto] })
  @ErrorResponses(400, 401, 404)
  list(@Param() { id }: EventIdParamDto): Promise<PlayerDeckStatusDto[]> {
    return this.decks.list(id);
  }

  @Put('events/:id/players/:playerId/deck')
  @UseGuards(OrganizerGuard)
  @ApiAuth('organizer')
  @ApiOperation({ operationId: 'submitPlayerDeck', summary: 'Organizer: submit a deck for a player (same rules and answers as the player’s own route).' })
  @ApiOkResponse({ type: SubmittedDeckDto, description: 'A legal deck, registered.' })
  @DeckIllegalResponse('saved as an illegal draft')
  @ErrorResponses(400, 401, 404, 409)
  async submitFor(@Param() { id, playerId }: PlayerIdParamDto, @Body() dto: SubmitDeckDto, @Res({ passthrough: true }) res: FastifyReply) {
    return answer(res, await this.decks.submit(id, await this.events.player(id, playerId), dto, 'organizer'));
  }

  @Post('decks/check')
  @RateLimited('heavy')
  @HttpCode(200)
  @ApiAuth('public')
  @ApiOperation({
    operationId: 'checkDeck',
    summary: 'Public: check a Constructed or Limited deck without an event.',
    description: '200 { legal, violations } either way (all violations together); 400 only for a malformed body.',
  })
  @ApiOkResponse({ type: DeckCheckResultDto })
  @ErrorResponses(400, 413, 415, 429)
  check(@Body() dto: CheckDeckDto): Promise<DeckCheckResultDto> {
    return this.decks.checkStandalone(dto);
  }

  @Post('decks/export')
  @RateLimited('heavy')
  @HttpCode(200)
  @ApiAuth('public')
  @ApiOperation({
    operationId: 'exportDeck',
    summary: 'Public: any deck of a game as a deck list file (?format=text|csv|o8d|mwdeck).',
    description:
      'OCTGN .o8d names each card by its OCTGN GUID when its set was imported from an OCTGN file; cards without one are written with their Podium id and listed in the notes. Unknown card ids: 400 (rule knownCard).',
  })
  @ApiResponse({
    status: 200,
    description: 'The deck file, as an attachment.',
    content: {
      'text/plain': { schema: { type: 'string', description: 'A text or .mwDeck deck list.' } },
      'text/csv': { schema: { type: 'string', description: 'A CSV deck list.' } },
      'application/xml': { schema: { type: 'string', description: 'An OCTGN .o8d deck file.' } },
    },
  })
  @ErrorResponses(400, 413, 415, 429)
  async exportDeck(@Query() query: DeckExportQueryDto, @Body() dto: ExportDeckDto, @Res({ passthrough: true }) res: FastifyReply): Promise<string> {
    const text = await this.decks.exportStandalone(query.format, dto);
    const file = DECK_LIST_FILES[query.format];
    res.type(file.mediaType);
    res.header('content-disposition', `attachment; filename="deck.${file.extension}"`);
    return text;
  }

  @Post('decks/import')
  @RateLimited('heavy')
  @HttpCode(200)
  @ApiAuth('public')
  @ApiOperation({
    operationId: 'importDeckList',
    summary: 'Public: read a deck list (text, CSV, OCTGN .o8d, .mwDeck) into cards of a game.',
    description:
      'Names resolve within ?sets= first, then the whole game; an ambiguous or unknown name is listed in `unresolved` with the closest matches (for the first 25 unknown names), never guessed. At most 500 non-empty lines or cards (413) and 256 KB.',
  })
  @ApiConsumes(...DECK_IMPORT_MEDIA_TYPES)
  @ApiBody({ schema: { type: 'string', description: 'The deck list file, as is.' } })
  @ApiOkResponse({ type: ImportedDeckListDto })
  @ErrorResponses(400, 413, 415, 429)
  async importList(@Query() query: DeckImportQueryDto, @Body() body: unknown) {
    if (typeof body !== 'string' || body.trim() === '') {
      throw new DomainError('VALIDATION_FAILED', 'Send the deck list as the raw body (text/plain, text/csv or XML)', [
        { field: 'body', rule: 'required', message: 'empty or not text' },
      ]);
    }
    const sets = (query.sets ?? '')
      .split(',')
      .map((s) => s.trim().toUpperCase())
      .filter(Boolean);
    return this.decks.importList(query.format, body, query.game, sets);
  }
}
