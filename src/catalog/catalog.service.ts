import { Injectable } from '@nestjs/common';
import { CardImages } from './images/card-images.service';
import { ImagePolicy } from './images/image-policy';
import { Clock } from '../common/clock/clock';
import { DomainError } from '../common/errors/domain-error';
import type { GameId } from './card.types';
import { CatalogRepository, type SetRow } from './catalog.repository';
import { textAndImage, type CardPageDto, type CatalogCardDto, type SetDetailDto, type SetSummaryDto } from './dto/card.dto';

/** Read side of the catalog: sets, their current data version, and their cards. */
@Injectable()
export class CatalogService {
  constructor(
    private readonly repository: CatalogRepository,
    private readonly clock: Clock,
    private readonly images: CardImages,
    private readonly imagePolicy: ImagePolicy,
  ) {}

  /**
   * Sets or removes a set's image URL template (not part of its data: no new version).
   * @throws DomainError SET_NOT_FOUND, SET_CODE_AMBIGUOUS (two games share the code: give ?game=)
   */
  async updateSet(code: string, game: GameId | undefined, dto: { imageTemplate: string | null }): Promise<SetDetailDto> {
    const set = await this.getSet(code, game);
    await this.repository.setImageTemplate(set.id, dto.imageTemplate, this.clock.now());
    // This instance's CSP follows at once (the next request may load the template's images).
    await this.imagePolicy.refresh();
    return toDetail(await this.getSet(code, set.game));
  }

  async listSets(game?: GameId): Promise<SetSummaryDto[]> {
    return (await this.repository.listSets(game)).map(toSummary);
  }

  /**
   * The set with this code (case-insensitive).
   * @throws DomainError SET_NOT_FOUND (404); SET_CODE_AMBIGUOUS (409) when sets of several games share it and no game was given.
   */
  async getSet(code: string, game?: GameId): Promise<SetRow> {
    const sets = await this.repository.findSetsByCode(code, game);
    if (sets.length === 0) {
      throw new DomainError('SET_NOT_FOUND', `No set with code "${code}"${game ? ` in ${game}` : ''}`, [{ field: 'code', rule: 'exists', message: `unknown set "${code}"` }]);
    }
    if (sets.length > 1) {
      throw new DomainError('SET_CODE_AMBIGUOUS', `Set code "${code}" exists in several games (${sets.map((s) => s.game).join(', ')}): add ?game=`, [
        { field: 'game', rule: 'required', message: 'several games have this set code' },
      ]);
    }
    return sets[0];
  }

  async getSetDetail(code: string, game?: GameId): Promise<SetDetailDto> {
    return toDetail(await this.getSet(code, game));
  }

  async pageCards(code: string, query: { game?: GameId; rarity?: string; type?: string; page: number; pageSize: number }): Promise<CardPageDto> {
    const set = await this.getSet(code, query.game);
    const where = { rarity: query.rarity, type: query.type };
    const [total, rows] = await Promise.all([
      this.repository.countCards(set.versionId, where),
      this.repository.pageCards(set.versionId, where, (query.page - 1) * query.pageSize, query.pageSize),
    ]);
    const items: CatalogCardDto[] = rows.map((c) => ({
      cardId: c.cardId,
      setCode: set.code,
      number: c.number,
      name: c.name,
      rarity: c.rarity,
      type: c.type,
      attributes: c.attributes,
      printings: c.printings,
      ...textAndImage(c, set.code, set.imageTemplate, this.images.urlFor({ game: set.game, setCode: set.code, number: c.number, octgnId: c.octgnId })),
    }));
    return { items, total, page: query.page, pageSize: query.pageSize };
  }
}

export function toSummary(set: SetRow): SetSummaryDto {
  return {
    game: set.game,
    code: set.code,
    name: set.name,
    dataVersion: set.dataVersion,
    cardCount: set.cardCount,
    importedAt: set.versionCreatedAt.toISOString(),
    boosters: isBoosterSet(set),
  };
}

export function toDetail(set: SetRow): SetDetailDto {
  return {
    ...toSummary(set),
    imageTemplate: set.imageTemplate,
    boosterLayout: set.boosterLayout,
    packSizes: [...new Set(set.boosterLayout.variants.map((v) => v.slots.reduce((n, s) => n + s.count, 0)))],
  };
}

/** Whether a set opens boosters (a promo set's stored layout has no variant). */
export function isBoosterSet(set: Pick<SetRow, 'boosterLayout'>): boolean {
  return set.boosterLayout.variants.length > 0;
}

/** @throws DomainError NOT_A_BOOSTER_SET (field) when the set is not sold in boosters. */
export function assertBoosterSet(set: Pick<SetRow, 'boosterLayout' | 'code'>, field: string): void {
  if (isBoosterSet(set)) return;
  throw new DomainError('NOT_A_BOOSTER_SET', `Set ${set.code} is not sold in boosters (a promo set): it opens no boosters`, [
    { field, rule: 'boosterSet', message: `${set.code} is not a booster set` },
  ]);
}
