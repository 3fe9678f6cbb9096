import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, ValidateNested } from 'class-validator';
import { IsOptionalNotNull } from '../../common/validation/patterns';
import { DeckDto, SubmitDeckDto } from '../../decks/dto/deck.dto';
import { EntrantDto, RegisteredPlayerDto } from '../../events/dto/event.dto';
import { StandingDto } from './tournament.dto';

/** Organizer: a player who arrives after round 1 was paired (docs/rules.md "Late entry after round 1"). */
export class LatePlayerDto extends EntrantDto {
  @ApiPropertyOptional({
    type: () => SubmitDeckDto,
    description:
      'The deck list the player plays, as the organizer registers a list for a player (hero, main, sideboard: card ids and counts). Required in a draft (the pods drafted the packs: no pool) and with real boosters; checked by the game’s rules as a list without a pool (cards of the event’s sets, copy limits). Sealed with generated packs: optional, checked against the pool the player gets from the event seed.',
  })
  @IsOptionalNotNull()
  @IsObject({ message: 'deck must be an object { hero?, main, sideboard? }' })
  @ValidateNested()
  @Type(() => SubmitDeckDto)
  deck?: SubmitDeckDto;
}

/** The late player as entered: their token (shown once), the round they start in, their missed-round losses. */
export class LateEntryDto extends RegisteredPlayerDto {
  @ApiProperty({ type: 'integer', minimum: 1, description: 'The first Swiss round the player is paired in: the round after the latest paired one.' })
  firstRound!: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Rounds missed (firstRound − 1): each a match loss 0-2 with no opponent in the standings.' })
  missedRounds!: number;
  @ApiProperty({
    type: () => DeckDto,
    nullable: true,
    description: 'The deck list registered with the entry; null when none was sent (sealed: the player builds from their pool until their first round is paired).',
  })
  deck!: DeckDto | null;
  @ApiProperty({ type: () => StandingDto, description: 'The player’s line of the standings now, with the missed rounds as losses.' })
  standing!: StandingDto;
}
