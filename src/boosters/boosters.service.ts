import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { assertBoosterSet, CatalogService } from '../catalog/catalog.service';
import type { GameId } from '../catalog/card.types';
import { generateSeed } from '../common/random/seeded-rng';
import { generatePack } from './booster-generator';
import type { BoostersDto } from './dto/boosters.dto';
import { SetVersionCache, toCardDto } from './set-version-cache';

/**
 * Generates booster packs from a set's current data version with a seeded RNG: the same
 * (seed, set, data version, layout) gives the same packs on any machine (docs/randomness.md).
 */
@Injectable()
export class BoostersService {
  constructor(
    private readonly catalog: CatalogService,
    private readonly versions: SetVersionCache,
  ) {}

  /**
   * @param count 1..1000 packs; seed: any text, or undefined for a fresh 128-bit hex seed.
   * @throws DomainError SET_NOT_FOUND / SET_CODE_AMBIGUOUS.
   */
  async generate(code: string, game: GameId | undefined, count: number, seed?: string): Promise<BoostersDto> {
    const set = await this.catalog.getSet(code, game);
    assertBoosterSet(set, 'code');
    const { compiled, cards } = await this.versions.get(set.game, set.versionId);
    const usedSeed = seed ?? generateSeed(randomBytes);
    const packs = [];
    for (let number = 1; number <= count; number++) {
      packs.push({ number, cards: generatePack(compiled, usedSeed, number).map((id) => toCardDto(cards.get(id)!)) });
    }
    return { seed: usedSeed, setCode: set.code, dataVersion: set.dataVersion, packs };
  }
}
