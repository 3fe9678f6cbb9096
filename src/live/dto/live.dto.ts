import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

export class StreamTicketDto {
  @ApiProperty({ description: 'Opens `GET /api/events/:id/stream?ticket=…` until it expires (reusable until then).', example: '0b4f…-…-….1796061660000.Zr3…' })
  ticket!: string;
  @ApiProperty({ description: 'Expiry (ISO 8601), 60 s after issue.', example: '2026-11-30T18:01:00.000Z' })
  expiresAt!: string;
}

export class StreamQueryDto {
  @ApiPropertyOptional({ description: 'A stream ticket from POST /api/events/:id/stream-ticket (required).' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  ticket?: string;

  @ApiPropertyOptional({
    description: 'Same as the Last-Event-ID header (which wins when both are sent), for a new EventSource that cannot set headers: resume after this event id.',
    example: '13.1.0.0.9c1e04ab',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  lastEventId?: string;
}

export class LivePackEventDto {
  @ApiProperty({ nullable: true, type: String, format: 'uuid' })
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
  @ApiProperty({ nullable: true, type: String })
  deadline!: string | null;
  @ApiProperty({ nullable: true, description: 'The pack in front of you ({ cards }), null while you wait for one.', type: 'object', additionalProperties: true })
  currentPack!: { cards: unknown[] } | null;
  @ApiProperty({ nullable: true, type: String })
  preselected!: string | null;
  @ApiProperty({ description: 'Picks you have made so far (GET /me lists them).' })
  pickCount!: number;
}
