import { DomainError } from '../../common/errors/domain-error';
import type { StaffContext } from '../../common/auth/staff-context';
import type { Caller } from '../../common/auth/caller';

/**
 * Who made a recorded change: a staff member (by account; `accountId` null only for
 * ORGANIZER_TOKEN before the owner account exists), a player of the event (their own report,
 * drop, check-in, deck), or the system (timers, bots, the waitlist moving up, pairings' byes).
 */
export type AuditActor =
  | { readonly kind: 'staff'; readonly accountId: string | null; readonly name: string; readonly role: string }
  | { readonly kind: 'player'; readonly playerId: string; readonly name: string }
  | { readonly kind: 'system'; readonly name: string };

/** The system acting on its own: `what` names the mechanism (timer, bots, waitlist). */
export function systemActor(what = 'Podium'): AuditActor {
  return { kind: 'system', name: what };
}

/** The actor of a staff route: the StaffContext the guard set (account name and role in the store). */
export function staffActor(staff: StaffContext): AuditActor {
  return { kind: 'staff', accountId: staff.accountId, name: staff.name, role: staff.role };
}

/** The actor of a player route: the authenticated player of the event. */
export function playerActor(player: { id: string; name: string }): AuditActor {
  return { kind: 'player', playerId: player.id, name: player.name };
}

/**
 * The actions recorded, dotted `<subject>.<what happened>`. The API filters on a prefix
 * (`?action=result.` gives every result change).
 */
export const AUDIT_ACTIONS = [
  'event.created',
  'event.edited',
  'event.started',
  'event.draftFinished',
  'event.completed',
  'event.cancelled',
  'event.seedRevealed',
  'player.registered',
  'player.imported',
  'player.claimed',
  'player.checkedIn',
  'player.checkedOut',
  'player.unregistered',
  'player.dropped',
  'player.lateEntry',
  'player.promoted',
  'player.absent',
  'player.present',
  'player.tokenReissued',
  'seat.swapped',
  'round.paired',
  'round.undone',
  'round.topCut',
  'round.clockPaused',
  'round.clockResumed',
  'round.extended',
  'draft.paused',
  'draft.resumed',
  'team.registered',
  'team.formed',
  'pairing.swapped',
  'pairing.repaired',
  'table.fixed',
  'table.extended',
  'result.entered',
  'result.corrected',
  'result.reported',
  'result.confirmed',
  'result.disputed',
  'penalty.given',
  'penalty.revoked',
  'deck.submitted',
  'deck.registeredByStaff',
  'deck.minimumLowered',
  'deck.guardChoice',
  'league.eventAdded',
  'league.eventRemoved',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One change to record (the store is the event's, read when the entry is written). */
export interface AuditEntryInput {
  eventId: string;
  action: AuditAction;
  actor: AuditActor;
  at: Date;
  matchId?: string | null;
  leagueId?: string | null;
  /** What the change was about: ids, names, round and table numbers. */
  subject?: Record<string, unknown>;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/** The columns an actor is stored as (audit_entry.actor_*). */
export function actorColumns(actor: AuditActor): { kind: string; accountId: string | null; playerId: string | null; name: string; role: string | null } {
  switch (actor.kind) {
    case 'staff':
      return { kind: 'staff', accountId: actor.accountId, playerId: null, name: actor.name, role: actor.role };
    case 'player':
      return { kind: 'player', accountId: null, playerId: actor.playerId, name: actor.name, role: null };
    case 'system':
      return { kind: 'system', accountId: null, playerId: null, name: actor.name, role: null };
  }
}

/** Whether an action is listed under a filter prefix: `result` and `result.` both take `result.corrected`; an exact action takes itself. */
export function actionMatches(action: string, prefix: string | undefined): boolean {
  if (!prefix) return true;
  const p = prefix.endsWith('.') ? prefix : `${prefix}.`;
  return action === prefix || action.startsWith(p);
}

/** A match result as recorded. */
export interface RecordedResult {
  winsA: number;
  winsB: number;
  draws: number;
}

/**
 * CORRECTION_NEEDS_REASON: staff changing a result the match already has must say why (a reason
 * of at least one non-blank character). A first result, or the same result again, needs none.
 * Which action the change is recorded as: result.entered (first) or result.corrected.
 * @throws DomainError VALIDATION_FAILED (field reason, rule required)
 */
export function resultChangeAction(before: RecordedResult | null, after: RecordedResult, reason: string | undefined | null): 'result.entered' | 'result.corrected' {
  if (before === null) return 'result.entered';
  if (!reason || reason.trim() === '') {
    throw new DomainError('VALIDATION_FAILED', 'A correction of a result needs a reason', [
      { field: 'reason', rule: 'required', message: `the match already has the result ${before.winsA}-${before.winsB}-${before.draws}: say why it changes` },
    ]);
  }
  return 'result.corrected';
}

/** Where a page of an event's audit ends: the last entry's instant and order of writing (newest first by (at, seq)). */
export interface AuditPosition {
  at: Date;
  seq: bigint;
}

/** Opaque to clients: base64url of `<epoch ms>.<seq>`. */
export function encodeAuditCursor(position: AuditPosition): string {
  return Buffer.from(`${position.at.getTime()}.${position.seq}`, 'utf8').toString('base64url');
}

/**
 * The position a cursor names.
 * @throws DomainError VALIDATION_FAILED (field cursor, rule cursor) for anything not made by {@link encodeAuditCursor}.
 */
export function decodeAuditCursor(cursor: string): AuditPosition {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = /^(\d{1,15})\.(\d{1,18})$/.exec(text);
  if (!match) {
    throw new DomainError('VALIDATION_FAILED', 'cursor is not one this API handed out', [{ field: 'cursor', rule: 'cursor', message: "must be a page's nextCursor, unchanged" }]);
  }
  return { at: new Date(Number(match[1])), seq: BigInt(match[2]) };
}

/**
 * The actor of a route open to staff and players (`@StaffOr`): the staff member when the caller
 * is staff, else the player acting for themself (`self`: a registration's new entry, the player
 * the token names), else the system.
 */
export function actorOfCaller(caller: Caller, self: { id: string; name: string } | null): AuditActor {
  if (caller.kind === 'organizer') return staffActor(caller.staff);
  return self ? playerActor(self) : systemActor();
}
