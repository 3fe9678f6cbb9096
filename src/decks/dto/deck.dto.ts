import { ApiProperty, ApiPropertyOptional, IntersectionType, OmitType } from '@nestjs/swagger';
import { ErrorBodyDto } from '../../common/errors/error-responses.decorator';
import { IsOptionalNotNull } from '../../common/validation/patterns';
import { ArrayMinSize, IsIn, IsInt, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { MaxItems } from '../../common/validation/max-items';
import { GAME_IDS, type GameId } from '../../catalog/card.types';
import { CardDto, CardWithAttributesDto } from '../../catalog/dto/card.dto';
import { DECK_LIST_FORMATS, type DeckListFormat } from '../formats';
import { DECK_FORMATS, type DeckFormat } from '../rules';
import { SET_CODE_MESSAGE, SET_CODE_PATTERN } from '../../catalog/dto/catalog-query.dto';
import { MAX_PACKS } from '../../events/dto/event.dto';

const CARD_ID = /^[A-Za-z0-9]{1,16}-\d{1,7}$/;

/**
 * Entries (distinct cards) a main deck or a sideboard may list: a Constructed deck has 60-odd cards,
 * a Limited deck comes from a pool of at most a few hundred; 400 leaves room for any of them.
 */
export const MAX_DECK_ENTRIES = 400;
/**
 * Entries a pool may list: the largest pool of a format is pooled team sealed (3 players × 6
 * boosters × 19 cards = 342 cards); 1,000 also holds a 720-card cube list.
 */
export const MAX_POOL_ENTRIES = 1000;

export class CardCountDto {
  @ApiProperty({ example: 'HOA-218', pattern: CARD_ID.source })
  @Matches(CARD_ID, { message: 'cardId must look like "<SET>-<number>", e.g. HOA-218' })
  cardId!: string;

  @ApiProperty({ type: 'integer', example: 2, minimum: 1, maximum: 99 })
  @IsInt()
  @Min(1)
  @Max(99)
  count!: number;
}

export class SubmitDeckDto {
  @ApiPropertyOptional({ example: 'HOA-1', pattern: CARD_ID.source, description: 'The hero (WoW TCG: any hero of the game, in the pool or not). Omit for games without heroes.' })
  @IsOptionalNotNull()
  @Matches(CARD_ID, { message: 'hero must be a cardId like "HOA-1"' })
  hero?: string;

  @ApiProperty({ type: [CardCountDto], description: 'Main deck (besides the hero), one entry per card.' })
  @MaxItems(MAX_DECK_ENTRIES, () => CardCountDto)
  main!: CardCountDto[];

  @ApiPropertyOptional({ type: [CardCountDto], description: 'Sideboard: every pool card not in the main deck. Omitted: computed.' })
  @IsOptionalNotNull()
  @MaxItems(MAX_DECK_ENTRIES, () => CardCountDto)
  sideboard?: CardCountDto[];
}

/** Between games: the new main deck (and sideboard) for the rest of the match; the hero stays. */
export class SideboardDto extends OmitType(SubmitDeckDto, ['hero'] as const) {}

export class CheckDeckDto extends SubmitDeckDto {
  @ApiProperty({ enum: GAME_IDS })
  @IsIn(GAME_IDS)
  game!: GameId;

  @ApiProperty({ enum: DECK_FORMATS })
  @IsIn(DECK_FORMATS)
  format!: DeckFormat;

  @ApiPropertyOptional({ type: [CardCountDto], description: 'Limited: the pool the deck must come from, one entry per card.' })
  @IsOptionalNotNull()
  @MaxItems(MAX_POOL_ENTRIES, () => CardCountDto)
  pool?: CardCountDto[];

  @ApiPropertyOptional({
    type: [String],
    example: ['HOA'],
    description:
      'Limited from real boosters (an event with packSource physical), instead of a pool: the set code of each booster opened (six HOA boosters: six times "HOA"). The deck is checked as a list: main-deck and sideboard cards from these sets, no pool rule and no copy limit; more copies of a card than boosters listed is a MANY_COPIES warning (docs/rules.md "Copies").',
  })
  @IsOptionalNotNull()
  @MaxItems(MAX_PACKS)
  @ArrayMinSize(1)
  @Matches(SET_CODE_PATTERN, { each: true, message: `each set ${SET_CODE_MESSAGE}` })
  sets?: string[];
}

/** POST /api/decks/export: any deck of a game. */
export class ExportDeckDto extends SubmitDeckDto {
  @ApiProperty({ enum: GAME_IDS })
  @IsIn(GAME_IDS)
  game!: GameId;
}

const OCTGN_IDS_DESCRIPTION =
  '.o8d only: "required" (default) refuses a deck OCTGN could not load (422 OCTGN_IDS_MISSING naming the cards without an OCTGN id); "podium" writes them with their Podium card id, listed in the notes (a file for another tool).';

export class DeckExportQueryDto {
  @ApiProperty({ enum: DECK_LIST_FORMATS })
  @IsIn(DECK_LIST_FORMATS)
  format!: DeckListFormat;

  @ApiPropertyOptional({ enum: ['required', 'podium'], default: 'required', description: OCTGN_IDS_DESCRIPTION })
  @IsOptionalNotNull()
  @IsIn(['required', 'podium'])
  octgnIds?: 'required' | 'podium';
}

export class DeckFormatQueryDto {
  @ApiPropertyOptional({ enum: ['json', ...DECK_LIST_FORMATS], default: 'json' })
  @IsOptionalNotNull()
  @IsIn(['json', ...DECK_LIST_FORMATS])
  format?: 'json' | DeckListFormat;

  @ApiPropertyOptional({ enum: ['required', 'podium'], default: 'required', description: OCTGN_IDS_DESCRIPTION })
  @IsOptionalNotNull()
  @IsIn(['required', 'podium'])
  octgnIds?: 'required' | 'podium';
}

export class DeckImportQueryDto {
  @ApiProperty({ enum: DECK_LIST_FORMATS })
  @IsIn(DECK_LIST_FORMATS)
  format!: DeckListFormat;

  @ApiProperty({ enum: GAME_IDS })
  @IsIn(GAME_IDS)
  game!: GameId;

  @ApiPropertyOptional({ maxLength: 200, description: 'Comma-separated set codes to resolve names in first (e.g. the event’s sets).' })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(200)
  sets?: string;

  @ApiPropertyOptional({
    maxLength: 40,
    example: 'windows-1251',
    description: 'The file’s character encoding, when the detected one is wrong (default: declared charset, byte order mark, UTF-8, else detected).',
  })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(40)
  encoding?: string;
}

export class ViolationDto {
  @ApiProperty({ example: 'DECK_TOO_SMALL', description: 'The rule broken (src/decks/rules).' })
  code!: string;
  @ApiProperty()
  message!: string;
  @ApiProperty({ type: [String], description: 'The cards concerned (card ids).' })
  cards!: string[];
  @ApiPropertyOptional({ type: [String], description: 'Team rules (TEAM_FACTION_MISMATCH): the members concerned, by player id.' })
  players?: string[];
}

export class DeckEntryDto {
  @ApiProperty({ type: CardDto })
  card!: CardDto;
  @ApiProperty({ type: 'integer' })
  count!: number;
}

/**
 * A player's deck of record: registered when `legal` (what rounds, match decks and exports use);
 * not legal = submitted but not registered (no legal deck yet, or a pooled team re-split left it
 * outside the member's share). Also the shape of a checked submission in a submission's answer.
 */
export class DeckDto {
  @ApiProperty({ format: 'uuid' })
  playerId!: string;
  @ApiProperty({ type: CardDto, nullable: true, description: 'null for games without heroes.' })
  hero!: CardDto | null;
  @ApiProperty({ type: [DeckEntryDto] })
  main!: DeckEntryDto[];
  @ApiProperty({ type: [DeckEntryDto] })
  sideboard!: DeckEntryDto[];
  @ApiProperty({ type: 'integer', description: 'Cards in the main deck (copies counted).' })
  mainCount!: number;
  @ApiProperty({ description: 'true: the registered deck (it passed every rule); false: not registered, see `violations`.' })
  legal!: boolean;
  @ApiProperty({ type: [ViolationDto] })
  violations!: ViolationDto[];
  @ApiProperty({ enum: ['player', 'organizer'] })
  submittedBy!: string;
  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

/**
 * A working copy: the player's latest submission, kept because it broke a rule while they had a
 * registered legal deck, which stays registered and is the one played. Never legal (a legal
 * submission registers and clears it).
 */
export class WorkingCopyDto {
  @ApiProperty({ type: CardDto, nullable: true, description: 'null for games without heroes (or no hero chosen).' })
  hero!: CardDto | null;
  @ApiProperty({ type: [DeckEntryDto] })
  main!: DeckEntryDto[];
  @ApiProperty({ type: [DeckEntryDto] })
  sideboard!: DeckEntryDto[];
  @ApiProperty({ type: 'integer', description: 'Cards in the main deck (copies counted).' })
  mainCount!: number;
  @ApiProperty({ enum: [false], description: 'Always false: a working copy is never registered.' })
  legal!: false;
  @ApiProperty({ type: [ViolationDto], description: 'Why it is not registered (never empty).' })
  violations!: ViolationDto[];
  @ApiProperty({ enum: ['player', 'organizer'] })
  submittedBy!: string;
  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

/** GET /api/events/:id/deck: the player's deck of record and, when there is one, their working copy. */
export class PlayerDeckDto extends DeckDto {
  @ApiProperty({
    type: WorkingCopyDto,
    nullable: true,
    description: 'The latest submission when it broke a rule while a legal deck was registered (the deck above stays registered); null when there is none.',
  })
  workingCopy!: WorkingCopyDto | null;
}

/** A note of the deck check that does not make the deck illegal. */
export class DeckWarningDto {
  @ApiProperty({
    enum: ['UNKNOWN_VALUE', 'MANY_COPIES'],
    description:
      'UNKNOWN_VALUE: a faction, class or hero class the rules do not know (kept by a lenient set import); MANY_COPIES: a real-booster list holds more copies of a card than one a booster opened (for the judge).',
  })
  code!: string;
  @ApiProperty()
  message!: string;
  @ApiProperty({ type: [String] })
  cards!: string[];
}

export class DeckCheckResultDto {
  @ApiProperty()
  legal!: boolean;
  @ApiProperty({ type: [ViolationDto] })
  violations!: ViolationDto[];
  @ApiPropertyOptional({ type: [DeckWarningDto], description: 'Only when there are some: notes for the judge (UNKNOWN_VALUE, MANY_COPIES); the deck stays legal.' })
  warnings?: DeckWarningDto[];
}

export class SubmittedDeckDto extends DeckCheckResultDto {
  @ApiProperty({ type: DeckDto })
  deck!: DeckDto;
}

/** 422 DECK_ILLEGAL of sideboarding: the API's error shape and { legal: false, violations, deck } in one body. */
export class DeckIllegalDto extends IntersectionType(ErrorBodyDto, SubmittedDeckDto) {}

/** Where a deck submission was stored (rule REGISTERED_DECK_KEPT, src/decks/rules/deck-registration.ts). */
export const SUBMISSION_PLACES = ['registered', 'working-copy', 'unregistered'] as const;

/** PUT …/deck (the player's, or the organizer's for a player): the checked submission and where it went. */
export class DeckSubmissionDto extends SubmittedDeckDto {
  @ApiProperty({
    enum: SUBMISSION_PLACES,
    description:
      'registered: the submission is the registered deck now (200); working-copy: it broke a rule and the player has a registered legal deck, which is unchanged — the submission is kept as their working copy (422); unregistered: it broke a rule and no legal deck is registered — it is kept as the deck of record, marked illegal, so the organizer sees who must fix theirs (422).',
  })
  storedAs!: (typeof SUBMISSION_PLACES)[number];
  @ApiProperty({
    type: DeckDto,
    nullable: true,
    description: 'The registered deck after this submission: this deck when registered; on a 422 the registered deck, unchanged; null while none is registered.',
  })
  registeredDeck!: DeckDto | null;
}

/** 422 DECK_ILLEGAL of a deck submission: the API's error shape and the submission's answer in one body. */
export class DeckSubmissionIllegalDto extends IntersectionType(ErrorBodyDto, DeckSubmissionDto) {}

export class ImportedDeckEntryDto {
  @ApiProperty({ type: CardWithAttributesDto })
  card!: CardWithAttributesDto;
  @ApiProperty({ type: 'integer' })
  count!: number;
}

export class ImportedDeckDto {
  @ApiProperty({ type: CardWithAttributesDto, nullable: true })
  hero!: CardWithAttributesDto | null;
  @ApiProperty({ type: [ImportedDeckEntryDto] })
  main!: ImportedDeckEntryDto[];
  @ApiProperty({ type: [ImportedDeckEntryDto] })
  sideboard!: ImportedDeckEntryDto[];
}

export class UnresolvedLineDto {
  @ApiProperty({ type: 'integer', description: '1-based line of the file.' })
  line!: number;
  @ApiProperty({ enum: ['hero', 'main', 'sideboard'] })
  section!: string;
  @ApiProperty({ description: 'The name as written.' })
  name!: string;
  @ApiProperty({ type: 'integer' })
  count!: number;
  @ApiPropertyOptional({ description: 'The set code the line names, upper-cased.' })
  set?: string;
  @ApiProperty({ enum: ['unknown', 'ambiguous', 'not-in-set'] })
  reason!: string;
  @ApiProperty({ description: 'A sentence a player understands.' })
  message!: string;
  @ApiProperty({ type: [CardWithAttributesDto], description: 'The cards the player may have meant.' })
  candidates!: CardWithAttributesDto[];
}

export class DeckListErrorDto {
  @ApiProperty({ type: 'integer' })
  line!: number;
  @ApiProperty()
  message!: string;
}

export class IgnoredLineDto {
  @ApiProperty({ type: 'integer', description: '1-based line of the file.' })
  line!: number;
  @ApiProperty({ enum: ['comment', 'section', 'title', 'header', 'back-face'], description: 'Why the line carries no card.' })
  reason!: string;
  @ApiProperty({ description: 'The line as written (at most 80 characters).' })
  text!: string;
}

export class DeckListEncodingDto {
  @ApiProperty({ example: 'windows-1251', description: 'The character encoding the file was read in.' })
  name!: string;
  @ApiProperty({
    enum: ['chosen', 'declared', 'bom', 'xml-declaration', 'utf-8', 'detected'],
    description: 'Why: ?encoding=, the request’s charset, a byte order mark, the XML declaration, valid UTF-8, or detected (of `tried`, the one whose names resolved best).',
  })
  source!: string;
  @ApiProperty({ type: [String], description: 'The encodings tried (detected: several; otherwise the one used).' })
  tried!: string[];
}

export class DeckListNoteDto {
  @ApiProperty({ type: 'integer', description: '1-based line the note is about (0: the list as a whole).' })
  line!: number;
  @ApiProperty({ description: 'A reading decision to check, e.g. cards after a blank line read as the sideboard.' })
  message!: string;
}

/**
 * POST /api/decks/import: the deck, the lines that did not resolve to one card, the unreadable
 * lines, the lines read and left without a card, and the reading decisions to check. Every
 * non-blank line of the file is a card (hero, main, sideboard), an unresolved line, an error or an
 * ignored line: none is dropped unsaid.
 */
export class ImportedDeckListDto {
  @ApiProperty({ type: ImportedDeckDto })
  deck!: ImportedDeckDto;
  @ApiProperty({ type: [UnresolvedLineDto] })
  unresolved!: UnresolvedLineDto[];
  @ApiProperty({ type: [DeckListErrorDto] })
  errors!: DeckListErrorDto[];
  @ApiProperty({ type: [IgnoredLineDto], description: 'Titles, comments, section headings and CSV headers, with their reason.' })
  ignored!: IgnoredLineDto[];
  @ApiProperty({ type: [DeckListNoteDto], description: 'Decisions the reader made from the layout (a sideboard after a blank line, a hero among the cards).' })
  notes!: DeckListNoteDto[];
  @ApiProperty({ type: DeckListEncodingDto })
  encoding!: DeckListEncodingDto;
}

export class PlayerDeckStatusDto {
  @ApiProperty({ format: 'uuid' })
  playerId!: string;
  @ApiProperty()
  name!: string;
  @ApiProperty({
    enum: ['missing', 'legal', 'illegal'],
    description: 'missing: no deck submitted; legal: a deck is registered (even with a working copy beside it); illegal: a deck was submitted but none is registered.',
  })
  status!: string;
  @ApiProperty({ type: DeckDto, nullable: true, description: 'The deck of record (registered when legal); null while missing.' })
  deck!: DeckDto | null;
  @ApiProperty({
    type: WorkingCopyDto,
    nullable: true,
    description: 'Changes the player submitted after registering that broke a rule: not registered, never played; null when there are none.',
  })
  workingCopy!: WorkingCopyDto | null;
  @ApiPropertyOptional({
    type: () => TeamDeckStatusDto,
    nullable: true,
    description: "Team events: the player's team and the team's status (legal only when every member's deck is legal).",
  })
  team?: TeamDeckStatusDto | null;
  @ApiProperty({ type: 'integer', description: "The main-deck minimum that applies to this player: the game's, or the organizer's lower one (minMainDeck)." })
  mainDeckMinimum!: number;
  @ApiProperty({ type: 'integer', nullable: true, description: "The organizer's lower minimum for this player; null: the game's." })
  minMainDeck!: number | null;
}

/** PUT /api/events/:id/players/:playerId/deck-minimum. */
export class SetDeckMinimumDto {
  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: 1,
    example: 26,
    description:
      'The lowest main deck this player may play (docs/rules.md "A lower minimum for one player"): from two thirds of the game\'s minimum (20 of 30) to one below it; null restores the game\'s. For a pool no hero can fill.',
  })
  @ValidateIf((_, value) => value !== null)
  @IsInt()
  @Min(1)
  @Max(1000)
  minMainDeck!: number | null;
}

/** The answer of PUT …/deck-minimum: the player's minimum and their deck status after the recheck. */
export class DeckMinimumDto {
  @ApiProperty({ format: 'uuid' })
  playerId!: string;
  @ApiProperty({ type: 'integer', nullable: true, description: "The organizer's lower minimum; null: the game's." })
  minMainDeck!: number | null;
  @ApiProperty({ type: 'integer', description: 'The minimum that applies now.' })
  mainDeckMinimum!: number;
  @ApiProperty({ type: 'integer', description: "The game's Limited minimum." })
  gameMinimum!: number;
  @ApiProperty({ type: 'integer', description: 'The lowest minimum an organizer may set (two thirds of the game’s).' })
  floor!: number;
  @ApiProperty({ enum: ['missing', 'legal', 'illegal'], description: "The player's deck status after their decks were checked again with this minimum." })
  status!: 'missing' | 'legal' | 'illegal';
}

export class TeamDeckStatusDto {
  @ApiProperty({ format: 'uuid' })
  teamId!: string;
  @ApiProperty()
  name!: string;
  @ApiProperty({
    enum: ['missing', 'legal', 'illegal'],
    description: "missing: a member has no deck; illegal: a member's deck is illegal (e.g. TEAM_FACTION_MISMATCH); legal: all legal.",
  })
  status!: string;
}
