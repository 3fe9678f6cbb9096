import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, Matches, Max, Min } from 'class-validator';
import { IsOptionalNotNull, UUID_PATTERN } from '../../common/validation/patterns';
import { TeamMemberRefDto } from '../../teams/dto/team.dto';

export class RoundParamDto {
  @ApiProperty({ format: 'uuid' })
  @Matches(UUID_PATTERN, { message: 'id must be a UUID' })
  id!: string;

  @ApiProperty({ type: 'integer', minimum: 1 })
  @Transform(({ value }) => (typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value))
  @IsInt()
  @Min(1)
  @Max(100)
  number!: number;
}

export class MatchParamDto {
  @ApiProperty({ format: 'uuid' })
  @Matches(UUID_PATTERN, { message: 'matchId must be a UUID' })
  matchId!: string;
}

export class PairRoundDto {
  @ApiPropertyOptional({ default: 50, minimum: 1, maximum: 600, description: 'Round length in minutes.' })
  @IsOptionalNotNull()
  @IsInt()
  @Min(1)
  @Max(600)
  minutes?: number;
}

export class MatchResultDto {
  @ApiProperty({ minimum: 0, maximum: 2, description: 'Games won by player A (the first player of the pairing).' })
  @IsInt()
  @Min(0)
  @Max(2)
  winsA!: number;

  @ApiProperty({ minimum: 0, maximum: 2 })
  @IsInt()
  @Min(0)
  @Max(2)
  winsB!: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 3, default: 0, description: 'Drawn games (0-0-3 is an intentional draw).' })
  @IsOptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(3)
  draws?: number;
}

export class ListingQueryDto {
  @ApiPropertyOptional({ enum: ['json', 'csv', 'text'], default: 'json' })
  @IsOptionalNotNull()
  @IsIn(['json', 'csv', 'text'])
  format?: 'json' | 'csv' | 'text';

  @ApiPropertyOptional({ enum: ['table', 'name'], default: 'table', description: 'Pairings: by table, or by player name the way stores post them.' })
  @IsOptionalNotNull()
  @IsIn(['table', 'name'])
  sort?: 'table' | 'name';
}

/** A side of a pairing: a player, or in a team event a team (then `playerId` is the team id, as in standings). */
export class PlayerRefDto {
  @ApiProperty({ format: 'uuid', description: 'The competitor: the player, or the team in a team event (= teamId).' })
  playerId!: string;
  @ApiProperty({ description: 'Player name, or team name in a team event.' })
  name!: string;
  @ApiPropertyOptional({ format: 'uuid', description: 'Team events: the team.' })
  teamId?: string;
  @ApiPropertyOptional({ type: [TeamMemberRefDto], description: 'Team events: the team members.' })
  members?: TeamMemberRefDto[];
}

export class PairingDto {
  @ApiProperty({ format: 'uuid' })
  matchId!: string;
  @ApiProperty()
  table!: number;
  @ApiProperty({ type: PlayerRefDto })
  playerA!: PlayerRefDto;
  @ApiProperty({ type: PlayerRefDto, nullable: true, description: 'null: a bye (a 2-0 win for player A).' })
  playerB!: PlayerRefDto | null;
  @ApiProperty()
  rematch!: boolean;
  @ApiProperty({ nullable: true, type: Object, description: '{ winsA, winsB, draws } once decided.' })
  result!: { winsA: number; winsB: number; draws: number } | null;
  @ApiProperty()
  disputed!: boolean;
}

export class RoundDto {
  @ApiProperty()
  number!: number;
  @ApiProperty({ enum: ['swiss', 'playoff'] })
  kind!: string;
  @ApiProperty()
  startedAt!: string;
  @ApiProperty()
  minutes!: number;
  @ApiProperty({ description: 'startedAt + minutes.' })
  endsAt!: string;
  @ApiProperty({ type: [PairingDto] })
  pairings!: PairingDto[];
}

/** A row of the standings: the competitor (PlayerRefDto: a player, or a team with its members) and its record. */
export class StandingDto extends PlayerRefDto {
  @ApiProperty()
  rank!: number;
  @ApiProperty()
  matchPoints!: number;
  @ApiProperty({ example: '3-1-0', description: 'wins-losses-draws (byes count as wins)' })
  record!: string;
  @ApiProperty({ description: 'Match-win percentage, 0–1 (floored at 0.33).' })
  mwp!: number;
  @ApiProperty()
  omwp!: number;
  @ApiProperty()
  gwp!: number;
  @ApiProperty()
  ogwp!: number;
  @ApiProperty()
  dropped!: boolean;
}

export class TopCutDto {
  @ApiProperty({ enum: [4, 8], description: 'Top 8: 1v8, 2v7, 3v6, 4v5 (1v8 winner meets 4v5 winner); top 4: 1v4, 2v3.' })
  @IsIn([4, 8])
  size!: 4 | 8;

  @ApiPropertyOptional({ default: 50, minimum: 1, maximum: 600 })
  @IsOptionalNotNull()
  @IsInt()
  @Min(1)
  @Max(600)
  minutes?: number;
}
