import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';

class ErrorDetailDto {
  @ApiPropertyOptional({ example: 'count' })
  field?: string;
  @ApiProperty({ example: 'max' })
  rule!: string;
  @ApiProperty({ example: 'count must not be greater than 1000' })
  message!: string;
  @ApiPropertyOptional({ example: 'HOA-218' })
  card?: string;
  @ApiPropertyOptional({ example: 12 })
  line?: number;
}

/** The API's one error shape (see src/common/errors/error-response.ts). */
export class ErrorBodyDto {
  @ApiProperty({ example: 400 })
  statusCode!: number;
  @ApiProperty({ example: 'VALIDATION_FAILED' })
  code!: string;
  @ApiProperty({ example: 'Invalid request: count must not be greater than 1000' })
  message!: string;
  @ApiProperty({ type: [ErrorDetailDto] })
  details!: ErrorDetailDto[];
}

const MEANING: Record<number, string> = {
  400: 'VALIDATION_FAILED or MALFORMED_BODY',
  401: 'UNAUTHORIZED: missing or wrong bearer token',
  403: 'FORBIDDEN (a token that may not act here: another player\'s or team\'s data, another event) or JOIN_CODE_INVALID',
  404: 'A *_NOT_FOUND code naming what is unknown (SET, EVENT, PLAYER, TEAM, POD, ROUND, MATCH, DECK, LEAGUE, ROUTE)',
  409: 'A conflict code: EVENT_STATE_CONFLICT, ALREADY_REGISTERED, NOT_ENOUGH_PLAYERS, TEAMS_INCOMPLETE, TEAM_PODS_UNBALANCED, a pick conflict, SET_CODE_AMBIGUOUS…',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  503: 'DATABASE_UNAVAILABLE',
  422: 'IMPORT_INVALID, BOOSTER_LAYOUT_REQUIRED, BOOSTER_LAYOUT_INVALID, DECK_ILLEGAL or TEAM_SPLIT_INVALID (details name the card, line, sheet or share)',
};

/** Documents the error statuses a route can answer, all with the one error shape. */
export function ErrorResponses(...statuses: number[]): MethodDecorator {
  return applyDecorators(...statuses.map((status) => ApiResponse({ status, description: MEANING[status] ?? 'error', type: ErrorBodyDto })));
}
