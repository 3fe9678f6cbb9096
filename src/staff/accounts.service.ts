import { Injectable } from '@nestjs/common';
import { hashPlayerToken } from '../common/auth/player-token';
import { Clock } from '../common/clock/clock';
import { DomainError } from '../common/errors/domain-error';
import { RateLimitedError } from '../common/rate-limit/rate-limits';
import { SharedRateLimits } from '../common/rate-limit/shared-rate-limits';
import { AccountsRepository, type InviteRow, type NewSession } from './accounts.repository';
import type { AcceptInviteDto, ApiTokenDto, ChangePasswordDto, CreatedApiTokenDto, InviteInfoDto, LoginDto, SetupDto } from './dto/accounts.dto';
import { Passwords, randomSecret } from './passwords';
import { INVITE_LIFETIME_MS, LOGIN_LOCKOUT, loginLimitKeys, SESSION_LIFETIME_MS } from './rules/account-rules';
import { API_TOKEN_PREFIX, type StaffPrincipal } from './staff-credentials';

/** A browser session just opened: the cookie token (to set as podium_session) and when it ends. */
export interface OpenedSession {
  cookieToken: string;
  expiresAt: Date;
}

const loginFailed = () => new DomainError('LOGIN_FAILED', 'Wrong username or password', [{ field: 'password', rule: 'login', message: 'wrong username or password' }]);

/**
 * Accounts and their credentials: the setup link, invites taken, sign-in and sign-out, password
 * changes, API tokens. Secrets (session cookies, API tokens, invite links) are 32 random bytes
 * (base64url), stored only as their SHA-256; passwords as argon2id hashes (Passwords).
 *
 * Sign-in lockout (rules/account-rules.ts LOGIN_LOCKOUT, counted in PostgreSQL across instances by
 * SharedRateLimits): 10 failures of one username, or 50 from one client address, within 15 minutes
 * refuse that username's (that address's) sign-ins for 15 minutes with 429 RATE_LIMITED and
 * Retry-After; then the count starts over by itself.
 */
@Injectable()
export class AccountsService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly passwords: Passwords,
    private readonly limits: SharedRateLimits,
    private readonly clock: Clock,
  ) {}

  /**
   * At start-up: while no account exists, a fresh setup link (owner of the first store, server
   * owner, 7 days; earlier unused setup links are cancelled). After setup: none (and any leftover
   * setup link is deleted).
   * @param baseUrl where the web app is opened, without a trailing slash.
   * @returns `<baseUrl>/setup#token=<token>`, or null when setup is done.
   */
  async prepareSetupLink(baseUrl: string): Promise<string | null> {
    if (await this.accounts.hasAccounts()) {
      await this.accounts.deleteSetupInvites();
      return null;
    }
    const token = randomSecret();
    const now = this.clock.now();
    const store = await this.accounts.firstStore();
    await this.accounts.replaceSetupInvite(store.id, hashPlayerToken(token), now, new Date(now.getTime() + INVITE_LIFETIME_MS));
    return `${baseUrl.replace(/\/+$/, '')}/setup#token=${token}`;
  }

  /**
   * What an invite (or the setup link) is for.
   * @throws DomainError INVITE_INVALID (unknown, expired), INVITE_USED
   */
  async inviteInfo(token: string): Promise<InviteInfoDto> {
    const invite = await this.openInvite(token);
    return { storeName: invite.storeName, role: invite.role, setup: invite.serverOwner, expiresAt: invite.expiresAt.toISOString() };
  }

  /**
   * Setup: the server owner's account (owner of the setup link's store, renamed `storeName`), signed in.
   * @throws DomainError INVITE_INVALID (not a setup link, unknown, expired), INVITE_USED, USERNAME_TAKEN
   */
  async setup(dto: SetupDto): Promise<OpenedSession> {
    const invite = await this.openInvite(dto.token);
    if (!invite.serverOwner) throw notSetup('this is an invite link, not the setup link: accept it instead');
    const passwordHash = await this.passwords.hash(dto.password);
    const { session, opened } = this.newSession();
    await this.accounts.setup({
      inviteId: invite.id,
      storeId: invite.storeId,
      storeName: dto.storeName,
      username: dto.username,
      name: dto.name,
      passwordHash,
      session,
      now: this.clock.now(),
    });
    return opened;
  }

  /**
   * Takes an invite: a new account with the invite's role in its store; or, when the username is an
   * existing account and the password is its own, that account takes the role (staff of two
   * stores; a role it held in that store is replaced). Signed in either way.
   * @throws DomainError INVITE_INVALID (unknown, expired, the setup link), INVITE_USED, USERNAME_TAKEN (existing username, wrong password), LAST_OWNER
   */
  async acceptInvite(token: string, dto: AcceptInviteDto, clientAddress: string): Promise<OpenedSession> {
    const invite = await this.openInvite(token);
    if (invite.serverOwner) throw notSetup('this is the setup link: use it on the setup page');
    const existing = await this.accounts.accountByUsername(dto.username);
    const { session, opened } = this.newSession();
    const now = this.clock.now();
    if (existing) {
      // A wrong password here is a guess at that account's password: it counts like a failed sign-in.
      await this.assertNotLocked(dto.username, clientAddress);
      if (!(await this.passwords.verify(existing.passwordHash, dto.password))) {
        await this.countFailure(dto.username, clientAddress);
        throw new DomainError('USERNAME_TAKEN', 'Another account has this username (to add this role to your account, type your own password)', [
          { field: 'username', rule: 'unique', message: 'username taken' },
        ]);
      }
      await this.accounts.acceptAsExistingAccount({ inviteId: invite.id, storeId: invite.storeId, role: invite.role, accountId: existing.id, session, now });
      return opened;
    }
    const passwordHash = await this.passwords.hash(dto.password);
    await this.accounts.acceptAsNewAccount({ inviteId: invite.id, storeId: invite.storeId, role: invite.role, username: dto.username, name: dto.name, passwordHash, session, now });
    return opened;
  }

  /**
   * Sign-in. An unknown username costs one argon2 check against a dummy hash, and answers exactly
   * as a wrong password does.
   * @throws DomainError LOGIN_FAILED (401); RateLimitedError (429) while the username or the address is locked out
   */
  async login(dto: LoginDto, clientAddress: string): Promise<OpenedSession> {
    await this.assertNotLocked(dto.username, clientAddress);
    const account = await this.accounts.accountByUsername(dto.username);
    const ok = account ? await this.passwords.verify(account.passwordHash, dto.password) : await this.passwords.verifyDummy(dto.password);
    if (!account || !ok) {
      await this.countFailure(dto.username, clientAddress);
      throw loginFailed();
    }
    const { session, opened } = this.newSession();
    await this.accounts.openSession(account.id, session, this.clock.now());
    return opened;
  }

  /** Sign-out: deletes the session of this cookie token (nothing when there is none). */
  async logout(cookieToken: string | undefined): Promise<void> {
    if (cookieToken) await this.accounts.deleteSession(hashPlayerToken(cookieToken));
  }

  /**
   * A new password for the caller's account; its other sessions end (the caller's own session, when
   * the change came from one, stays). API tokens stay valid (revoke them apart).
   * @throws DomainError FORBIDDEN (no account: ORGANIZER_TOKEN before setup), VALIDATION_FAILED (field currentPassword, rule currentPassword), RateLimitedError
   */
  async changePassword(principal: StaffPrincipal, dto: ChangePasswordDto, clientAddress: string, cookieToken: string | undefined): Promise<void> {
    const accountId = accountOf(principal);
    const account = await this.accounts.accountById(accountId);
    if (!account) throw noAccount();
    await this.assertNotLocked(account.username, clientAddress);
    if (!(await this.passwords.verify(account.passwordHash, dto.currentPassword))) {
      await this.countFailure(account.username, clientAddress);
      throw new DomainError('VALIDATION_FAILED', 'The current password is wrong', [{ field: 'currentPassword', rule: 'currentPassword', message: 'wrong current password' }]);
    }
    const keep = principal.via === 'session' && cookieToken ? hashPlayerToken(cookieToken) : null;
    await this.accounts.changePassword(accountId, await this.passwords.hash(dto.newPassword), keep);
  }

  /** The caller's API tokens (not revoked), newest first. @throws DomainError FORBIDDEN (no account) */
  async apiTokens(principal: StaffPrincipal): Promise<ApiTokenDto[]> {
    return (await this.accounts.apiTokens(accountOf(principal))).map((t) => ({
      id: t.id,
      name: t.name,
      createdAt: t.createdAt.toISOString(),
      lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    }));
  }

  /** A new API token `pdm.<32 random bytes base64url>`, returned this once (its SHA-256 is kept). @throws DomainError FORBIDDEN (no account) */
  async createApiToken(principal: StaffPrincipal, name: string): Promise<CreatedApiTokenDto> {
    const token = `${API_TOKEN_PREFIX}${randomSecret()}`;
    const row = await this.accounts.createApiToken(accountOf(principal), name, hashPlayerToken(token), this.clock.now());
    return { id: row.id, name: row.name, token, createdAt: row.createdAt.toISOString() };
  }

  /** Revokes one of the caller's API tokens. @throws DomainError API_TOKEN_NOT_FOUND, FORBIDDEN (no account) */
  async revokeApiToken(principal: StaffPrincipal, tokenId: string): Promise<void> {
    if (!(await this.accounts.revokeApiToken(accountOf(principal), tokenId, this.clock.now())))
      throw new DomainError('API_TOKEN_NOT_FOUND', `No API token ${tokenId} of yours`, [{ field: 'tokenId', rule: 'exists', message: 'unknown API token' }]);
  }

  /** The invite of a link token when it can still be used. */
  private async openInvite(token: string): Promise<InviteRow> {
    const invite = await this.accounts.inviteByHash(hashPlayerToken(token));
    if (!invite) throw new DomainError('INVITE_INVALID', 'This link does not exist (or was cancelled)', [{ field: 'token', rule: 'exists', message: 'unknown invite' }]);
    if (invite.usedAt) throw new DomainError('INVITE_USED', 'This link was already used', [{ field: 'token', rule: 'unused', message: 'invite already used' }]);
    if (invite.expiresAt <= this.clock.now())
      throw new DomainError('INVITE_INVALID', 'This link has expired: ask for a new one', [{ field: 'token', rule: 'expired', message: 'invite expired' }]);
    return invite;
  }

  private newSession(): { session: NewSession; opened: OpenedSession } {
    const cookieToken = randomSecret();
    const expiresAt = new Date(this.clock.now().getTime() + SESSION_LIFETIME_MS);
    return { session: { tokenHash: hashPlayerToken(cookieToken), csrfToken: randomSecret(), expiresAt }, opened: { cookieToken, expiresAt } };
  }

  private async assertNotLocked(username: string, clientAddress: string): Promise<void> {
    const keys = loginLimitKeys(username, clientAddress);
    const [account, address] = await Promise.all([this.limits.blockedFor(keys.account, LOGIN_LOCKOUT.account), this.limits.blockedFor(keys.address, LOGIN_LOCKOUT.address)]);
    const seconds = Math.max(account, address);
    if (seconds > 0)
      throw new RateLimitedError(
        `Too many failed sign-ins${account > 0 ? ' for this username' : ' from this address'}; try again in ${seconds} s`,
        seconds,
        account > 0 ? 'username' : 'client',
      );
  }

  private async countFailure(username: string, clientAddress: string): Promise<void> {
    const keys = loginLimitKeys(username, clientAddress);
    await Promise.all([this.limits.count(keys.account, LOGIN_LOCKOUT.account), this.limits.count(keys.address, LOGIN_LOCKOUT.address)]);
  }
}

const notSetup = (message: string) => new DomainError('INVITE_INVALID', message, [{ field: 'token', rule: 'kind', message }]);

const noAccount = () =>
  new DomainError('FORBIDDEN', 'The organizer token has no account before setup: open the setup link printed at start-up to make one', [
    { field: 'authorization', rule: 'account', message: 'needs an account (sign in)' },
  ]);

/** The caller's account id. @throws DomainError FORBIDDEN (rule account) for ORGANIZER_TOKEN before setup */
export function accountOf(principal: StaffPrincipal): string {
  if (!principal.accountId) throw noAccount();
  return principal.accountId;
}
