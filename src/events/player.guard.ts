import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../common/auth/player-token';
import type { PlayerRow } from './events.repository';
import { PlayersService } from './players.service';

const PLAYER = Symbol('podium.player');
type PlayerRequest = FastifyRequest & { [PLAYER]?: PlayerRow };

/**
 * Player routes of one event (`events/:id/…`) need `Authorization: Bearer <player token>` of a
 * player of that event: the guard looks the token up once (PlayersService.authenticate: one read by
 * the token's hash; only the hash is stored) and keeps the player on the request for
 * `@CurrentPlayer()`. Like OrganizerGuard it runs before validation: a request without a valid
 * token is refused (401/403) whatever its path and body hold, malformed ones included. The event
 * itself is not looked up: a token is of one event, so an unknown event id is a 403 (the token's
 * event differs) or a 401, never a 404. Routes open to the organizer too take `@CurrentCaller()`
 * and their service authenticates, after its own checks.
 * @throws DomainError UNAUTHORIZED (401): no bearer token (rule `required`) or an unknown one
 *   (`playerToken`, e.g. reissued, or the organizer's); FORBIDDEN (403, `owner`): a player token of
 *   another event. All with field `authorization`.
 */
@Injectable()
export class PlayerGuard implements CanActivate {
  constructor(private readonly players: PlayersService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<PlayerRequest>();
    const eventId = (request.params as { id?: unknown }).id;
    if (typeof eventId !== 'string') throw new Error(`PlayerGuard needs an :id event param (route ${request.routeOptions.url})`);
    request[PLAYER] = await this.players.authenticate(eventId, bearerToken(request.headers.authorization));
    return true;
  }
}

/**
 * The player PlayerGuard authenticated for this request (the route must use
 * `@UseGuards(PlayerGuard)`; without it this is a programming error, not a 401).
 */
export const CurrentPlayer = createParamDecorator((_: unknown, context: ExecutionContext): PlayerRow => {
  const player = context.switchToHttp().getRequest<PlayerRequest>()[PLAYER];
  if (!player) throw new Error('@CurrentPlayer() needs @UseGuards(PlayerGuard) on the route');
  return player;
});
