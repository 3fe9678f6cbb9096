import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsObject, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { CardDto } from '../../catalog/dto/card.dto';
import { CardCountDto } from '../../decks/dto/deck.dto';
import { EntrantDto, EventIdParamDto, RegisteredPlayerDto } from '../../events/dto/event.dto';
import { IsDisplayName } from '../../common/validation/display-name';
import { IsOptionalNotNull, UUID_PATTERN } from '../../common/validation/patterns';

export class TeamIdParamDto extends EventIdParamDto {
  @ApiProperty({ format: 'uuid' })
  @Matches(UUID_PATTERN, { message: 'teamId must be a UUID' })
  teamId!: string;
}

/** One member of a registering team: like a solo registration (name, optional profile or member number). */
export class TeamMemberDto extends EntrantDto {}

export class RegisterTeamDto {
  @ApiProperty({ example: 'The Argent Dawn', maxLength: 80, description: 'Unique in the event (ignoring case and surrounding or repeated spaces); not blank.' })
  @IsDisplayName(80)
  name!: string;

  @ApiProperty({ type: [TeamMemberDto], minItems: 2, maxItems: 3, description: "Exactly the event's team size (2 or 3) members." })
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(3)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => TeamMemberDto)
  members!: TeamMemberDto[];

  @ApiPropertyOptional({ maxLength: 40, description: 'Required when the event has a join code (not for the organizer).' })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(40)
  joinCode?: string;
}

export class RegisteredTeamDto {
  @ApiProperty({ format: 'uuid' })
  teamId!: string;
  @ApiProperty()
  name!: string;
  @ApiProperty({ type: [RegisteredPlayerDto], description: "Each member's player token is shown once." })
  members!: RegisteredPlayerDto[];
}

export class TeamMemberRefDto {
  @ApiProperty({ format: 'uuid' })
  playerId!: string;
  @ApiProperty()
  name!: string;
}

export class TeamDto {
  @ApiProperty({ format: 'uuid' })
  teamId!: string;
  @ApiProperty({ type: 'integer', description: 'Registration order, 1-based.' })
  number!: number;
  @ApiProperty()
  name!: string;
  @ApiProperty({ type: [TeamMemberRefDto], description: 'Members in registration order.' })
  members!: TeamMemberRefDto[];
  @ApiProperty({ description: "Whether the team has the event's team size of members (start needs every team complete)." })
  complete!: boolean;
  @ApiProperty({ nullable: true, type: 'integer', description: 'The last round the team played before dropping; null = active.' })
  droppedAfterRound!: number | null;
}

export class AutoTeamsDto {
  @ApiProperty({ type: [TeamDto], description: 'Teams a member had left, completed with solo players (filled first).' })
  completed!: TeamDto[];
  @ApiProperty({ type: [TeamDto], description: 'The teams just formed.' })
  created!: TeamDto[];
  @ApiProperty({ type: [TeamMemberRefDto], description: 'Solo players left without a team (their count did not divide by the team size).' })
  unassigned!: TeamMemberRefDto[];
}

export class MemberShareDto {
  @ApiProperty({ format: 'uuid' })
  @Matches(UUID_PATTERN, { message: 'playerId must be a UUID' })
  playerId!: string;

  @ApiProperty({ type: [CardCountDto], description: "The member's share of the team pool (may be empty)." })
  @IsArray()
  @ArrayMaxSize(400)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => CardCountDto)
  cards!: CardCountDto[];
}

export class TeamSplitDto {
  @ApiProperty({ type: [MemberShareDto], minItems: 1, maxItems: 3, description: 'One share per member; together exactly the team pool.' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(3)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => MemberShareDto)
  shares!: MemberShareDto[];
}

export class TeamPoolCardDto {
  @ApiProperty({ example: 'HOA-218' })
  cardId!: string;
  @ApiProperty({ type: 'integer', example: 2 })
  count!: number;
  @ApiProperty({ type: CardDto, description: 'The card as printed in the pinned set version (name, rarity, type).' })
  card!: CardDto;
}

export class TeamPoolDto {
  @ApiProperty({ format: 'uuid' })
  teamId!: string;
  @ApiProperty({ type: [TeamPoolCardDto], description: "Every member's boosters together, by card id." })
  pool!: TeamPoolCardDto[];
  @ApiProperty({ type: [MemberShareDto], nullable: true, description: 'The current split, or null before the team split its pool.' })
  shares!: MemberShareDto[] | null;
}
