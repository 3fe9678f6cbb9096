import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { Staff } from '../../common/auth/staff.decorator';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, Matches, Max, Min } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { createReadStream } from 'node:fs';
import { DomainError } from '../../common/errors/domain-error';
import { ErrorResponses } from '../../common/errors/error-responses.decorator';
import { ApiAuth } from '../../common/http/api-docs';
import { GAME_IDS, type GameId } from '../card.types';
import { SET_CODE_MESSAGE, SET_CODE_PATTERN } from '../dto/catalog-query.dto';
import { CardImages } from './card-images.service';

export class CardImageParamDto {
  @ApiProperty({ enum: GAME_IDS })
  @IsIn(GAME_IDS)
  game!: GameId;
  @ApiProperty({ pattern: SET_CODE_PATTERN.source, example: 'HOA' })
  @Matches(SET_CODE_PATTERN, { message: SET_CODE_MESSAGE })
  set!: string;
  @ApiProperty({ type: 'integer', example: 218, description: 'Collector number.' })
  @Transform(({ value }) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value))
  @IsInt()
  @Min(0)
  @Max(999_999)
  number!: number;
}

export class UnmatchedImageFileDto {
  @ApiProperty({ example: 'HOA/999.jpg', description: 'Path in the folder, `/`-separated.' })
  file!: string;
  @ApiProperty({
    enum: ['not-an-image', 'unknown-name', 'no-such-card', 'no-such-guid', 'duplicate'],
    description:
      'not-an-image: not jpg/png/webp; unknown-name: neither <set>/<number> nor a GUID; no-such-card: no card of that set and number; no-such-guid: no card with that OCTGN GUID; duplicate: another file already shows the card.',
  })
  reason!: string;
}

/** The last scan of the store's image folder. */
export class CardImageReportDto {
  @ApiProperty({ example: '/srv/podium/data/card-images', description: 'The folder (CARD_IMAGES_DIR, resolved).' })
  dir!: string;
  @ApiProperty({ description: 'False when the folder does not exist: no local images.' })
  exists!: boolean;
  @ApiProperty({ format: 'date-time' })
  scannedAt!: string;
  @ApiProperty({ type: 'integer', description: 'Files read.' })
  files!: number;
  @ApiProperty({ type: 'integer', description: 'Files that show a card.' })
  matched!: number;
  @ApiProperty({ type: [UnmatchedImageFileDto], description: 'Files that show no card, with why.' })
  unmatched!: UnmatchedImageFileDto[];
}

@ApiTags('catalog')
@Controller('card-images')
export class CardImagesController {
  constructor(private readonly images: CardImages) {}

  @Get('report')
  @Staff('catalog.manage')
  @ApiOperation({ operationId: 'cardImageReport', summary: 'Organizer: the last scan of the card image folder (CARD_IMAGES_DIR): counts and the files that match no card.' })
  @ApiOkResponse({ type: CardImageReportDto })
  @ErrorResponses(401)
  report(): Promise<CardImageReportDto> {
    return this.images.report();
  }

  @Post('scan')
  @HttpCode(200)
  @Staff('catalog.manage')
  @ApiOperation({ operationId: 'scanCardImages', summary: 'Organizer: read the card image folder again (after dropping files in) and report what matches.' })
  @ApiOkResponse({ type: CardImageReportDto })
  @ErrorResponses(401)
  scan(): Promise<CardImageReportDto> {
    return this.images.scan();
  }

  /**
   * The store's image of a card. Card objects link here with `?v=` (size and time of the file), so
   * the answer is cached for a year: a replaced file gets a new URL at the next scan.
   */
  @Get(':game/:set/:number')
  @ApiAuth('public')
  @ApiOperation({ operationId: 'getCardImage', summary: 'A card’s image from the store’s folder (as card objects link it); cached for a year.' })
  @ApiOkResponse({
    description: 'The image file.',
    content: Object.fromEntries(['image/jpeg', 'image/png', 'image/webp'].map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
  })
  @ErrorResponses(400, 404)
  image(@Param() params: CardImageParamDto, @Res() reply: FastifyReply): void {
    const file = this.images.fileFor({ game: params.game, setCode: params.set, number: params.number });
    if (!file)
      throw new DomainError('ROUTE_NOT_FOUND', `No image file for ${params.game} ${params.set.toUpperCase()} #${params.number}`, [
        { field: 'number', rule: 'exists', message: 'no image file for this card' },
      ]);
    void reply.header('cache-control', 'public, max-age=31536000, immutable').type(file.mediaType).send(createReadStream(file.absolute));
  }
}
