import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { IsOptionalNotNull, UUID_PATTERN } from '../../common/validation/patterns';
import { AUDIT_ACTIONS } from '../rules/audit-entry';

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;

const toInteger = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value);

/** Any JSON value (an entry's before and after). */
const ANY_JSON = { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'array', items: {} }, { type: 'object', nullable: true }] };

/** Query of GET /api/events/:id/audit. */
export class AuditQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only the entries of this match (its results, reports, penalties).' })
  @IsOptionalNotNull()
  @Matches(UUID_PATTERN, { message: 'matchId must be a UUID' })
  matchId?: string;

  @ApiPropertyOptional({
    maxLength: 60,
    example: 'result',
    description: 'Only actions with this prefix (`result` gives result.entered, result.corrected, …) or this exact action.',
  })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(60)
  @Matches(/^[a-zA-Z]+(\.[a-zA-Z]*)?$/, { message: 'action must be an action or its prefix, e.g. result or result.corrected' })
  action?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: AUDIT_PAGE_MAX, default: AUDIT_PAGE_DEFAULT, description: 'Entries on the page.' })
  @IsOptionalNotNull()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(AUDIT_PAGE_MAX)
  limit?: number;

  @ApiPropertyOptional({ maxLength: 200, pattern: '^[A-Za-z0-9_-]+$', description: "The previous page's nextCursor (same filters). Omitted: the newest entries." })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(200)
  @Matches(/^[A-Za-z0-9_-]+$/, { message: "cursor must be a page's nextCursor, unchanged" })
  cursor?: string;
}

/** Who made a recorded change. */
export class AuditActorDto {
  @ApiProperty({ enum: ['staff', 'player', 'system'] })
  kind!: 'staff' | 'player' | 'system';
  @ApiProperty({
    description: 'The account’s display name ("Organizer token" for ORGANIZER_TOKEN before the owner exists), the player’s name, or the mechanism (timer, bots, waitlist).',
  })
  name!: string;
  @ApiProperty({
    type: 'string',
    nullable: true,
    enum: ['owner', 'organizer', 'scorekeeper', 'judge'],
    description: 'Staff: the role held in the store at the time; null otherwise.',
  })
  role!: string | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true })
  accountId!: string | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true })
  playerId!: string | null;
}

/** One recorded change of an event. */
export class AuditEntryDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;
  @ApiProperty({ format: 'date-time' })
  at!: string;
  @ApiProperty({ enum: AUDIT_ACTIONS, description: 'What happened, dotted: subject.what.' })
  action!: string;
  @ApiProperty({ type: AuditActorDto })
  actor!: AuditActorDto;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, description: 'The match the change was about (it may since be gone: an undone round).' })
  matchId!: string | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true })
  leagueId!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'What the change was about: ids, names, round and table numbers.' })
  subject!: Record<string, unknown>;
  @ApiProperty({ ...ANY_JSON, description: 'The value before the change (JSON: an object, a list, or null when there was none).' })
  before!: unknown;
  @ApiProperty({ ...ANY_JSON, description: 'The value after the change (JSON: an object, a list, or null when there is none).' })
  after!: unknown;
  @ApiProperty({ type: 'string', nullable: true, description: 'Why, when the staff member gave a reason (required for result corrections).' })
  reason!: string | null;
}

/** A page of an event's audit trail. */
export class AuditPageDto {
  @ApiProperty({ type: [AuditEntryDto], description: 'At most `limit` entries, newest first.' })
  items!: AuditEntryDto[];
  @ApiProperty({ type: 'string', nullable: true, description: 'Pass as `cursor` (same filters) for the next page; null on the last page.' })
  nextCursor!: string | null;
}

export class AuditEventParamDto {
  @ApiProperty({ format: 'uuid' })
  @Matches(UUID_PATTERN, { message: 'id must be a UUID' })
  id!: string;
}
