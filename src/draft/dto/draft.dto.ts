import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { CardDto } from '../../catalog/dto/card.dto';
import { IsOptionalNotNull, UUID_PATTERN } from '../../common/validation/patterns';
import { EVENT_STATES } from '../../events/rules/event-lifecycle';

/** Who made a pick: the player, the timer on the player's behalf, or a bot. */
export const PICK_SOURCES = ['player', 'timeout', 'bot'] as const;

export class MakePickDto {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 24, example: 1, description: 'Pack number (the round), 1-based.' })
  @IsInt()
  @Min(1)
  @Max(24)
  packNumber!: number;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: 100, example: 1, description: 'Pick number within the pack, 1-based.' })
  @IsInt()
  @Min(1)
  @Max(100)
  pickNumber!: number;

  @ApiProperty({ example: 'HOA-218', maxLength: 40 })
  @IsString()
  @MaxLength(40)
  cardId!: string;
}

export class PreselectDto {
  @ApiProperty({ example: 'HOA-218', maxLength: 40, description: 'A card of the pack in front of you: taken for you if your timer runs out.' })
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

/** PUT …/preselect answers the pick the card is marked for. */
export class PreselectionDto {
  @ApiProperty({ type: 'integer' })
  packNumber!: number;
  @ApiProperty({ type: 'integer' })
  pickNumber!: number;
  @ApiProperty({ example: 'HOA-218' })
  cardId!: string;
}

export class PickResultDto {
  @ApiProperty({ type: 'integer' })
  packNumber!: number;
  @ApiProperty({ type: 'integer' })
  pickNumber!: number;
  @ApiProperty({ type: CardDto })
  card!: CardDto;
  @ApiProperty({ enum: PICK_SOURCES, description: 'player, timeout (the timer, for the player) or bot.' })
  source!: string;
  @ApiProperty({ format: 'date-time' })
  madeAt!: string;
}

export class SeatDto {
  @ApiProperty({ type: 'integer', description: 'Seat number 0..n-1; pack 1 passes to seat + 1 (left).' })
  seat!: number;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'null for a bot seat.' })
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
  @ApiProperty({ type: 'integer', description: 'Pod number, 1-based.' })
  number!: number;
  @ApiProperty({ type: [SeatDto] })
  seats!: SeatDto[];
}

/** One seat's progress, as the organizer watches the draft (no card is shown). */
export class SeatProgressDto {
  @ApiProperty({ type: 'integer', description: 'Seat number, 0-based (as in seats).' })
  seat!: number;
  @ApiProperty({ type: 'integer', description: 'Packs in front of the seat: the one it picks from now plus those waiting behind it; 0 while it waits for a pack.' })
  queued!: number;
  @ApiProperty({
    nullable: true,
    type: String,
    format: 'date-time',
    description: "When the seat's current pick times out (ISO 8601); null without a timer, for a bot, while paused or waiting.",
  })
  deadline!: string | null;
}

/** One seat as the organizer's draft panel shows it (src/draft/rules/seat-activity.ts). */
export class SeatActivityDto {
  @ApiProperty({ format: 'uuid' })
  podId!: string;
  @ApiProperty({ type: 'integer', description: 'Pod number, from 1.' })
  podNumber!: number;
  @ApiProperty({ type: 'integer', description: 'Seat number, 0-based (as in the pods list).' })
  seat!: number;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'null: a bot seat.' })
  playerId!: string | null;
  @ApiProperty()
  name!: string;
  @ApiProperty({
    enum: ['bot', 'absent', 'done', 'offline', 'idle', 'picking', 'waiting'],
    description:
      'picking: a pack in front; idle: a pack held 30 s or more; waiting: no pack (the neighbour is picking); offline: the phone not heard from for 40 s or never (live stream heartbeats, polling, picks); absent: marked absent, a bot picks; bot: a bot seat; done: the pod finished.',
  })
  state!: string;
  @ApiProperty({ nullable: true, type: 'integer', description: 'Seconds the current pack has been in front of the seat; null without one or while paused.' })
  heldSeconds!: number | null;
  @ApiProperty({ nullable: true, type: 'integer', description: 'Seconds since the phone was last heard from; null: never (or a bot).' })
  silentSeconds!: number | null;
}

export class DraftActivityDto {
  @ApiProperty({ format: 'date-time', description: "The server's time of this reading." })
  at!: string;
  @ApiProperty({ type: [SeatActivityDto], description: 'Every seat of every pod, by pod then seat.' })
  seats!: SeatActivityDto[];
}

export class PodDto extends PodSeatingDto {
  @ApiProperty({ type: 'integer', description: 'Public pod state: the pack number being drafted.' })
  packNumber!: number;
  @ApiProperty({ enum: ['left', 'right'], description: 'Where packs pass this round: left (seat + 1) or right.' })
  direction!: string;
  @ApiProperty({ type: 'integer', isArray: true, description: 'Seat numbers that have a pack in front of them now (still picking).' })
  picking!: number[];
  @ApiProperty()
  paused!: boolean;
  @ApiProperty()
  complete!: boolean;
  @ApiProperty({ type: [SeatProgressDto], description: "Each seat's queue and pick deadline, by seat." })
  progress!: SeatProgressDto[];
}

export class CurrentPackDto {
  @ApiProperty({ type: [CardDto] })
  cards!: CardDto[];
}

export class WaitingForDto {
  @ApiProperty({
    enum: ['next-pick', 'next-pack'],
    description: 'next-pick: the next pack of this round is not passed to you yet; next-pack: you made every pick of the round and pack `packNumber` opens when the others finish.',
  })
  kind!: 'next-pick' | 'next-pack';
  @ApiProperty({ type: 'integer', description: 'The pack waited for (1-based).' })
  packNumber!: number;
  @ApiProperty({ type: 'integer', description: 'The seat waited for: the upstream neighbour (next-pick), or the nearest upstream seat still picking (next-pack).' })
  seat!: number;
  @ApiProperty({ example: 'Alice', description: "That seat's display name." })
  name!: string;
}

export class AutoPickDto {
  @ApiProperty({ type: 'integer' })
  packNumber!: number;
  @ApiProperty({ type: 'integer' })
  pickNumber!: number;
  @ApiProperty({ type: CardDto, description: 'The card the pick timer took for you.' })
  card!: CardDto;
}

export class PickRecordDto {
  @ApiProperty({ type: 'integer' })
  packNumber!: number;
  @ApiProperty({ type: 'integer' })
  pickNumber!: number;
  @ApiProperty({ example: 'HOA-218' })
  cardId!: string;
  @ApiProperty({ description: 'True when the pick timer (or a bot standing in for an absent player) made the pick.' })
  auto!: boolean;
}

export class MeDto {
  @ApiProperty({ format: 'uuid' })
  playerId!: string;
  @ApiProperty({ example: 'Alice', description: 'Your name as registered (a phone that opened a rejoin link knows no other).' })
  name!: string;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'Your pod; null when not seated (sealed, or before the draft starts).' })
  podId!: string | null;
  @ApiProperty({ nullable: true, type: 'integer' })
  seat!: number | null;
  @ApiProperty({ enum: EVENT_STATES, description: 'Event state.' })
  state!: string;
  @ApiProperty({ nullable: true, type: 'integer', description: 'The pack (round) being drafted; null when not seated or complete.' })
  packNumber!: number | null;
  @ApiProperty({ nullable: true, type: 'integer', description: 'Your next pick number in this pack.' })
  pickNumber!: number | null;
  @ApiProperty({ nullable: true, type: String, enum: ['left', 'right', null], description: 'Where packs pass this round; null when not seated or complete.' })
  direction!: 'left' | 'right' | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'When the current pick times out (ISO 8601), null without a timer.' })
  deadline!: string | null;
  @ApiProperty({ nullable: true, type: CurrentPackDto, description: 'The pack in front of you; null while you wait for one.' })
  currentPack!: CurrentPackDto | null;
  @ApiProperty({ nullable: true, type: String, description: 'Card pre-selected for the current pick.' })
  preselected!: string | null;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Packs already passed to you and waiting behind the current one (0 without a current pack).' })
  queued!: number;
  @ApiProperty({ description: "Your pod's draft is over (every seat made every pick)." })
  draftComplete!: boolean;
  @ApiProperty({ nullable: true, type: WaitingForDto, description: 'Without a pack in front of you: whose pack you wait for; null with a pack, or when nothing more comes.' })
  waitingFor!: WaitingForDto | null;
  @ApiProperty({ nullable: true, type: AutoPickDto, description: 'Your latest pick when the pick timer made it (until your next pick); only in your own view.' })
  autoPicked!: AutoPickDto | null;
  @ApiProperty({ type: [CardDto], description: 'Draft: your picks in order.' })
  picks!: CardDto[];
  @ApiProperty({ type: [PickRecordDto], description: 'Draft: your picks in order (as `picks`), with pack, pick number and whether the pick was automatic.' })
  pickHistory!: PickRecordDto[];
  @ApiProperty({ type: [CardDto], description: 'Your pool: sealed, every card of your boosters; draft, your picks.' })
  pool!: CardDto[];
}

export class LoggedPackDto {
  @ApiProperty({ type: 'integer' })
  packNumber!: number;
  @ApiProperty({ type: 'integer', description: 'The seat that opened it.' })
  seat!: number;
  @ApiProperty({ example: 'pack/pod-1/seat-3/round-2', description: 'The random stream it was drawn from (seed + "/" + purpose).' })
  purpose!: string;
  @ApiProperty({ type: [String], description: 'Card ids in opened order.' })
  cards!: string[];
}

export class LoggedPickDto {
  @ApiProperty({ type: 'integer' })
  packNumber!: number;
  @ApiProperty({ type: 'integer' })
  pickNumber!: number;
  @ApiProperty({ type: 'integer' })
  seat!: number;
  @ApiProperty({ example: 'HOA-218' })
  cardId!: string;
  @ApiProperty({ enum: PICK_SOURCES })
  source!: string;
  @ApiProperty({ format: 'date-time' })
  madeAt!: string;
}

export class PickLogDto extends PodSeatingDto {
  @ApiProperty({ type: [LoggedPackDto], description: 'Every pack as opened.' })
  packs!: LoggedPackDto[];
  @ApiProperty({ type: [LoggedPickDto], description: 'Every pick, in the order made.' })
  picks!: LoggedPickDto[];
}
