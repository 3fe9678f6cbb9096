/**
 * class-validator / class-transformer classes describing the product's set file
 * (docs/set-format.md). Validated with whitelist + forbidNonWhitelisted: unknown fields are errors.
 * Game-specific classes (card rarity/type lists, attributes) are chosen by the file's `game`.
 */
import 'reflect-metadata'; // design:type metadata for @Type (Map of sheets) outside Nest, e.g. the CLI
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  Equals,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { MAX_PACK_SIZE, MAX_SLOT_COUNT, MAX_VARIANTS, MAX_WEIGHT } from '../layouts/layout-structure';
import { GAME_IDS, RARITIES } from '../card.types';
import { BERSERK, BERSERK_ELEMENTS } from '../games/berserk';
import { WOW_CLASSES, WOW_FACTIONS, WOW_TCG } from '../games/wow-tcg';
import { MAX_ATTRIBUTE_MAGNITUDE, MAX_CARDS_PER_SET, MAX_COLLECTOR_NUMBER, MAX_LIST_ITEM_LENGTH, MAX_LIST_ITEMS, MAX_NAME_LENGTH, MAX_CARD_TEXT_LENGTH, MAX_IMAGE_URL_LENGTH } from '../set-limits';
import { PRINTING_KINDS } from './printings';

export const PRODUCT_FORMAT = 'podium-set';
export const PRODUCT_FORMAT_VERSION = 1;

/** Most cards in one set file (the common limit of every format, src/catalog/set-limits.ts). */
export const MAX_CARDS = MAX_CARDS_PER_SET;
const MAX_TEXT = MAX_NAME_LENGTH;
/** Stats: whole numbers from 0 to the common attribute limit. */
const MAX_STAT = MAX_ATTRIBUTE_MAGNITUDE;
const ALL_TYPES = [...new Set([...WOW_TCG.cardTypes, ...BERSERK.cardTypes])];

// ---- booster layout (shape only; whether it can be filled is the boosters module's check) ----

export class SheetFilterDto {
  @IsOptional() @IsArray() @IsIn(RARITIES, { each: true }) rarity?: string[];
  @IsOptional() @IsArray() @IsIn(ALL_TYPES, { each: true }) type?: string[];
  @IsOptional() @IsArray() @IsIn(ALL_TYPES, { each: true }) excludeType?: string[];
}

export class WeightedCardDto {
  @IsString() @IsNotEmpty() @MaxLength(40) cardId!: string;
  @IsInt() @Min(1) @Max(MAX_WEIGHT) weight!: number;
}

export class SheetDefinitionDto {
  @IsOptional() @ValidateNested() @Type(() => SheetFilterDto) filter?: SheetFilterDto;
  @IsOptional() @IsArray() @ArrayMaxSize(MAX_CARDS) @IsObject({ each: true }) @ValidateNested({ each: true }) @Type(() => WeightedCardDto) cards?: WeightedCardDto[];
  @IsOptional() @IsBoolean() allowDuplicates?: boolean;
}

export class SlotDefinitionDto {
  @IsString() @IsNotEmpty() @MaxLength(MAX_TEXT) sheet!: string;
  @IsInt() @Min(1) @Max(MAX_SLOT_COUNT) count!: number;
}

/** The sum of the slot counts (≤ MAX_PACK_SIZE) is a layout rule: compileLayout reports it (packSize). */
export class VariantDefinitionDto {
  @IsInt() @Min(1) @Max(MAX_WEIGHT) weight!: number;
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(MAX_PACK_SIZE) @IsObject({ each: true }) @ValidateNested({ each: true }) @Type(() => SlotDefinitionDto) slots!: SlotDefinitionDto[];
}

export class BoosterLayoutDto {
  /** Read as a Map so that every sheet (a JSON object keyed by sheet name) is validated. */
  @IsObject() @ValidateNested({ each: true }) @Type(() => SheetDefinitionDto) sheets!: Map<string, SheetDefinitionDto>;
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(MAX_VARIANTS) @IsObject({ each: true }) @ValidateNested({ each: true }) @Type(() => VariantDefinitionDto) variants!: VariantDefinitionDto[];
}

// ---- cards ----

export class PrintingDto {
  @IsIn(PRINTING_KINDS) kind!: string;
}

export class WowAttributesDto {
  /** Optional in the file (implied by the set's game); when present must match. */
  @IsOptional() @Equals('wow-tcg') game?: string;
  @IsIn(WOW_FACTIONS) faction!: string;
  @IsOptional() @IsArray() @ArrayUnique() @IsIn(WOW_CLASSES, { each: true }) classes?: string[] | null;
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(MAX_TEXT) talent?: string | null;
  @IsOptional() @IsIn(WOW_CLASSES) heroClass?: string | null;
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(MAX_TEXT) heroTalent?: string | null;
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(MAX_TEXT) race?: string | null;
  @IsOptional() @IsArray() @ArrayMaxSize(10) @IsString({ each: true }) @IsNotEmpty({ each: true }) @MaxLength(MAX_LIST_ITEM_LENGTH, { each: true }) professions?: string[];
  @IsOptional() @IsBoolean() unique?: boolean;
  @IsOptional() @IsBoolean() unlimited?: boolean;
  @IsOptional() @IsInt() @Min(0) @Max(MAX_STAT) cost?: number | null;
  @IsOptional() @IsInt() @Min(0) @Max(MAX_STAT) attack?: number | null;
  @IsOptional() @IsInt() @Min(0) @Max(MAX_STAT) health?: number | null;
  @IsOptional() @IsInt() @Min(0) @Max(MAX_STAT) strikeCost?: number | null;
  @IsOptional() @IsInt() @Min(0) @Max(MAX_STAT) defense?: number | null;
  @IsOptional() @IsArray() @ArrayMaxSize(20) @IsString({ each: true }) @IsNotEmpty({ each: true }) @MaxLength(MAX_LIST_ITEM_LENGTH, { each: true }) subtypes?: string[];
}

export class StrikeDto {
  @IsInt() @Min(0) @Max(MAX_STAT) light!: number;
  @IsInt() @Min(0) @Max(MAX_STAT) normal!: number;
  @IsInt() @Min(0) @Max(MAX_STAT) heavy!: number;
}

export class BerserkAttributesDto {
  @IsOptional() @Equals('berserk') game?: string;
  @IsIn(BERSERK_ELEMENTS) element!: string;
  @IsOptional() @IsInt() @Min(0) @Max(MAX_STAT) cost?: number | null;
  @IsOptional() @IsBoolean() elite?: boolean;
  @IsOptional() @IsBoolean() unique?: boolean;
  @IsOptional() @IsBoolean() horde?: boolean;
  @IsOptional() @IsBoolean() flying?: boolean;
  @IsOptional() @IsInt() @Min(0) @Max(MAX_STAT) health?: number | null;
  @IsOptional() @IsInt() @Min(0) @Max(MAX_STAT) move?: number | null;
  @IsOptional() @ValidateNested() @Type(() => StrikeDto) strike?: StrikeDto | null;
  @IsOptional() @IsArray() @ArrayMaxSize(MAX_LIST_ITEMS) @IsString({ each: true }) @IsNotEmpty({ each: true }) @MaxLength(MAX_LIST_ITEM_LENGTH, { each: true }) features?: string[];
}


abstract class CardDto {
  @IsInt() @Min(1) @Max(MAX_COLLECTOR_NUMBER) number!: number;
  @IsString() @Matches(/\S/, { message: 'name must not be blank' }) @MaxLength(MAX_TEXT) name!: string;
  @IsOptional() @IsArray() @ArrayMaxSize(PRINTING_KINDS.length) @IsObject({ each: true }) @ValidateNested({ each: true }) @Type(() => PrintingDto) printings?: PrintingDto[];
  /** Rules text (optional; the shipped files have none). */
  @IsOptional() @IsString() @Matches(/\S/, { message: 'text must not be blank' }) @MaxLength(MAX_CARD_TEXT_LENGTH) text?: string;
  /** Image URL: http(s) only. */
  @IsOptional() @IsString() @MaxLength(MAX_IMAGE_URL_LENGTH) @Matches(/^https?:\/\/\S+$/, { message: 'image must be an http(s) URL' }) image?: string;
  /** The card's GUID in OCTGN (what .o8d deck files name). */
  @IsOptional() @IsString() @Matches(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, { message: 'octgnId must be a GUID' }) octgnId?: string;
}

export class WowCardDto extends CardDto {
  @IsIn(WOW_TCG.rarities) rarity!: string;
  @IsIn(WOW_TCG.cardTypes) type!: string;
  @IsDefined() @IsObject() @ValidateNested() @Type(() => WowAttributesDto) attributes!: WowAttributesDto;
}

export class BerserkCardDto extends CardDto {
  @IsIn(BERSERK.rarities) rarity!: string;
  @IsIn(BERSERK.cardTypes) type!: string;
  @IsDefined() @IsObject() @ValidateNested() @Type(() => BerserkAttributesDto) attributes!: BerserkAttributesDto;
}

// ---- the file ----

/** Fields every set file has; the `cards` list is declared per game below. */
abstract class SetHeaderDto {
  @Equals(PRODUCT_FORMAT) format!: string;
  @Equals(PRODUCT_FORMAT_VERSION) formatVersion!: number;
  @IsIn(GAME_IDS) game!: string;
  @IsString() @Matches(/^[A-Za-z0-9]{1,16}$/, { message: 'code must be 1–16 letters or digits' }) code!: string;
  @IsString() @Matches(/\S/, { message: 'name must not be blank' }) @MaxLength(MAX_TEXT) name!: string;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => BoosterLayoutDto) boosterLayout?: BoosterLayoutDto | null;
  /** false: not a booster set (promo cards); it then has no boosterLayout. */
  @IsOptional() @Equals(false, { message: 'boosters is false for a set not sold in boosters, or left out' }) boosters?: false;
}

export class WowSetFileDto extends SetHeaderDto {
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(MAX_CARDS) @IsObject({ each: true }) @ValidateNested({ each: true }) @Type(() => WowCardDto) cards!: WowCardDto[];
}

export class BerserkSetFileDto extends SetHeaderDto {
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(MAX_CARDS) @IsObject({ each: true }) @ValidateNested({ each: true }) @Type(() => BerserkCardDto) cards!: BerserkCardDto[];
}

/** Used when `game` is not a known game: the header is still checked, cards cannot be. */
export class UnknownGameSetFileDto extends SetHeaderDto {
  @IsArray() cards!: unknown[];
}
