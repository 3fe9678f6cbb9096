import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import { Staff } from '../common/auth/staff.decorator';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiAuth, ApiJsonOrTextResponse } from '../common/http/api-docs';
import type { FastifyReply } from 'fastify';
import { BearerToken } from '../common/auth/caller';
import { DomainError } from '../common/errors/domain-error';
import type { RawTextBody } from '../common/http/request-bodies';
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
  DeckSubmissionDto,
  DeckSubmissionIllegalDto,
  DeckMinimumDto,
  ImportedDeckListDto,
  SetDeckMinimumDto,
  PlayerDeckDto,
  PlayerDeckStatusDto,
  SubmitDeckDto,
  SubmittedDeckDto,
} from './dto/deck.dto';
import { DECK_LIST_FILES } from './formats';
import { DeckSuggestionDto, RegisteredSuggestionDto } from './suggestion/deck-suggestion.dto';
import { RateLimited } from '../common/rate-limit/rate-limits';
import { CurrentStaff, type StaffContext } from '../common/auth/staff-context';
import { staffActor } from '../audit/rules/audit-entry';

/** Media types `POST /api/decks/import` reads as raw text. */
export const DECK_IMPORT_MEDIA_TYPES = ['text/plain', 'text/csv', 'application/xml', 'text/xml', 'application/octet-stream'];

/** The 422 of a submission: the error shape with { legal: false, violations, deck, storedAs, registeredDeck }. */
const DeckSubmissionIllegalResponse = () =>
  ApiResponse({
    status: 422,
    description:
      'DECK_ILLEGAL in the error shape, with { legal: false, violations, deck, storedAs, registeredDeck }: a registered legal deck stays registered and unchanged (storedAs working-copy); with none, the deck is kept as the deck of record marked illegal (storedAs unregistered).',
    type: DeckSubmissionIllegalDto,
  });

/** What a 422 says happened to the deck: a submission is kept (where, REGISTERED_DECK_KEPT), a sideboarding change is not stored at all. */
function illegalMessage(result: SubmittedDeckDto | DeckSubmissionDto, by: 'player' | 'organizer'): string {
  const broken = `The deck breaks ${result.violations.length} rule(s)`;
  if (!('storedAs' in result)) return `${broken}; nothing was changed: the match keeps the deck it had`;
  const your = by === 'player' ? 'your' : "the player's";
  return result.storedAs === 'working-copy'
    ? `${broken}; ${your} registered deck is unchanged and still counts: this one is kept as ${your} working copy, not registered`
    : `${broken}; it is kept as ${your} deck but not registered until it is legal`;
}

/** An illegal deck answers 422: the API's error shape and the route's answer in one body. */
function answer<T extends SubmittedDeckDto>(
  res: FastifyReply,
  result: T,
  by: 'player' | 'organizer' = 'player',
): T | (T & { statusCode: number; code: string; message: string; details: unknown[] }) {
  if (result.legal) return result;
  res.status(422);
  return {
    statusCode: 422,
    code: 'DECK_ILLEGAL',
    message: illegalMessage(result, by),
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
      'Limited rules (WoW TCG "Sealed Pack Formats"): at least 30 cards besides the hero; the hero may be any hero of the game; every other card from your own pool, no more copies than you own; the sideboard is every pool card not in the main deck (computed when omitted). 200 { legal: true, violations: [], deck, storedAs: registered, registeredDeck }: registered, any working copy cleared. An illegal deck answers 422 DECK_ILLEGAL { legal: false, violations: [{ code, message, cards }], deck, storedAs, registeredDeck } (also in the API error shape) and never replaces a registered legal deck: it is kept as your working copy (storedAs working-copy; rounds use the registered deck); with no legal deck yet it is kept as your deck, not registered (storedAs unregistered). Team events: the team faction rule is checked against your teammates\' registered decks; a deck may register together with teammates\' decks that only wait for the team rule. Decks lock when round 1 is paired.',
  })
  @ApiOkResponse({ type: DeckSubmissionDto, description: 'A legal deck, registered.' })
  @DeckSubmissionIllegalResponse()
  @ErrorResponses(400, 401, 403, 404, 409)
  async submit(@Param() { id }: EventIdParamDto, @Body() dto: SubmitDeckDto, @CurrentPlayer() player: PlayerRow, @Res({ passthrough: true }) res: FastifyReply) {
    return answer(res, await this.decks.submit(id, player, dto, 'player'));
  }

  @Get('events/:id/deck')
  @UseGuards(PlayerGuard)
  @ApiAuth('player')
  @ApiOperation({
    operationId: 'getMyDeck',
    summary: 'Player: your deck as JSON (with your working copy) or as a deck list file (?format=text|csv|o8d|mwdeck).',
    description:
      'JSON: your deck of record — registered when `legal` — and `workingCopy`: your latest submission when it broke a rule after you registered a legal deck (not registered, never played), else null. Files: the deck of record only. 404 DECK_NOT_FOUND before your first submission.',
  })
  @ApiJsonOrTextResponse({
    description: 'Your deck: JSON by default; ?format=text|mwdeck as text/plain, csv as text/csv, o8d as OCTGN XML (application/xml), each as an attachment.',
    type: PlayerDeckDto,
    text: {
      'text/plain': 'A text or .mwDeck deck list (?format=text|mwdeck).',
      'text/csv': 'A CSV deck list (?format=csv).',
      'application/xml': 'An OCTGN .o8d deck file (?format=o8d).',
    },
  })
  @ErrorResponses(400, 401, 403, 404, 422)
  async get(@Param() { id }: EventIdParamDto, @Query() query: DeckFormatQueryDto, @CurrentPlayer() player: PlayerRow, @Res({ passthrough: true }) res: FastifyReply) {
    if (!query.format || query.format === 'json') return this.decks.get(id, player);
    const file = DECK_LIST_FILES[query.format];
    res.type(file.mediaType);
    res.header('content-disposition', `attachment; filename="deck.${file.extension}"`);
    return this.decks.export(id, player, query.format, query.octgnIds === 'podium');
  }

  @Delete('events/:id/deck/working-copy')
  @UseGuards(PlayerGuard)
  @ApiAuth('player')
  @ApiOperation({
    operationId: 'discardMyWorkingCopy',
    summary: 'Player: drop your working copy and go back to your registered deck.',
    description:
      'Deletes the working copy (your latest, unregistered submission); the registered deck is untouched. Answers your deck as GET …/deck does (workingCopy null), also when there was no working copy. 404 DECK_NOT_FOUND before your first submission; 409 once decks are locked (round 1 paired).',
  })
  @ApiOkResponse({ type: PlayerDeckDto })
  @ErrorResponses(400, 401, 403, 404, 409)
  discardWorkingCopy(@Param() { id }: EventIdParamDto, @CurrentPlayer() player: PlayerRow): Promise<PlayerDeckDto> {
    return this.decks.discardWorkingCopy(id, player);
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
  @ApiResponse({
    status: 422,
    description: 'DECK_ILLEGAL: { legal: false, violations, deck } in the error shape (nothing stored: the match keeps the deck it had)',
    type: DeckIllegalDto,
  })
  @ErrorResponses(400, 401, 403, 404, 409)
  async sideboard(@Param() { matchId }: MatchParamDto, @Body() dto: SideboardDto, @BearerToken() token: string | null, @Res({ passthrough: true }) res: FastifyReply) {
    // The match's event is known once the match is found (its 404 first): the service authenticates then.
    return answer(res, await this.decks.sideboardForMatch(matchId, (eventId) => this.players.authenticate(eventId, token), dto));
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
  @Staff('event.view')
  @ApiOperation({
    operationId: 'listDecks',
    summary: 'Organizer: every player’s deck status (missing, legal, illegal), deck and working copy.',
    description:
      'status legal: a deck is registered (rounds use it), even when the player has a working copy beside it — changes they submitted later that broke a rule (`workingCopy`, not registered); illegal: a deck was submitted but none is registered; missing: none submitted.',
  })
  @ApiOkResponse({ type: [PlayerDeckStatusDto] })
  @ErrorResponses(400, 401, 404)
  list(@Param() { id }: EventIdParamDto): Promise<PlayerDeckStatusDto[]> {
    return this.decks.list(id);
  }

  @Put('events/:id/players/:playerId/deck')
  @Staff('event.decks')
  @ApiOperation({
    operationId: 'submitPlayerDeck',
    summary: 'Organizer: submit a deck for a player (same rules and answers as the player’s own route).',
    description: 'An illegal list never replaces the player’s registered legal deck: it is kept as their working copy (422, storedAs working-copy).',
  })
  @ApiOkResponse({ type: DeckSubmissionDto, description: 'A legal deck, registered.' })
  @DeckSubmissionIllegalResponse()
  @ErrorResponses(400, 401, 404, 409)
  async submitFor(@Param() { id, playerId }: PlayerIdParamDto, @Body() dto: SubmitDeckDto, @CurrentStaff() staff: StaffContext, @Res({ passthrough: true }) res: FastifyReply) {
    return answer(res, await this.decks.submit(id, await this.events.player(id, playerId), dto, 'organizer', staffActor(staff)), 'organizer');
  }

  @Post('events/:id/players/:playerId/deck/suggestion')
  @HttpCode(200)
  @Staff('event.decks')
  @ApiOperation({
    operationId: 'registerSuggestedDeck',
    summary: 'Organizer: register the deck suggestion’s best effort for a player (a one-click fix for a player without a legal deck).',
    description:
      'Every hero of the game is tried (Limited: any hero may be chosen; a team event keeps the teammates’ faction) and the hero with the biggest legal main deck is kept, its highest-rarity cards first — the same suggestion as GET …/deck/suggestion — then submitted as the organizer’s (submittedBy organizer), with the answers of PUT …/players/:playerId/deck plus the explanation. 409 SUGGESTION_SHORT when even the best hero gives fewer cards than the player’s minimum (nothing stored; the message gives the count and the next option: a lower minimum via PUT …/deck-minimum, a game loss or a drop).',
  })
  @ApiOkResponse({ type: RegisteredSuggestionDto, description: 'The suggested deck, registered.' })
  @DeckSubmissionIllegalResponse()
  @ErrorResponses(400, 401, 404, 409)
  async registerSuggestion(@Param() { id, playerId }: PlayerIdParamDto, @CurrentStaff() staff: StaffContext, @Res({ passthrough: true }) res: FastifyReply) {
    return answer(res, await this.decks.registerSuggestion(id, playerId, staffActor(staff)), 'organizer');
  }

  @Put('events/:id/players/:playerId/deck-minimum')
  @Staff('event.decks')
  @ApiOperation({
    operationId: 'setDeckMinimum',
    summary: 'Organizer: a lower main-deck minimum for one player (a pool no hero can fill), or null for the game’s.',
    description:
      'From two thirds of the game’s minimum (20 of 30) to one below it (400 VALIDATION_FAILED, field minMainDeck, rule range, otherwise). Stored on the player (in the event’s export and archive); the player’s decks are checked again at once, so a short deck that now passes is registered. Until round 1 is paired (409 EVENT_STATE_CONFLICT after).',
  })
  @ApiOkResponse({ type: DeckMinimumDto })
  @ErrorResponses(400, 401, 404, 409)
  setMinimum(@Param() { id, playerId }: PlayerIdParamDto, @Body() dto: SetDeckMinimumDto, @CurrentStaff() staff: StaffContext): Promise<DeckMinimumDto> {
    return this.decks.setMinimum(id, playerId, dto.minMainDeck, staffActor(staff));
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
      'OCTGN .o8d names each card by its OCTGN GUID (the shipped HoA, DoW and MoL carry them; sets imported from OCTGN files too); a deck with a card without one is refused (422 OCTGN_IDS_MISSING naming them) unless ?octgnIds=podium, which writes Podium ids listed in the notes. Unknown card ids: 400 (rule knownCard).',
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
  @ErrorResponses(400, 413, 415, 422, 429)
  async exportDeck(@Query() query: DeckExportQueryDto, @Body() dto: ExportDeckDto, @Res({ passthrough: true }) res: FastifyReply): Promise<string> {
    const text = await this.decks.exportStandalone(query.format, dto, query.octgnIds === 'podium');
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
      'Names resolve within ?sets= first, then the whole game; an ambiguous or unknown name is listed in `unresolved` with the closest matches (for the first 25 unknown names), never guessed. Every non-blank line is a card, an unresolved line, an error or an ignored line (with its reason). The encoding: ?encoding=, else the declared charset, a byte order mark, an .o8d XML declaration, UTF-8 when the bytes are valid UTF-8, else detected (Windows-1251, KOI8-R, …: the candidate whose names resolve best); `encoding` says which and why. At most 500 non-empty lines or cards (413) and 256 KB.',
  })
  @ApiConsumes(...DECK_IMPORT_MEDIA_TYPES)
  @ApiBody({ schema: { type: 'string', description: 'The deck list file, as is.' } })
  @ApiOkResponse({ type: ImportedDeckListDto })
  @ErrorResponses(400, 413, 415, 429)
  async importList(@Query() query: DeckImportQueryDto, @Body() body: RawTextBody | undefined) {
    if (!body || body.bytes.length === 0) {
      throw new DomainError('VALIDATION_FAILED', 'Send the deck list as the raw body (text/plain, text/csv or XML)', [
        { field: 'body', rule: 'required', message: 'empty or not text' },
      ]);
    }
    const sets = (query.sets ?? '')
      .split(',')
      .map((s) => s.trim().toUpperCase())
      .filter(Boolean);
    return this.decks.importList(query.format, body, query.encoding, query.game, sets);
  }
}
