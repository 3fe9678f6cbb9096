import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error';
import { ORGANIZER_TOKEN } from './auth.tokens';
import { bearerToken } from './player-token';

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * Organizer routes need `Authorization: Bearer <ORGANIZER_TOKEN>`.
 * Compares digests in constant time so the token cannot be guessed byte by byte from timings.
 * @throws DomainError UNAUTHORIZED (401) when the header is missing or the token is wrong.
 */
@Injectable()
export class OrganizerGuard implements CanActivate {
  private readonly expected: Buffer;

  constructor(@Inject(ORGANIZER_TOKEN) token: string) {
    this.expected = digest(token);
  }

  /** Whether an Authorization header carries the organizer token (for routes open to several roles). */
  isOrganizer(header: string | undefined): boolean {
    const token = bearerToken(header);
    return token !== null && timingSafeEqual(digest(token), this.expected);
  }

  canActivate(context: ExecutionContext): boolean {
    this.assertOrganizer(context.switchToHttp().getRequest<FastifyRequest>().headers.authorization);
    return true;
  }

  /** @throws DomainError UNAUTHORIZED unless the header carries the organizer token. */
  assertOrganizer(authorization: string | undefined): void {
    const header = authorization ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) {
      throw new DomainError('UNAUTHORIZED', 'Organizer route: send Authorization: Bearer <organizer token>', [
        { field: 'authorization', rule: 'required', message: 'missing bearer token' },
      ]);
    }
    if (!timingSafeEqual(digest(match[1]), this.expected)) {
      throw new DomainError('UNAUTHORIZED', 'Organizer token is not valid', [{ field: 'authorization', rule: 'organizerToken', message: 'wrong token' }]);
    }
  }
}
