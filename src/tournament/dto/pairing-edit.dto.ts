import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, Matches, Max, Min, ValidateIf } from 'class-validator';
import { IsOptionalNotNull, UUID_PATTERN } from '../../common/validation/patterns';
import { RoundDto } from './tournament.dto';

/** Swap two sides of the latest round between their matches (docs/rules.md "Pairing corrections"). */
export class SwapPairingDto {
  @ApiProperty({ format: 'uuid', description: 'A player paired in the round (team events: a team id or a member’s player id).' })
  @Matches(UUID_PATTERN, { message: 'playerId must be a UUID' })
  playerId!: string;

  @ApiProperty({ format: 'uuid', description: 'The player (team) to trade places with: in another match of the round, or the bye’s receiver.' })
  @Matches(UUID_PATTERN, { message: 'withPlayerId must be a UUID' })
  withPlayerId!: string;

  @ApiPropertyOptional({
    default: false,
    description: 'Swap even though a new pair met in an earlier round (or the bye goes to someone who had one). Without it: 409 PAIRING_REMATCH naming the pairs.',
  })
  @IsOptionalNotNull()
  @IsBoolean()
  allowRematch?: boolean;
}

/** Re-pair the latest round from scratch. */
export class RepairRoundDto {
  @ApiPropertyOptional({
    enum: ['across-the-table', 'random'],
    default: 'across-the-table',
    description:
      'A draft’s round 1, as when pairing it (across the table is fixed by the seats: only leftovers and the bye can change). Ignored for later rounds, sealed and team events.',
  })
  @IsOptionalNotNull()
  @IsIn(['across-the-table', 'random'])
  firstRound?: 'across-the-table' | 'random';
}

/** One table of a round as an edit records it: side ids (players, or teams in a team event). */
export class PairingLineDto {
  @ApiProperty({ type: 'integer' })
  table!: number;
  @ApiProperty({ format: 'uuid' })
  playerA!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'null: a bye.' })
  playerB!: string | null;
}

/** An organizer's edit of a round's pairings: who, when, the pairings before and after. */
export class PairingEditRecordDto {
  @ApiProperty({ enum: ['swap', 'repair'] })
  kind!: 'swap' | 'repair';
  @ApiProperty({ enum: ['organizer'] })
  source!: string;
  @ApiProperty({ format: 'date-time' })
  at!: string;
  @ApiProperty({ type: [PairingLineDto] })
  before!: PairingLineDto[];
  @ApiProperty({ type: [PairingLineDto] })
  after!: PairingLineDto[];
}

/** The edited round and the record of the edit (the previous pairings in `edit.before`). */
export class PairingEditDto {
  @ApiProperty({ type: RoundDto })
  round!: RoundDto;
  @ApiProperty({ type: PairingEditRecordDto })
  edit!: PairingEditRecordDto;
}

/** Set or clear a player's fixed table. */
export class FixedTableDto {
  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: 999,
    description: 'The table the player keeps in every round (a wheelchair, a medical need); null clears it.',
  })
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(1)
  @Max(999)
  fixedTable!: number | null;
}

export class FixedTableAnswerDto {
  @ApiProperty({ format: 'uuid' })
  playerId!: string;
  @ApiProperty({ type: 'integer', nullable: true })
  fixedTable!: number | null;
}
