import { applyDecorators, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, ApiSecurity, DECORATORS, getSchemaPath } from '@nestjs/swagger';

/**
 * Decorators for the OpenAPI document that @nestjs/swagger has no one-liner for: who may call a
 * route (the document's security requirements) and answers in several media types.
 */

/** Security scheme names of the document (see openapi-document.ts). */
export const ORGANIZER_SCHEME = 'organizer';
export const PLAYER_SCHEME = 'player';

/**
 * Who may call a route, as the document's `security`:
 * - `public`: anyone, no token;
 * - `organizer`: the organizer token (the route's OrganizerGuard);
 * - `player`: a player token of the event;
 * - `player-or-organizer`: either token (e.g. a player unregistering themselves, or the organizer);
 * - `public-or-organizer`: anyone, and the organizer token unlocks more (no join code needed,
 *   a pick log before the event is complete).
 */
export type ApiAccess = 'public' | 'organizer' | 'player' | 'player-or-organizer' | 'public-or-organizer';

const REQUIREMENTS: Record<ApiAccess, Record<string, string[]>[]> = {
  public: [],
  organizer: [{ [ORGANIZER_SCHEME]: [] }],
  player: [{ [PLAYER_SCHEME]: [] }],
  'player-or-organizer': [{ [PLAYER_SCHEME]: [] }, { [ORGANIZER_SCHEME]: [] }],
  'public-or-organizer': [{}, { [ORGANIZER_SCHEME]: [] }],
};

export function ApiAuth(access: ApiAccess): MethodDecorator {
  if (access !== 'public') return applyDecorators(...REQUIREMENTS[access].map((requirement) => ApiSecurity(requirement)));
  // `security: []` (explicitly no token) is an operation field: merged into the operation's
  // metadata, in whichever order the decorators run (ApiOperation merges with what is there).
  return (_target, _key, descriptor) => {
    const operation = (Reflect.getMetadata(DECORATORS.API_OPERATION, descriptor.value as object) ?? {}) as Record<string, unknown>;
    Reflect.defineMetadata(DECORATORS.API_OPERATION, { ...operation, security: [] }, descriptor.value as object);
    return descriptor;
  };
}

/** Text variants of an answer: media type → what the body is. */
export type TextVariants = Record<string, string>;

/**
 * A success answer that is JSON (`type`, or `[type]` for an array) by default and text in the
 * media types `?format=` selects (CSV, plain text, XML deck files).
 */
export function ApiJsonOrTextResponse(options: { status?: number; description: string; type: Type<unknown> | [Type<unknown>]; text: TextVariants }): MethodDecorator {
  const model = Array.isArray(options.type) ? options.type[0] : options.type;
  const ref = { $ref: getSchemaPath(model) };
  const content: Record<string, { schema: object }> = {
    'application/json': { schema: Array.isArray(options.type) ? { type: 'array', items: ref } : ref },
  };
  for (const [mediaType, description] of Object.entries(options.text)) content[mediaType] = { schema: { type: 'string', description } };
  return applyDecorators(ApiExtraModels(model), ApiResponse({ status: options.status ?? 200, description: options.description, content }));
}
