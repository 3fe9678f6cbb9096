/**
 * Berserk card attributes in a Podium set file (docs/set-format.md): their class-validator classes
 * and how they become BerserkCardAttributes (importers/product-json.ts).
 */
import 'reflect-metadata'; // @Type reads design:type metadata when declared: outside Nest too, e.g. the CLI
import { Type } from 'class-transformer';
import { ArrayMaxSize, Equals, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import type { BerserkCardAttributes } from '../../card.types';
import { MAX_ATTRIBUTE_MAGNITUDE, MAX_LIST_ITEM_LENGTH, MAX_LIST_ITEMS } from '../../set-limits';
import type { ProductAttributes } from '../game-definition';
import { BERSERK_ELEMENTS } from './profile';

/** Stats: whole numbers from 0 to the common attribute limit. */
const MAX_STAT = MAX_ATTRIBUTE_MAGNITUDE;

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

function berserkAttributes(a: BerserkAttributesDto): BerserkCardAttributes {
  return {
    game: 'berserk',
    element: a.element as BerserkCardAttributes['element'],
    cost: a.cost ?? null,
    elite: a.elite ?? false,
    unique: a.unique ?? false,
    horde: a.horde ?? false,
    flying: a.flying ?? false,
    health: a.health ?? null,
    move: a.move ?? null,
    strike: a.strike ? { light: a.strike.light, normal: a.strike.normal, heavy: a.strike.heavy } : null,
    features: a.features ?? [],
  };
}

export const BERSERK_PRODUCT_ATTRIBUTES: ProductAttributes<'berserk', BerserkAttributesDto> = { dto: BerserkAttributesDto, decode: berserkAttributes };
