import { Inject, Injectable, Logger } from '@nestjs/common';
import fastifyCookie from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { ORGANIZER_TOKEN } from '../common/auth/auth.tokens';
import { organizerTokenMatcher } from '../common/auth/organizer-token-matcher';
import type { StoreRole } from '../common/auth/permissions';
import { bearerToken, hashPlayerToken } from '../common/auth/player-token';
import { Clock } from '../common/clock/clock';
import { DomainError } from '../common/errors/domain-error';
import { API_TOKEN_TOUCH_MS } from './rules/account-rules';
import { StaffRepository } from './staff.repository';

/** The cookie that carries a signed-in browser's session token (HttpOnly, SameSite=Strict, Path=/api). */
export const SESSION_COOKIE = 'podium_session';
/** API tokens start with this, so a player's token never costs an API-token lookup. */
export const API_TOKEN_PREFIX = 'pdm.';
/** The header a signed-in browser sends its session's CSRF token in, on every change. */
export const CSRF_HEADER = 'x-csrf-token';

/** Who a staff credential belongs to, and their role in each store. */
export interface StaffPrincipal {
  readonly accountId: string | null;
  readonly name: string;
  readonly username: string | null;
  readonly serverOwner: boolean;
  readonly via: 'session' | 'apiToken' | 'serverToken';
  readonly roles: ReadonlyMap<string, StoreRole>;
  /** The session's CSRF token (sessions only). */
  readonly csrfToken: string | null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const PRINCIPAL = Symbol('podium.staffPrincipal');
type PrincipalRequest = FastifyRequest & { [PRINCIPAL]?: Promise<StaffPrincipal | null> };

/**
 * Resolves a request's staff credential, once per request:
 * - `Authorization: Bearer <ORGANIZER_TOKEN>`: the server owner's token — the owner account once
 *   setup made it, else the owner of the first store (so scripts and the README keep working);
 * - `Authorization: Bearer pdm.…`: an account's API token (revoked or unknown: 401);
 * - the `podium_session` cookie of a signed-in browser; a change (POST, PUT, PATCH, DELETE) must
 *   carry the session's CSRF token in X-CSRF-Token (403 CSRF_TOKEN_INVALID);
 * - anything else (no credential, a player's bearer token): null.
 */
@Injectable()
export class StaffCredentials {
  private readonly isOrganizerToken: (token: string) => boolean;
  private readonly logger = new Logger(StaffCredentials.name);

  constructor(
    @Inject(ORGANIZER_TOKEN) organizerToken: string,
    private readonly staff: StaffRepository,
    private readonly clock: Clock,
  ) {
    this.isOrganizerToken = organizerTokenMatcher(organizerToken);
  }

  /**
   * The staff principal of the request, or null when it carries no staff credential.
   * @throws DomainError UNAUTHORIZED (rule `apiToken`) for an unknown or revoked API token;
   *   CSRF_TOKEN_INVALID for a session's change without its CSRF token.
   */
  principalOf(request: FastifyRequest): Promise<StaffPrincipal | null> {
    const cached = (request as PrincipalRequest)[PRINCIPAL];
    if (cached) return cached;
    const resolved = this.resolve(request);
    (request as PrincipalRequest)[PRINCIPAL] = resolved;
    return resolved;
  }

  private async resolve(request: FastifyRequest): Promise<StaffPrincipal | null> {
    const token = bearerToken(request.headers.authorization);
    if (token !== null) {
      if (this.isOrganizerToken(token)) return this.serverToken();
      if (!token.startsWith(API_TOKEN_PREFIX)) return null;
      const account = await this.staff.byApiToken(hashPlayerToken(token));
      if (!account)
        throw new DomainError('UNAUTHORIZED', 'This API token is not valid (unknown or revoked)', [
          { field: 'authorization', rule: 'apiToken', message: 'unknown or revoked API token' },
        ]);
      this.touch(account.tokenId, account.lastUsedAt);
      return { accountId: account.id, name: account.name, username: account.username, serverOwner: account.serverOwner, via: 'apiToken', roles: account.roles, csrfToken: null };
    }
    const cookie = sessionCookieOf(request);
    if (!cookie) return null;
    const session = await this.staff.bySession(hashPlayerToken(cookie), this.clock.now());
    if (!session) return null;
    if (!SAFE_METHODS.has(request.method) && !sameToken(request.headers[CSRF_HEADER], session.csrfToken)) {
      throw new DomainError('CSRF_TOKEN_INVALID', 'A change from a signed-in browser needs the X-CSRF-Token header of its session', [
        { field: CSRF_HEADER, rule: 'csrfToken', message: 'missing or wrong CSRF token' },
      ]);
    }
    const { account } = session;
    return {
      accountId: account.id,
      name: account.name,
      username: account.username,
      serverOwner: account.serverOwner,
      via: 'session',
      roles: account.roles,
      csrfToken: session.csrfToken,
    };
  }

  /**
   * The principal of a session cookie token just issued (sign-in, setup, invite): what the answer's
   * MeDto describes. Null when the session does not exist (or has expired).
   */
  async sessionPrincipal(cookieToken: string): Promise<StaffPrincipal | null> {
    const session = await this.staff.bySession(hashPlayerToken(cookieToken), this.clock.now());
    if (!session) return null;
    const { account } = session;
    return {
      accountId: account.id,
      name: account.name,
      username: account.username,
      serverOwner: account.serverOwner,
      via: 'session',
      roles: account.roles,
      csrfToken: session.csrfToken,
    };
  }

  /**
   * Writes the API token's last use, at most once a minute per token (by the stored time, so across
   * instances too), after the answer: the request never waits for it, and a failed write is only logged.
   */
  private touch(tokenId: string, lastUsedAt: Date | null): void {
    const now = this.clock.now();
    if (lastUsedAt && now.getTime() - lastUsedAt.getTime() < API_TOKEN_TOUCH_MS) return;
    this.staff.touchApiToken(tokenId, now).catch((error: Error) => this.logger.warn(`API token last-use update failed: ${error.message}`));
  }

  private async serverToken(): Promise<StaffPrincipal> {
    const owner = await this.staff.serverOwner();
    if (owner) return { accountId: owner.id, name: owner.name, username: owner.username, serverOwner: true, via: 'serverToken', roles: owner.roles, csrfToken: null };
    const store = await this.staff.firstStoreId();
    return { accountId: null, name: 'Organizer token', username: null, serverOwner: true, via: 'serverToken', roles: new Map([[store, 'owner']]), csrfToken: null };
  }
}

function sameToken(sent: string | string[] | undefined, expected: string): boolean {
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The session cookie; parsed here when the cookie plugin has not yet (hooks that run before it: large uploads). */
export function sessionCookieOf(request: FastifyRequest): string | undefined {
  const parsed = (request as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies;
  if (parsed) return parsed[SESSION_COOKIE];
  const header = request.headers.cookie;
  return header ? fastifyCookie.parse(header)[SESSION_COOKIE] : undefined;
}
