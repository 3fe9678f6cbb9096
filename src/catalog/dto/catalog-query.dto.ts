import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { GAME_IDS, RARITIES, type GameId } from '../card.types';
import { GAMES } from '../games';
import { IMPORT_FORMATS } from '../importers/import-formats';
import { LAYOUT_TEMPLATE_NAMES } from '../layouts/default-layouts';

/** Set codes: 1–16 letters or digits, matched case-insensitively (the importers' rule). */
export const SET_CODE_PATTERN = /^[A-Za-z0-9]{1,16}$/;
export const SET_CODE_MESSAGE = 'must be a set code: 1–16 letters or digits';

/** Every card type of every game. */
const CARD_TYPES = [...new Set(Object.values(GAMES).flatMap((g) => g.cardTypes))];

/** Query integers: decimal digits only ("1e3", "0x10", "" and repeated parameters are refused, not coerced). */
const toInteger = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value);

export class GameQueryDto {
  @ApiPropertyOptional({ enum: GAME_IDS, description: 'Limit to one game.' })
  @IsOptional()
  @IsIn(GAME_IDS)
  game?: GameId;
}

export class SetCodeParamDto {
  @ApiProperty({ pattern: SET_CODE_PATTERN.source, example: 'HOA', description: 'Set code (any case).' })
  @Matches(SET_CODE_PATTERN, { message: `code ${SET_CODE_MESSAGE}` })
  code!: string;
}

export class CardsQueryDto extends GameQueryDto {
  @ApiPropertyOptional({ enum: RARITIES })
  @IsOptional()
  @IsIn(RARITIES)
  rarity?: string;

  @ApiPropertyOptional({ enum: CARD_TYPES, description: 'Normalized card type.' })
  @IsOptional()
  @IsIn(CARD_TYPES)
  type?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 })
  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  page = 1;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 500, default: 100 })
  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(500)
  pageSize = 100;
}

export const IMPORT_FORMAT_VALUES = IMPORT_FORMATS;

export class ImportQueryDto {
  @ApiProperty({ enum: IMPORT_FORMAT_VALUES, description: 'Format of the body.' })
  @IsIn(IMPORT_FORMAT_VALUES)
  format!: (typeof IMPORT_FORMAT_VALUES)[number];

  @ApiPropertyOptional({ pattern: SET_CODE_PATTERN.source, description: 'Set code to use instead of the one the file implies (OCTGN files carry none).' })
  @IsOptional()
  @Matches(SET_CODE_PATTERN, { message: `code ${SET_CODE_MESSAGE}` })
  code?: string;

  @ApiPropertyOptional({ pattern: SET_CODE_PATTERN.source, description: 'berserk-json: which set of the file to import (e.g. s1); required when the file holds several.' })
  @IsOptional()
  @Matches(SET_CODE_PATTERN, { message: `set ${SET_CODE_MESSAGE}` })
  set?: string;

  @ApiPropertyOptional({ maxLength: 40, description: `Standard booster layout for a set whose file has none: ${LAYOUT_TEMPLATE_NAMES.join(', ')}.` })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  layout?: string;

  @ApiPropertyOptional({
    enum: ['refuse', 'keep'],
    default: 'refuse',
    description:
      "OCTGN and WoW TCG JSON files: a faction, class or hero class the rules do not know (a community file's quirk): refuse (default: 422 listing every problem, nothing imported) or keep it as the file has it, with a warning per value in the answer. Kept values are flagged in deck checks where a rule needs them.",
  })
  @IsOptional()
  @IsIn(['refuse', 'keep'])
  onUnknown?: 'refuse' | 'keep';
}

/** PATCH /api/sets/:code: what an organizer may change of a set without a new data version. */
export class UpdateSetDto {
  @ApiProperty({
    type: String,
    nullable: true,
    maxLength: 500,
    example: 'https://example.org/cards/{code}/{number}.jpg',
    description:
      'Image URL template for the cards without an image of their own: {code} (the set code) and {number} (collector number) are filled in; http(s) only; null removes it.',
  })
  @IsDefined({ message: 'imageTemplate is required (null removes the template)' })
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(500)
  @Matches(/^https?:\/\/\S+$/, { message: 'imageTemplate must be an http(s) URL' })
  imageTemplate!: string | null;
}

export class GameParamDto {
  @ApiProperty({ enum: GAME_IDS, example: 'berserk', description: 'Game id.' })
  @IsIn(GAME_IDS)
  game!: GameId;
}
