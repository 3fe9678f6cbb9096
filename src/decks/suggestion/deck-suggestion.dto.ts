import { ApiProperty } from '@nestjs/swagger';
import { CardCountDto, DeckSubmissionDto, ViolationDto } from '../dto/deck.dto';

const REASON_CODES = ['NO_HERO_IN_CATALOG', 'HERO_SHORT', 'HERO_BEST', 'POOL_SHORT', 'TWO_COLOURS'] as const;

/** Copies of the suggested main deck of one rarity. */
export class RarityCountDto {
  @ApiProperty({ example: 'rare', description: "The rarity's data value (the catalog's `rarity`)." })
  rarity!: string;

  @ApiProperty({ type: 'integer', example: 10 })
  count!: number;
}

/**
 * Why this deck, as a code and values, for a client to write in its own language (the web app
 * does, in English and Russian). Values by code:
 * NO_HERO_IN_CATALOG `game`; HERO_SHORT `hero`, `faction`, `heroClass`, `talent`, `fit`, `total`,
 * `short`, `size`; HERO_BEST the same without `short`; POOL_SHORT `total`, `short`, `size`;
 * TWO_COLOURS `attribute` (Berserk: "element"), `colour1`, `count1`, `colour2`, `count2` (when the
 * pool has them), `neutral`, `neutralValue`, `extra` (cards of other colours added), `size`.
 * Faction, class, talent, colour and rarity values are the catalog's data values.
 */
export class SuggestionReasonDto {
  @ApiProperty({ enum: REASON_CODES, example: 'HERO_BEST' })
  code!: (typeof REASON_CODES)[number];

  @ApiProperty({
    type: 'object',
    additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }] },
    example: { hero: 'Grennan Stormspeaker', faction: 'Horde', heroClass: 'Shaman', talent: 'Elemental', fit: 41, total: 56, size: 30 },
  })
  params!: Record<string, string | number>;

  @ApiProperty({ type: [RarityCountDto], description: 'The main deck by rarity, highest first.' })
  rarities!: RarityCountDto[];
}

/** GET /api/events/:id/deck/suggestion: a deck proposed from the player's pool, ready to submit. */
export class DeckSuggestionDto {
  @ApiProperty({
    nullable: true,
    type: String,
    example: 'HOA-10',
    pattern: '^[A-Za-z0-9]{1,16}-\\d{1,7}$',
    description: 'The suggested hero (cardId); null for games without heroes.',
  })
  hero!: string | null;

  @ApiProperty({ type: [CardCountDto], description: 'Main deck: the Limited minimum of pool cards, higher rarity first.' })
  main!: CardCountDto[];

  @ApiProperty({ type: [CardCountDto], description: 'Every other pool card.' })
  sideboard!: CardCountDto[];

  @ApiProperty({ example: 'Grennan Stormspeaker (Horde Shaman, Elemental): 41 of your 56 cards fit this hero, more than any other; …' })
  explanation!: string;

  @ApiProperty({ type: SuggestionReasonDto, description: "The explanation as a code and values, to be written in the reader's language." })
  reason!: SuggestionReasonDto;

  @ApiProperty({ description: 'The suggestion checked with the same rules as a submission.' })
  legal!: boolean;

  @ApiProperty({ type: [ViolationDto] })
  violations!: ViolationDto[];
}

/** POST /api/events/:id/players/:playerId/deck/suggestion: the suggestion registered for the player by the organizer. */
export class RegisteredSuggestionDto extends DeckSubmissionDto {
  @ApiProperty({ description: 'Why this deck (the suggestion’s explanation).' })
  explanation!: string;
  @ApiProperty({ type: SuggestionReasonDto })
  reason!: SuggestionReasonDto;
}
