import { Body, Controller, Get, Header, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { Staff } from '../common/auth/staff.decorator';
import { ApiBody, ApiConsumes, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAuth } from '../common/http/api-docs';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../common/errors/domain-error';
import { ErrorResponses } from '../common/errors/error-responses.decorator';
import { CatalogService, toDetail } from './catalog.service';
import { CardPageDto, ImportResultDto, SetDetailDto, SetSummaryDto } from './dto/card.dto';
import { CardsQueryDto, GameParamDto, GameQueryDto, ImportQueryDto, SetCodeParamDto, UpdateSetDto } from './dto/catalog-query.dto';
import { GameDto, GameTermsDto, TermDto } from './dto/game.dto';
import { GAMES, TERM_LANGUAGES } from './games';
import { SetImporter } from './set-importer';

/** Media types the import route reads as raw text (10 MB at most). */
export const IMPORT_MEDIA_TYPES = ['application/json', 'application/xml', 'text/xml', 'text/plain'];

@ApiTags('catalog')
@Controller()
export class CatalogController {
  constructor(
    private readonly catalog: CatalogService,
    private readonly importer: SetImporter,
  ) {}

  @Get('games')
  @ApiAuth('public')
  @ApiOperation({ operationId: 'listGames', summary: 'Games and their rules profiles (wow-tcg, berserk).' })
  @ApiOkResponse({ type: [GameDto] })
  listGames(): GameDto[] {
    return Object.values(GAMES).map((g) => GameDto.from(g));
  }

  /**
   * The game's term table: what players call every value on its cards, in English and Russian,
   * with a reminder per keyword. Defined in code, so it changes only with a new release: cached
   * by clients for an hour.
   */
  @Get('games/:game/terms')
  @ApiAuth('public')
  @Header('Cache-Control', 'public, max-age=3600')
  @ApiExtraModels(TermDto)
  @ApiOperation({
    operationId: 'getGameTerms',
    summary: 'A game’s term table: names of card types, rarities, elements/factions, classes and keywords in English and Russian, keyword reminders.',
  })
  @ApiOkResponse({ type: GameTermsDto })
  @ErrorResponses(400)
  gameTerms(@Param() params: GameParamDto): GameTermsDto {
    return { game: params.game, languages: [...TERM_LANGUAGES], terms: GAMES[params.game].terms as GameTermsDto['terms'] };
  }

  @Get('sets')
  @ApiAuth('public')
  @ApiOperation({ operationId: 'listSets', summary: 'Card sets with their current data version.' })
  @ApiOkResponse({ type: [SetSummaryDto] })
  @ErrorResponses(400)
  listSets(@Query() query: GameQueryDto): Promise<SetSummaryDto[]> {
    return this.catalog.listSets(query.game);
  }

  @Get('sets/:code')
  @ApiAuth('public')
  @ApiOperation({ operationId: 'getSet', summary: 'One set (code is case-insensitive) with its booster layout and data version.' })
  @ApiOkResponse({ type: SetDetailDto })
  @ErrorResponses(400, 404, 409)
  getSet(@Param() params: SetCodeParamDto, @Query() query: GameQueryDto): Promise<SetDetailDto> {
    return this.catalog.getSetDetail(params.code, query.game);
  }

  @Patch('sets/:code')
  @Staff('catalog.manage')
  @ApiOperation({
    operationId: 'updateSet',
    summary: 'Organizer: set or remove the image URL template of a set ({code}, {number}); cards without an image of their own show it. Not part of the set data: no new version.',
  })
  @ApiOkResponse({ type: SetDetailDto })
  @ErrorResponses(400, 401, 404, 409)
  updateSet(@Param() params: SetCodeParamDto, @Query() query: GameQueryDto, @Body() dto: UpdateSetDto): Promise<SetDetailDto> {
    return this.catalog.updateSet(params.code, query.game, dto);
  }

  @Get('sets/:code/cards')
  @ApiAuth('public')
  @ApiOperation({ operationId: 'listSetCards', summary: 'Cards of a set, by collector number, filtered by rarity and type; pageSize at most 500.' })
  @ApiOkResponse({ type: CardPageDto })
  @ErrorResponses(400, 404, 409)
  listCards(@Param() params: SetCodeParamDto, @Query() query: CardsQueryDto): Promise<CardPageDto> {
    return this.catalog.pageCards(params.code, query);
  }

  @Post('sets/import')
  @HttpCode(200)
  @Staff('catalog.manage')
  @ApiOperation({
    operationId: 'importSet',
    summary: 'Organizer: import a set file (raw body, up to 10 MB).',
    description:
      'Formats: product (Podium set JSON, see docs/set-format.md), octgn (OCTGN set XML with <packaging>), wowtcg-json, berserk-json (sets.json; ?set= picks one set when the file holds several). Idempotent: the same content twice changes nothing (status "unchanged"). All-or-nothing: a bad file changes nothing and the error names the card or line at fault. Changed content creates a new data version; anything generated earlier keeps its version.',
  })
  @ApiConsumes(...IMPORT_MEDIA_TYPES)
  @ApiBody({ schema: { type: 'string', description: 'The set file, as is.' } })
  @ApiOkResponse({ type: ImportResultDto })
  @ErrorResponses(400, 401, 413, 415, 422)
  async importSet(@Query() query: ImportQueryDto, @Req() req: FastifyRequest, @Body() body: unknown): Promise<ImportResultDto> {
    if (typeof body !== 'string') {
      throw new DomainError('UNSUPPORTED_MEDIA_TYPE', `Send the set file as the raw body with Content-Type ${IMPORT_MEDIA_TYPES.join(', ')}`, [
        { field: 'content-type', rule: 'mediaType', message: `got ${req.headers['content-type'] ?? 'none'}` },
      ]);
    }
    if (body.trim() === '') {
      throw new DomainError('VALIDATION_FAILED', 'The request body is empty: send the set file', [{ field: 'body', rule: 'required', message: 'empty body' }]);
    }
    const results = await this.importer.importFile(query.format, body, { code: query.code, set: query.set, layout: query.layout, onUnknown: query.onUnknown });
    const [first] = results;
    return { status: first.status, ...toDetail(first.set), warnings: first.warnings };
  }
}
