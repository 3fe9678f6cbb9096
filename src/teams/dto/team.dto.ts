import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMinSize, IsString, Matches, MaxLength } from 'class-validator';
import { CardDto } from '../../catalog/dto/card.dto';
import { CardCountDto, MAX_DECK_ENTRIES } from '../../decks/dto/deck.dto';
import { EntrantDto, EventIdParamDto, RegisteredPlayerDto } from '../../events/dto/event.dto';
import { IsDisplayName } from '../../common/validation/display-name';
import { IsOptionalNotNull, UUID_PATTERN } from '../../common/validation/patterns';
import { MaxItems } from '../../common/validation/max-items';

/** Members of a team: WoW TCG team events are 2v2 or 3v3. */
const MAX_TEAM_SIZE = 3;

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

  @ApiProperty({ type: [TeamMemberDto], minItems: 2, description: "Exactly the event's team size (2 or 3) members." })
  @MaxItems(MAX_TEAM_SIZE, () => TeamMemberDto)
  @ArrayMinSize(2)
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

  @ApiProperty({ type: [CardCountDto], description: "The member's share of the team pool (may be empty), one entry per card." })
  @MaxItems(MAX_DECK_ENTRIES, () => CardCountDto)
  cards!: CardCountDto[];
}

export class TeamSplitDto {
  @ApiProperty({ type: [MemberShareDto], minItems: 1, description: 'One share per member; together exactly the team pool.' })
  @MaxItems(MAX_TEAM_SIZE, () => MemberShareDto)
  @ArrayMinSize(1)
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
