import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { MeDto } from '../../draft/dto/draft.dto';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { EVENT_STATES } from '../../events/rules/event-lifecycle';

export class StreamTicketDto {
  @ApiProperty({ description: 'Opens `GET /api/events/:id/stream?ticket=…` until it expires (reusable until then).', example: '0b4f…-…-….1796061660000.Zr3…' })
  ticket!: string;
  @ApiProperty({ format: 'date-time', description: 'Expiry (ISO 8601), 60 s after issue.', example: '2026-11-30T18:01:00.000Z' })
  expiresAt!: string;
}

export class StreamQueryDto {
  // Required (documented so); validated as optional so that a missing ticket answers 401 STREAM_TICKET_INVALID, not 400.
  @ApiProperty({ required: true, maxLength: 200, description: 'A stream ticket from POST /api/events/{id}/stream-ticket (without one: 401 STREAM_TICKET_INVALID).' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  ticket?: string;

  @ApiPropertyOptional({
    description: 'Same as the Last-Event-ID header (which wins when both are sent), for a new EventSource that cannot set headers: resume after this event id.',
    example: '13.1.0.0.9c1e04ab',
    maxLength: 100,
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  lastEventId?: string;
}

/** Data of a `pack` event: the /me view without the pool and picks (fetch /me for those), plus the own pick count. */
export class LivePackEventDto extends OmitType(MeDto, ['playerId', 'picks', 'pool'] as const) {
  @ApiProperty({ type: 'integer', description: 'Picks you have made so far (GET /me lists them).' })
  pickCount!: number;
}

/** Data of a `round` event: the pack number changed. */
export class LiveRoundEventDto {
  @ApiProperty({ type: 'integer' })
  packNumber!: number;
  @ApiProperty({ type: String, enum: ['left', 'right', null], nullable: true })
  direction!: 'left' | 'right' | null;
}

/** Data of a `paused` event: the pod was paused or resumed. */
export class LivePausedEventDto {
  @ApiProperty()
  paused!: boolean;
}

/** Data of a `draft-complete` event: the pod finished drafting. */
export class LiveDraftCompleteEventDto {
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  podId!: string | null;
  @ApiProperty({ type: 'integer' })
  pickCount!: number;
  @ApiProperty({ enum: EVENT_STATES, description: 'Event state.' })
  state!: string;
}

/**
 * Data of a `clock` event, during the rounds: the player's current round clock (their table's end,
 * extensions, pause); sent on connecting and whenever the organizer pauses, resumes or extends the
 * round, extends the table, or pairs a round. null: no round is being played any more.
 */
export class LiveClockEventDto {
  @ApiProperty({ type: 'integer' })
  round!: number;
  @ApiProperty({ enum: ['swiss', 'playoff'] })
  kind!: string;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Your table this round; null when you are not paired in it.' })
  table!: number | null;
  @ApiProperty({ format: 'date-time', description: "When your table's time ends (the round's end plus your table's extension); while paused: if resumed now." })
  endsAt!: string;
  @ApiProperty()
  paused!: boolean;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Seconds left, frozen while paused; null while the clock runs (count down to endsAt).' })
  remainingSeconds!: number | null;
  @ApiProperty({ type: 'integer', description: 'Minutes added to the whole round.' })
  extraMinutes!: number;
  @ApiProperty({ type: 'integer', description: "A judge's extension of your table, in minutes." })
  tableExtraMinutes!: number;
}
