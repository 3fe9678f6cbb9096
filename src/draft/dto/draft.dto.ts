import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { CardDto } from '../../catalog/dto/card.dto';
import { IsOptionalNotNull, UUID_PATTERN } from '../../common/validation/patterns';



export class MakePickDto {
  @ApiProperty({ minimum: 1, example: 1, description: 'Pack number (the round), 1-based.' })
  @IsInt()
  @Min(1)
  @Max(24)
  packNumber!: number;

  @ApiProperty({ minimum: 1, example: 1, description: 'Pick number within the pack, 1-based.' })
  @IsInt()
  @Min(1)
  @Max(100)
  pickNumber!: number;

  @ApiProperty({ example: 'HOA-218' })
  @IsString()
  @MaxLength(40)
  cardId!: string;
}

export class PreselectDto {
  @ApiProperty({ example: 'HOA-218', description: 'A card of the pack in front of you: taken for you if your timer runs out.' })
  @IsString()
  @MaxLength(40)
  cardId!: string;
}

export class PodActionDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'One pod only; omitted: every pod of the event.' })
  @IsOptionalNotNull()
  @Matches(UUID_PATTERN, { message: 'podId must be a UUID' })
  podId?: string;
}

export class PodIdParamDto {
  @ApiProperty({ format: 'uuid' })
  @Matches(UUID_PATTERN, { message: 'id must be a UUID' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  @Matches(UUID_PATTERN, { message: 'podId must be a UUID' })
  podId!: string;
}

export class PickResultDto {
  @ApiProperty()
  packNumber!: number;
  @ApiProperty()
  pickNumber!: number;
  @ApiProperty({ type: CardDto })
  card!: CardDto;
  @ApiProperty({ enum: ['player', 'timeout', 'bot'] })
  source!: string;
  @ApiProperty()
  madeAt!: string;
}

export class SeatDto {
  @ApiProperty({ description: 'Seat number 0..n-1; pack 1 passes to seat + 1 (left).' })
  seat!: number;
  @ApiProperty({ nullable: true, type: String })
  playerId!: string | null;
  @ApiProperty({ description: 'Player name, or "Bot" for a bot seat.' })
  name!: string;
  @ApiProperty()
  bot!: boolean;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'Team events: the team of the seated player; null for a bot or in a solo event.' })
  teamId!: string | null;
}

/** A pod and its seating: the part the public pod state and the pick log share. */
export class PodSeatingDto {
  @ApiProperty({ format: 'uuid' })
  podId!: string;
  @ApiProperty()
  number!: number;
  @ApiProperty({ type: [SeatDto] })
  seats!: SeatDto[];
}

export class PodDto extends PodSeatingDto {
  @ApiProperty({ description: 'Public pod state: the pack number being drafted.' })
  packNumber!: number;
  @ApiProperty({ enum: ['left', 'right'] })
  direction!: string;
  @ApiProperty({ description: 'Seats that have a pack in front of them now (still picking).' })
  picking!: number[];
  @ApiProperty()
  paused!: boolean;
  @ApiProperty()
  complete!: boolean;
}

export class CurrentPackDto {
  @ApiProperty({ type: [CardDto] })
  cards!: CardDto[];
}

export class MeDto {
  @ApiProperty({ format: 'uuid' })
  playerId!: string;
  @ApiProperty({ nullable: true, type: String })
  podId!: string | null;
  @ApiProperty({ nullable: true, type: Number })
  seat!: number | null;
  @ApiProperty({ description: 'Event state.' })
  state!: string;
  @ApiProperty({ nullable: true, type: Number })
  packNumber!: number | null;
  @ApiProperty({ nullable: true, type: Number })
  pickNumber!: number | null;
  @ApiProperty({ nullable: true, enum: ['left', 'right'] })
  direction!: 'left' | 'right' | null;
  @ApiProperty({ nullable: true, type: String, description: 'When the current pick times out (ISO 8601), null without a timer.' })
  deadline!: string | null;
  @ApiProperty({ nullable: true, type: CurrentPackDto })
  currentPack!: CurrentPackDto | null;
  @ApiProperty({ nullable: true, type: String, description: 'Card pre-selected for the current pick.' })
  preselected!: string | null;
  @ApiProperty({ type: [CardDto], description: 'Draft: your picks in order.' })
  picks!: CardDto[];
  @ApiProperty({ type: [CardDto], description: 'Your pool: sealed, every card of your boosters; draft, your picks.' })
  pool!: CardDto[];
}

export class PickLogDto extends PodSeatingDto {
  @ApiProperty({ description: 'Every pack as opened: { packNumber, seat (opener), purpose, cards: [cardId] }.', type: 'array', items: { type: 'object' } })
  packs!: { packNumber: number; seat: number; purpose: string; cards: string[] }[];
  @ApiProperty({ description: 'Every pick: { packNumber, pickNumber, seat, cardId, source: player|timeout|bot, madeAt }.', type: 'array', items: { type: 'object' } })
  picks!: { packNumber: number; pickNumber: number; seat: number; cardId: string; source: string; madeAt: string }[];
}
