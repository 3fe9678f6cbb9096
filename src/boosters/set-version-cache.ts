import { Injectable } from '@nestjs/common';
import { DomainError } from '../common/errors/domain-error';
import type { CardAttributes, CardType } from '../catalog/card.types';
import { CatalogRepository } from '../catalog/catalog.repository';
import { CardImages } from '../catalog/images/card-images.service';
import { textAndImage, type CardDto } from '../catalog/dto/card.dto';
import { GAMES } from '../catalog/games';
import type { GameId } from '../catalog/card.types';
import type { BoosterLayout } from '../catalog/layouts/booster-layout';
import { withoutSheet } from '../catalog/layouts/default-layouts';
import { compileLayout, type CompiledLayout } from '../catalog/layouts/layout-validation';

/** A card of a set version with what the rules need (bots rate attributes). */
export interface VersionCard extends CardDto {
  type: CardType;
  attributes: CardAttributes;
  /** OCTGN GUID, when the set came from an OCTGN file. */
  octgnId?: string;
}

/** The public card shape (no attributes) of a version card: text and image when known. */
export function toCardDto(card: VersionCard): CardDto {
  return {
    cardId: card.cardId,
    setCode: card.setCode,
    number: card.number,
    name: card.name,
    rarity: card.rarity,
    type: card.type,
    ...(card.text ? { text: card.text } : {}),
    ...(card.image ? { image: card.image } : {}),
  };
}

/** What pack generation needs from one set version, built once per version. */
export interface PreparedVersion {
  versionId: string;
  setCode: string;
  layout: BoosterLayout;
  /** The full booster (sealed, public generation). */
  compiled: CompiledLayout;
  /** The booster without hero slots (WoW draft packs drop the hero: players choose any hero). */
  compiledWithoutHeroes: CompiledLayout;
  cards: Map<string, VersionCard>;
}

/**
 * Sheets that hold only hero cards (a filter on hero types): the slots a WoW draft leaves out.
 * Found by content, not by name, so imported OCTGN layouts are handled the same way.
 */
export function heroSheets(layout: BoosterLayout, heroTypes: readonly string[]): string[] {
  return Object.entries(layout.sheets)
    .filter(([, sheet]) => sheet.filter?.type?.length && sheet.filter.type.every((t) => heroTypes.includes(t)))
    .map(([name]) => name);
}

/**
 * Compiled layouts and card lookups per set version. Versions never change once stored, so an
 * entry stays valid for the life of the process.
 */
@Injectable()
export class SetVersionCache {
  private readonly entries = new Map<string, Promise<PreparedVersion>>();

  constructor(
    private readonly repository: CatalogRepository,
    private readonly images: CardImages,
  ) {
    // A set's image template and the store's image files are baked into its card objects: forget
    // them when they change.
    repository.templateChanges.on('changed', (code: string) => this.forgetSet(code));
    images.changes.on('changed', () => this.entries.clear());
  }

  /**
   * Forgets this process's entries of a set's versions (its image template changed). Other
   * instances keep the template they loaded until their restart.
   */
  forgetSet(setCode: string): void {
    void Promise.all(
      [...this.entries].map(async ([versionId, entry]) => {
        const version = await entry.catch(() => null);
        if (version?.setCode.toUpperCase() === setCode.toUpperCase()) this.entries.delete(versionId);
      }),
    );
  }

  /** @param versionId a stored set version (pinned by an event, or a set's current one). */
  get(game: GameId, versionId: string): Promise<PreparedVersion> {
    let entry = this.entries.get(versionId);
    if (!entry) {
      entry = Promise.all([this.repository.version(versionId), this.repository.allCards(versionId)]).then(([{ setCode, boosterLayout: layout, imageTemplate }, rows]) => {
        // A promo set opens no boosters (events and the booster route refuse it before this).
        if (layout.variants.length === 0)
          throw new DomainError('NOT_A_BOOSTER_SET', `Set ${setCode} is not sold in boosters`, [{ field: 'code', rule: 'boosterSet', message: `${setCode} is not a booster set` }]);
        const withoutHeroes = heroSheets(layout, GAMES[game].heroTypes).reduce((l, name) => withoutSheet(l, name), layout);
        const compiled = compileLayout(layout, rows);
        return {
          versionId,
          setCode,
          layout,
          compiled,
          compiledWithoutHeroes: withoutHeroes === layout ? compiled : compileLayout(withoutHeroes, rows),
          cards: new Map(
            rows.map((c) => [
              c.cardId,
              {
                cardId: c.cardId,
                setCode,
                number: c.number,
                name: c.name,
                rarity: c.rarity,
                type: c.type,
                attributes: c.attributes,
                ...textAndImage(c, setCode, imageTemplate, this.images.urlFor({ game, setCode, number: c.number, octgnId: c.octgnId })),
                ...(c.octgnId ? { octgnId: c.octgnId } : {}),
              },
            ]),
          ),
        };
      });
      entry.catch(() => this.entries.delete(versionId));
      this.entries.set(versionId, entry);
    }
    return entry;
  }
}
