import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { PrismaService } from '../common/database/prisma.service';
import type { Prisma } from '../generated/prisma/client';
import { actorColumns, type AuditEntryInput, type AuditPosition } from './rules/audit-entry';

type Tx = Prisma.TransactionClient;
export type AuditRow = Prisma.AuditEntryGetPayload<object>;

/** Filters of an event's audit (GET /api/events/:id/audit). */
export interface AuditFilter {
  matchId?: string;
  /** An action prefix (`result` or `result.`) or an exact action. */
  action?: string;
}

/** The audit trail's table: entries are written in the caller's transaction, read newest first. */
@Injectable()
export class AuditRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Records one change IN THE CALLER'S TRANSACTION (`tx`: the transaction that makes the change),
   * so a change that rolls back leaves no entry and a committed one always has its entry. The
   * entry's store is the event's store at that moment.
   */
  async record(tx: Tx, entry: AuditEntryInput): Promise<void> {
    const actor = actorColumns(entry.actor);
    const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
    await tx.$executeRaw`
      INSERT INTO "audit_entry" ("id", "store_id", "event_id", "league_id", "match_id", "actor_kind", "actor_account_id", "actor_player_id",
                                 "actor_name", "actor_role", "action", "subject", "before", "after", "reason", "at")
      SELECT ${randomUUID()}::uuid, e."store_id", e."id", ${entry.leagueId ?? null}::uuid, ${entry.matchId ?? null}::uuid, ${actor.kind},
             ${actor.accountId}::uuid, ${actor.playerId}::uuid, ${actor.name}, ${actor.role}, ${entry.action},
             ${JSON.stringify(entry.subject ?? {})}::jsonb, ${json(entry.before)}::jsonb, ${json(entry.after)}::jsonb, ${entry.reason ?? null}, ${entry.at}
      FROM "event" e WHERE e."id" = ${entry.eventId}::uuid`;
  }

  /** At most `take` entries of the event, newest first by (at, seq), strictly after `after` (null: from the newest). */
  async page(eventId: string, filter: AuditFilter, after: AuditPosition | null, take: number): Promise<AuditRow[]> {
    const and: Prisma.AuditEntryWhereInput[] = [];
    if (filter.action) {
      const prefix = filter.action.endsWith('.') ? filter.action : `${filter.action}.`;
      and.push({ OR: [{ action: filter.action }, { action: { startsWith: prefix } }] });
    }
    if (after) and.push({ at: { lte: after.at } }, { OR: [{ at: { lt: after.at } }, { seq: { lt: after.seq } }] });
    return this.prisma.auditEntry.findMany({
      where: { eventId, matchId: filter.matchId, AND: and },
      orderBy: [{ at: 'desc' }, { seq: 'desc' }],
      take,
    });
  }

  /** Whether an event of this id exists. */
  async eventExists(eventId: string): Promise<boolean> {
    return (await this.prisma.event.findUnique({ where: { id: eventId }, select: { id: true } })) !== null;
  }

  /** Every entry of the event, oldest first (the event export). */
  async all(eventId: string, tx: Tx = this.prisma): Promise<AuditRow[]> {
    return tx.auditEntry.findMany({ where: { eventId }, orderBy: [{ at: 'asc' }, { seq: 'asc' }] });
  }
}
