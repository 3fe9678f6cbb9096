import { Injectable } from '@nestjs/common';
import { DomainError } from '../common/errors/domain-error';
import { AUDIT_PAGE_DEFAULT, type AuditEntryDto, type AuditPageDto, type AuditQueryDto } from './dto/audit.dto';
import { AuditRepository, type AuditRow } from './audit.repository';
import { decodeAuditCursor, encodeAuditCursor } from './rules/audit-entry';

/** Reading an event's audit trail (staff only: it names staff and holds private data). */
@Injectable()
export class AuditService {
  constructor(private readonly audit: AuditRepository) {}

  /**
   * One page of the event's entries, newest first by (at, id), filtered by match and action prefix.
   * @throws DomainError EVENT_NOT_FOUND; VALIDATION_FAILED (field cursor) for a cursor not handed out here
   */
  async page(eventId: string, query: AuditQueryDto): Promise<AuditPageDto> {
    if (!(await this.audit.eventExists(eventId))) {
      throw new DomainError('EVENT_NOT_FOUND', `No event ${eventId}`, [{ field: 'id', rule: 'exists', message: 'unknown event' }]);
    }
    const after = query.cursor === undefined ? null : decodeAuditCursor(query.cursor);
    const limit = query.limit ?? AUDIT_PAGE_DEFAULT;
    const rows = await this.audit.page(eventId, { matchId: query.matchId, action: query.action }, after, limit + 1);
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return { items: items.map(toAuditEntryDto), nextCursor: rows.length > limit && last ? encodeAuditCursor({ at: last.at, seq: last.seq }) : null };
  }
}

/** An audit row as the API (and the event export) shows it. */
export function toAuditEntryDto(row: AuditRow): AuditEntryDto {
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actor: {
      kind: row.actorKind as 'staff' | 'player' | 'system',
      name: row.actorName,
      role: row.actorRole,
      accountId: row.actorAccountId,
      playerId: row.actorPlayerId,
    },
    matchId: row.matchId,
    leagueId: row.leagueId,
    subject: (row.subject ?? {}) as Record<string, unknown>,
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason,
  };
}
