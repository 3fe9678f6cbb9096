import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { CatalogRepository } from '../catalog/catalog.repository';
import { CatalogService } from '../catalog/catalog.service';
import type { GameId } from '../catalog/card.types';
import type { CardDto } from '../catalog/dto/card.dto';
import { generateSeed } from '../common/random/seeded-rng';
import { generatePack } from './booster-generator';
import { compileLayout, type CompiledLayout } from './layout-validation';
import type { BoostersDto } from './dto/boosters.dto';

/** What generation needs from one (immutable) set version, built once per version. */
interface PreparedVersion {
  compiled: CompiledLayout;
  cards: Map<string, CardDto>;
}

/**
 * Generates booster packs from a set's current data version with a seeded RNG: the same
 * (seed, set, data version, layout) gives the same packs on any machine (docs/randomness.md).
 */
@Injectable()
export class BoostersService {
  /** Versions never change once stored, so what is compiled from one stays valid forever. */
  private readonly prepared = new Map<string, Promise<PreparedVersion>>();

  constructor(
    private readonly catalog: CatalogService,
    private readonly repository: CatalogRepository,
  ) {}

  /**
   * @param count 1..1000 packs; seed: any text, or undefined for a fresh 128-bit hex seed.
   * @throws DomainError SET_NOT_FOUND / SET_CODE_AMBIGUOUS.
   */
  async generate(code: string, game: GameId | undefined, count: number, seed?: string): Promise<BoostersDto> {
    const set = await this.catalog.getSet(code, game);
    const { compiled, cards } = await this.prepare(set.versionId, set.code, set.boosterLayout);
    const usedSeed = seed ?? generateSeed(randomBytes);
    const packs = [];
    for (let number = 1; number <= count; number++) {
      packs.push({ number, cards: generatePack(compiled, usedSeed, number).map((id) => cards.get(id)!) });
    }
    return { seed: usedSeed, setCode: set.code, dataVersion: set.dataVersion, packs };
  }

  private prepare(versionId: string, setCode: string, layout: Parameters<typeof compileLayout>[0]): Promise<PreparedVersion> {
    let entry = this.prepared.get(versionId);
    if (!entry) {
      entry = this.repository.allCards(versionId).then((rows) => ({
        compiled: compileLayout(layout, rows),
        cards: new Map(rows.map((c) => [c.cardId, { cardId: c.cardId, setCode, number: c.number, name: c.name, rarity: c.rarity, type: c.type }])),
      }));
      entry.catch(() => this.prepared.delete(versionId));
      this.prepared.set(versionId, entry);
    }
    return entry;
  }
}
