import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { UUID_PATTERN } from './patterns';

/** Path parameter `:matchId` (routes of the tournament, and a match's decks). */
export class MatchParamDto {
  @ApiProperty({ format: 'uuid' })
  @Matches(UUID_PATTERN, { message: 'matchId must be a UUID' })
  matchId!: string;
}
