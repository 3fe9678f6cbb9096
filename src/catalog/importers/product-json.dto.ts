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
import { GAME_IDS, RARITIES } from '../card.types';
import { BERSERK, BERSERK_ELEMENTS } from '../games/berserk';
import { WOW_CLASSES, WOW_FACTIONS, WOW_TCG } from '../games/wow-tcg';
import { PRINTING_KINDS } from './printings';

export const PRODUCT_FORMAT = 'podium-set';
export const PRODUCT_FORMAT_VERSION = 1;

/** Most cards in one set file; real sets have at most a few hundred. */
export const MAX_CARDS = 5000;
const MAX_TEXT = 200;
const ALL_TYPES = [...new Set([...WOW_TCG.cardTypes, ...BERSERK.cardTypes])];

// ---- booster layout (shape only; whether it can be filled is the boosters module's check) ----

export class SheetFilterDto {
  @IsOptional() @IsArray() @IsIn(RARITIES, { each: true }) rarity?: string[];
  @IsOptional() @IsArray() @IsIn(ALL_TYPES, { each: true }) type?: string[];
  @IsOptional() @IsArray() @IsIn(ALL_TYPES, { each: true }) excludeType?: string[];
}

export class WeightedCardDto {
  @IsString() @IsNotEmpty() @MaxLength(40) cardId!: string;
  @IsInt() @Min(1) weight!: number;
}

export class SheetDefinitionDto {
  @IsOptional() @ValidateNested() @Type(() => SheetFilterDto) filter?: SheetFilterDto;
  @IsOptional() @IsArray() @ArrayMaxSize(MAX_CARDS) @ValidateNested({ each: true }) @Type(() => WeightedCardDto) cards?: WeightedCardDto[];
  @IsOptional() @IsBoolean() allowDuplicates?: boolean;
}

export class SlotDefinitionDto {
  @IsString() @IsNotEmpty() @MaxLength(MAX_TEXT) sheet!: string;
  @IsInt() @Min(1) @Max(100) count!: number;
}

export class VariantDefinitionDto {
  @IsInt() @Min(1) weight!: number;
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(100) @ValidateNested({ each: true }) @Type(() => SlotDefinitionDto) slots!: SlotDefinitionDto[];
}

export class BoosterLayoutDto {
  /** Read as a Map so that every sheet (a JSON object keyed by sheet name) is validated. */
  @IsObject() @ValidateNested({ each: true }) @Type(() => SheetDefinitionDto) sheets!: Map<string, SheetDefinitionDto>;
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(100) @ValidateNested({ each: true }) @Type(() => VariantDefinitionDto) variants!: VariantDefinitionDto[];
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
  @IsOptional() @IsArray() @ArrayMaxSize(10) @IsString({ each: true }) @IsNotEmpty({ each: true }) professions?: string[];
  @IsOptional() @IsBoolean() unique?: boolean;
  @IsOptional() @IsBoolean() unlimited?: boolean;
  @IsOptional() @IsInt() @Min(0) cost?: number | null;
  @IsOptional() @IsInt() @Min(0) attack?: number | null;
  @IsOptional() @IsInt() @Min(0) health?: number | null;
  @IsOptional() @IsInt() @Min(0) strikeCost?: number | null;
  @IsOptional() @IsInt() @Min(0) defense?: number | null;
  @IsOptional() @IsArray() @ArrayMaxSize(20) @IsString({ each: true }) @IsNotEmpty({ each: true }) subtypes?: string[];
}

export class StrikeDto {
  @IsInt() @Min(0) light!: number;
  @IsInt() @Min(0) normal!: number;
  @IsInt() @Min(0) heavy!: number;
}

export class BerserkAttributesDto {
  @IsOptional() @Equals('berserk') game?: string;
  @IsIn(BERSERK_ELEMENTS) element!: string;
  @IsOptional() @IsInt() @Min(0) cost?: number | null;
  @IsOptional() @IsBoolean() elite?: boolean;
  @IsOptional() @IsBoolean() unique?: boolean;
  @IsOptional() @IsBoolean() horde?: boolean;
  @IsOptional() @IsBoolean() flying?: boolean;
  @IsOptional() @IsInt() @Min(0) health?: number | null;
  @IsOptional() @IsInt() @Min(0) move?: number | null;
  @IsOptional() @ValidateNested() @Type(() => StrikeDto) strike?: StrikeDto | null;
  @IsOptional() @IsArray() @ArrayMaxSize(50) @IsString({ each: true }) @IsNotEmpty({ each: true }) features?: string[];
}

abstract class CardDto {
  @IsInt() @Min(1) @Max(1_000_000) number!: number;
  @IsString() @Matches(/\S/, { message: 'name must not be blank' }) @MaxLength(MAX_TEXT) name!: string;
  @IsOptional() @IsArray() @ArrayMaxSize(PRINTING_KINDS.length) @ValidateNested({ each: true }) @Type(() => PrintingDto) printings?: PrintingDto[];
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
}

export class WowSetFileDto extends SetHeaderDto {
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(MAX_CARDS) @ValidateNested({ each: true }) @Type(() => WowCardDto) cards!: WowCardDto[];
}

export class BerserkSetFileDto extends SetHeaderDto {
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(MAX_CARDS) @ValidateNested({ each: true }) @Type(() => BerserkCardDto) cards!: BerserkCardDto[];
}

/** Used when `game` is not a known game: the header is still checked, cards cannot be. */
export class UnknownGameSetFileDto extends SetHeaderDto {
  @IsArray() cards!: unknown[];
}
