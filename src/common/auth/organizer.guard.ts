import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error';
import { ORGANIZER_TOKEN } from './auth.tokens';

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * Whether a bearer token is the organizer token: the SHA-256 digests are compared in constant
 * time, so the token cannot be guessed byte by byte from timings. Shared by OrganizerGuard and the
 * `@CurrentCaller()` pipe (caller.ts).
 */
export function organizerTokenMatcher(organizerToken: string): (token: string) => boolean {
  const expected = digest(organizerToken);
  return (token) => timingSafeEqual(digest(token), expected);
}

/**
 * Organizer routes need `Authorization: Bearer <ORGANIZER_TOKEN>`.
 * Compares digests in constant time so the token cannot be guessed byte by byte from timings.
 * Routes open to the organizer and others (a player, anyone) take `@CurrentCaller()` instead.
 * @throws DomainError UNAUTHORIZED (401) when the header is missing or the token is wrong.
 */
@Injectable()
export class OrganizerGuard implements CanActivate {
  private readonly isOrganizerToken: (token: string) => boolean;

  constructor(@Inject(ORGANIZER_TOKEN) token: string) {
    this.isOrganizerToken = organizerTokenMatcher(token);
  }

  canActivate(context: ExecutionContext): boolean {
    this.assertOrganizer(context.switchToHttp().getRequest<FastifyRequest>().headers.authorization);
    return true;
  }

  /**
   * For checks made from the headers before Nest routes the request (the set import's body
   * refusal, see request-bodies.ts) and for this guard.
   * @throws DomainError UNAUTHORIZED unless the header carries the organizer token.
   */
  assertOrganizer(authorization: string | undefined): void {
    const header = authorization ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) {
      throw new DomainError('UNAUTHORIZED', 'Organizer route: send Authorization: Bearer <organizer token>', [
        { field: 'authorization', rule: 'required', message: 'missing bearer token' },
      ]);
    }
    if (!this.isOrganizerToken(match[1])) {
      throw new DomainError('UNAUTHORIZED', 'Organizer token is not valid', [{ field: 'authorization', rule: 'organizerToken', message: 'wrong token' }]);
    }
  }
}
