import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { PrismaService } from '../common/database/prisma.service';
import type { Prisma } from '../generated/prisma/client';
import type { PlayerRow, Tx } from './events.repository';

export type ProfileRow = Prisma.PlayerProfileGetPayload<object>;
/** An event entry with the player profile it links. */
export type PlayerWithProfile = Prisma.EventPlayerGetPayload<{ include: { profile: true } }>;

/** A new event entry, as registration decides it (the id is made here). */
export interface NewEntry {
  eventId: string;
  profileId: string;
  name: string;
  number: number;
  tokenHash: string;
  lateEntry: boolean;
  registeredAt: Date;
  teamId: string | null;
  /** registered or waitlisted (capacity); absent: registered. */
  status?: 'registered' | 'waitlisted';
  /** Imported entries: the code that claims the seat. */
  claimCode?: string | null;
  /** Late entry after round 1: the first Swiss round the player is paired in; absent/null = round 1. */
  firstRound?: number | null;
}

/** An entry as the registration rules read it (capacity, waitlist, check-in, the start's line-up). */
export interface EntryState {
  id: string;
  number: number;
  name: string;
  status: string;
  checkedIn: boolean;
  memberNumber: string | null;
  claimCode: string | null;
}

/** Prisma access for event entries (registration, player tokens) and the player profiles they link. No rules here. */
@Injectable()
export class PlayersRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The event's entry of a profile, or null when the profile is not registered in the event. */
  async entryOfProfile(tx: Tx, eventId: string, profileId: string): Promise<PlayerRow | null> {
    return tx.eventPlayer.findUnique({ where: { eventId_profileId: { eventId, profileId } } });
  }

  /** The highest entry number in the event; null when nobody is registered. */
  async highestNumber(tx: Tx, eventId: string): Promise<number | null> {
    const last = await tx.eventPlayer.aggregate({ where: { eventId }, _max: { number: true } });
    return last._max.number;
  }

  /** Stores a new entry under a fresh id and returns its row. */
  async createEntry(tx: Tx, entry: NewEntry): Promise<PlayerRow> {
    return tx.eventPlayer.create({ data: { id: randomUUID(), ...entry } });
  }

  /** The event's entries by number, each with its profile. */
  async listWithProfiles(eventId: string, tx: Tx = this.prisma): Promise<PlayerWithProfile[]> {
    return tx.eventPlayer.findMany({ where: { eventId }, orderBy: { number: 'asc' }, include: { profile: true } });
  }

  /** Deletes an entry. */
  async deleteEntry(tx: Tx, playerId: string): Promise<void> {
    await tx.eventPlayer.delete({ where: { id: playerId } });
  }

  /** Replaces an entry's token hash: the old token stops working. */
  async replaceTokenHash(playerId: string, tokenHash: string, tx: Tx = this.prisma): Promise<void> {
    await tx.eventPlayer.update({ where: { id: playerId }, data: { tokenHash } });
  }

  /** The entry a player token hash belongs to (in any event), or null. */
  async byTokenHash(tokenHash: string, tx: Tx = this.prisma): Promise<PlayerRow | null> {
    return tx.eventPlayer.findUnique({ where: { tokenHash } });
  }

  /** Every entry of the event in registration order, as the registration rules read it. */
  async entryStates(tx: Tx, eventId: string): Promise<EntryState[]> {
    const rows = await tx.eventPlayer.findMany({
      where: { eventId },
      orderBy: { number: 'asc' },
      select: { id: true, number: true, name: true, status: true, checkedInAt: true, claimCode: true, profile: { select: { memberNumber: true } } },
    });
    return rows.map((r) => ({
      id: r.id,
      number: r.number,
      name: r.name,
      status: r.status,
      checkedIn: r.checkedInAt !== null,
      memberNumber: r.profile.memberNumber,
      claimCode: r.claimCode,
    }));
  }

  /** How many entries of the event are registered (have a seat). */
  async registeredCount(tx: Tx, eventId: string): Promise<number> {
    return tx.eventPlayer.count({ where: { eventId, status: 'registered' } });
  }

  /** Gives these entries a seat (waitlisted → registered). */
  async register(tx: Tx, playerIds: string[]): Promise<void> {
    if (playerIds.length) await tx.eventPlayer.updateMany({ where: { id: { in: playerIds } }, data: { status: 'registered' } });
  }

  /**
   * Leaves these entries out of a started event: their status (waitlisted stays waitlisted, a
   * no-show is noShow) and dropped before round 1, so pairings, deck checks and standings pass them by.
   */
  async leaveOut(tx: Tx, playerIds: string[], status: 'waitlisted' | 'noShow'): Promise<void> {
    if (playerIds.length) await tx.eventPlayer.updateMany({ where: { id: { in: playerIds } }, data: { status, droppedAfterRound: 0 } });
  }

  /** Checks an entry in (at `at`) or out (null). */
  async setCheckedIn(tx: Tx, playerId: string, at: Date | null): Promise<void> {
    await tx.eventPlayer.update({ where: { id: playerId }, data: { checkedInAt: at } });
  }

  /** The entry of the event a claim code names, or null. */
  async byClaimCode(tx: Tx, eventId: string, claimCode: string): Promise<PlayerRow | null> {
    return tx.eventPlayer.findUnique({ where: { eventId_claimCode: { eventId, claimCode } } });
  }

  /** Marks an entry's claim code used and gives the entry the claimer's token (its hash). */
  async claim(tx: Tx, playerId: string, tokenHash: string, at: Date): Promise<void> {
    await tx.eventPlayer.update({ where: { id: playerId }, data: { tokenHash, claimedAt: at } });
  }

  /** A player profile by id, or null. */
  async profile(tx: Tx, id: string): Promise<ProfileRow | null> {
    return tx.playerProfile.findUnique({ where: { id } });
  }

  /**
   * The profile of a member number, created (with `name`) when there is none yet. INSERT … ON
   * CONFLICT DO NOTHING, then read: two desks registering the same new member at once (in different
   * events, which do not share a lock) still make one profile and no error.
   */
  async profileOfMember(tx: Tx, memberNumber: string, name: string, now: Date): Promise<ProfileRow> {
    await tx.$executeRaw`INSERT INTO "player_profile" (id, name, member_number, created_at)
        VALUES (${randomUUID()}::uuid, ${name}, ${memberNumber}, ${now})
        ON CONFLICT (member_number) DO NOTHING`;
    return tx.playerProfile.findUniqueOrThrow({ where: { memberNumber } });
  }

  /** Creates a profile with no member number. */
  async createProfile(tx: Tx, name: string, now: Date): Promise<ProfileRow> {
    return tx.playerProfile.create({ data: { id: randomUUID(), name, createdAt: now } });
  }
}
