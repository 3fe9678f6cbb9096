import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse, type ApiResponseOptions } from '@nestjs/swagger';
import { ERROR_CODES } from './error-response';

export class ErrorDetailDto {
  @ApiPropertyOptional({ example: 'count', description: 'Path of the field at fault, e.g. "count", "cards[12].rarity".' })
  field?: string;
  @ApiProperty({ example: 'max', description: 'Rule broken, e.g. "max", "isInt", "required", "unknownSheet".' })
  rule!: string;
  @ApiProperty({ example: 'count must not be greater than 1000' })
  message!: string;
  @ApiPropertyOptional({ example: 'HOA-218', description: 'Card at fault (its id, or its name when it has none yet).' })
  card?: string;
  @ApiPropertyOptional({ type: 'integer', example: 12, description: '1-based line of an imported file.' })
  line?: number;
  @ApiPropertyOptional({ format: 'uuid', description: 'Player at fault (their id in the event), e.g. each player DECKS_NOT_READY names.' })
  playerId?: string;
}

/** The API's one error shape (see src/common/errors/error-response.ts). */
export class ErrorBodyDto {
  @ApiProperty({ type: 'integer', example: 400, description: 'The HTTP status, repeated.' })
  statusCode!: number;
  @ApiProperty({ enum: ERROR_CODES, example: 'VALIDATION_FAILED', description: 'Machine-readable error code (README, "Errors").' })
  code!: string;
  @ApiProperty({ example: 'Invalid request: count must not be greater than 1000' })
  message!: string;
  @ApiProperty({ type: [ErrorDetailDto], description: 'The problems found; a validation failure (400 VALIDATION_FAILED) lists the first 20.' })
  details!: ErrorDetailDto[];
  @ApiPropertyOptional({ type: 'integer', minimum: 1, example: 180, description: 'Problems found but not listed in details (present only when some were left out).' })
  omittedDetails?: number;
}

const MEANING: Record<number, string> = {
  400: 'VALIDATION_FAILED or MALFORMED_BODY',
  401: 'UNAUTHORIZED: missing or wrong bearer token',
  403: "FORBIDDEN (a token that may not act here: another player's or team's data, another event), JOIN_CODE_INVALID or CLAIM_CODE_INVALID",
  404: 'A *_NOT_FOUND code naming what is unknown (SET, EVENT, PLAYER, TEAM, POD, ROUND, MATCH, DECK, LEAGUE, ROUTE)',
  409: 'A conflict code: EVENT_STATE_CONFLICT, ALREADY_REGISTERED, EVENT_FULL, CLAIM_CODE_USED, NOT_ENOUGH_PLAYERS, TEAMS_INCOMPLETE, TEAM_PODS_UNBALANCED, PHYSICAL_BOOSTERS, a pick conflict, SET_CODE_AMBIGUOUS, ARCHIVE_CONFLICT, DECKS_NOT_READY…',
  413: 'PAYLOAD_TOO_LARGE: the body is larger than the route takes (256 KB; a set file 10 MB), refused from Content-Length before it is read',
  415: 'UNSUPPORTED_MEDIA_TYPE: a body that is not JSON (the text routes: not one of their media types), a charset other than UTF-8 where JSON is read, or a Content-Encoding',
  422: 'IMPORT_INVALID, OCTGN_IDS_MISSING, NOT_A_BOOSTER_SET, BOOSTER_LAYOUT_REQUIRED, BOOSTER_LAYOUT_INVALID, DECK_ILLEGAL, LATE_ENTRY_DECK_REQUIRED, TEAM_SPLIT_INVALID, ARCHIVE_INVALID or ARCHIVE_SCHEMA_NEWER (details name the card, line, sheet, share, table or field)',
  429: 'RATE_LIMITED: too many requests from this client (wrong join codes: from its address, on any event; events created: with this organizer token); wait Retry-After seconds',
  431: 'REQUEST_HEADERS_TOO_LARGE: the URL and headers together are over 16 KB (answered by the HTTP parser, which then closes the connection)',
  503: 'DATABASE_UNAVAILABLE',
};

/** The answer of any route to an error it does not list: the same shape (408, 500, 503, an unreadable URL…). */
export const DEFAULT_ERROR_RESPONSE: ApiResponseOptions = {
  description: 'Any other error, in the same shape: 400 MALFORMED_REQUEST (an unreadable URL), 408 REQUEST_TIMEOUT, 500 INTERNAL_ERROR, 503 DATABASE_UNAVAILABLE.',
  type: ErrorBodyDto,
};

/** What a status means in this API, for the documentation of a response (the codes behind it). */
export function errorMeaning(status: number): string {
  return MEANING[status] ?? 'error';
}

/** Documents the error statuses a route can answer, all with the one error shape. */
export function ErrorResponses(...statuses: number[]): MethodDecorator {
  return applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({
        status,
        description: errorMeaning(status),
        type: ErrorBodyDto,
        ...(status === 429 ? { headers: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 1 } } } } : {}),
      }),
    ),
  );
}
