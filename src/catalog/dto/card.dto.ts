import { ApiProperty } from '@nestjs/swagger';
import type { CardAttributes, Printing } from '../card.types';

/** A card as every route returns it: always with cardId, setCode and number. */
export class CardDto {
  @ApiProperty({ example: 'HOA-218', description: 'Stable id across data versions: <SET>-<number>.' })
  cardId!: string;
  @ApiProperty({ example: 'HOA' })
  setCode!: string;
  @ApiProperty({ example: 218, description: 'Collector number.' })
  number!: number;
  @ApiProperty({ example: 'Sen\'jin Guardian' })
  name!: string;
  @ApiProperty({ enum: ['common', 'uncommon', 'rare', 'epic', 'ultra-rare'] })
  rarity!: string;
  @ApiProperty({ example: 'ally' })
  type!: string;
}

/** A card with its game attributes and other printings (catalog routes). */
export class CatalogCardDto extends CardDto {
  @ApiProperty({
    description:
      'Game attributes, discriminated by `game`. wow-tcg: faction (Alliance|Horde|Neutral|Both), classes (null = unrestricted), talent, heroClass, heroTalent, race, professions, unique, unlimited, cost, attack, health, strikeCost, defense, subtypes. berserk: element, cost, elite, unique, horde, flying, health, move, strike {light, normal, heavy}, features.',
    type: 'object',
    additionalProperties: true,
  })
  attributes!: CardAttributes;
  @ApiProperty({ description: 'Other printings of this card (extended art, loot…): never cards of their own.', type: 'array', items: { type: 'object' } })
  printings!: Printing[];
}

export class CardPageDto {
  @ApiProperty({ type: [CatalogCardDto] })
  items!: CatalogCardDto[];
  @ApiProperty()
  total!: number;
  @ApiProperty()
  page!: number;
  @ApiProperty()
  pageSize!: number;
}

export class SetSummaryDto {
  @ApiProperty({ example: 'wow-tcg' })
  game!: string;
  @ApiProperty({ example: 'HOA' })
  code!: string;
  @ApiProperty({ example: 'Heroes of Azeroth' })
  name!: string;
  @ApiProperty({ description: 'Hex SHA-256 of the set content; changes when the set data changes.' })
  dataVersion!: string;
  @ApiProperty()
  cardCount!: number;
  @ApiProperty({ description: 'When this data version was imported (ISO 8601).' })
  importedAt!: string;
}

export class SetDetailDto extends SetSummaryDto {
  @ApiProperty({ description: 'Booster layout: sheets (filter or weighted card list) and weighted variants of slots.', type: 'object', additionalProperties: true })
  boosterLayout!: object;
  @ApiProperty({ description: 'Cards per booster for each variant (same for every variant in the default layouts).', type: [Number] })
  packSizes!: number[];
}

export class ImportResultDto extends SetDetailDto {
  @ApiProperty({ enum: ['created', 'new-version', 'unchanged', 'restored-version'], description: 'What the import did.' })
  status!: string;
}
