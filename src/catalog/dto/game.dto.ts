import { ApiProperty } from '@nestjs/swagger';
import type { GameProfile } from '../games';

/** A game's rules profile as the API shows it (the profile's data, unchanged). */
export class GameDto {
  @ApiProperty({ example: 'wow-tcg' })
  id!: string;
  @ApiProperty({ example: 'World of Warcraft TCG' })
  name!: string;
  @ApiProperty({ type: [String] })
  rarities!: string[];
  @ApiProperty({ type: [String] })
  cardTypes!: string[];
  @ApiProperty({ type: [String], description: 'Card types that are heroes (chosen outside the deck; only in the hero slot of boosters).' })
  heroTypes!: string[];
  @ApiProperty({
    description: 'Limited defaults: minDeckSize (cards besides the hero), sealedPacksPerPlayer, draftPacksByPackSize {cards per booster: boosters}, draftPodSize {min,max}.',
    type: 'object',
    additionalProperties: true,
  })
  limited!: object;
  @ApiProperty({ description: 'Copy limits: constructed, byKeyword (e.g. unlimited: null, horde: 5), limited (null = no limit).', type: 'object', additionalProperties: true })
  copyLimits!: object;

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
