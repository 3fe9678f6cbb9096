import { DomainError } from '../common/errors/domain-error';
import { UUID_PATTERN } from '../common/validation/patterns';

/**
 * Where a page of GET /api/events ends: the last event's creation instant and id. Events are
 * listed newest first by (createdAt, id) — a total order, so the next page starts strictly after
 * this position: every event that existed when the first page was read is listed exactly once,
 * whatever is created in between (new events are newer than any cursor, or fall on either side of
 * a tie, never twice).
 */
export interface EventListPosition {
  createdAt: Date;
  id: string;
}

/** Opaque to clients: base64url of `<epoch ms>.<event id>`. */
export function encodeEventCursor(position: EventListPosition): string {
  return Buffer.from(`${position.createdAt.getTime()}.${position.id}`, 'utf8').toString('base64url');
}

/**
 * The position a cursor names.
 * @throws DomainError VALIDATION_FAILED (field cursor, rule cursor) for anything not made by {@link encodeEventCursor}.
 */
export function decodeEventCursor(cursor: string): EventListPosition {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = /^(\d{1,15})\.(.+)$/.exec(text);
  const createdAt = match ? new Date(Number(match[1])) : null;
  if (!match || !UUID_PATTERN.test(match[2]) || Number.isNaN(createdAt!.getTime())) {
    throw new DomainError('VALIDATION_FAILED', 'cursor is not one this API handed out', [{ field: 'cursor', rule: 'cursor', message: "must be a page's nextCursor, unchanged" }]);
  }
  return { createdAt: createdAt!, id: match[2].toLowerCase() };
}
