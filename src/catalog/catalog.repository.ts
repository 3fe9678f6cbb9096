import { Injectable } from '@nestjs/common';
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { BoosterLayout } from './layouts/booster-layout';
import { PrismaService } from '../common/database/prisma.service';
import type { Prisma, PrismaClient } from '../generated/prisma/client';
import type { CardAttributes, CardType, GameId, Printing } from './card.types';
import type { PreparedSet } from './set-preparation';
import { factsKey, type CatalogCardFacts, type MergedFacts } from './set-merge';

type CardRecord = Prisma.CardGetPayload<object>;
/** A card row with its JSON columns (game attributes, printings) and its type decoded; imports write only validated values. */
export type CardRow = Omit<CardRecord, 'type' | 'attributes' | 'printings'> & { type: CardType; attributes: CardAttributes; printings: Printing[] };
const decodeCard = (card: CardRecord) => card as unknown as CardRow;

/** A set with its current data version, as the API lists it. */
export interface SetRow {
  id: string;
  game: GameId;
  code: string;
  name: string;
  versionId: string;
  dataVersion: string;
  cardCount: number;
  boosterLayout: BoosterLayout;
  versionCreatedAt: Date;
  /** The organizer's image URL template ({code}, {number}); null: none. */
  imageTemplate: string | null;
}

/** Outcome of storing an imported set. */
export type ImportStatus = 'created' | 'new-version' | 'unchanged' | 'restored-version' | 'merged';

export interface StoreSetInput {
  set: PreparedSet;
  sourceFormat: string;
  now: Date;
}

const SET_SELECT = {
  id: true,
  game: true,
  code: true,
  imageTemplate: true,
  currentVersion: { select: { id: true, name: true, dataVersion: true, cardCount: true, boosterLayout: true, createdAt: true } },
} as const;

type SetWithVersion = Prisma.CardSetGetPayload<{ select: typeof SET_SELECT }>;

function toRow(set: SetWithVersion): SetRow | null {
  const v = set.currentVersion;
  if (!v) return null;
  return {
    id: set.id,
    game: set.game as GameId,
    code: set.code,
    name: v.name,
    versionId: v.id,
    dataVersion: v.dataVersion,
    cardCount: v.cardCount,
    boosterLayout: v.boosterLayout as unknown as BoosterLayout,
    versionCreatedAt: v.createdAt,
    imageTemplate: set.imageTemplate,
  };
}

/**
 * Prisma access for card sets, versions and cards. No rules here: callers decide, this stores.
 * Works on the app's PrismaService or any PrismaClient (start-up seeding, test setup).
 */
@Injectable()
export class CatalogRepository {
  constructor(private readonly prisma: PrismaService) {}

  static over(prisma: PrismaClient): CatalogRepository {
    return new CatalogRepository(prisma as PrismaService);
  }

  async listSets(game?: GameId): Promise<SetRow[]> {
    const sets = await this.prisma.cardSet.findMany({ where: game ? { game } : {}, select: SET_SELECT, orderBy: [{ game: 'asc' }, { code: 'asc' }] });
    return sets.map(toRow).filter((s): s is SetRow => s !== null);
  }

  /** Sets whose code matches case-insensitively (one per game at most). */
  async findSetsByCode(code: string, game?: GameId): Promise<SetRow[]> {
    const sets = await this.prisma.cardSet.findMany({ where: { codeKey: code.toLowerCase(), ...(game ? { game } : {}) }, select: SET_SELECT });
    return sets.map(toRow).filter((s): s is SetRow => s !== null);
  }

  /** Sets (or clears, null) a set's image URL template; this process's listeners of `templateChanges` hear the set's code. */
  async setImageTemplate(setId: string, imageTemplate: string | null, now: Date): Promise<void> {
    const set = await this.prisma.cardSet.update({ where: { id: setId }, data: { imageTemplate, updatedAt: now }, select: { code: true } });
    this.templateChanges.emit('changed', set.code);
  }

  /** Image template changes ('changed', set code): caches of card objects forget the set. */
  readonly templateChanges = new EventEmitter();

  async countCards(versionId: string, where: { rarity?: string; type?: string }): Promise<number> {
    return this.prisma.card.count({ where: { versionId, ...where } });
  }

  async pageCards(versionId: string, where: { rarity?: string; type?: string }, skip: number, take: number): Promise<CardRow[]> {
    return (await this.prisma.card.findMany({ where: { versionId, ...where }, orderBy: { number: 'asc' }, skip, take })).map(decodeCard);
  }

  /** Every set's image URL template that is set (for the CSP's img-src). */
  async imageTemplates(): Promise<string[]> {
    const rows = await this.prisma.cardSet.findMany({ where: { imageTemplate: { not: null } }, select: { imageTemplate: true } });
    return rows.map((r) => r.imageTemplate!);
  }

  /**
   * Every card an image file may show: game, set code, number and OCTGN GUID of the cards of every
   * stored version, without repeats (a number names the same card in each version of a set).
   */
  async imageCardKeys(): Promise<{ game: string; setCode: string; number: number; octgnId: string | null }[]> {
    return this.prisma.$queryRaw<{ game: string; setCode: string; number: number; octgnId: string | null }[]>`
      SELECT DISTINCT s.game, s.code AS "setCode", c.number, c.octgn_id AS "octgnId"
      FROM card c JOIN set_version v ON v.id = c.version_id JOIN card_set s ON s.id = v.set_id`;
  }

  /** Every card of the current version of every set of a game (deck checks resolve cards and names here). */
  async gameCardsFull(
    game: GameId,
    onlyIds?: readonly string[],
  ): Promise<{ cardId: string; setCode: string; number: number; name: string; rarity: string; type: CardType; attributes: CardAttributes; octgnId?: string }[]> {
    const rows = await this.prisma.card.findMany({
      where: { version: { currentOf: { is: { game } } }, ...(onlyIds ? { cardId: { in: [...onlyIds] } } : {}) },
      select: { cardId: true, number: true, name: true, rarity: true, type: true, attributes: true, octgnId: true, version: { select: { set: { select: { code: true } } } } },
    });
    return rows.map((r) => ({
      cardId: r.cardId,
      setCode: r.version.set.code,
      number: r.number,
      name: r.name,
      rarity: r.rarity,
      type: r.type as CardType,
      attributes: r.attributes as unknown as CardAttributes,
      ...(r.octgnId ? { octgnId: r.octgnId } : {}),
    }));
  }

  /**
   * What the game's current cards are, as a short key: the current version of each of its sets and
   * when the set last changed. The same key means the same cards (a version's cards never change;
   * a merge of text, images or GUIDs into one moves its set's updatedAt), so callers cache by it.
   */
  async currentVersionsKey(game: GameId): Promise<string> {
    const sets = await this.prisma.cardSet.findMany({ where: { game }, select: { currentVersionId: true, updatedAt: true }, orderBy: { id: 'asc' } });
    return sets.map((s) => `${s.currentVersionId ?? '-'}@${s.updatedAt.getTime()}`).join(',');
  }

  /** A version's set code and booster layout. */
  async version(versionId: string): Promise<{ setCode: string; boosterLayout: BoosterLayout; imageTemplate: string | null }> {
    const v = await this.prisma.setVersion.findUniqueOrThrow({ where: { id: versionId }, select: { boosterLayout: true, set: { select: { code: true, imageTemplate: true } } } });
    return { setCode: v.set.code, boosterLayout: v.boosterLayout as unknown as BoosterLayout, imageTemplate: v.set.imageTemplate };
  }

  /** Every card of a version, by number: the input of booster compilation. */
  async allCards(versionId: string): Promise<CardRow[]> {
    return (await this.prisma.card.findMany({ where: { versionId }, orderBy: { number: 'asc' } })).map(decodeCard);
  }

  /**
   * The current version of a set with the facts a merge compares, or null when the catalog has no
   * such set (code case-insensitive) or its current version is `unlessDataVersion` (then the cards
   * are not read: the start-up loader asks this of every shipped set).
   */
  async currentCardFacts(game: GameId, code: string, unlessDataVersion?: string): Promise<{ dataVersion: string; cards: CatalogCardFacts[] } | null> {
    const where = { game_codeKey: { game, codeKey: code.toLowerCase() } };
    const head = await this.prisma.cardSet.findUnique({ where, select: { currentVersion: { select: { dataVersion: true } } } });
    if (!head?.currentVersion || head.currentVersion.dataVersion === unlessDataVersion) return null;
    const set = await this.prisma.cardSet.findUnique({
      where,
      select: { currentVersion: { select: { dataVersion: true, cards: { select: { cardId: true, number: true, name: true, rarity: true, type: true, attributes: true } } } } },
    });
    const version = set?.currentVersion;
    if (!version) return null;
    return {
      dataVersion: version.dataVersion,
      cards: version.cards.map((c) => ({ cardId: c.cardId, number: c.number, name: c.name, facts: factsKey(c.rarity, c.type, c.attributes) })),
    };
  }

  /**
   * Adds a file's text, images and OCTGN GUIDs to the cards of a set's current version that lack
   * them — never overwriting, never touching the card list or the sheets — in one transaction under
   * the set's import lock.
   * @returns how many cards gained a fact ("merged" when > 0, else "unchanged") and the set.
   */
  async mergeFacts(game: GameId, code: string, facts: MergedFacts[], now: Date): Promise<{ status: ImportStatus; row: SetRow }> {
    const codeKey = code.toLowerCase();
    const rows = JSON.stringify(facts.map((f) => ({ card_id: f.cardId, text: f.text, image: f.image, octgn_id: f.octgnId })));
    return this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`card_set:${game}:${codeKey}`}))`;
      const set = await tx.cardSet.findUniqueOrThrow({ where: { game_codeKey: { game, codeKey } }, select: { id: true, currentVersionId: true } });
      const merged = await tx.$executeRaw`
        UPDATE card SET text = COALESCE(card.text, x.text), image = COALESCE(card.image, x.image), octgn_id = COALESCE(card.octgn_id, x.octgn_id)
          FROM jsonb_to_recordset(${rows}::jsonb) AS x(card_id text, text text, image text, octgn_id text)
         WHERE card.version_id = ${set.currentVersionId}::uuid AND card.card_id = x.card_id
           AND ((card.text IS NULL AND x.text IS NOT NULL) OR (card.image IS NULL AND x.image IS NOT NULL) OR (card.octgn_id IS NULL AND x.octgn_id IS NOT NULL))`;
      // updatedAt moves on a merge: the deck-list catalog cache is keyed by it (currentVersionsKey).
      if (merged > 0) await tx.cardSet.update({ where: { id: set.id }, data: { updatedAt: now } });
      const stored = await tx.cardSet.findUniqueOrThrow({ where: { id: set.id }, select: SET_SELECT });
      return { status: merged > 0 ? 'merged' : 'unchanged', row: toRow(stored)! };
    });
  }

  /**
   * Stores an imported set in one transaction. A transaction-scoped advisory lock on (game, code)
   * serializes concurrent imports of the same set, so two identical uploads make one version.
   * - no such set: creates it with its first version ("created");
   * - a version with this data version exists: makes it current ("unchanged" if it already was,
   *   else "restored-version"), adding the text, image and OCTGN GUID its cards lack ("merged"
   *   when that added any to the current version: the data version leaves them out);
   * - otherwise adds a new version with its cards and makes it current ("new-version").
   * Older versions stay: whatever was generated from them keeps pointing at them.
   */
  async storeSet(input: StoreSetInput): Promise<{ status: ImportStatus; row: SetRow }> {
    const { set, sourceFormat, now } = input;
    const { code, dataVersion, layout: boosterLayout } = set;
    const codeKey = code.toLowerCase();
    return this.prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`card_set:${set.game}:${codeKey}`}))`;
        let status: ImportStatus;
        let existing = await tx.cardSet.findUnique({ where: { game_codeKey: { game: set.game, codeKey } }, select: { id: true, currentVersionId: true } });
        if (!existing) {
          existing = await tx.cardSet.create({
            data: { id: randomUUID(), game: set.game, code, codeKey, name: set.name, createdAt: now, updatedAt: now },
            select: { id: true, currentVersionId: true },
          });
        }
        const same = await tx.setVersion.findUnique({ where: { setId_dataVersion: { setId: existing.id, dataVersion } }, select: { id: true } });
        let versionId: string;
        if (same) {
          versionId = same.id;
          status = existing.currentVersionId === same.id ? 'unchanged' : 'restored-version';
          // The same cards and sheets, maybe with facts the stored version lacks (an OCTGN file's
          // GUIDs and rules text, images): they are added, never overwritten.
          let merged = 0;
          for (const chunk of set.cardRows) {
            merged += await tx.$executeRaw`
              UPDATE card SET text = COALESCE(card.text, x.text), image = COALESCE(card.image, x.image), octgn_id = COALESCE(card.octgn_id, x.octgn_id)
                FROM jsonb_to_recordset(${chunk}::jsonb) AS x(card_id text, text text, image text, octgn_id text)
               WHERE card.version_id = ${versionId}::uuid AND card.card_id = x.card_id
                 AND ((card.text IS NULL AND x.text IS NOT NULL) OR (card.image IS NULL AND x.image IS NOT NULL) OR (card.octgn_id IS NULL AND x.octgn_id IS NOT NULL))`;
          }
          if (merged > 0 && status === 'unchanged') status = 'merged';
        } else {
          versionId = randomUUID();
          status = existing.currentVersionId === null ? 'created' : 'new-version';
          await tx.setVersion.create({
            data: {
              id: versionId,
              setId: existing.id,
              dataVersion,
              name: set.name,
              boosterLayout: boosterLayout as unknown as Prisma.InputJsonValue,
              cardCount: set.cardCount,
              sourceFormat,
              createdAt: now,
            },
          });
          // The cards as JSON parameters, a chunk a statement: Prisma's createMany builds and
          // compiles a query of every value on the event loop (2–3 s for 5,000 cards, every other
          // request waiting); PostgreSQL reads the JSON itself.
          for (const chunk of set.cardRows) {
            await tx.$executeRaw`
              INSERT INTO card (id, version_id, card_id, number, name, rarity, type, attributes, printings, text, image, octgn_id)
              SELECT x.id, ${versionId}::uuid, x.card_id, x.number, x.name, x.rarity, x.type, x.attributes, x.printings, x.text, x.image, x.octgn_id
                FROM jsonb_to_recordset(${chunk}::jsonb)
                  AS x(id uuid, card_id text, number int, name text, rarity text, type text, attributes jsonb, printings jsonb, text text, image text, octgn_id text)`;
          }
        }
        if (status !== 'unchanged') {
          // updatedAt moves on a merge too: the deck-list catalog cache is keyed by it (currentVersionsKey).
          await tx.cardSet.update({ where: { id: existing.id }, data: { currentVersionId: versionId, name: set.name, code, updatedAt: now } });
        }
        const stored = await tx.cardSet.findUniqueOrThrow({ where: { id: existing.id }, select: SET_SELECT });
        return { status, row: toRow(stored)! };
      },
      { timeout: 60_000, maxWait: 30_000 },
    );
  }
}
