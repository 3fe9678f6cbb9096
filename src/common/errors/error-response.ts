import type { FastifyReply } from 'fastify';
import { DomainError, type ErrorCode, type ErrorDetail } from './domain-error';

/**
 * The one error shape of the whole API:
 * `{ "statusCode": 400, "code": "VALIDATION_FAILED", "message": "…", "details": [ { "field", "rule", "message" } ] }`,
 * plus `"omittedDetails": n` when the details listed are only the first ones.
 */
export interface ErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  details: ErrorDetail[];
  /** Problems found but not listed in `details` (only when there are some). */
  omittedDetails?: number;
}

/** HTTP status of each domain error code. Exhaustive: a new code fails to compile until mapped. */
export function statusOf(code: ErrorCode): number {
  switch (code) {
    case 'VALIDATION_FAILED':
    case 'MALFORMED_BODY':
    case 'MALFORMED_REQUEST':
    case 'STORE_REQUIRED':
      return 400;
    case 'REQUEST_TIMEOUT':
      return 408;
    case 'RATE_LIMITED':
      return 429;
    case 'REQUEST_HEADERS_TOO_LARGE':
      return 431;
    case 'UNAUTHORIZED':
    case 'STREAM_TICKET_INVALID':
    case 'LOGIN_FAILED':
      return 401;
    case 'FORBIDDEN':
    case 'JOIN_CODE_INVALID':
    case 'CSRF_TOKEN_INVALID':
    case 'CLAIM_CODE_INVALID':
      return 403;
    case 'ROUTE_NOT_FOUND':
    case 'SET_NOT_FOUND':
    case 'EVENT_NOT_FOUND':
    case 'PLAYER_NOT_FOUND':
    case 'POD_NOT_FOUND':
    case 'DECK_NOT_FOUND':
    case 'MATCH_NOT_FOUND':
    case 'PENALTY_NOT_FOUND':
    case 'ROUND_NOT_FOUND':
    case 'LEAGUE_NOT_FOUND':
    case 'TEAM_NOT_FOUND':
    case 'STORE_NOT_FOUND':
    case 'INVITE_INVALID':
    case 'STAFF_NOT_FOUND':
    case 'API_TOKEN_NOT_FOUND':
      return 404;
    case 'SET_CODE_AMBIGUOUS':
    case 'NOT_ENOUGH_PLAYERS':
    case 'EVENT_STATE_CONFLICT':
    case 'ALREADY_REGISTERED':
    case 'EVENT_FULL':
    case 'CLAIM_CODE_USED':
    case 'PICK_ALREADY_MADE':
    case 'CARD_NOT_IN_PACK':
    case 'PACK_NOT_ARRIVED':
    case 'DRAFT_PAUSED':
    case 'POD_BUSY':
    case 'SEED_NOT_REVEALED':
    case 'TEAM_PODS_UNBALANCED':
    case 'TEAMS_INCOMPLETE':
    case 'PHYSICAL_BOOSTERS':
    case 'ARCHIVE_CONFLICT':
    case 'DECKS_NOT_READY':
    case 'SIDEBOARDING_NOT_ALLOWED':
    case 'SUGGESTION_SHORT':
    case 'PAIRING_LOCKED':
    case 'PAIRING_REMATCH':
    case 'FIXED_TABLE_TAKEN':
    case 'SEATS_LOCKED':
    case 'TEAM_SEATS_ALTERNATE':
    case 'INVITE_USED':
    case 'USERNAME_TAKEN':
    case 'LAST_OWNER':
      return 409;
    case 'PAYLOAD_TOO_LARGE':
      return 413;
    case 'UNSUPPORTED_MEDIA_TYPE':
      return 415;
    case 'DECK_ILLEGAL':
    case 'LATE_ENTRY_DECK_REQUIRED':
    case 'OCTGN_IDS_MISSING':
    case 'IMPORT_INVALID':
    case 'NOT_A_BOOSTER_SET':
    case 'BOOSTER_LAYOUT_REQUIRED':
    case 'BOOSTER_LAYOUT_INVALID':
    case 'TEAM_SPLIT_INVALID':
    case 'ARCHIVE_INVALID':
    case 'ARCHIVE_SCHEMA_NEWER':
      return 422;
    case 'INTERNAL_ERROR':
      return 500;
    case 'DATABASE_UNAVAILABLE':
      return 503;
  }
}

/**
 * Every error code, for the OpenAPI document's `ErrorCode` enum. A record, so that a new code fails
 * to compile until it is listed here too.
 */
const LISTED_CODES: Record<ErrorCode, true> = {
  VALIDATION_FAILED: true,
  SIDEBOARDING_NOT_ALLOWED: true,
  SUGGESTION_SHORT: true,
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
  DECKS_NOT_READY: true,
  PAIRING_LOCKED: true,
  PAIRING_REMATCH: true,
  FIXED_TABLE_TAKEN: true,
  SEATS_LOCKED: true,
  TEAM_SEATS_ALTERNATE: true,
  OCTGN_IDS_MISSING: true,
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
export const ERROR_CODES = Object.keys(LISTED_CODES) as ErrorCode[];

export function errorBody(error: DomainError): ErrorBody {
  const body: ErrorBody = { statusCode: statusOf(error.code), code: error.code, message: error.message, details: error.details };
  if (error.omittedDetails > 0) body.omittedDetails = error.omittedDetails;
  return body;
}

/** Writes a domain error as the API's error JSON. */
export function sendError(reply: FastifyReply, error: DomainError): void {
  const body = errorBody(error);
  const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
  if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
  void reply.status(body.statusCode).type('application/json; charset=utf-8').send(body);
}
