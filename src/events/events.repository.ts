import { Injectable } from '@nestjs/common';
import { PrismaService } from '../common/database/prisma.service';
import { DomainError } from '../common/errors/domain-error';
import type { Prisma } from '../generated/prisma/client';

export type Tx = Prisma.TransactionClient;
export type EventRow = Prisma.EventGetPayload<object>;
export type PlayerRow = Prisma.EventPlayerGetPayload<object>;

/** A pack pinned at event creation: the set and the exact data version its boosters come from. */
export interface PinnedPack {
  setCode: string;
  versionId: string;
  dataVersion: string;
}

export function pinnedPacks(event: EventRow): PinnedPack[] {
  return event.packs as unknown as PinnedPack[];
}

/** Counts shown on an event object. */
export interface EventCounts {
  players: number;
  rounds: number;
}

/** Prisma access for events and their players; the event row lock serializes state changes. */
@Injectable()
export class EventsRepository {
  constructor(readonly prisma: PrismaService) {}

  /** @throws DomainError EVENT_NOT_FOUND */
  async get(id: string, tx: Tx = this.prisma): Promise<EventRow> {
    const event = await tx.event.findUnique({ where: { id } });
    if (!event) throw new DomainError('EVENT_NOT_FOUND', `No event ${id}`, [{ field: 'id', rule: 'exists', message: 'unknown event' }]);
    return event;
  }

  /**
   * Locks the event row for the rest of the transaction (SELECT … FOR UPDATE) and returns it:
   * every state change and registration of an event goes through here, one at a time.
   * @throws DomainError EVENT_NOT_FOUND
   */
  async lock(tx: Tx, id: string): Promise<EventRow> {
    await tx.$queryRaw`SELECT id FROM "event" WHERE id = ${id}::uuid FOR UPDATE`;
    return this.get(id, tx);
  }

  /**
   * Locks the event row against state changes for the rest of the transaction (FOR SHARE): many
   * such transactions run side by side (deck submissions), but none overlaps a transaction that
   * changes the event (those take {@link lock}: pairing round 1, …). Returns the row as it is now.
   */
  async lockShared(tx: Tx, id: string): Promise<EventRow> {
    await tx.$queryRaw`SELECT id FROM "event" WHERE id = ${id}::uuid FOR SHARE`;
    return this.get(id, tx);
  }

  async playerCount(eventId: string, tx: Tx = this.prisma): Promise<number> {
    return tx.eventPlayer.count({ where: { eventId } });
  }

  /** What an event object counts: registered players and rounds paired so far (Swiss and playoff). */
  async counts(eventId: string, tx: Tx = this.prisma): Promise<EventCounts> {
    const [players, rounds] = await Promise.all([tx.eventPlayer.count({ where: { eventId } }), tx.round.count({ where: { eventId } })]);
    return { players, rounds };
  }

  /** @throws DomainError PLAYER_NOT_FOUND */
  async player(eventId: string, playerId: string, tx: Tx = this.prisma): Promise<PlayerRow> {
    const player = await tx.eventPlayer.findFirst({ where: { id: playerId, eventId } });
    if (!player) throw new DomainError('PLAYER_NOT_FOUND', `No player ${playerId} in this event`, [{ field: 'playerId', rule: 'exists', message: 'unknown player' }]);
    return player;
  }

  /** Players in registration order (their number): the order every seeded shuffle starts from. */
  async players(eventId: string, tx: Tx = this.prisma): Promise<PlayerRow[]> {
    return tx.eventPlayer.findMany({ where: { eventId }, orderBy: { number: 'asc' } });
  }

  /** Marks a player absent (a bot picks for their seat) or back. */
  async setAbsent(playerId: string, absent: boolean): Promise<void> {
    await this.prisma.eventPlayer.update({ where: { id: playerId }, data: { absent } });
  }

  /**
   * Creates an event with the first of `codes` never handed out before: the code is claimed in
   * event_code (kept for ever, so it is never reused) and the event created, in one transaction.
   * @throws Error when 100 candidates in a row are taken (cannot happen below ~10^8 events).
   */
  async createWithCode(data: Omit<Prisma.EventUncheckedCreateInput, 'code'>, codes: Iterator<string>): Promise<EventRow> {
    return this.transaction(async (tx) => {
      for (let attempt = 0; attempt < 100; attempt++) {
        const code = codes.next().value as string;
        const claimed = await tx.$executeRaw`INSERT INTO "event_code" ("code", "created_at") VALUES (${code}, ${data.createdAt}) ON CONFLICT DO NOTHING`;
        if (claimed === 0) continue;
        const event = await tx.event.create({ data: { ...data, code } });
        await tx.eventCode.update({ where: { code }, data: { eventId: event.id } });
        return event;
      }
      throw new Error('no free event code after 100 candidates');
    });
  }

  /** The event a code names (any case); null when no event has it (never handed out, or its event was deleted). */
  async byCode(code: string): Promise<EventRow | null> {
    return this.prisma.event.findUnique({ where: { code } });
  }

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work, { timeout: 60_000, maxWait: 30_000 });
  }
}
