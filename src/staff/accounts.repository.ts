import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { isStoreRole, type StoreRole } from '../common/auth/permissions';
import { PrismaService } from '../common/database/prisma.service';
import { DomainError } from '../common/errors/domain-error';
import type { Prisma } from '../generated/prisma/client';
import { keepsAnOwner } from './rules/account-rules';

type Tx = Prisma.TransactionClient;

/** An invite as the services read it (the token itself is never stored, only its SHA-256). */
export interface InviteRow {
  id: string;
  storeId: string;
  storeName: string;
  role: StoreRole;
  serverOwner: boolean;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

/** An account with its password hash (sign-in, password change). */
export interface AccountSecretRow {
  id: string;
  username: string;
  name: string;
  passwordHash: string;
}

/** A new browser session to store: the SHA-256 of the cookie token, the CSRF token, when it ends. */
export interface NewSession {
  tokenHash: string;
  csrfToken: string;
  expiresAt: Date;
}

/** A staff member of a store. */
export interface StaffMemberRow {
  accountId: string;
  username: string;
  name: string;
  role: StoreRole;
  since: Date;
}

/** An API token as listed (never its value). */
export interface ApiTokenRow {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export interface StoreRow {
  id: string;
  name: string;
  createdAt: Date;
}

const roleOf = (role: string): StoreRole => (isStoreRole(role) ? role : 'judge');

const inviteInvalid = () =>
  new DomainError('INVITE_INVALID', 'This invite link does not exist or has expired', [{ field: 'token', rule: 'exists', message: 'unknown or expired invite' }]);
const inviteUsed = () => new DomainError('INVITE_USED', 'This invite link was already used', [{ field: 'token', rule: 'unused', message: 'invite already used' }]);
const usernameTaken = () => new DomainError('USERNAME_TAKEN', 'Another account has this username', [{ field: 'username', rule: 'unique', message: 'username taken' }]);
const lastOwner = () =>
  new DomainError('LAST_OWNER', 'The store would have no owner: make someone else owner first', [{ field: 'role', rule: 'lastOwner', message: 'a store needs an owner' }]);

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === 'P2002';

/**
 * Every database write and read of accounts, sessions, API tokens, invites and store staff. The
 * writes that must hold together (an invite used once, a store never without an owner) run in one
 * transaction each and throw their DomainError from inside it, so nothing is half-written.
 */
@Injectable()
export class AccountsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The account with this (lower-case) username, with its password hash; null when none. */
  async accountByUsername(username: string): Promise<AccountSecretRow | null> {
    return this.prisma.account.findUnique({ where: { username }, select: { id: true, username: true, name: true, passwordHash: true } });
  }

  async accountById(id: string): Promise<AccountSecretRow | null> {
    return this.prisma.account.findUnique({ where: { id }, select: { id: true, username: true, name: true, passwordHash: true } });
  }

  /** Whether any account exists (setup done). */
  async hasAccounts(): Promise<boolean> {
    return (await this.prisma.account.count()) > 0;
  }

  /** The first store (the setup link makes its owner). */
  async firstStore(): Promise<StoreRow> {
    return this.prisma.store.findFirstOrThrow({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: { id: true, name: true, createdAt: true } });
  }

  /**
   * A fresh setup invite (role owner of `storeId`, server owner), cancelling (deleting) the unused
   * setup invites of earlier starts, in one transaction.
   */
  async replaceSetupInvite(storeId: string, tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await tx.staffInvite.deleteMany({ where: { serverOwner: true, usedAt: null } });
      await tx.staffInvite.create({ data: { id: randomUUID(), tokenHash, storeId, role: 'owner', serverOwner: true, createdBy: null, createdAt: now, expiresAt } });
    });
  }

  /** Deletes the unused setup invites (after setup, or never needed). */
  async deleteSetupInvites(): Promise<void> {
    await this.prisma.staffInvite.deleteMany({ where: { serverOwner: true, usedAt: null } });
  }

  /** The invite with this token hash, whatever its state; null when unknown. */
  async inviteByHash(tokenHash: string): Promise<InviteRow | null> {
    const invite = await this.prisma.staffInvite.findUnique({ where: { tokenHash }, include: { store: { select: { name: true } } } });
    if (!invite) return null;
    return {
      id: invite.id,
      storeId: invite.storeId,
      storeName: invite.store.name,
      role: roleOf(invite.role),
      serverOwner: invite.serverOwner,
      createdAt: invite.createdAt,
      expiresAt: invite.expiresAt,
      usedAt: invite.usedAt,
    };
  }

  /** Marks the invite used by `accountId`, once: INVITE_USED when another request used it first, INVITE_INVALID when it expired. */
  private async claimInvite(tx: Tx, inviteId: string, accountId: string, now: Date): Promise<void> {
    const claimed = await tx.staffInvite.updateMany({ where: { id: inviteId, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now, usedBy: accountId } });
    if (claimed.count === 1) return;
    const invite = await tx.staffInvite.findUnique({ where: { id: inviteId }, select: { usedAt: true } });
    throw invite?.usedAt ? inviteUsed() : inviteInvalid();
  }

  private async createAccount(tx: Tx, account: { id: string; username: string; name: string; passwordHash: string; serverOwner: boolean }, now: Date): Promise<void> {
    if (await tx.account.findUnique({ where: { username: account.username }, select: { id: true } })) throw usernameTaken();
    try {
      await tx.account.create({ data: { ...account, createdAt: now } });
    } catch (error) {
      throw isUniqueViolation(error) ? usernameTaken() : error;
    }
  }

  private async createSession(tx: Tx, accountId: string, session: NewSession, now: Date): Promise<void> {
    await tx.staffSession.create({
      data: { id: randomUUID(), accountId, tokenHash: session.tokenHash, csrfToken: session.csrfToken, createdAt: now, expiresAt: session.expiresAt },
    });
  }

  /** Locks the store's staff rows for the transaction: role changes of one store run one after the other (the last owner stays). */
  private async lockStaff(tx: Tx, storeId: string): Promise<{ accountId: string; role: StoreRole }[]> {
    const rows = await tx.$queryRaw<{ account_id: string; role: string }[]>`
      SELECT account_id, role FROM "staff_role" WHERE store_id = ${storeId}::uuid ORDER BY account_id FOR UPDATE`;
    return rows.map((r) => ({ accountId: r.account_id, role: roleOf(r.role) }));
  }

  /**
   * Setup, in one transaction: uses the setup invite, makes the server owner's account (owner of the
   * invite's store), renames the store, opens the browser session.
   * @throws DomainError INVITE_USED, INVITE_INVALID (expired, or a server owner exists), USERNAME_TAKEN
   */
  async setup(input: {
    inviteId: string;
    storeId: string;
    storeName: string;
    username: string;
    name: string;
    passwordHash: string;
    session: NewSession;
    now: Date;
  }): Promise<string> {
    const id = randomUUID();
    await this.prisma.$transaction(async (tx) => {
      await this.claimInvite(tx, input.inviteId, id, input.now);
      if (await tx.account.findFirst({ where: { serverOwner: true }, select: { id: true } })) throw inviteInvalid();
      await this.createAccount(tx, { id, username: input.username, name: input.name, passwordHash: input.passwordHash, serverOwner: true }, input.now);
      await tx.staffRole.create({ data: { storeId: input.storeId, accountId: id, role: 'owner', createdAt: input.now } });
      await tx.store.update({ where: { id: input.storeId }, data: { name: input.storeName } });
      await tx.staffInvite.deleteMany({ where: { serverOwner: true, usedAt: null } });
      await this.createSession(tx, id, input.session, input.now);
    });
    return id;
  }

  /**
   * A new account from an invite, in one transaction: uses the invite, makes the account with the
   * invite's role in its store, opens the session.
   * @throws DomainError INVITE_USED, INVITE_INVALID, USERNAME_TAKEN
   */
  async acceptAsNewAccount(input: {
    inviteId: string;
    storeId: string;
    role: StoreRole;
    username: string;
    name: string;
    passwordHash: string;
    session: NewSession;
    now: Date;
  }): Promise<string> {
    const id = randomUUID();
    await this.prisma.$transaction(async (tx) => {
      await this.claimInvite(tx, input.inviteId, id, input.now);
      await this.createAccount(tx, { id, username: input.username, name: input.name, passwordHash: input.passwordHash, serverOwner: false }, input.now);
      await tx.staffRole.create({ data: { storeId: input.storeId, accountId: id, role: input.role, createdAt: input.now } });
      await this.createSession(tx, id, input.session, input.now);
    });
    return id;
  }

  /**
   * An existing account takes an invite, in one transaction: uses the invite, gives the account the
   * invite's role in its store (replacing a role it held there), opens the session.
   * @throws DomainError INVITE_USED, INVITE_INVALID, LAST_OWNER (the account is the store's only owner and the invite is for a lower role)
   */
  async acceptAsExistingAccount(input: { inviteId: string; storeId: string; role: StoreRole; accountId: string; session: NewSession; now: Date }): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await this.claimInvite(tx, input.inviteId, input.accountId, input.now);
      const staff = await this.lockStaff(tx, input.storeId);
      const held = staff.find((s) => s.accountId === input.accountId);
      if (held && !keepsAnOwner(staff, input.accountId, input.role)) throw lastOwner();
      if (held) await tx.staffRole.update({ where: { storeId_accountId: { storeId: input.storeId, accountId: input.accountId } }, data: { role: input.role } });
      else await tx.staffRole.create({ data: { storeId: input.storeId, accountId: input.accountId, role: input.role, createdAt: input.now } });
      await this.createSession(tx, input.accountId, input.session, input.now);
    });
  }

  /** Opens a browser session of the account, deleting every expired session of any account on the way (no sweeper needed). */
  async openSession(accountId: string, session: NewSession, now: Date): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await tx.staffSession.deleteMany({ where: { expiresAt: { lte: now } } });
      await this.createSession(tx, accountId, session, now);
    });
  }

  /** Deletes the session with this token hash (nothing when unknown). */
  async deleteSession(tokenHash: string): Promise<void> {
    await this.prisma.staffSession.deleteMany({ where: { tokenHash } });
  }

  /** Sets the account's password hash and ends its sessions but the one with `keepTokenHash` (null: all), in one transaction. */
  async changePassword(accountId: string, passwordHash: string, keepTokenHash: string | null): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await tx.account.update({ where: { id: accountId }, data: { passwordHash } });
      await tx.staffSession.deleteMany({ where: { accountId, ...(keepTokenHash ? { tokenHash: { not: keepTokenHash } } : {}) } });
    });
  }

  /** The account's API tokens that are not revoked, newest first. */
  async apiTokens(accountId: string): Promise<ApiTokenRow[]> {
    return this.prisma.apiToken.findMany({
      where: { accountId, revokedAt: null },
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      select: { id: true, name: true, createdAt: true, lastUsedAt: true },
    });
  }

  async createApiToken(accountId: string, name: string, tokenHash: string, now: Date): Promise<ApiTokenRow> {
    return this.prisma.apiToken.create({
      data: { id: randomUUID(), accountId, name, tokenHash, createdAt: now },
      select: { id: true, name: true, createdAt: true, lastUsedAt: true },
    });
  }

  /** Revokes one of the account's tokens; false when it has no such token (or it was revoked already). */
  async revokeApiToken(accountId: string, tokenId: string, now: Date): Promise<boolean> {
    return (await this.prisma.apiToken.updateMany({ where: { id: tokenId, accountId, revokedAt: null }, data: { revokedAt: now } })).count === 1;
  }

  /** The stores an account is staff of, with its role there. */
  async storesOf(accountId: string): Promise<(StoreRow & { role: StoreRole })[]> {
    const roles = await this.prisma.staffRole.findMany({ where: { accountId }, include: { store: { select: { id: true, name: true, createdAt: true } } } });
    return roles.map((r) => ({ ...r.store, role: roleOf(r.role) }));
  }

  /** Every store of the server (for its owner). */
  async allStores(): Promise<StoreRow[]> {
    return this.prisma.store.findMany({ orderBy: [{ name: 'asc' }, { id: 'asc' }], select: { id: true, name: true, createdAt: true } });
  }

  async store(storeId: string): Promise<StoreRow | null> {
    return this.prisma.store.findUnique({ where: { id: storeId }, select: { id: true, name: true, createdAt: true } });
  }

  async renameStore(storeId: string, name: string): Promise<StoreRow> {
    return this.prisma.store.update({ where: { id: storeId }, data: { name }, select: { id: true, name: true, createdAt: true } });
  }

  /** A new store and an owner invite for it, in one transaction. */
  async createStore(input: { name: string; inviteTokenHash: string; createdBy: string | null; now: Date; inviteExpiresAt: Date }): Promise<{ store: StoreRow; invite: InviteRow }> {
    return this.prisma.$transaction(async (tx) => {
      const store = await tx.store.create({ data: { id: randomUUID(), name: input.name, createdAt: input.now }, select: { id: true, name: true, createdAt: true } });
      const invite = await tx.staffInvite.create({
        data: {
          id: randomUUID(),
          tokenHash: input.inviteTokenHash,
          storeId: store.id,
          role: 'owner',
          serverOwner: false,
          createdBy: input.createdBy,
          createdAt: input.now,
          expiresAt: input.inviteExpiresAt,
        },
      });
      return { store, invite: { ...invite, storeName: store.name, role: 'owner' as const } };
    });
  }

  /** The store's staff, by name. */
  async staffOf(storeId: string): Promise<StaffMemberRow[]> {
    const roles = await this.prisma.staffRole.findMany({ where: { storeId }, include: { account: { select: { username: true, name: true } } } });
    return roles
      .map((r) => ({ accountId: r.accountId, username: r.account.username, name: r.account.name, role: roleOf(r.role), since: r.createdAt }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.username.localeCompare(b.username));
  }

  /** The store's invites still open at `now` (unused, unexpired; not the setup link), oldest first. */
  async openInvites(storeId: string, now: Date): Promise<InviteRow[]> {
    const invites = await this.prisma.staffInvite.findMany({
      where: { storeId, usedAt: null, serverOwner: false, expiresAt: { gt: now } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      include: { store: { select: { name: true } } },
    });
    return invites.map((i) => ({ ...i, storeName: i.store.name, role: roleOf(i.role) }));
  }

  async createInvite(input: { storeId: string; role: StoreRole; tokenHash: string; createdBy: string | null; now: Date; expiresAt: Date }): Promise<InviteRow> {
    const invite = await this.prisma.staffInvite.create({
      data: {
        id: randomUUID(),
        tokenHash: input.tokenHash,
        storeId: input.storeId,
        role: input.role,
        serverOwner: false,
        createdBy: input.createdBy,
        createdAt: input.now,
        expiresAt: input.expiresAt,
      },
      include: { store: { select: { name: true } } },
    });
    return { ...invite, storeName: invite.store.name, role: input.role };
  }

  /** Deletes an unused invite of the store (not the setup link); false when there is none. */
  async deleteInvite(storeId: string, inviteId: string): Promise<boolean> {
    return (await this.prisma.staffInvite.deleteMany({ where: { id: inviteId, storeId, usedAt: null, serverOwner: false } })).count === 1;
  }

  /**
   * Changes a staff member's role (`role`) or removes them (null), in one transaction that locks
   * the store's staff rows.
   * @throws DomainError STAFF_NOT_FOUND, LAST_OWNER
   */
  async changeStaff(storeId: string, accountId: string, role: StoreRole | null): Promise<StaffMemberRow | null> {
    return this.prisma.$transaction(async (tx) => {
      const staff = await this.lockStaff(tx, storeId);
      if (!staff.some((s) => s.accountId === accountId))
        throw new DomainError('STAFF_NOT_FOUND', 'This account is not staff of the store', [{ field: 'accountId', rule: 'exists', message: 'not staff of this store' }]);
      if (!keepsAnOwner(staff, accountId, role)) throw lastOwner();
      if (role === null) {
        await tx.staffRole.delete({ where: { storeId_accountId: { storeId, accountId } } });
        return null;
      }
      const updated = await tx.staffRole.update({
        where: { storeId_accountId: { storeId, accountId } },
        data: { role },
        include: { account: { select: { username: true, name: true } } },
      });
      return { accountId, username: updated.account.username, name: updated.account.name, role, since: updated.createdAt };
    });
  }
}
