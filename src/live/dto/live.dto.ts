import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { MeDto } from '../../draft/dto/draft.dto';
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

/** Data of a `pack` event: the /me view without the pool and picks (fetch /me for those), plus the own pick count. */
export class LivePackEventDto extends OmitType(MeDto, ['playerId', 'picks', 'pool'] as const) {
  @ApiProperty({ description: 'Picks you have made so far (GET /me lists them).' })
  pickCount!: number;
}
