import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { DEFAULT_ERROR_RESPONSE, ErrorBodyDto, errorMeaning } from '../errors/error-responses.decorator';
import { ORGANIZER_SCHEME, PLAYER_SCHEME } from './api-docs';

const TAGS: [name: string, description: string][] = [
  ['health', 'Liveness and database reachability.'],
  ['catalog', 'Games, card sets, cards and set imports.'],
  ['boosters', 'Seeded, reproducible booster packs.'],
  ['events', 'Sealed and draft events: create, list, edit, lifecycle.'],
  ['players', 'Registration and player tokens.'],
  ['teams', 'Team events (WoW TCG 2v2 / 3v3): team registration and pooled team sealed.'],
  ['draft', 'Pods, packs and picks; pause, resume, absent players; the pick log.'],
  ['live', "Live updates of a player's draft (Server-Sent Events)."],
  ['decks', 'Deck submission, checks, suggestions, sideboarding and deck list files.'],
  ['tournament', 'Swiss rounds, results and reports, drops, standings, top cut and placings.'],
  ['leagues', 'Seasons of events with standings by player profile; profile merges.'],
  ['verification', 'The event export file and the seed verification.'],
];

/**
 * The API's OpenAPI document, built from the controllers' and DTOs' decorators. One place for both
 * the served document (/api/docs-json, app.setup.ts) and `npm run openapi` (src/cli/openapi.ts),
 * which writes it and the web app's generated types. Needs the app's global prefix set (configureApp
 * sets it) but neither app.init() nor a database: it reads decorator metadata only.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Podium API')
    .setDescription(
      'Sealed and booster-draft tournaments for World of Warcraft TCG and Berserk. Errors always have the shape { statusCode, code, message, details[] }. Organizer routes need Authorization: Bearer <ORGANIZER_TOKEN>; player routes the player token given at registration.',
    )
    .setVersion('0.1.0')
    .setLicense('MIT', 'https://opensource.org/licenses/MIT')
    .addServer('/', 'This server (paths start with /api)')
    .addSecurity(ORGANIZER_SCHEME, { type: 'http', scheme: 'bearer', description: 'The organizer token: ORGANIZER_TOKEN, or the one generated into .data/organizer-token.' })
    .addSecurity(PLAYER_SCHEME, {
      type: 'http',
      scheme: 'bearer',
      description: 'A player token, shown once at registration (POST /api/events/{id}/players or …/teams) or reissued by the organizer.',
    })
    .addGlobalResponse({ status: 'default', ...DEFAULT_ERROR_RESPONSE });
  for (const [name, description] of TAGS) builder.addTag(name, description);
  const document = SwaggerModule.createDocument(app, builder.build(), { extraModels: [ErrorBodyDto] });
  addTransportErrors(document);
  return document;
}

/** Methods whose requests Fastify reads a body of, whether or not the route takes one. */
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/**
 * The refusals made before a route runs, on every operation they can reach, in the error shape:
 * 431 on all (Node's parser: URL and headers over 16 KB, see client-errors.ts), 413 and 415 on
 * every operation of a method with a body (request-bodies.ts: the body limit and the media type are
 * checked for any body sent, even to a route that takes none). A route's own description of them
 * (the deck list import's line limit) is kept.
 */
function addTransportErrors(document: OpenAPIObject): void {
  const response = (status: number) => ({
    description: errorMeaning(status),
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${ErrorBodyDto.name}` } } },
  });
  for (const methods of Object.values(document.paths)) {
    for (const [method, operation] of Object.entries(methods) as [string, { responses?: Record<string, unknown> }][]) {
      if (!operation || typeof operation !== 'object' || !operation.responses) continue;
      const statuses = BODY_METHODS.has(method) ? [413, 415, 431] : [431];
      for (const status of statuses) operation.responses[status] ??= response(status);
      // Statuses in numeric order, `default` last, as the decorators write them.
      operation.responses = Object.fromEntries(Object.entries(operation.responses).sort(([a], [b]) => (a === 'default' ? 1 : b === 'default' ? -1 : Number(a) - Number(b))));
    }
  }
}
