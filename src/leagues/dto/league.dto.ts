import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsInt, IsISO8601, IsObject, Matches, Max, Min, ValidateNested } from 'class-validator';
import { GAME_IDS, type GameId } from '../../catalog/card.types';
import { IsDisplayName } from '../../common/validation/display-name';
import { IsOptionalNotNull, UUID_PATTERN } from '../../common/validation/patterns';

export class LeagueScoringDto {
  @ApiProperty({ enum: ['match-points', 'placing'], description: 'match-points: Swiss match points per event; placing: a points table by final placing.' })
  @IsIn(['match-points', 'placing'])
  mode!: 'match-points' | 'placing';

  @ApiPropertyOptional({ type: [Number], example: [10, 7, 5, 3], description: 'Points by final placing, 1st first (placing mode).' })
  @IsOptionalNotNull()
  @IsArray()
  @ArrayMaxSize(256)
  @IsInt({ each: true })
  @Min(0, { each: true })
  @Max(10_000, { each: true })
  placingPoints?: number[];

  @ApiPropertyOptional({ default: 0, description: 'Points for attending an event.' })
  @IsOptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(10_000)
  participationPoints?: number;
}

export class CreateLeagueDto {
  @ApiProperty({ example: 'Winter League 2026' })
  @IsDisplayName(120)
  name!: string;

  @ApiProperty({ enum: GAME_IDS })
  @IsIn(GAME_IDS)
  game!: GameId;

  @ApiProperty({ example: '2026-12-01', description: 'First day of the season (ISO date).' })
  @IsISO8601({ strict: true })
  seasonStart!: string;

  @ApiProperty({ example: '2027-02-28', description: 'Last day of the season (ISO date).' })
  @IsISO8601({ strict: true })
  seasonEnd!: string;

  @ApiProperty({ type: LeagueScoringDto })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => LeagueScoringDto)
  scoring!: LeagueScoringDto;
}

export class AddLeagueEventDto {
  @ApiProperty({ format: 'uuid' })
  @Matches(UUID_PATTERN, { message: 'eventId must be a UUID' })
  eventId!: string;
}

export class LeagueIdParamDto {
  @ApiProperty({ format: 'uuid' })
  @Matches(UUID_PATTERN, { message: 'id must be a UUID' })
  id!: string;
}

export class LeagueProfileParamDto extends LeagueIdParamDto {
  @ApiProperty({ format: 'uuid' })
  @Matches(UUID_PATTERN, { message: 'profileId must be a UUID' })
  profileId!: string;
}

export class MergeProfileDto {
  @ApiProperty({ format: 'uuid', description: 'The profile that remains.' })
  @Matches(UUID_PATTERN, { message: 'into must be a UUID' })
  into!: string;
}

export class LeagueFormatQueryDto {
  @ApiPropertyOptional({ enum: ['json', 'csv'], default: 'json' })
  @IsOptionalNotNull()
  @IsIn(['json', 'csv'])
  format?: 'json' | 'csv';
}
