import type { Schemas } from '../api/client';

/** A code of the server's error body (`ErrorBodyDto.code`, generated from the server's ErrorCode). */
export type ServerErrorCode = Schemas['ErrorBodyDto']['code'];

/**
 * Every code the server can answer with, whatever the route: domain errors, validation (400),
 * rate limits (429), body and header limits (413, 415, 431), timeouts (408), the database gate
 * (503) and internal errors (500). A record, so that a code added to the server (and to the
 * generated schema by `npm run openapi`) fails to compile here until it is listed.
 */
const SERVER_CODES: Record<ServerErrorCode, true> = {
  VALIDATION_FAILED: true,
  MALFORMED_BODY: true,
  MALFORMED_REQUEST: true,
  REQUEST_TIMEOUT: true,
  RATE_LIMITED: true,
  REQUEST_HEADERS_TOO_LARGE: true,
  UNAUTHORIZED: true,
  STREAM_TICKET_INVALID: true,
  FORBIDDEN: true,
  CSRF_TOKEN_INVALID: true,
  STORE_REQUIRED: true,
  STORE_NOT_FOUND: true,
  LOGIN_FAILED: true,
  INVITE_INVALID: true,
  INVITE_USED: true,
  USERNAME_TAKEN: true,
  STAFF_NOT_FOUND: true,
  API_TOKEN_NOT_FOUND: true,
  LAST_OWNER: true,
  JOIN_CODE_INVALID: true,
  ROUTE_NOT_FOUND: true,
  SET_NOT_FOUND: true,
  EVENT_NOT_FOUND: true,
  PLAYER_NOT_FOUND: true,
  POD_NOT_FOUND: true,
  DECK_NOT_FOUND: true,
  MATCH_NOT_FOUND: true,
  PENALTY_NOT_FOUND: true,
  ROUND_NOT_FOUND: true,
  LEAGUE_NOT_FOUND: true,
  TEAM_NOT_FOUND: true,
  SET_CODE_AMBIGUOUS: true,
  NOT_ENOUGH_PLAYERS: true,
  EVENT_STATE_CONFLICT: true,
  ALREADY_REGISTERED: true,
  EVENT_FULL: true,
  CLAIM_CODE_INVALID: true,
  CLAIM_CODE_USED: true,
  PICK_ALREADY_MADE: true,
  CARD_NOT_IN_PACK: true,
  PACK_NOT_ARRIVED: true,
  DRAFT_PAUSED: true,
  POD_BUSY: true,
  SEED_NOT_REVEALED: true,
  TEAM_PODS_UNBALANCED: true,
  TEAMS_INCOMPLETE: true,
  PHYSICAL_BOOSTERS: true,
  NOT_A_BOOSTER_SET: true,
  PAYLOAD_TOO_LARGE: true,
  UNSUPPORTED_MEDIA_TYPE: true,
  DECK_ILLEGAL: true,
  LATE_ENTRY_DECK_REQUIRED: true,
  OCTGN_IDS_MISSING: true,
  DECKS_NOT_READY: true,
  SIDEBOARDING_NOT_ALLOWED: true,
  SUGGESTION_SHORT: true,
  PAIRING_LOCKED: true,
  PAIRING_REMATCH: true,
  FIXED_TABLE_TAKEN: true,
  SEATS_LOCKED: true,
  TEAM_SEATS_ALTERNATE: true,
  IMPORT_INVALID: true,
  BOOSTER_LAYOUT_REQUIRED: true,
  BOOSTER_LAYOUT_INVALID: true,
  TEAM_SPLIT_INVALID: true,
  ARCHIVE_INVALID: true,
  ARCHIVE_SCHEMA_NEWER: true,
  ARCHIVE_CONFLICT: true,
  INTERNAL_ERROR: true,
  DATABASE_UNAVAILABLE: true,
};

/**
 * Codes the app gives errors itself (api/client.ts): NETWORK when no answer came at all,
 * HTTP_ERROR for an answer that is not the server's error JSON (a proxy's 502 page, a captive
 * portal), UNKNOWN for anything thrown that is not an API error.
 */
export const CLIENT_ERROR_CODES = ['NETWORK', 'HTTP_ERROR', 'UNKNOWN'] as const;

/** Every error code the app may show: each has a text in every language (translations.spec.ts). */
export const ERROR_CODES: readonly string[] = [...(Object.keys(SERVER_CODES) as ServerErrorCode[]), ...CLIENT_ERROR_CODES];

/** Whether the app has a text of its own for `code` (otherwise it shows the server's English message). */
export const isKnownErrorCode = (code: string): boolean => ERROR_CODES.includes(code);

/** The key of an error's text (`errorCode.<key>`): an answer without the server's error JSON (`HTTP_502`) reads as HTTP_ERROR; null for a code the app does not know. */
export function errorCodeKey(code: string): string | null {
  if (/^HTTP_\d{3}$/.test(code)) return 'HTTP_ERROR';
  return isKnownErrorCode(code) ? code : null;
}
