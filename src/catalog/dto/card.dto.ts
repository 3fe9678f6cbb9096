import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { WOW_FACTIONS } from '../games/wow-tcg/profile';
import { GAME_IDS, RARITIES, type CardAttributes, type GameId, type Printing } from '../card.types';
import { GAMES } from '../games';

/** Every normalized card type of every game. */
export const CARD_TYPES = [...new Set(Object.values(GAMES).flatMap((g) => g.cardTypes))];

/** A card as every route returns it: always with cardId, setCode and number. */
export class CardDto {
  @ApiProperty({ example: 'HOA-218', description: 'Stable id across data versions: <SET>-<number>.' })
  cardId!: string;
  @ApiProperty({ example: 'HOA' })
  setCode!: string;
  @ApiProperty({ type: 'integer', example: 218, description: 'Collector number.' })
  number!: number;
  @ApiProperty({ example: "Sen'jin Guardian" })
  name!: string;
  @ApiProperty({ enum: RARITIES })
  rarity!: string;
  @ApiProperty({ enum: CARD_TYPES, example: 'ally', description: 'Normalized card type.' })
  type!: string;
  @ApiPropertyOptional({ description: 'Rules text, when the set data has it (absent otherwise; the shipped sets have none).' })
  text?: string;
  @ApiPropertyOptional({
    description:
      "Image URL: the store's local file (/api/card-images/…, CARD_IMAGES_DIR) when there is one, else the card's own, else the set's imageTemplate filled in; absent when none is known.",
  })
  image?: string;
}

/**
 * A card's image: the store's local file (`local`, CardImages.urlFor) when there is one, else the
 * card's own URL, else the set's template with {code} and {number} filled in.
 */
export function cardImage(card: { image?: string | null; number: number }, setCode: string, template: string | null | undefined, local?: string): string | undefined {
  if (local) return local;
  if (card.image) return card.image;
  if (!template) return undefined;
  return template.replace(/\{code\}/g, encodeURIComponent(setCode)).replace(/\{number\}/g, String(card.number));
}

/** The optional text and image of a card object (absent keys when unknown). */
export function textAndImage(
  card: { text?: string | null; image?: string | null; number: number },
  setCode: string,
  template?: string | null,
  local?: string,
): Pick<CardDto, 'text' | 'image'> {
  const image = cardImage(card, setCode, template, local);
  return { ...(card.text ? { text: card.text } : {}), ...(image ? { image } : {}) };
}

export class PrintingDto {
  @ApiProperty({ enum: ['extended-art', 'loot', 'foil', 'alternative-art'], description: 'WoW TCG: extended-art, loot; Berserk: foil, alternative-art.' })
  kind!: Printing['kind'];
}

/** WoW TCG card attributes (src/catalog/card.types.ts, WowCardAttributes). */
export class WowCardAttributesDto {
  @ApiProperty({ enum: ['wow-tcg'] })
  game!: 'wow-tcg';
  @ApiProperty({ enum: WOW_FACTIONS, description: 'Both: either side (Blood of Gladiators); Scourge: the Icecrown-era faction.' })
  faction!: string;
  @ApiProperty({ type: [String], nullable: true, description: 'Classes allowed to play the card; null = no class restriction.' })
  classes!: string[] | null;
  @ApiProperty({ type: String, nullable: true, description: 'Talent a hero must have; null for none.' })
  talent!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "Heroes: the hero's class." })
  heroClass!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "Heroes: the hero's talent spec." })
  heroTalent!: string | null;
  @ApiProperty({ type: String, nullable: true })
  race!: string | null;
  @ApiProperty({ type: [String] })
  professions!: string[];
  @ApiProperty()
  unique!: boolean;
  @ApiProperty({ description: 'Lifts the 4-copy limit in Constructed.' })
  unlimited!: boolean;
  @ApiProperty({ type: 'integer', nullable: true })
  cost!: number | null;
  @ApiProperty({ type: 'integer', nullable: true })
  attack!: number | null;
  @ApiProperty({ type: 'integer', nullable: true })
  health!: number | null;
  @ApiProperty({ type: 'integer', nullable: true })
  strikeCost!: number | null;
  @ApiProperty({ type: 'integer', nullable: true })
  defense!: number | null;
  @ApiProperty({ type: [String], description: 'Remaining subtypes as printed (e.g. "1H Weapon").' })
  subtypes!: string[];
}

export class BerserkStrikeDto {
  @ApiProperty({ type: 'integer' })
  light!: number;
  @ApiProperty({ type: 'integer' })
  normal!: number;
  @ApiProperty({ type: 'integer' })
  heavy!: number;
}

/** Berserk card attributes (src/catalog/card.types.ts, BerserkCardAttributes). */
export class BerserkCardAttributesDto {
  @ApiProperty({ enum: ['berserk'] })
  game!: 'berserk';
  @ApiProperty({ enum: ['steppes', 'forests', 'mountains', 'swamps', 'darkness', 'neutral'] })
  element!: string;
  @ApiProperty({ type: 'integer', nullable: true })
  cost!: number | null;
  @ApiProperty({ description: 'Gold (elite) or silver (ordinary).' })
  elite!: boolean;
  @ApiProperty()
  unique!: boolean;
  @ApiProperty({ description: 'Horde: up to five copies in a deck.' })
  horde!: boolean;
  @ApiProperty()
  flying!: boolean;
  @ApiProperty({ type: 'integer', nullable: true })
  health!: number | null;
  @ApiProperty({ type: 'integer', nullable: true })
  move!: number | null;
  @ApiProperty({ type: BerserkStrikeDto, nullable: true })
  strike!: BerserkStrikeDto | null;
  @ApiProperty({ type: [String], description: 'Keyword ids as in the data (e.g. "armor", "shoot").' })
  features!: string[];
}

/** The API's attributes class of each game: a new GameId does not compile until it has one. */
const ATTRIBUTES_DTO_BY_GAME: Readonly<Record<GameId, new () => { game: GameId }>> = { 'wow-tcg': WowCardAttributesDto, berserk: BerserkCardAttributesDto };
const ATTRIBUTES_DTOS = GAME_IDS.map((id) => ATTRIBUTES_DTO_BY_GAME[id]);

/** A card with its game attributes (catalog routes, deck list imports). */
@ApiExtraModels(...ATTRIBUTES_DTOS)
export class CardWithAttributesDto extends CardDto {
  @ApiProperty({
    description: 'Game attributes, discriminated by `game`.',
    oneOf: ATTRIBUTES_DTOS.map((dto) => ({ $ref: getSchemaPath(dto) })),
    discriminator: { propertyName: 'game', mapping: Object.fromEntries(GAME_IDS.map((id) => [id, getSchemaPath(ATTRIBUTES_DTO_BY_GAME[id])])) },
  })
  attributes!: CardAttributes;
}

/** A card with its game attributes and other printings (catalog routes). */
export class CatalogCardDto extends CardWithAttributesDto {
  @ApiProperty({ type: [PrintingDto], description: 'Other printings of this card (extended art, loot…): never cards of their own.' })
  printings!: Printing[];
}

export class CardPageDto {
  @ApiProperty({ type: [CatalogCardDto] })
  items!: CatalogCardDto[];
  @ApiProperty({ type: 'integer', description: 'Cards matching the filters, on every page.' })
  total!: number;
  @ApiProperty({ type: 'integer' })
  page!: number;
  @ApiProperty({ type: 'integer' })
  pageSize!: number;
}

export class SetSummaryDto {
  @ApiProperty({ enum: GAME_IDS })
  game!: string;
  @ApiProperty({ example: 'HOA' })
  code!: string;
  @ApiProperty({ example: 'Heroes of Azeroth' })
  name!: string;
  @ApiProperty({ description: 'Hex SHA-256 of the set content; changes when the set data changes.' })
  dataVersion!: string;
  @ApiProperty({ type: 'integer' })
  cardCount!: number;
  @ApiProperty({ description: 'When this data version was imported (ISO 8601).' })
  importedAt!: string;
  @ApiProperty({ description: 'Sold in boosters: false for a promo set (its cards are in the catalog; it opens no boosters and events cannot use it for packs).' })
  boosters!: boolean;
}

export class SetDetailDto extends SetSummaryDto {
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'https://example.org/cards/{code}/{number}.jpg',
    description: "The organizer's image URL template for cards without an image of their own ({code}, {number} filled in); null: none.",
  })
  imageTemplate!: string | null;
  @ApiProperty({
    description: 'Booster layout (docs/set-format.md): sheets (filter or weighted card list) and weighted variants of slots.',
    type: 'object',
    properties: { sheets: { type: 'object', additionalProperties: { type: 'object' } }, variants: { type: 'array', items: { type: 'object' } } },
    required: ['sheets', 'variants'],
  })
  boosterLayout!: object;
  @ApiProperty({ description: 'Cards per booster for each variant (same for every variant in the default layouts).', type: 'integer', isArray: true })
  packSizes!: number[];
}

/** Something an import did that the organizer should know: a row left out or re-read, a fact not taken in a merge, an unknown value kept. */
export class ImportWarningDto {
  @ApiPropertyOptional({ example: 'cards.card[12].Class' })
  field?: string;
  @ApiProperty({
    example: 'leftOut',
    description:
      'leftOut (a row not imported: another numbering series, a loot card in no booster), printingByName, typeAlias, equipmentSubtypeIsName, setCodeAlias, mergedByName, spelling, factsKept (a merge kept the catalog’s facts), isIn (an unknown value kept), or a problem of a refused file that merged anyway ("not taken").',
  })
  rule!: string;
  @ApiProperty()
  message!: string;
  @ApiPropertyOptional({ description: 'The card concerned, by name.' })
  card?: string;
  @ApiPropertyOptional({ type: 'integer', description: 'Line of the file (XML formats).' })
  line?: number;
}

export class ImportResultDto extends SetDetailDto {
  @ApiProperty({
    enum: ['created', 'new-version', 'unchanged', 'restored-version', 'merged'],
    description:
      'What the import did (merged: a file of the same cards — the same file, or an OCTGN file of the set whose facts differ — added rules text, images or OCTGN GUIDs the stored version lacked; its cards, facts and sheets are unchanged).',
  })
  status!: string;
  @ApiProperty({
    type: [ImportWarningDto],
    description: 'Every row left out or read through an alias, every fact a merge did not take, and (?onUnknown=keep) every unknown value kept; empty when there is none.',
  })
  warnings!: ImportWarningDto[];
}
