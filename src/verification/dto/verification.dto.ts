import { PinnedPackDto } from '../../events/dto/event.dto';
/**
 * OpenAPI shapes of the export and verification routes. The normative definitions are the types in
 * ../event-export.types.ts and ../verification-report.ts; these classes only document them.
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { GAME_IDS } from '../../catalog/card.types';

/** A compared value: a card id or hash, a list of card ids / player ids (null = bot), or a JSON object. */
const ANY_VALUE = { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'array', items: { type: 'string', nullable: true } }, { type: 'object' }] };

export class VerificationItemDto {
  @ApiProperty({ example: 'pick pod-1 round-2 pick-5 seat-3', description: 'What was checked: seedCommitment, dataVersion <CODE>, pod sizes, seating pod-N, pack <purpose>, picks pod-N, pick pod-… round-… pick-… seat-….' })
  item!: string;
  @ApiProperty({ enum: ['match', 'mismatch', 'unverifiable'], description: 'unverifiable: not recomputable from public data (e.g. a timeout pick that took the player’s private preselected card).' })
  status!: string;
  @ApiPropertyOptional({ ...ANY_VALUE, description: 'What the verifier computed from the seed (any JSON).' })
  expected?: unknown;
  @ApiPropertyOptional({ ...ANY_VALUE, description: 'What the event recorded (any JSON).' })
  actual?: unknown;
  @ApiPropertyOptional({ description: 'Why it mismatches or cannot be verified.' })
  message?: string;
}

export class VerificationReportDto {
  @ApiProperty({ description: 'True when no item mismatches (unverifiable items do not count against it).' })
  ok!: boolean;
  @ApiProperty({ description: 'Items compared (match + mismatch).' })
  checked!: number;
  @ApiProperty()
  mismatches!: number;
  @ApiProperty()
  unverifiable!: number;
  @ApiProperty({ type: [VerificationItemDto] })
  items!: VerificationItemDto[];
}

export class ExportEventDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;
  @ApiProperty()
  name!: string;
  @ApiProperty({ enum: GAME_IDS })
  game!: string;
  @ApiProperty({ enum: ['sealed', 'draft'] })
  format!: string;
  @ApiProperty()
  state!: string;
  @ApiProperty({ description: 'Hex SHA-256 of the seed’s UTF-8 bytes, published at creation.' })
  seedCommitment!: string;
  @ApiProperty({ nullable: true, type: String, description: 'The seed once revealed; null before (for the organizer too).' })
  seed!: string | null;
  @ApiProperty({ nullable: true, type: String })
  seedRevealedAt!: string | null;
  @ApiProperty({ description: 'WoW draft packs keep the hero slot.' })
  keepHeroSlot!: boolean;
  @ApiProperty()
  fillWithBots!: boolean;
  @ApiProperty()
  pickTimeSeconds!: number;
  @ApiProperty()
  createdAt!: string;
  @ApiProperty({ nullable: true, type: String })
  startedAt!: string | null;
  @ApiProperty({ nullable: true, type: String })
  completedAt!: string | null;
}

/** A pinned pack of the export: its dataVersion names an entry of setVersions. */
export class ExportPinnedPackDto extends PinnedPackDto {}

export class ExportCardDto {
  @ApiProperty({ example: 'HOA-218' })
  cardId!: string;
  @ApiProperty()
  number!: number;
  @ApiProperty()
  name!: string;
  @ApiProperty()
  rarity!: string;
  @ApiProperty()
  type!: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Game-specific attributes as stored.' })
  attributes!: Record<string, unknown>;
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true } })
  printings!: unknown[];
}

export class ExportSetVersionDto {
  @ApiProperty({ example: 'HOA' })
  setCode!: string;
  @ApiProperty()
  dataVersion!: string;
  @ApiProperty()
  name!: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Booster layout as stored (src/boosters/booster-layout.ts).' })
  boosterLayout!: Record<string, unknown>;
  @ApiProperty({ type: [ExportCardDto] })
  cards!: ExportCardDto[];
}

export class ExportPlayerDto {
  @ApiProperty({ format: 'uuid' })
  playerId!: string;
  @ApiProperty({ description: 'Registration order, 1-based.' })
  number!: number;
  @ApiProperty()
  name!: string;
}

export class ExportSeatDto {
  @ApiProperty()
  seat!: number;
  @ApiProperty({ nullable: true, type: String, description: 'null = bot seat.' })
  playerId!: string | null;
}

export class ExportPodDto {
  @ApiProperty()
  number!: number;
  @ApiProperty({ type: [ExportSeatDto] })
  seats!: ExportSeatDto[];
}

export class ExportPackDto {
  @ApiProperty({ example: 'pack/pod-1/seat-3/round-2', description: 'The stream the pack was drawn from (seed + "/" + purpose).' })
  purpose!: string;
  @ApiProperty()
  packNumber!: number;
  @ApiProperty({ nullable: true, type: Number })
  podNumber!: number | null;
  @ApiProperty({ nullable: true, type: Number })
  seat!: number | null;
  @ApiProperty({ nullable: true, type: String })
  playerId!: string | null;
  @ApiProperty({ type: [String], description: 'Card ids in opened order.' })
  cards!: string[];
}

export class ExportPickDto {
  @ApiProperty()
  podNumber!: number;
  @ApiProperty()
  packNumber!: number;
  @ApiProperty()
  pickNumber!: number;
  @ApiProperty()
  seat!: number;
  @ApiProperty()
  cardId!: string;
  @ApiProperty({ enum: ['player', 'timeout', 'bot'] })
  source!: string;
  @ApiProperty()
  madeAt!: string;
}

export class EventExportDto {
  @ApiProperty({ example: 'podium-event-export' })
  format!: string;
  @ApiProperty({ example: 1 })
  formatVersion!: number;
  @ApiProperty()
  exportedAt!: string;
  @ApiProperty({ type: ExportEventDto })
  event!: ExportEventDto;
  @ApiProperty({ type: [ExportPinnedPackDto] })
  pinnedPacks!: ExportPinnedPackDto[];
  @ApiProperty({ type: [ExportSetVersionDto] })
  setVersions!: ExportSetVersionDto[];
  @ApiProperty({ type: [ExportPlayerDto] })
  players!: ExportPlayerDto[];
  @ApiProperty({ type: [ExportPodDto] })
  pods!: ExportPodDto[];
  @ApiProperty({ type: [ExportPackDto] })
  packs!: ExportPackDto[];
  @ApiProperty({ type: [ExportPickDto] })
  picks!: ExportPickDto[];
}
