import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsISO8601, IsObject, Matches, Max, Min, ValidateNested } from 'class-validator';
import { GAME_IDS, type GameId } from '../../catalog/card.types';
import { IsDisplayName } from '../../common/validation/display-name';
import { IsOptionalNotNull, UUID_PATTERN } from '../../common/validation/patterns';
import { MaxItems } from '../../common/validation/max-items';
import { EVENT_STATES } from '../../events/rules/event-lifecycle';

/** Placings a points table may list: an event of 256 players is larger than any a store runs. */
const MAX_PLACING_POINTS = 256;

export class LeagueScoringDto {
  @ApiProperty({ enum: ['match-points', 'placing'], description: 'match-points: Swiss match points per event; placing: a points table by final placing.' })
  @IsIn(['match-points', 'placing'])
  mode!: 'match-points' | 'placing';

  @ApiPropertyOptional({
    type: 'integer',
    isArray: true,
    items: { type: 'integer', minimum: 0, maximum: 10_000 },
    example: [10, 7, 5, 3],
    description: 'Points by final placing, 1st first (placing mode).',
  })
  @IsOptionalNotNull()
  @MaxItems(MAX_PLACING_POINTS)
  @IsInt({ each: true })
  @Min(0, { each: true })
  @Max(10_000, { each: true })
  placingPoints?: number[];

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 10_000, default: 0, description: 'Points for attending an event.' })
  @IsOptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(10_000)
  participationPoints?: number;
}

export class CreateLeagueDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'The store that owns the league; needed only by staff of several stores (else theirs).' })
  @IsOptionalNotNull()
  @Matches(UUID_PATTERN, { message: 'storeId must be a UUID' })
  storeId?: string;

  @ApiProperty({ example: 'Winter League 2026', maxLength: 120 })
  @IsDisplayName(120)
  name!: string;

  @ApiProperty({ enum: GAME_IDS })
  @IsIn(GAME_IDS)
  game!: GameId;

  @ApiProperty({ format: 'date', example: '2026-12-01', description: 'First day of the season (ISO date).' })
  @IsISO8601({ strict: true })
  seasonStart!: string;

  @ApiProperty({ format: 'date', example: '2027-02-28', description: 'Last day of the season (ISO date).' })
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

/** A league takes in events of at most this many member stores: a national season of a large chain. */
export const MAX_MEMBER_STORES = 500;

export class SetLeagueMembersDto {
  @ApiProperty({
    type: 'string',
    isArray: true,
    items: { type: 'string', format: 'uuid' },
    description: 'The member stores (not the league’s own store), each once: the whole set, replacing the previous one; [] for none.',
  })
  @MaxItems(MAX_MEMBER_STORES)
  @Matches(UUID_PATTERN, { each: true, message: 'each storeId must be a UUID' })
  storeIds!: string[];
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

export class LeagueEventParamDto extends LeagueIdParamDto {
  @ApiProperty({ format: 'uuid' })
  @Matches(UUID_PATTERN, { message: 'eventId must be a UUID' })
  eventId!: string;
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

/** A league's scoring as stored (defaults filled in). */
export class LeagueScoringRulesDto {
  @ApiProperty({ enum: ['match-points', 'placing'] })
  mode!: 'match-points' | 'placing';
  @ApiProperty({ type: 'integer', isArray: true, description: 'Points by final placing, 1st first (empty in match-points mode unless given).' })
  placingPoints!: number[];
  @ApiProperty({ type: 'integer', description: 'Points for attending an event.' })
  participationPoints!: number;
}

export class LeagueEventRefDto {
  @ApiProperty({ format: 'uuid' })
  eventId!: string;
  @ApiProperty()
  name!: string;
  @ApiProperty({ enum: EVENT_STATES })
  state!: string;
}

export class LeagueMemberStoreDto {
  @ApiProperty({ format: 'uuid' })
  storeId!: string;
  @ApiProperty({ description: "The store's name." })
  name!: string;
}

export class LeagueDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;
  @ApiProperty({ format: 'uuid', description: 'The store that owns the league (its staff manage it).' })
  storeId!: string;
  @ApiProperty({ type: [LeagueMemberStoreDto], description: 'Member stores whose events the league may take in (a regional season), by name.' })
  members!: LeagueMemberStoreDto[];
  @ApiProperty()
  name!: string;
  @ApiProperty({ enum: GAME_IDS })
  game!: string;
  @ApiProperty({ format: 'date', example: '2026-12-01' })
  seasonStart!: string;
  @ApiProperty({ format: 'date', example: '2027-02-28' })
  seasonEnd!: string;
  @ApiProperty({ type: LeagueScoringRulesDto })
  scoring!: LeagueScoringRulesDto;
  @ApiProperty({ type: [LeagueEventRefDto] })
  events!: LeagueEventRefDto[];
}

export class LeagueStandingDto {
  @ApiProperty({ type: 'integer' })
  rank!: number;
  @ApiProperty({ format: 'uuid' })
  profileId!: string;
  @ApiProperty({ description: 'The name the profile used most recently.' })
  name!: string;
  @ApiProperty({ type: 'integer', description: 'League points.' })
  points!: number;
  @ApiProperty({ type: 'integer', description: 'Events attended.' })
  events!: number;
  @ApiProperty({ type: 'integer', description: 'Swiss match points over the season.' })
  matchPoints!: number;
  @ApiProperty({ minimum: 0, maximum: 1, description: 'Mean OMW% over the events attended, 0–1.' })
  omwp!: number;
}

export class LeagueEventResultDto {
  @ApiProperty({ format: 'uuid' })
  eventId!: string;
  @ApiProperty({ description: "The event's name." })
  event!: string;
  @ApiProperty({ type: 'integer', description: 'Final placing, 1-based.' })
  place!: number;
  @ApiProperty({ example: '3-1-0', description: 'wins-losses-draws' })
  record!: string;
  @ApiProperty({ type: 'integer' })
  matchPoints!: number;
  @ApiProperty({ type: 'integer', description: 'League points from this event.' })
  points!: number;
}

export class LeaguePlayerHistoryDto {
  @ApiProperty({ format: 'uuid' })
  profileId!: string;
  @ApiProperty()
  name!: string;
  @ApiProperty({ type: [LeagueEventResultDto], description: 'The league events the profile played, oldest first.' })
  events!: LeagueEventResultDto[];
}

export class ProfileMergeDto {
  @ApiProperty({ format: 'uuid', description: 'The profile that remains.' })
  profileId!: string;
  @ApiProperty({ type: 'integer', description: 'Event entries moved to it.' })
  movedEntries!: number;
}
