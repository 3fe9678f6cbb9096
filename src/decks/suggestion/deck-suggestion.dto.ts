import { ApiProperty } from '@nestjs/swagger';
import { CardCountDto, ViolationDto } from '../dto/deck.dto';

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

  @ApiProperty({ description: 'The suggestion checked with the same rules as a submission.' })
  legal!: boolean;

  @ApiProperty({ type: [ViolationDto] })
  violations!: ViolationDto[];
}
