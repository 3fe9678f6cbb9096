import { Injectable } from '@nestjs/common';
import type { GameId } from '../catalog/card.types';
import type { BoosterLayout } from '../catalog/layouts/booster-layout';
import { PrismaService } from '../common/database/prisma.service';
import type { EventRow, Tx } from '../events/events.repository';
import type { Prisma } from '../generated/prisma/client';
import type { ExportCard, ExportEvent } from './event-export.types';

const PLAYER_SELECT = { id: true, number: true, name: true, firstRound: true, minMainDeck: true, team: { select: { number: true } } } as const;
const POD_SELECT = { id: true, number: true } as const;
const PACK_SELECT = { id: true, podId: true, seat: true, playerId: true, packNumber: true, purpose: true } as const;
const VERSION_SELECT = { id: true, setId: true, dataVersion: true, name: true, boosterLayout: true } as const;
const SET_SELECT = { id: true, code: true } as const;

/** A player as the export names it: id, number, name, the first round of a late entry after round 1 and the team's number (null: no team). */
export type ExportPlayerRow = Prisma.EventPlayerGetPayload<{ select: typeof PLAYER_SELECT }>;
export type ExportPodRow = Prisma.PodGetPayload<{ select: typeof POD_SELECT }>;
export type SeatRow = Prisma.SeatGetPayload<object>;
export type ExportPackRow = Prisma.PackGetPayload<{ select: typeof PACK_SELECT }>;
export type PackCardRow = Prisma.PackCardGetPayload<object>;
export type PickRow = Prisma.PickGetPayload<object>;
/** A pinned set version with its booster layout decoded. */
export type ExportVersionRow = Omit<Prisma.SetVersionGetPayload<{ select: typeof VERSION_SELECT }>, 'boosterLayout'> & { boosterLayout: BoosterLayout };
export type ExportSetRow = Prisma.CardSetGetPayload<{ select: typeof SET_SELECT }>;
/** A card row with its attributes and printings decoded as the export carries them. */
export type ExportCardRow = Omit<Prisma.CardGetPayload<object>, 'attributes' | 'printings'> & {
  attributes: ExportCard['attributes'];
  printings: ExportCard['printings'];
};

/** The event's enum-like columns, decoded for the export. */
export interface ExportEventKinds {
  game: GameId;
  format: ExportEvent['format'];
  packSource: 'generated' | 'physical';
}

/** Decodes the event columns whose values the database stores as plain strings. */
export function exportEventKinds(event: EventRow): ExportEventKinds {
  return { game: event.game, format: event.format as ExportEvent['format'], packSource: event.packSource as 'generated' | 'physical' };
}

/**
 * Prisma reads for an event's export: each a plain query, meant to run one after another in
 * {@link snapshot}'s transaction (a transaction runs on one connection, and Prisma would otherwise
 * run the queries of nested includes concurrently on it).
 */
@Injectable()
export class EventExportRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Runs `work` in one repeatable-read transaction: every read in it sees the same moment of the database. */
  snapshot<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work, { isolationLevel: 'RepeatableRead', timeout: 60_000, maxWait: 30_000 });
  }

  /**
   * The event's players by number: `{ id, number, name, team: { number } | null }` — the registered
   * ones: a waitlisted entry or a no-show never took part (no seat, no pack), so no replay knows it.
   */
  async players(tx: Tx, eventId: string): Promise<ExportPlayerRow[]> {
    return tx.eventPlayer.findMany({ where: { eventId, status: 'registered' }, orderBy: { number: 'asc' }, select: PLAYER_SELECT });
  }

  /** The event's pods by number: `{ id, number }`. */
  async pods(tx: Tx, eventId: string): Promise<ExportPodRow[]> {
    return tx.pod.findMany({ where: { eventId }, orderBy: { number: 'asc' }, select: POD_SELECT });
  }

  /** The organizer's seat swaps before picking, in order. */
  async seatSwaps(tx: Tx, eventId: string): Promise<{ playerAId: string; playerBId: string; at: Date }[]> {
    return tx.seatSwap.findMany({ where: { eventId }, orderBy: [{ at: 'asc' }, { id: 'asc' }], select: { playerAId: true, playerBId: true, at: true } });
  }

  /** Every seat of the event's pods, by pod id then seat. */
  async seats(tx: Tx, eventId: string): Promise<SeatRow[]> {
    return tx.seat.findMany({ where: { pod: { eventId } }, orderBy: [{ podId: 'asc' }, { seat: 'asc' }] });
  }

  /** The event's opened packs, unordered: `{ id, podId, seat, playerId, packNumber, purpose }`. */
  async packs(tx: Tx, eventId: string): Promise<ExportPackRow[]> {
    return tx.pack.findMany({ where: { eventId }, select: PACK_SELECT });
  }

  /** The cards of the event's packs, by pack id then position. */
  async packCards(tx: Tx, eventId: string): Promise<PackCardRow[]> {
    return tx.packCard.findMany({ where: { pack: { eventId } }, orderBy: [{ packId: 'asc' }, { position: 'asc' }] });
  }

  /** Every pick of the event's pods, unordered. */
  async picks(tx: Tx, eventId: string): Promise<PickRow[]> {
    return tx.pick.findMany({ where: { pod: { eventId } } });
  }

  /** The set versions with these ids, unordered: `{ id, setId, dataVersion, name, boosterLayout }`. */
  async setVersions(tx: Tx, ids: string[]): Promise<ExportVersionRow[]> {
    const versions = await tx.setVersion.findMany({ where: { id: { in: ids } }, select: VERSION_SELECT });
    return versions.map((v) => ({ ...v, boosterLayout: v.boosterLayout as unknown as BoosterLayout }));
  }

  /** The sets with these ids, unordered: `{ id, code }`. */
  async sets(tx: Tx, ids: string[]): Promise<ExportSetRow[]> {
    return tx.cardSet.findMany({ where: { id: { in: ids } }, select: SET_SELECT });
  }

  /** Every card of these versions, by version id then number. */
  async cards(tx: Tx, versionIds: string[]): Promise<ExportCardRow[]> {
    const cards = await tx.card.findMany({ where: { versionId: { in: versionIds } }, orderBy: [{ versionId: 'asc' }, { number: 'asc' }] });
    return cards.map((c) => ({ ...c, attributes: c.attributes as ExportCard['attributes'], printings: c.printings as ExportCard['printings'] }));
  }
}
