import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';

import { ArrayMinSize, IsBoolean, IsIn, IsInt, IsOptional, IsString, IsTimeZone, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { GAME_IDS, type GameId } from '../../catalog/card.types';
import { MAX_SEED_LENGTH } from '../../common/random/seeded-rng';
import { SET_CODE_MESSAGE, SET_CODE_PATTERN } from '../../catalog/dto/catalog-query.dto';
import { EVENT_FORMATS, type EventFormat } from '../formats';
import { EVENT_STATES } from '../rules/event-lifecycle';

/** Event formats, for the document's EventFormat enum: the names of src/events/formats (FORMATS). */
export { EVENT_FORMATS } from '../formats';

/** Where an event's boosters come from: opened by Podium from the seed, or real boosters at the table. */
export const PACK_SOURCES = ['generated', 'physical'] as const;
export type PackSource = (typeof PACK_SOURCES)[number];
const PACK_SOURCE_DOC =
  'generated (default): Podium opens every booster from the seed. physical: real boosters opened at the table — no packs are generated; a draft is still seated from the seed (pods of 4–8) and the organizer ends it (POST /api/events/:id/draft/finish); players register decks as lists, checked for the deck rules and copy limits but not against a pool. No bots, no pooled team sealed.';
import { EVENT_CODE_PATTERN } from '../rules/event-code';
import { CLAIM_CODE_PATTERN } from '../rules/claim-code';
import { PLAYER_LIST_FORMATS, type PlayerListFormat } from '../rules/player-import';
import { ENTRY_STATUSES, type EntryStatus } from '../rules/registration-policy';
import { IsDisplayName } from '../../common/validation/display-name';
import { IsOptionalNotNull, UUID_PATTERN } from '../../common/validation/patterns';
import { MaxItems } from '../../common/validation/max-items';

/**
 * Boosters an event (or a list of boosters opened) may name: a sealed event opens 6 per player, a
 * draft 3 or 4; 24 leaves room for a large sealed variant or a long draft.
 */
export const MAX_PACKS = 24;
/** The largest capacity an event may set (a large store championship; pods and Swiss take more). */
export const MAX_CAPACITY = 2000;

export class CreateEventDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'The store that runs the event; needed only by staff of several stores (else theirs).' })
  @IsOptionalNotNull()
  @Matches(UUID_PATTERN, { message: 'storeId must be a UUID' })
  storeId?: string;

  @ApiProperty({ example: 'Friday Draft', maxLength: 120 })
  @IsDisplayName(120)
  name!: string;

  @ApiProperty({ enum: GAME_IDS })
  @IsIn(GAME_IDS)
  game!: GameId;

  @ApiProperty({ enum: EVENT_FORMATS })
  @IsIn(EVENT_FORMATS)
  format!: EventFormat;

  @ApiPropertyOptional({ enum: PACK_SOURCES, default: 'generated', description: PACK_SOURCE_DOC })
  @IsOptionalNotNull()
  @IsIn(PACK_SOURCES)
  packSource?: PackSource;

  @ApiProperty({
    type: 'array',
    minItems: 1,
    items: { type: 'string', pattern: SET_CODE_PATTERN.source },
    example: ['HOA', 'HOA', 'HOA', 'HOA'],
    description:
      'Set codes in opening order. One code = that set repeated the game default (WoW TCG sealed 6; WoW draft 4 for 15-card sets, 3 for 19-card sets). The current data version of each set is pinned at creation.',
  })
  @MaxItems(MAX_PACKS)
  @ArrayMinSize(1)
  @Matches(SET_CODE_PATTERN, { each: true, message: `each pack ${SET_CODE_MESSAGE}` })
  packs!: string[];

  @ApiPropertyOptional({
    minLength: 16,
    maxLength: MAX_SEED_LENGTH,
    pattern: '^[^/]*$',
    description: `Event seed (16–${MAX_SEED_LENGTH} characters, no "/"); omitted: 128 random bits. Secret until revealed after the event.`,
  })
  @IsOptionalNotNull()
  @IsString()
  @MinLength(16)
  @MaxLength(MAX_SEED_LENGTH)
  @Matches(/^[^/]*$/, { message: 'seed must not contain "/" (it separates the seed from the stream purpose)' })
  seed?: string;

  @ApiPropertyOptional({ type: 'integer', default: 60, minimum: 0, maximum: 3600, description: 'Base pick time in seconds (0 = no timer); shorter as packs shrink.' })
  @IsOptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(3600)
  pickTimeSeconds?: number;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: 240,
    description:
      'Deck-building time in minutes, from the moment deck building begins (sealed: the start; draft: the last pick) to the deck deadline players see; null or omitted: none. Decks missing at the deadline are listed to the organizer, who decides.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(240)
  deckBuildingMinutes?: number | null;

  @ApiPropertyOptional({ example: 'Europe/Moscow', description: "IANA time zone of the times in printed and exported pairings; default: the server's own." })
  @IsOptionalNotNull()
  @IsTimeZone({ message: 'timeZone must be an IANA time zone such as Europe/Moscow' })
  timeZone?: string;

  @ApiPropertyOptional({ type: 'integer', default: 5, minimum: 1, maximum: 600, description: 'Shortest pick time in seconds as packs shrink (default 5).' })
  @IsOptionalNotNull()
  @IsInt()
  @Min(1)
  @Max(600)
  minPickSeconds?: number;

  @ApiPropertyOptional({ default: false, description: 'Draft: bots fill empty seats up to 8 per pod.' })
  @IsOptionalNotNull()
  @IsBoolean()
  fillWithBots?: boolean;

  @ApiPropertyOptional({ default: false, description: 'WoW draft: keep the hero slot in draft packs (dropped by default: players choose any hero).' })
  @IsOptionalNotNull()
  @IsBoolean()
  keepHeroSlot?: boolean;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    minLength: 4,
    maxLength: 40,
    description: 'Players must give this code to register (4–40 characters); null or omitted: none.',
  })
  @IsOptional()
  @IsString()
  @MinLength(4)
  @MaxLength(40)
  joinCode?: string | null;
  @ApiPropertyOptional({
    type: 'integer',
    enum: [2, 3, null],
    nullable: true,
    description:
      'Team event (WoW TCG multiplayer: 2v2, 3v3): members per team. Teams register with POST /api/events/:id/teams; pairings and standings are by team. Cannot change once created.',
  })
  @IsOptional()
  @IsIn([2, 3])
  teamSize?: 2 | 3 | null;

  @ApiPropertyOptional({
    default: false,
    description:
      "Team sealed only: the team's boosters form one pool the team splits among its members (PUT /api/events/:id/teams/:teamId/split). Default: each member builds from their own boosters.",
  })
  @IsOptionalNotNull()
  @IsBoolean()
  pooledTeamSealed?: boolean;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: MAX_CAPACITY,
    description:
      'Most players (seats). Registrations beyond it go onto the waitlist in registration order and move up when a seat frees before the start. null or omitted: unlimited. Not for team events.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_CAPACITY)
  capacity?: number | null;

  @ApiPropertyOptional({
    default: true,
    description:
      'Players may exchange cards between main deck and sideboard between the games of a match (PUT /api/matches/:matchId/deck). false: no sideboarding — the exchange is refused (SIDEBOARDING_NOT_ALLOWED) and the printed pairings say so. Editable until round 1 is paired.',
  })
  @IsOptionalNotNull()
  @IsBoolean()
  sideboarding?: boolean;
}

/** Editable before start: everything but the game and the seed (its commitment is already public). */
export class UpdateEventDto {
  @ApiPropertyOptional({ maxLength: 120 })
  @IsOptionalNotNull()
  @IsDisplayName(120)
  name?: string;

  @ApiPropertyOptional({ enum: EVENT_FORMATS })
  @IsOptionalNotNull()
  @IsIn(EVENT_FORMATS)
  format?: EventFormat;

  @ApiPropertyOptional({ enum: PACK_SOURCES, description: 'See CreateEventDto.' })
  @IsOptionalNotNull()
  @IsIn(PACK_SOURCES)
  packSource?: PackSource;

  @ApiPropertyOptional({
    type: 'array',
    minItems: 1,
    items: { type: 'string', pattern: SET_CODE_PATTERN.source },
    description: 'Set codes in opening order (see CreateEventDto).',
  })
  @IsOptionalNotNull()
  @MaxItems(MAX_PACKS)
  @ArrayMinSize(1)
  @Matches(SET_CODE_PATTERN, { each: true, message: `each pack ${SET_CODE_MESSAGE}` })
  packs?: string[];

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 3600 })
  @IsOptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(3600)
  pickTimeSeconds?: number;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: 240,
    description:
      'Deck-building time in minutes, from the moment deck building begins (sealed: the start; draft: the last pick) to the deck deadline players see; null or omitted: none. Decks missing at the deadline are listed to the organizer, who decides.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(240)
  deckBuildingMinutes?: number | null;

  @ApiPropertyOptional({ example: 'Europe/Moscow', description: "IANA time zone of the times in printed and exported pairings; default: the server's own." })
  @IsOptionalNotNull()
  @IsTimeZone({ message: 'timeZone must be an IANA time zone such as Europe/Moscow' })
  timeZone?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 600 })
  @IsOptionalNotNull()
  @IsInt()
  @Min(1)
  @Max(600)
  minPickSeconds?: number;

  @ApiPropertyOptional()
  @IsOptionalNotNull()
  @IsBoolean()
  fillWithBots?: boolean;

  @ApiPropertyOptional()
  @IsOptionalNotNull()
  @IsBoolean()
  keepHeroSlot?: boolean;

  @ApiPropertyOptional({ type: String, nullable: true, minLength: 4, maxLength: 40, description: 'A new join code; null removes it.' })
  @IsOptional()
  @IsString()
  @MinLength(4)
  @MaxLength(40)
  joinCode?: string | null;

  @ApiPropertyOptional({ description: "Team sealed: pool the team's boosters (see CreateEventDto)." })
  @IsOptionalNotNull()
  @IsBoolean()
  pooledTeamSealed?: boolean;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: MAX_CAPACITY,
    description:
      "A new capacity; null: unlimited. Raising it moves waitlisted players up at once (in order); lowering it below the players registered takes nobody's seat (later registrations wait).",
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_CAPACITY)
  capacity?: number | null;

  @ApiPropertyOptional({
    default: true,
    description:
      'Players may exchange cards between main deck and sideboard between the games of a match (PUT /api/matches/:matchId/deck). false: no sideboarding — the exchange is refused (SIDEBOARDING_NOT_ALLOWED) and the printed pairings say so. Editable until round 1 is paired.',
  })
  @IsOptionalNotNull()
  @IsBoolean()
  sideboarding?: boolean;
}

/** Events on one page of GET /api/events: default and most. */
export const EVENT_PAGE_DEFAULT = 50;
export const EVENT_PAGE_MAX = 200;

/** Query integers: decimal digits only ("1e3", "0x10", "" and repeated parameters are refused, not coerced). */
const toInteger = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value);

export class EventListQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: "Only one store's events (the console lists its own store's)." })
  @IsOptionalNotNull()
  @Matches(UUID_PATTERN, { message: 'storeId must be a UUID' })
  storeId?: string;

  @ApiPropertyOptional({ enum: EVENT_STATES })
  @IsOptionalNotNull()
  @IsIn(EVENT_STATES)
  state?: string;

  @ApiPropertyOptional({ enum: GAME_IDS })
  @IsOptionalNotNull()
  @IsIn(GAME_IDS)
  game?: GameId;

  @ApiPropertyOptional({ minLength: 1, maxLength: 120, example: 'friday', description: 'Only events whose name or event code contains this text (any case).' })
  @IsOptionalNotNull()
  @IsString()
  @MinLength(1)
  @MaxLength(120)
  q?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: EVENT_PAGE_MAX, default: EVENT_PAGE_DEFAULT, description: 'Events on the page.' })
  @IsOptionalNotNull()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(EVENT_PAGE_MAX)
  limit?: number;

  @ApiPropertyOptional({
    maxLength: 200,
    pattern: '^[A-Za-z0-9_-]+$',
    description: "The previous page's nextCursor: the page that follows it. Omitted: the first page (the newest events).",
  })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(200)
  @Matches(/^[A-Za-z0-9_-]+$/, { message: "cursor must be a page's nextCursor, unchanged" })
  cursor?: string;
}

export class EventIdParamDto {
  @ApiProperty({ format: 'uuid' })
  @Matches(UUID_PATTERN, { message: 'id must be a UUID' })
  id!: string;
}

export class PinnedPackDto {
  @ApiProperty({ type: 'integer', example: 1 })
  packNumber!: number;
  @ApiProperty({ example: 'HOA' })
  setCode!: string;
  @ApiProperty({ description: 'Data version of the set pinned at creation.' })
  dataVersion!: string;
}

export class EventDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;
  @ApiProperty({ example: 'K7Q2PX', description: 'Short public code players type or scan to join (6 of 23456789ABCDEFGHJKLMNPQRSTUVWXYZ); unique, never reused.' })
  code!: string;
  @ApiProperty()
  name!: string;
  @ApiProperty({ enum: GAME_IDS })
  game!: string;
  @ApiProperty({ enum: EVENT_FORMATS })
  format!: string;
  @ApiProperty({ enum: EVENT_STATES })
  state!: string;
  @ApiProperty({ enum: PACK_SOURCES, description: 'generated: Podium opened the boosters; physical: real boosters at the table (no packs, decks as lists).' })
  packSource!: PackSource;
  @ApiProperty({ type: [PinnedPackDto] })
  packs!: PinnedPackDto[];
  @ApiProperty({ description: 'Hex SHA-256 of the seed (UTF-8), published before anything random happens.' })
  seedCommitment!: string;
  @ApiProperty({ nullable: true, type: String, description: 'The seed, once the organizer revealed it after the event; null before.' })
  seed!: string | null;
  @ApiProperty({ type: 'integer', description: 'Base pick time in seconds (0 = no timer).' })
  pickTimeSeconds!: number;
  @ApiProperty({ example: 'Europe/Moscow', description: "IANA time zone of printed and exported times (the server's own unless set)." })
  timeZone!: string;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Deck-building time in minutes; null: no deadline.' })
  deckBuildingMinutes!: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    description: 'When decks are due: known once deck building began and a deck-building time is set; null otherwise.',
  })
  deckDeadline!: string | null;
  @ApiProperty({ type: 'integer' })
  minPickSeconds!: number;
  @ApiProperty()
  fillWithBots!: boolean;
  @ApiProperty()
  keepHeroSlot!: boolean;
  @ApiProperty({ description: 'Whether registering needs a join code (the code itself is never shown).' })
  joinCodeRequired!: boolean;
  @ApiProperty({ nullable: true, type: 'integer', enum: [2, 3, null], description: 'Team event: members per team; null = solo event.' })
  teamSize!: number | null;
  @ApiProperty({ description: 'Team sealed: the team splits one pooled pool among its members.' })
  pooledTeamSealed!: boolean;
  @ApiProperty({ type: 'integer', description: 'Registered players (waitlisted ones not counted).' })
  playerCount!: number;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Most players; null = unlimited.' })
  capacity!: number | null;
  @ApiProperty({ description: 'Players may sideboard between games (false: "No sideboarding" on the printed pairings; the exchange is refused).' })
  sideboarding!: boolean;
  @ApiProperty({ type: 'integer', description: 'Players on the waitlist (before the start: waiting for a seat; after it: left out).' })
  waitlistCount!: number;
  @ApiProperty({ type: 'integer', description: 'Rounds paired so far, Swiss and playoff (0 before round 1): the latest is GET …/rounds/{roundCount}.' })
  roundCount!: number;
  @ApiProperty({ format: 'uuid', description: 'The store that runs the event (its staff act on it).' })
  storeId!: string;
  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' })
  startedAt!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' })
  completedAt!: string | null;
}

/** One page of GET /api/events: newest first (by creation, then id). */
export class EventPageDto {
  @ApiProperty({ type: [EventDto], description: 'At most `limit` events, newest first.' })
  items!: EventDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as `cursor` (with the same filters) for the next page; null on the last page. Also sent as a Link header with rel="next".',
  })
  nextCursor!: string | null;
}

export class PlayerIdParamDto extends EventIdParamDto {
  @ApiProperty({ format: 'uuid' })
  @Matches(UUID_PATTERN, { message: 'playerId must be a UUID' })
  playerId!: string;
}

/** Who enters an event: a name, and optionally the store profile (by id or member number). */
export class EntrantDto {
  @ApiProperty({ example: 'Alice', maxLength: 80 })
  @IsDisplayName(80)
  name!: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Existing store profile to link.' })
  @IsOptionalNotNull()
  @Matches(UUID_PATTERN, { message: 'profileId must be a UUID' })
  profileId?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: 40, description: 'Store member number: links the profile with this number, or creates it.' })
  @IsOptionalNotNull()
  @IsString()
  @MinLength(1)
  @MaxLength(40)
  memberNumber?: string;
}

export class RegisterPlayerDto extends EntrantDto {
  @ApiPropertyOptional({ maxLength: 40, description: 'Required when the event has a join code (not for the organizer).' })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(40)
  joinCode?: string;
}

/** A player of an event and the store profile behind it. */
export class EventPlayerRefDto {
  @ApiProperty({ format: 'uuid' })
  playerId!: string;
  @ApiProperty({ format: 'uuid' })
  profileId!: string;
  @ApiProperty()
  name!: string;
}

export class RegisteredPlayerDto extends EventPlayerRefDto {
  @ApiProperty({ description: 'Player token: shown once. Send as Authorization: Bearer <token> on player routes.' })
  token!: string;
  @ApiProperty({ enum: ENTRY_STATUSES, description: 'registered: you have a seat; waitlisted: the event is full and you wait for a seat (GET …/players/me says your place).' })
  status!: EntryStatus;
}

export class PlayerDto extends EventPlayerRefDto {
  @ApiProperty({ nullable: true, type: String })
  memberNumber!: string | null;
  @ApiProperty({ description: 'A bot picks for the player (marked absent by the organizer).' })
  absent!: boolean;
  @ApiProperty({ description: 'Registered after the event started (sealed, before round 1), or added by the organizer after round 1 (see firstRound).' })
  lateEntry!: boolean;
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 2,
    description: 'Late entry after round 1: the first Swiss round the player is paired in; each earlier round is a match loss in the standings. Absent for players from round 1.',
  })
  firstRound?: number;
  @ApiProperty({ format: 'date-time' })
  registeredAt!: string;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: "Team events: the player's team (null = solo, not grouped yet); always null in solo events." })
  teamId!: string | null;
  @ApiProperty({
    enum: ENTRY_STATUSES,
    description: 'registered: has a seat; waitlisted: waits for one (or was left out at the start); noShow: not checked in at a start with onlyCheckedIn.',
  })
  status!: EntryStatus;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Place on the waitlist, 1 = next to move up; null unless waitlisted.' })
  waitlistPosition!: number | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'When the player was checked in; null: not checked in.' })
  checkedInAt!: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    example: 'K7Q2PX9M',
    description: 'Imported players: the claim code that takes the seat on a phone (organizer only; print it as ABCD-EFGH). null for players who registered themselves.',
  })
  claimCode!: string | null;
  @ApiProperty({ description: 'Whether the claim code was used (it works once).' })
  claimed!: boolean;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      "The organizer's lower main-deck minimum for this player (a pool no hero can fill to the game's minimum; PUT …/players/:playerId/deck-minimum); null: the game's minimum.",
  })
  minMainDeck!: number | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'The table the player cannot leave (PUT …/fixed-table); null: none.' })
  fixedTable!: number | null;
}

/** GET …/players/me: where the calling player stands in registration. */
export class MyEntryDto {
  @ApiProperty({ format: 'uuid' })
  playerId!: string;
  @ApiProperty()
  name!: string;
  @ApiProperty({ enum: ENTRY_STATUSES, description: 'registered: you have a seat; waitlisted: you wait for one; noShow: you were not checked in when the event started.' })
  status!: EntryStatus;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Your place on the waitlist, 1 = next; null unless waitlisted.' })
  waitlistPosition!: number | null;
  @ApiProperty({ description: 'Whether you are checked in.' })
  checkedIn!: boolean;
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 2,
    description: 'Late entry after round 1: the first round you are paired in (each earlier round is a loss); you register your deck until it is paired. Absent otherwise.',
  })
  firstRound?: number;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: "The organizer's lower main-deck minimum for you (a pool no hero can fill to the game's minimum; PUT …/players/:playerId/deck-minimum); null: the game's minimum.",
  })
  minMainDeck!: number | null;
}

/** POST …/players/:playerId/check-in. */
export class CheckInDto {
  @ApiPropertyOptional({ default: true, description: 'true: the player is here; false: undo the check-in.' })
  @IsOptionalNotNull()
  @IsBoolean()
  checkedIn?: boolean;
}

/** POST /events/:id/start. */
export class StartEventDto {
  @ApiPropertyOptional({
    default: false,
    description:
      'true: start with the checked-in players only. Registered players not checked in lose their seat (status noShow: not seated, not paired, no pool); checked-in waitlisted players take the seats freed, in waitlist order. false: everyone registered plays.',
  })
  @IsOptionalNotNull()
  @IsBoolean()
  onlyCheckedIn?: boolean;
}

/** The largest player list an import takes, in characters (about 2,000 lines of names). */
export const MAX_IMPORT_TEXT = 100_000;

/** POST …/players/import. */
export class ImportPlayersDto {
  @ApiProperty({ maxLength: MAX_IMPORT_TEXT, example: 'Alice\nBob\nCharlie', description: 'The list: one name a line, or CSV (columns name, memberNumber; header optional).' })
  @IsString()
  @MaxLength(MAX_IMPORT_TEXT)
  text!: string;

  @ApiPropertyOptional({
    enum: PLAYER_LIST_FORMATS,
    default: 'auto',
    description:
      'auto: CSV when the first line is a header naming a name column, else one name a line. csv: CSV, header optional (without: name, memberNumber). lines: one name a line.',
  })
  @IsOptionalNotNull()
  @IsIn(PLAYER_LIST_FORMATS)
  format?: PlayerListFormat;
}

/** A line of the list that became a player. */
export class ImportedPlayerDto {
  @ApiProperty({ type: 'integer', description: '1-based line of the list.' })
  line!: number;
  @ApiProperty({ format: 'uuid' })
  playerId!: string;
  @ApiProperty()
  name!: string;
  @ApiProperty({ nullable: true, type: String })
  memberNumber!: string | null;
  @ApiProperty({ enum: ['registered', 'waitlisted'] })
  status!: 'registered' | 'waitlisted';
  @ApiProperty({ example: 'K7Q2PX9M', description: 'The claim code to print (8 symbols; typed in any case, dash optional).' })
  claimCode!: string;
}

/** A line of the list that did not. */
export class ImportProblemDto {
  @ApiProperty({ type: 'integer', description: '1-based line of the list.' })
  line!: number;
  @ApiProperty({ description: 'The line as it was.' })
  text!: string;
  @ApiProperty({ enum: ['blank', 'unreadable', 'tooLong', 'duplicate'] })
  rule!: string;
  @ApiProperty()
  message!: string;
}

export class ImportPlayersResultDto {
  @ApiProperty({ type: [ImportedPlayerDto] })
  imported!: ImportedPlayerDto[];
  @ApiProperty({ type: [ImportProblemDto], description: 'Every line that did not become a player, with why.' })
  problems!: ImportProblemDto[];
}

/** POST /events/:id/claim. */
export class ClaimSeatDto {
  @ApiProperty({ example: 'K7Q2-PX9M', description: 'The claim code from the printed player list (any case; dashes and spaces ignored).' })
  @IsString()
  @Matches(CLAIM_CODE_PATTERN, { message: 'claimCode must be the 8 letters or digits of a claim code (no 0, O, 1, I)' })
  claimCode!: string;
}

/** POST …/players/:playerId/absent answers the player's new flag. */
export class AbsenceDto {
  @ApiProperty({ format: 'uuid' })
  playerId!: string;
  @ApiProperty({ description: 'true: a bot picks for the player.' })
  absent!: boolean;
}

export class AbsentDto {
  @ApiPropertyOptional({ default: true, description: 'true: a bot picks for the player; false: the player is back.' })
  @IsOptionalNotNull()
  @IsBoolean()
  absent?: boolean;
}

export class EventCodeParamDto {
  @ApiProperty({ example: 'K7Q2PX', pattern: EVENT_CODE_PATTERN.source, description: 'An event code (any case).' })
  @Matches(EVENT_CODE_PATTERN, { message: 'code must be 6 letters or digits of an event code (no 0, O, 1, I)' })
  code!: string;
}
