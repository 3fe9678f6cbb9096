import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { IsOptionalNotNull } from '../../common/validation/patterns';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsObject, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { GAME_IDS, type GameId } from '../../catalog/card.types';
import { CardDto } from '../../catalog/dto/card.dto';
import { DECK_LIST_FORMATS, type DeckListFormat } from '../formats';
import { DECK_FORMATS, type DeckFormat } from '../rules';

const CARD_ID = /^[A-Za-z0-9]{1,16}-\d{1,7}$/;

export class CardCountDto {
  @ApiProperty({ example: 'HOA-218' })
  @Matches(CARD_ID, { message: 'cardId must look like "<SET>-<number>", e.g. HOA-218' })
  cardId!: string;

  @ApiProperty({ example: 2, minimum: 1, maximum: 99 })
  @IsInt()
  @Min(1)
  @Max(99)
  count!: number;
}

export class SubmitDeckDto {
  @ApiPropertyOptional({ example: 'HOA-1', description: 'The hero (WoW TCG: any hero of the game, in the pool or not). Omit for games without heroes.' })
  @IsOptionalNotNull()
  @Matches(CARD_ID, { message: 'hero must be a cardId like "HOA-1"' })
  hero?: string;

  @ApiProperty({ type: [CardCountDto], description: 'Main deck (besides the hero).' })
  @IsArray()
  @ArrayMaxSize(400)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => CardCountDto)
  main!: CardCountDto[];

  @ApiPropertyOptional({ type: [CardCountDto], description: 'Sideboard: every pool card not in the main deck. Omitted: computed.' })
  @IsOptionalNotNull()
  @IsArray()
  @ArrayMaxSize(400)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => CardCountDto)
  sideboard?: CardCountDto[];
}

/** Between games: the new main deck (and sideboard) for the rest of the match; the hero stays. */
export class SideboardDto extends OmitType(SubmitDeckDto, ['hero'] as const) {}

export class CheckDeckDto extends SubmitDeckDto {
  @ApiProperty({ enum: GAME_IDS })
  @IsIn(GAME_IDS)
  game!: GameId;

  @ApiProperty({ enum: DECK_FORMATS })
  @IsIn(DECK_FORMATS)
  format!: DeckFormat;

  @ApiPropertyOptional({ type: [CardCountDto], description: 'Limited: the pool the deck must come from.' })
  @IsOptionalNotNull()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => CardCountDto)
  pool?: CardCountDto[];
}

export class DeckFormatQueryDto {
  @ApiPropertyOptional({ enum: ['json', ...DECK_LIST_FORMATS], default: 'json' })
  @IsOptionalNotNull()
  @IsIn(['json', ...DECK_LIST_FORMATS])
  format?: 'json' | DeckListFormat;
}

export class DeckImportQueryDto {
  @ApiProperty({ enum: DECK_LIST_FORMATS })
  @IsIn(DECK_LIST_FORMATS)
  format!: DeckListFormat;

  @ApiProperty({ enum: GAME_IDS })
  @IsIn(GAME_IDS)
  game!: GameId;

  @ApiPropertyOptional({ description: 'Comma-separated set codes to resolve names in first (e.g. the event’s sets).' })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(200)
  sets?: string;
}

export class ViolationDto {
  @ApiProperty({ example: 'DECK_TOO_SMALL' })
  code!: string;
  @ApiProperty()
  message!: string;
  @ApiProperty({ type: [String] })
  cards!: string[];
  @ApiPropertyOptional({ type: [String], description: 'Team rules (TEAM_FACTION_MISMATCH): the members concerned, by player id.' })
  players?: string[];
}

export class DeckEntryDto {
  @ApiProperty({ type: CardDto })
  card!: CardDto;
  @ApiProperty()
  count!: number;
}

export class DeckDto {
  @ApiProperty({ format: 'uuid' })
  playerId!: string;
  @ApiProperty({ type: CardDto, nullable: true })
  hero!: CardDto | null;
  @ApiProperty({ type: [DeckEntryDto] })
  main!: DeckEntryDto[];
  @ApiProperty({ type: [DeckEntryDto] })
  sideboard!: DeckEntryDto[];
  @ApiProperty()
  mainCount!: number;
  @ApiProperty()
  legal!: boolean;
  @ApiProperty({ type: [ViolationDto] })
  violations!: ViolationDto[];
  @ApiProperty({ enum: ['player', 'organizer'] })
  submittedBy!: string;
  @ApiProperty()
  updatedAt!: string;
}

export class DeckCheckResultDto {
  @ApiProperty()
  legal!: boolean;
  @ApiProperty({ type: [ViolationDto] })
  violations!: ViolationDto[];
}

export class SubmittedDeckDto extends DeckCheckResultDto {
  @ApiProperty({ type: DeckDto })
  deck!: DeckDto;
}

export class PlayerDeckStatusDto {
  @ApiProperty({ format: 'uuid' })
  playerId!: string;
  @ApiProperty()
  name!: string;
  @ApiProperty({ enum: ['missing', 'legal', 'illegal'] })
  status!: string;
  @ApiProperty({ type: DeckDto, nullable: true })
  deck!: DeckDto | null;
  @ApiPropertyOptional({ type: () => TeamDeckStatusDto, nullable: true, description: "Team events: the player's team and the team's status (legal only when every member's deck is legal)." })
  team?: TeamDeckStatusDto | null;
}

export class TeamDeckStatusDto {
  @ApiProperty({ format: 'uuid' })
  teamId!: string;
  @ApiProperty()
  name!: string;
  @ApiProperty({ enum: ['missing', 'legal', 'illegal'], description: 'missing: a member has no deck; illegal: a member\'s deck is illegal (e.g. TEAM_FACTION_MISMATCH); legal: all legal.' })
  status!: string;
}
