import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { GAME_IDS, RARITIES, type GameId } from '../card.types';

export class GameQueryDto {
  @ApiPropertyOptional({ enum: GAME_IDS, description: 'Limit to one game.' })
  @IsOptional()
  @IsIn(GAME_IDS)
  game?: GameId;
}

export class SetCodeParamDto {
  @Matches(/^[A-Za-z0-9_-]{1,20}$/, { message: 'code must be 1–20 letters, digits, "-" or "_"' })
  code!: string;
}

export class CardsQueryDto extends GameQueryDto {
  @ApiPropertyOptional({ enum: RARITIES })
  @IsOptional()
  @IsIn(RARITIES)
  rarity?: string;

  @ApiPropertyOptional({ description: 'Normalized card type, e.g. hero, ally, ability, weapon, creature, artifact.' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  type?: string;

  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  page = 1;

  @ApiPropertyOptional({ minimum: 1, maximum: 500, default: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  pageSize = 100;
}

export const IMPORT_FORMAT_VALUES = ['product', 'octgn', 'wowtcg-json', 'berserk-json'] as const;

export class ImportQueryDto {
  @ApiPropertyOptional({ enum: IMPORT_FORMAT_VALUES, description: 'Format of the body.' })
  @IsIn(IMPORT_FORMAT_VALUES)
  format!: (typeof IMPORT_FORMAT_VALUES)[number];

  @ApiPropertyOptional({ description: 'Set code to use instead of the one the file implies (OCTGN files carry none).' })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{1,20}$/, { message: 'code must be 1–20 letters, digits, "-" or "_"' })
  code?: string;

  @ApiPropertyOptional({ description: 'berserk-json: which set of the file to import (e.g. s1); required when the file holds several.' })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{1,20}$/, { message: 'set must be 1–20 letters, digits, "-" or "_"' })
  set?: string;

  @ApiPropertyOptional({ description: 'Standard booster layout for a set whose file has none: wow-tcg-15, wow-tcg-19, berserk-12.' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  layout?: string;
}
