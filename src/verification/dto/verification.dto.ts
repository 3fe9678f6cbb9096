import { AuditEntryDto } from '../../audit/dto/audit.dto';
import { PinnedPackDto } from '../../events/dto/event.dto';
/**
 * OpenAPI shapes of the export and verification routes. The normative definitions are the types in
 * ../event-export.types.ts and ../verification-report.ts; these classes only document them.
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { GAME_IDS, RARITIES } from '../../catalog/card.types';
import { CARD_TYPES } from '../../catalog/dto/card.dto';
import { PICK_SOURCES } from '../../draft/dto/draft.dto';
import { EVENT_FORMATS } from '../../events/dto/event.dto';
import { EVENT_STATES } from '../../events/rules/event-lifecycle';

/** A compared value: any JSON (a card id or hash, a list of card ids / player ids with null for a bot, an object, null). */
const ANY_VALUE = { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'array', items: {} }, { type: 'object', nullable: true }] };

export class VerificationItemDto {
  @ApiProperty({
    example: 'pick pod-1 round-2 pick-5 seat-3',
    description: 'What was checked: seedCommitment, dataVersion <CODE>, pod sizes, seating pod-N, pack <purpose>, picks pod-N, pick pod-… round-… pick-… seat-….',
  })
  item!: string;
  @ApiProperty({
    enum: ['match', 'mismatch', 'unverifiable'],
    description: 'unverifiable: not recomputable from public data (e.g. a timeout pick that took the player’s private preselected card).',
  })
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
  @ApiProperty({ type: 'integer', description: 'Items compared (match + mismatch).' })
  checked!: number;
  @ApiProperty({ type: 'integer' })
  mismatches!: number;
  @ApiProperty({ type: 'integer' })
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
  @ApiProperty({ enum: EVENT_FORMATS })
  format!: string;
  @ApiProperty({ enum: EVENT_STATES, description: 'State at export time.' })
  state!: string;
  @ApiProperty({ description: 'Hex SHA-256 of the seed’s UTF-8 bytes, published at creation.' })
  seedCommitment!: string;
  @ApiProperty({ nullable: true, type: String, description: 'The seed once revealed; null before (for the organizer too).' })
  seed!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' })
  seedRevealedAt!: string | null;
  @ApiProperty({ description: 'WoW draft packs keep the hero slot.' })
  keepHeroSlot!: boolean;
  @ApiProperty()
  fillWithBots!: boolean;
  @ApiPropertyOptional({
    enum: ['generated', 'physical'],
    description: 'physical: real boosters at the table — no packs or picks are recorded, only the seating. Absent: generated.',
  })
  packSource?: 'generated' | 'physical';
  @ApiProperty({ type: 'integer', nullable: true, enum: [2, 3, null], description: 'Team event: members per team; null = solo.' })
  teamSize!: number | null;
  @ApiPropertyOptional({ description: 'Players may sideboard between games (absent in earlier files: true).' })
  sideboarding?: boolean;
  @ApiProperty({ type: 'integer' })
  pickTimeSeconds!: number;
  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' })
  startedAt!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' })
  completedAt!: string | null;
}

/** A pinned pack of the export: its dataVersion names an entry of setVersions. */
export class ExportPinnedPackDto extends PinnedPackDto {}

export class ExportCardDto {
  @ApiProperty({ example: 'HOA-218' })
  cardId!: string;
  @ApiProperty({ type: 'integer' })
  number!: number;
  @ApiProperty()
  name!: string;
  @ApiProperty({ enum: RARITIES })
  rarity!: string;
  @ApiProperty({ enum: CARD_TYPES })
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
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Booster layout as stored (src/catalog/layouts/booster-layout.ts).' })
  boosterLayout!: Record<string, unknown>;
  @ApiProperty({ type: [ExportCardDto] })
  cards!: ExportCardDto[];
}

export class ExportPlayerDto {
  @ApiProperty({ format: 'uuid' })
  playerId!: string;
  @ApiProperty({ type: 'integer', description: 'Registration order, 1-based.' })
  number!: number;
  @ApiProperty()
  name!: string;
  @ApiPropertyOptional({ type: 'integer', nullable: true, description: "Team events: the number (registration order) of the player's team; absent or null = no team." })
  teamNumber?: number | null;
  @ApiPropertyOptional({ type: 'integer', description: "The organizer's lower main-deck minimum for this player; absent: the game's." })
  minMainDeck?: number;
}

export class ExportSeatDto {
  @ApiProperty({ type: 'integer' })
  seat!: number;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'null = bot seat.' })
  playerId!: string | null;
}

export class ExportPodDto {
  @ApiProperty({ type: 'integer' })
  number!: number;
  @ApiProperty({ type: [ExportSeatDto] })
  seats!: ExportSeatDto[];
}

export class ExportPackDto {
  @ApiProperty({ example: 'pack/pod-1/seat-3/round-2', description: 'The stream the pack was drawn from (seed + "/" + purpose).' })
  purpose!: string;
  @ApiProperty({ type: 'integer' })
  packNumber!: number;
  @ApiProperty({ nullable: true, type: 'integer', description: 'Draft: the pod of the opening seat; sealed: null.' })
  podNumber!: number | null;
  @ApiProperty({ nullable: true, type: 'integer', description: 'Draft: the opening seat; sealed: null.' })
  seat!: number | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'Sealed: the owner; draft: the player at the opening seat (null for a bot seat).' })
  playerId!: string | null;
  @ApiProperty({ type: [String], description: 'Card ids in opened order.' })
  cards!: string[];
}

export class ExportPickDto {
  @ApiProperty({ type: 'integer' })
  podNumber!: number;
  @ApiProperty({ type: 'integer' })
  packNumber!: number;
  @ApiProperty({ type: 'integer' })
  pickNumber!: number;
  @ApiProperty({ type: 'integer' })
  seat!: number;
  @ApiProperty()
  cardId!: string;
  @ApiProperty({ enum: PICK_SOURCES })
  source!: string;
  @ApiProperty({ format: 'date-time' })
  madeAt!: string;
}

export class EventExportDto {
  @ApiProperty({ enum: ['podium-event-export'] })
  format!: string;
  @ApiProperty({ type: 'integer', enum: [1] })
  formatVersion!: number;
  @ApiProperty({ format: 'date-time' })
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
  @ApiPropertyOptional({
    type: [AuditEntryDto],
    description: 'Staff only (it names staff and holds private data): the event’s audit trail, oldest first (GET /api/events/:id/audit). Absent for everyone else.',
  })
  audit?: AuditEntryDto[];
}
