import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { ARCHIVE_FORMAT } from '../event-archive.types';
import { MAX_MIGRATIONS } from '../rules/archive-checks';

const TABLES_SCHEMA = {
  type: 'object' as const,
  additionalProperties: {
    type: 'object' as const,
    required: ['columns', 'rows'],
    properties: {
      columns: { type: 'array' as const, items: { type: 'string' as const } },
      rows: { type: 'array' as const, items: { type: 'array' as const, items: {} } },
    },
  },
};

export class ArchivedEventDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() code!: string;
  @ApiProperty() name!: string;
  @ApiProperty() state!: string;
}

/** The event archive file (see src/event-archive/event-archive.types.ts). */
export class EventArchiveDto {
  @ApiProperty({ enum: [ARCHIVE_FORMAT] }) format!: string;
  @ApiProperty({ type: 'integer', example: 1 }) formatVersion!: number;
  @ApiProperty({ example: '0.1.0' }) podiumVersion!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({
    type: [String],
    maxItems: MAX_MIGRATIONS,
    description: 'Migrations applied on the server it came from: its schema. A server lacking one refuses the file (ARCHIVE_SCHEMA_NEWER).',
  })
  migrations!: string[];
  @ApiProperty({ type: ArchivedEventDto }) event!: ArchivedEventDto;
  @ApiProperty({
    ...TABLES_SCHEMA,
    description: "The event's own tables (every table that references the event, found from the schema's foreign keys): columns, then one array of values per row.",
  })
  tables!: Record<string, unknown>;
  @ApiProperty({
    ...TABLES_SCHEMA,
    description: 'Rows outside the event that its rows point at (player profiles, leagues): matched on import by id or a unique key (member number), else created.',
  })
  references!: Record<string, unknown>;
  @ApiProperty({
    ...TABLES_SCHEMA,
    description: "The set versions the event's packs come from, with their cards (card_set, set_version, card): matched on import by set and data version, else created.",
  })
  catalog!: Record<string, unknown>;
}

export class ImportArchiveQueryDto {
  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description:
      'Replace the event when this server has it (its rows are deleted and the archive’s written, in one transaction). Without it an existing event is a 409 ARCHIVE_CONFLICT.',
  })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'replace must be true or false' })
  replace?: boolean;
}

export class ImportedEventDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() code!: string;
  @ApiProperty() name!: string;
  @ApiProperty() state!: string;
  @ApiProperty({ description: 'True when an event of this id was replaced.' }) replaced!: boolean;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' }, description: "Rows of the event's own tables written, by table." })
  rows!: Record<string, number>;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer' },
    description: 'Rows outside the event created on this server (profiles, leagues, card sets, set versions), by table.',
  })
  created!: Record<string, number>;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer' },
    description: 'Rows outside the event this server already had (matched by id, a unique key, or set and data version), by table.',
  })
  matched!: Record<string, number>;
  @ApiProperty({
    type: 'integer',
    description: 'Draft pods imported paused: a draft with pick timers comes back paused (resume it when the players are at the table), or every overdue timer would pick at once.',
  })
  pausedPods!: number;
}
