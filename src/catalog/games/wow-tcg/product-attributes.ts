/**
 * WoW TCG card attributes in a Podium set file (docs/set-format.md): their class-validator class and
 * how they become WowCardAttributes (importers/product-json.ts).
 */
import { ArrayMaxSize, ArrayUnique, Equals, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import type { WowCardAttributes } from '../../card.types';
import { MAX_ATTRIBUTE_MAGNITUDE, MAX_LIST_ITEM_LENGTH, MAX_NAME_LENGTH } from '../../set-limits';
import type { ProductAttributes } from '../game-definition';
import { WOW_CLASSES, WOW_FACTIONS } from './profile';

const MAX_TEXT = MAX_NAME_LENGTH;
/** Stats: whole numbers from 0 to the common attribute limit. */
const MAX_STAT = MAX_ATTRIBUTE_MAGNITUDE;

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

function wowAttributes(a: WowAttributesDto): WowCardAttributes {
  return {
    game: 'wow-tcg',
    faction: a.faction as WowCardAttributes['faction'],
    classes: a.classes ?? null,
    talent: a.talent ?? null,
    heroClass: a.heroClass ?? null,
    heroTalent: a.heroTalent ?? null,
    race: a.race ?? null,
    professions: a.professions ?? [],
    unique: a.unique ?? false,
    unlimited: a.unlimited ?? false,
    cost: a.cost ?? null,
    attack: a.attack ?? null,
    health: a.health ?? null,
    strikeCost: a.strikeCost ?? null,
    defense: a.defense ?? null,
    subtypes: a.subtypes ?? [],
  };
}

export const WOW_PRODUCT_ATTRIBUTES: ProductAttributes<'wow-tcg', WowAttributesDto> = { dto: WowAttributesDto, decode: wowAttributes };
