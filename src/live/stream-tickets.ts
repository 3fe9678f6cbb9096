import { Inject, Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ORGANIZER_TOKEN } from '../common/auth/auth.tokens';
import { Clock } from '../common/clock/clock';
import { DomainError } from '../common/errors/domain-error';
import { EventsRepository, type PlayerRow } from '../events/events.repository';
import { UUID_PATTERN } from '../common/validation/patterns';

/** How long a stream ticket opens streams. */
export const TICKET_TTL_MS = 60_000;

const TICKET = /^([0-9a-f-]{36})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

/** The signing key: HMAC of a fixed label under the organizer token, so every instance derives the same key. */
export function ticketKey(organizerToken: string): Buffer {
  return createHmac('sha256', organizerToken).update('podium/stream-ticket/v1').digest();
}

/**
 * `<playerId>.<expiry ms>.<mac>`; the MAC covers the event, the player, the expiry and the player's
 * current token hash, so a ticket dies with a reissued token and cannot be moved to another player.
 */
export function signTicket(key: Buffer, player: { id: string; eventId: string; tokenHash: string }, expiresAtMs: number): string {
  return `${player.id}.${expiresAtMs}.${mac(key, player, expiresAtMs)}`;
}

export function parseTicket(ticket: string): { playerId: string; expiresAtMs: number; mac: string } | null {
  const match = TICKET.exec(ticket);
  if (!match || !UUID_PATTERN.test(match[1])) return null;
  return { playerId: match[1].toLowerCase(), expiresAtMs: Number(match[2]), mac: match[3] };
}

export function macMatches(key: Buffer, player: { id: string; eventId: string; tokenHash: string }, expiresAtMs: number, given: string): boolean {
  const expected = Buffer.from(mac(key, player, expiresAtMs));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

function mac(key: Buffer, player: { id: string; eventId: string; tokenHash: string }, expiresAtMs: number): string {
  return createHmac('sha256', key).update(`${player.eventId}|${player.id}|${expiresAtMs}|${player.tokenHash}`).digest('base64url');
}

/**
 * Short-lived tickets for `GET /api/events/:id/stream` (a browser's EventSource cannot send an
 * Authorization header). Stateless: HMAC-signed with a key derived from the organizer token, so
 * every instance accepts every other instance's tickets and nothing is stored. Not single-use: a
 * ticket opens streams until it expires (60 s by the Clock), which lets EventSource's automatic
 * reconnects work; an open stream stays open after its ticket expired.
 */
@Injectable()
export class StreamTickets {
  private readonly key: Buffer;

  constructor(
    @Inject(ORGANIZER_TOKEN) organizerToken: string,
    private readonly clock: Clock,
    private readonly events: EventsRepository,
  ) {
    this.key = ticketKey(organizerToken);
  }

  issue(player: PlayerRow): { ticket: string; expiresAt: string } {
    const expiresAtMs = this.clock.now().getTime() + TICKET_TTL_MS;
    return { ticket: signTicket(this.key, player, expiresAtMs), expiresAt: new Date(expiresAtMs).toISOString() };
  }

  /**
   * The player a ticket was issued to, for a stream of event `eventId`.
   * @throws DomainError STREAM_TICKET_INVALID (401: missing, malformed, forged, expired, token reissued), FORBIDDEN (403: a ticket of another event), EVENT_NOT_FOUND (404: no such event)
   */
  async redeem(eventId: string, ticket: string | undefined): Promise<PlayerRow> {
    if (!ticket) throw invalid('required', 'Send ?ticket= (POST /api/events/:id/stream-ticket with your player token gives one)');
    const parsed = parseTicket(ticket);
    if (!parsed) throw invalid('format', 'Stream ticket is malformed');
    const player = await this.events.playerById(parsed.playerId);
    if (!player || !macMatches(this.key, player, parsed.expiresAtMs, parsed.mac)) throw invalid('signature', 'Stream ticket is not valid');
    if (this.clock.now().getTime() >= parsed.expiresAtMs) throw invalid('expired', 'Stream ticket expired: ask for a new one');
    if (player.eventId !== eventId) {
      if (!(await this.events.exists(eventId))) {
        throw new DomainError('EVENT_NOT_FOUND', `No event ${eventId}`, [{ field: 'id', rule: 'exists', message: 'unknown event' }]);
      }
      throw new DomainError('FORBIDDEN', 'This stream ticket belongs to another event', [{ field: 'ticket', rule: 'event', message: 'ticket of another event' }]);
    }
    return player;
  }
}

function invalid(rule: string, message: string): DomainError {
  return new DomainError('STREAM_TICKET_INVALID', message, [{ field: 'ticket', rule, message }]);
}
