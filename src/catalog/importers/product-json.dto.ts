/**
 * class-validator / class-transformer classes describing the product's set file
 * (docs/set-format.md). Validated with whitelist + forbidNonWhitelisted: unknown fields are errors.
 * Game-specific classes (card rarity/type lists, attributes) are chosen by the file's `game`: one
 * set file class per game of the registry (setFileDtoOf), from the game's profile and its own
 * attributes class (src/catalog/games/<id>/product-attributes.ts).
 */
import 'reflect-metadata'; // design:type metadata for @Type (Map of sheets) outside Nest, e.g. the CLI
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
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
import { GAME_IDS, RARITIES, type GameId } from '../card.types';
import { GAMES, type GameDefinition } from '../games';
import { MAX_CARDS_PER_SET, MAX_COLLECTOR_NUMBER, MAX_NAME_LENGTH, MAX_CARD_TEXT_LENGTH, MAX_IMAGE_URL_LENGTH } from '../set-limits';
import { PRINTING_KINDS } from './printings';

export const PRODUCT_FORMAT = 'podium-set';
export const PRODUCT_FORMAT_VERSION = 1;

/** Most cards in one set file (the common limit of every format, src/catalog/set-limits.ts). */
export const MAX_CARDS = MAX_CARDS_PER_SET;
const MAX_TEXT = MAX_NAME_LENGTH;
/** Every card type of every game, in registry order. */
const ALL_TYPES = [...new Set(Object.values(GAMES).flatMap((g) => g.cardTypes))];

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
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_VARIANTS)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => VariantDefinitionDto)
  variants!: VariantDefinitionDto[];
}

// ---- cards ----

export class PrintingDto {
  @IsIn(PRINTING_KINDS) kind!: string;
}

/** Fields every card has; rarity, type and attributes are declared per game (setFileDtoOf). */
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

/** A set file of one game, validated: what productSetFromValue reads. */
export interface GameSetFile extends SetHeaderDto {
  cards: (CardDto & { rarity: string; type: string; attributes: object })[];
}

/** The set file class of a game: its rarities, card types and attributes class (no game is checked as another). */
function setFileDto(game: GameDefinition): new () => GameSetFile {
  class GameCardDto extends CardDto {
    @IsIn(game.rarities) rarity!: string;
    @IsIn(game.cardTypes) type!: string;
    @IsDefined() @IsObject() @ValidateNested() @Type(() => game.productAttributes.dto) attributes!: object;
  }
  class GameSetFileDto extends SetHeaderDto {
    @IsArray() @ArrayMinSize(1) @ArrayMaxSize(MAX_CARDS) @IsObject({ each: true }) @ValidateNested({ each: true }) @Type(() => GameCardDto) cards!: GameCardDto[];
  }
  return GameSetFileDto;
}

const SET_FILE_DTOS = new Map<GameId, new () => GameSetFile>(Object.values(GAMES).map((game) => [game.id, setFileDto(game)]));

/** The class-validator class of a set file of `game` (one per game of the registry). */
export function setFileDtoOf(game: GameId): new () => GameSetFile {
  const dto = SET_FILE_DTOS.get(game);
  if (!dto) throw new Error(`no set file class for game "${game}"`);
  return dto;
}

/** Used when `game` is not a known game: the header is still checked, cards cannot be. */
export class UnknownGameSetFileDto extends SetHeaderDto {
  @IsArray() cards!: unknown[];
}
