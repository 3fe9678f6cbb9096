import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { UUID_PATTERN } from '../../common/validation/patterns';

/** Swap two players' draft seats before either has picked (docs/rules.md "Seat swaps"). */
export class SwapSeatsDto {
  @ApiProperty({ format: 'uuid', description: 'A seated player.' })
  @Matches(UUID_PATTERN, { message: 'playerId must be a UUID' })
  playerId!: string;

  @ApiProperty({ format: 'uuid', description: 'The seated player to trade seats with (same pod or another pod).' })
  @Matches(UUID_PATTERN, { message: 'withPlayerId must be a UUID' })
  withPlayerId!: string;
}
