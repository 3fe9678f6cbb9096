import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { DEFAULT_ERROR_RESPONSE } from '../errors/error-responses.decorator';
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
  return SwaggerModule.createDocument(app, builder.build());
}
