import { Injectable } from '@nestjs/common';
import { PrismaService } from '../common/database/prisma.service';
import { isStoreRole, type StoreRole } from '../common/auth/permissions';

/** An account as the guard needs it: who, and their role in each store. */
export interface StaffAccountRow {
  id: string;
  name: string;
  username: string;
  serverOwner: boolean;
  roles: Map<string, StoreRole>;
}

/** Every database read of who staff are and which store a resource belongs to. */
@Injectable()
export class StaffRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The first store (made by the migration that introduced stores): ORGANIZER_TOKEN's before setup. */
  async firstStoreId(): Promise<string> {
    const store = await this.prisma.store.findFirstOrThrow({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: { id: true } });
    return store.id;
  }

  /** The server's owner account (made by the setup link), or null before setup. */
  async serverOwner(): Promise<StaffAccountRow | null> {
    const account = await this.prisma.account.findFirst({ where: { serverOwner: true }, orderBy: { createdAt: 'asc' }, include: { roles: true } });
    return account ? row(account) : null;
  }

  /** The account of a live session (by the cookie token's SHA-256), with the session's CSRF token; null when unknown or expired. */
  async bySession(tokenHash: string, now: Date): Promise<{ account: StaffAccountRow; csrfToken: string } | null> {
    const session = await this.prisma.staffSession.findUnique({ where: { tokenHash }, include: { account: { include: { roles: true } } } });
    if (!session || session.expiresAt <= now) return null;
    return { account: row(session.account), csrfToken: session.csrfToken };
  }

  /**
   * The account of an API token that is not revoked (by its SHA-256), with the token's id and when
   * it was last used; null otherwise.
   */
  async byApiToken(tokenHash: string): Promise<(StaffAccountRow & { tokenId: string; lastUsedAt: Date | null }) | null> {
    const token = await this.prisma.apiToken.findUnique({ where: { tokenHash }, include: { account: { include: { roles: true } } } });
    if (!token || token.revokedAt !== null) return null;
    return { ...row(token.account), tokenId: token.id, lastUsedAt: token.lastUsedAt };
  }

  /** Records that an API token was used at `now` (unless a later use was already recorded). */
  async touchApiToken(tokenId: string, now: Date): Promise<void> {
    await this.prisma.apiToken.updateMany({ where: { id: tokenId, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: now } }] }, data: { lastUsedAt: now } });
  }

  /** The store that runs an event; null when there is no such event. */
  async storeOfEvent(eventId: string): Promise<string | null> {
    return (await this.prisma.event.findUnique({ where: { id: eventId }, select: { storeId: true } }))?.storeId ?? null;
  }

  /** The store that runs a match's event; null when there is no such match. */
  async storeOfMatch(matchId: string): Promise<string | null> {
    const rows = await this.prisma.$queryRaw<{ store_id: string }[]>`
      SELECT e.store_id FROM "match" m JOIN "round" r ON r.id = m.round_id JOIN "event" e ON e.id = r.event_id WHERE m.id = ${matchId}::uuid`;
    return rows[0]?.store_id ?? null;
  }

  /** The store that owns a league; null when there is no such league. */
  async storeOfLeague(leagueId: string): Promise<string | null> {
    return (await this.prisma.league.findUnique({ where: { id: leagueId }, select: { storeId: true } }))?.storeId ?? null;
  }

  /** The store's id when it exists, else null. */
  async storeExists(storeId: string): Promise<string | null> {
    return (await this.prisma.store.findUnique({ where: { id: storeId }, select: { id: true } }))?.id ?? null;
  }

  /** Store names by id (for /api/me). */
  async storeNames(ids: readonly string[]): Promise<Map<string, string>> {
    const stores = await this.prisma.store.findMany({ where: { id: { in: [...ids] } }, select: { id: true, name: true } });
    return new Map(stores.map((s) => [s.id, s.name]));
  }

  /** Whether an account exists yet (setup done). */
  async hasAccounts(): Promise<boolean> {
    return (await this.prisma.account.count()) > 0;
  }
}

function row(account: { id: string; name: string; username: string; serverOwner: boolean; roles: { storeId: string; role: string }[] }): StaffAccountRow {
  const roles = new Map<string, StoreRole>();
  for (const r of account.roles) if (isStoreRole(r.role)) roles.set(r.storeId, r.role);
  return { id: account.id, name: account.name, username: account.username, serverOwner: account.serverOwner, roles };
}
