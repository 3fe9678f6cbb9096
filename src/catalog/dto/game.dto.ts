import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { GAME_IDS, RARITIES } from '../card.types';
import { TERM_LANGUAGES, type CopyLimits, type GameProfile, type LimitedRules } from '../games';
import { CARD_TYPES } from './card.dto';

export class PodSizeDto {
  @ApiProperty({ type: 'integer', example: 4 })
  min!: number;
  @ApiProperty({ type: 'integer', example: 8 })
  max!: number;
}

export class LimitedRulesDto {
  @ApiProperty({ type: 'integer', example: 30, description: 'Fewest cards in a limited deck, not counting the hero.' })
  minDeckSize!: number;
  @ApiProperty({ type: 'integer', nullable: true, example: 6, description: 'Boosters each player opens in sealed; null = no published number.' })
  sealedPacksPerPlayer!: number | null;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' }, example: { 15: 4, 19: 4 }, description: 'Boosters each player drafts, by cards per booster.' })
  draftPacksByPackSize!: Record<string, number>;
  @ApiProperty({ type: PodSizeDto, nullable: true, description: 'Players in one draft pod as published; null = not published.' })
  draftPodSize!: PodSizeDto | null;
}

export class CopyLimitsDto {
  @ApiProperty({ type: 'integer', nullable: true, example: 4, description: 'Most copies of a card (by name) in Constructed; null = no limit.' })
  constructed!: number | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer', nullable: true },
    example: { unlimited: null },
    description: 'Keyword flags that replace the constructed limit (null = no limit).',
  })
  byKeyword!: Record<string, number | null>;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Sealed and draft; null = you play what you opened.' })
  limited!: number | null;
}

/** A game's rules profile as the API shows it (the profile's data, unchanged). */
export class GameDto {
  @ApiProperty({ enum: GAME_IDS })
  id!: string;
  @ApiProperty({ example: 'World of Warcraft TCG' })
  name!: string;
  @ApiProperty({ enum: RARITIES, isArray: true })
  rarities!: string[];
  @ApiProperty({ enum: CARD_TYPES, isArray: true })
  cardTypes!: string[];
  @ApiProperty({ enum: CARD_TYPES, isArray: true, description: 'Card types that are heroes (chosen outside the deck; only in the hero slot of boosters).' })
  heroTypes!: string[];
  @ApiProperty({ type: LimitedRulesDto, description: 'Limited (sealed and draft) defaults.' })
  limited!: LimitedRules;
  @ApiProperty({ type: CopyLimitsDto })
  copyLimits!: CopyLimits;

  static from(profile: GameProfile): GameDto {
    return {
      id: profile.id,
      name: profile.name,
      rarities: [...profile.rarities],
      cardTypes: [...profile.cardTypes],
      heroTypes: [...profile.heroTypes],
      limited: profile.limited,
      copyLimits: profile.copyLimits,
    };
  }
}

export class TermReminderDto {
  @ApiProperty({ example: 'Cannot be poisoned.' })
  en!: string;
  @ApiProperty({ example: 'Не может быть отравлено.' })
  ru!: string;
}

/** One term of a game's term table: names in each language, and for keywords what it does. */
export class TermDto {
  @ApiProperty({ example: 'Poison protection' })
  en!: string;
  @ApiProperty({ example: 'Защита от отравления' })
  ru!: string;
  @ApiPropertyOptional({ type: TermReminderDto, description: 'Keywords: one sentence on what it does, written from the rule texts’ glossaries.' })
  reminder?: TermReminderDto;
}

const TERM_TABLE_SCHEMA = { type: 'object', additionalProperties: { $ref: '#/components/schemas/TermDto' } } as const;

/**
 * A game's term table (src/catalog/games/terms.ts): by kind, by the value as stored on cards
 * (`keyword.defFromPoison`, `class["Death Knight"]`). Kinds a game does not use are absent.
 */
export class GameTermsDto {
  @ApiProperty({ enum: GAME_IDS })
  game!: string;
  @ApiProperty({ enum: TERM_LANGUAGES, isArray: true, description: 'Languages every term is named in.' })
  languages!: string[];
  @ApiProperty({
    type: 'object',
    description: 'Kind (type, rarity, element, faction, class, talent, race, profession, keyword, subtype) → stored value → term.',
    additionalProperties: TERM_TABLE_SCHEMA,
    example: { keyword: { defFromPoison: { en: 'Poison protection', ru: 'Защита от отравления', reminder: { en: 'Cannot be poisoned.', ru: 'Не может быть отравлено.' } } } },
  })
  terms!: Record<string, Record<string, TermDto>>;
}
