import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsString, Matches, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { IsOptionalNotNull, UUID_PATTERN } from '../../common/validation/patterns';
import { PENALTY_KINDS, type PenaltyKind } from '../rules/penalties';
import { MatchResultDto } from './tournament.dto';

export class GivePenaltyDto {
  @ApiProperty({ format: 'uuid', description: 'The penalised side of the match: a player (in a team event, the team id).' })
  @Matches(UUID_PATTERN, { message: 'playerId must be a UUID' })
  playerId!: string;

  @ApiProperty({
    enum: PENALTY_KINDS,
    description: 'warning: recorded only; gameLoss: a game the opponent won (the result must count it); matchLoss: the opponent wins the match 2-0.',
  })
  @IsIn(PENALTY_KINDS)
  kind!: PenaltyKind;

  @ApiProperty({ minLength: 1, maxLength: 200, example: 'Deck not registered (MTR 7.9)', description: 'Why, as the judge wrote it; shown to the organizer and in the export.' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  @Matches(/\S/, { message: 'reason must not be blank' })
  reason!: string;

  @ApiPropertyOptional({ type: MatchResultDto, description: 'The match result to record with the penalty (a game loss given after a result that does not count it).' })
  @IsOptionalNotNull()
  @ValidateNested()
  @Type(() => MatchResultDto)
  result?: MatchResultDto;
}

export class PenaltyParamDto {
  @ApiProperty({ format: 'uuid' })
  @Matches(UUID_PATTERN, { message: 'id must be a UUID' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  @Matches(UUID_PATTERN, { message: 'penaltyId must be a UUID' })
  penaltyId!: string;
}

export class PenaltyDto {
  @ApiProperty({ format: 'uuid' })
  penaltyId!: string;
  @ApiProperty({ format: 'uuid' })
  matchId!: string;
  @ApiProperty({ type: 'integer', description: 'The round of the match.' })
  round!: number;
  @ApiProperty({ type: 'integer' })
  table!: number;
  @ApiProperty({ format: 'uuid', description: 'The penalised player (a team in a team event).' })
  playerId!: string;
  @ApiProperty()
  name!: string;
  @ApiProperty({ enum: PENALTY_KINDS })
  kind!: PenaltyKind;
  @ApiProperty()
  reason!: string;
  @ApiProperty({ format: 'date-time' })
  givenAt!: string;
}
