import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptionalNotNull } from '../../common/validation/patterns';
import { IsInt, IsString, Matches, Max, Min, MinLength, ValidateBy } from 'class-validator';
import { MAX_SEED_LENGTH } from '../../common/random/seeded-rng';
import { CardDto } from '../../catalog/dto/card.dto';

export class GenerateBoostersDto {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 1000, example: 6, description: 'Number of packs.' })
  @IsInt()
  @Min(1)
  @Max(1000)
  count!: number;

  @ApiPropertyOptional({
    example: 'store-night-2026-11-30',
    minLength: 1,
    maxLength: MAX_SEED_LENGTH,
    pattern: '^[^/]*$',
    description: 'Any text of 1–256 characters without "/" (the separator of seed + "/" + purpose). Omitted: the server draws a 128-bit seed and returns it.',
  })
  @IsOptionalNotNull()
  @IsString()
  @MinLength(1)
  @ValidateBy({
    name: 'maxLength',
    validator: {
      // Counted as the seed derivation counts it (UTF-16 code units), so what passes here is a valid stream seed.
      validate: (value: unknown) => typeof value !== 'string' || value.length <= MAX_SEED_LENGTH,
      defaultMessage: () => `seed must be at most ${MAX_SEED_LENGTH} characters`,
    },
  })
  @Matches(/^[^/]*$/, { message: 'seed must not contain "/" (it separates the seed from the stream purpose)' })
  seed?: string;
}

export class PackDto {
  @ApiProperty({ type: 'integer', example: 1, description: 'Pack number in this generation, 1-based: its random stream is seed + "/pack/" + number.' })
  number!: number;
  @ApiProperty({ type: [CardDto], description: 'Cards in slot order.' })
  cards!: CardDto[];
}

export class BoostersDto {
  @ApiProperty({ description: 'The seed used (generated when the request had none).' })
  seed!: string;
  @ApiProperty({ example: 'HOA' })
  setCode!: string;
  @ApiProperty({ description: 'Data version of the set the packs were made from.' })
  dataVersion!: string;
  @ApiProperty({ type: [PackDto] })
  packs!: PackDto[];
}
