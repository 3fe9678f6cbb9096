import { Injectable } from '@nestjs/common';
import { PrismaService } from '../common/database/prisma.service';
import { DomainError } from '../common/errors/domain-error';
import type { Prisma } from '../generated/prisma/client';
import type { GameId } from '../catalog/card.types';
import type { PackSource } from './dto/event.dto';
import type { EventListPosition } from './event-list-cursor';
import type { EventFormat, EventState } from './rules/event-lifecycle';

export type Tx = Prisma.TransactionClient;
type EventRecord = Prisma.EventGetPayload<object>;
/**
 * An event row with its text and JSON columns decoded to the types they hold (the columns are
 * written only through the DTOs and the lifecycle, which allow nothing else).
 */
export type EventRow = Omit<EventRecord, 'game' | 'format' | 'state' | 'packSource' | 'packs'> & {
  game: GameId;
  format: EventFormat;
  state: EventState;
  packSource: PackSource;
  packs: PinnedPack[];
};
export type PlayerRow = Prisma.EventPlayerGetPayload<object>;

/** Changes an organizer makes to an event before it starts (undefined: unchanged). */
export type EventEdit = Partial<
  Pick<
    EventRow,
    | 'name'
    | 'format'
    | 'packSource'
    | 'packs'
    | 'pickTimeSeconds'
    | 'timeZone'
    | 'deckBuildingMinutes'
    | 'minPickSeconds'
    | 'fillWithBots'
    | 'keepHeroSlot'
    | 'joinCode'
    | 'pooledTeamSealed'
    | 'capacity'
    | 'sideboarding'
  >
> & { updatedAt: Date };

/** A team of a team event with how many players it has. */
export interface TeamSize {
  id: string;
  name: string;
  members: number;
}

function decode(event: EventRecord): EventRow {
  return event as unknown as EventRow;
}

/** A pack pinned at event creation: the set and the exact data version its boosters come from. */
export interface PinnedPack {
  setCode: string;
  versionId: string;
  dataVersion: string;
}

export function pinnedPacks(event: EventRow): PinnedPack[] {
  return event.packs;
}

/** Filters of the event list (GET /api/events). */
export interface EventListFilter {
  state?: string;
  game?: GameId;
  q?: string;
  storeId?: string;
}

/** Counts shown on an event object. */
export interface EventCounts {
  /** Registered entries (waitlisted and no-shows not counted). */
  players: number;
  rounds: number;
  /** Waitlisted entries. */
  waitlisted: number;
}

/** The relation counts of an event object: entries by status, and rounds. */
const EVENT_COUNTS = {
  _count: { select: { players: { where: { status: 'registered' } }, rounds: true } },
} as const;

/** Prisma access for events and their players; the event row lock serializes state changes. */
@Injectable()
export class EventsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** @throws DomainError EVENT_NOT_FOUND */
  async get(id: string, tx: Tx = this.prisma): Promise<EventRow> {
    const event = await tx.event.findUnique({ where: { id } });
    if (!event) throw new DomainError('EVENT_NOT_FOUND', `No event ${id}`, [{ field: 'id', rule: 'exists', message: 'unknown event' }]);
    return decode(event);
  }

  /**
   * One page of events, newest first by (createdAt, id), each with its counts: at most `take`
   * events strictly after `after` (null: from the newest), optionally of one state and game and
   * whose name or code contains `q` (any case; `%` and `_` are plain characters). A backward range
   * scan of the index event_created_at_id_idx from the cursor: the cost of a page does not grow
   * with the number of events before it.
   */
  async page(filter: EventListFilter, after: EventListPosition | null, take: number): Promise<{ event: EventRow; counts: EventCounts }[]> {
    const and: Prisma.EventWhereInput[] = [];
    if (filter.q) {
      // Prisma's contains is ILIKE '%…%' with the text as it is: its wildcards must be escaped.
      const text = filter.q.replace(/[\\%_]/g, (c) => `\\${c}`);
      and.push({ OR: [{ name: { contains: text, mode: 'insensitive' } }, { code: { contains: text, mode: 'insensitive' } }] });
    }
    if (after) {
      // createdAt <= the cursor's bounds the index range; the OR then skips the cursor's ties up to its id.
      and.push({ createdAt: { lte: after.createdAt } }, { OR: [{ createdAt: { lt: after.createdAt } }, { id: { lt: after.id } }] });
    }
    const rows = await this.prisma.event.findMany({
      where: { state: filter.state, game: filter.game, storeId: filter.storeId, AND: and },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take,
      include: EVENT_COUNTS,
    });
    const waiting = await this.waitlistCounts(rows.map((r) => r.id));
    return rows.map(({ _count, ...event }) => ({ event: decode(event), counts: { players: _count.players, rounds: _count.rounds, waitlisted: waiting.get(event.id) ?? 0 } }));
  }

  /** Waitlisted entries per event, for these events (events with none are absent). */
  private async waitlistCounts(eventIds: string[]): Promise<Map<string, number>> {
    if (eventIds.length === 0) return new Map();
    const groups = await this.prisma.eventPlayer.groupBy({ by: ['eventId'], where: { eventId: { in: eventIds }, status: 'waitlisted' }, _count: { _all: true } });
    return new Map(groups.map((g) => [g.eventId, g._count._all]));
  }

  /** Stores an organizer's edit of the event (row locked by the caller) and returns the event. */
  async edit(tx: Tx, id: string, edit: EventEdit): Promise<EventRow> {
    return decode(await tx.event.update({ where: { id }, data: { ...edit, packs: edit.packs as never } }));
  }

  /**
   * Stores the state the lifecycle moved the event to (its `nextState`), with the moment of the
   * move and, for a start or a completion, when it happened. Returns the event.
   */
  async moveTo(tx: Tx, id: string, state: EventState, at: Date, marks: { startedAt?: Date; completedAt?: Date } = {}): Promise<EventRow> {
    return decode(await tx.event.update({ where: { id }, data: { state, updatedAt: at, ...marks } }));
  }

  /** Publishes the seed (sets when it was revealed); returns the event. */
  async revealSeed(tx: Tx, id: string, at: Date): Promise<EventRow> {
    return decode(await tx.event.update({ where: { id }, data: { seedRevealedAt: at } }));
  }

  /** The teams of a team event with their member counts (any order). */
  async teamSizes(tx: Tx, eventId: string): Promise<TeamSize[]> {
    const teams = await tx.team.findMany({ where: { eventId }, include: { _count: { select: { members: true } } } });
    return teams.map((t) => ({ id: t.id, name: t.name, members: t._count.members }));
  }

  /** The ids of the event's teams in team-number order (the order seating starts from). */
  async teamIds(tx: Tx, eventId: string): Promise<string[]> {
    const teams = await tx.team.findMany({ where: { eventId }, orderBy: { number: 'asc' }, select: { id: true } });
    return teams.map((t) => t.id);
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

  /** Whether an event of this id exists. */
  async exists(id: string): Promise<boolean> {
    return (await this.prisma.event.findUnique({ where: { id }, select: { id: true } })) !== null;
  }

  /** A player of any event by id; null when there is none. */
  async playerById(id: string): Promise<PlayerRow | null> {
    return this.prisma.eventPlayer.findUnique({ where: { id } });
  }

  /** A sealed player's boosters as opened: card ids in slot order, by pack number. */
  async playerPacks(eventId: string, playerId: string): Promise<{ packNumber: number; cards: string[] }[]> {
    const packs = await this.prisma.pack.findMany({ where: { eventId, playerId }, include: { cards: { orderBy: { position: 'asc' } } }, orderBy: { packNumber: 'asc' } });
    return packs.map((p) => ({ packNumber: p.packNumber, cards: p.cards.map((c) => c.cardId) }));
  }

  /** Stores opened packs and their cards (slot order by `position`) in the caller's transaction. */
  async storePacks(tx: Tx, packs: Prisma.PackCreateManyInput[], cards: Prisma.PackCardCreateManyInput[]): Promise<void> {
    await tx.pack.createMany({ data: packs });
    await tx.packCard.createMany({ data: cards });
  }

  async playerCount(eventId: string, tx: Tx = this.prisma): Promise<number> {
    return tx.eventPlayer.count({ where: { eventId } });
  }

  /** What an event object counts: registered players, waitlisted ones and rounds paired so far (Swiss and playoff). */
  async counts(eventId: string, tx: Tx = this.prisma): Promise<EventCounts> {
    const [players, waitlisted, rounds] = await Promise.all([
      tx.eventPlayer.count({ where: { eventId, status: 'registered' } }),
      tx.eventPlayer.count({ where: { eventId, status: 'waitlisted' } }),
      tx.round.count({ where: { eventId } }),
    ]);
    return { players, rounds, waitlisted };
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
   * event_code (kept for ever, so it is never reused) and the event created, in one transaction
   * (with `andThen`'s writes: the audit entry of the creation).
   * @throws Error when 100 candidates in a row are taken (cannot happen below ~10^8 events).
   */
  async createWithCode(
    data: Omit<Prisma.EventUncheckedCreateInput, 'code' | 'packs'> & { packs: PinnedPack[] },
    codes: Iterator<string>,
    andThen: (tx: Tx, event: EventRow) => Promise<void> = async () => {},
  ): Promise<EventRow> {
    return this.transaction(async (tx) => {
      for (let attempt = 0; attempt < 100; attempt++) {
        const code = codes.next().value as string;
        const claimed = await tx.$executeRaw`INSERT INTO "event_code" ("code", "created_at") VALUES (${code}, ${data.createdAt}) ON CONFLICT DO NOTHING`;
        if (claimed === 0) continue;
        const event = await tx.event.create({ data: { ...data, packs: data.packs as never, code } });
        await tx.eventCode.update({ where: { code }, data: { eventId: event.id } });
        await andThen(tx, decode(event));
        return decode(event);
      }
      throw new Error('no free event code after 100 candidates');
    });
  }

  /** The event a code names (any case); null when no event has it (never handed out, or its event was deleted). */
  async byCode(code: string): Promise<EventRow | null> {
    const event = await this.prisma.event.findUnique({ where: { code } });
    return event && decode(event);
  }

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work, { timeout: 60_000, maxWait: 30_000 });
  }
}
