import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { PrismaService } from '../common/database/prisma.service';
import { DomainError } from '../common/errors/domain-error';
import type { PlayerRow, Tx } from '../events/events.repository';
import type { Prisma } from '../generated/prisma/client';
import type { CardCount } from './rules/team-split';

export type TeamRow = Prisma.TeamGetPayload<object>;

/** A team with its members (id, name, registration number), members by number. */
export type TeamWithMembers = { id: string; number: number; name: string; droppedAfterRound: number | null; members: { id: string; name: string; number: number }[] };

/** A member's share of the team pool; null until the team has split its pool. */
export interface MemberPoolShare {
  playerId: string;
  cards: CardCount[] | null;
}

/** What a new team stores besides its id and event. */
export interface NewTeam {
  number: number;
  name: string;
  nameKey: string;
  createdAt: Date;
}

const MEMBERS = { members: { orderBy: { number: 'asc' }, select: { id: true, name: true, number: true } } } as const;

/** Prisma access for teams, their members and pooled team sealed shares. No rules here: the service decides, this stores. */
@Injectable()
export class TeamsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The event's teams with their members ({@link TeamWithMembers}), by team number. */
  async teamsWithMembers(eventId: string, tx: Tx = this.prisma): Promise<TeamWithMembers[]> {
    return tx.team.findMany({ where: { eventId }, orderBy: { number: 'asc' }, include: MEMBERS });
  }

  /**
   * One team of the event with its members ({@link TeamWithMembers}).
   * @throws DomainError TEAM_NOT_FOUND (no such team in this event)
   */
  async teamWithMembers(eventId: string, teamId: string, tx: Tx = this.prisma): Promise<TeamWithMembers> {
    const team = await tx.team.findFirst({ where: { id: teamId, eventId }, include: MEMBERS });
    if (!team) throw new DomainError('TEAM_NOT_FOUND', `No team ${teamId} in this event`, [{ field: 'teamId', rule: 'exists', message: 'unknown team' }]);
    return team;
  }

  /**
   * Locks the team row for the rest of the transaction (SELECT … FOR UPDATE): splits of one team
   * pool run one at a time. Locks nothing when the team does not exist.
   */
  async lockTeam(tx: Tx, teamId: string): Promise<void> {
    await tx.$queryRaw`SELECT id FROM "team" WHERE id = ${teamId}::uuid FOR UPDATE`;
  }

  /** The number after the event's highest team number (1 for the first team). */
  async nextTeamNumber(tx: Tx, eventId: string): Promise<number> {
    return ((await tx.team.aggregate({ where: { eventId }, _max: { number: true } }))._max.number ?? 0) + 1;
  }

  /** The event's team whose name key (normalized, lower-cased name) is `nameKey`; null when none. */
  async teamByNameKey(tx: Tx, eventId: string, nameKey: string): Promise<TeamRow | null> {
    return tx.team.findUnique({ where: { eventId_nameKey: { eventId, nameKey } } });
  }

  /** Creates a team of the event with a new id; returns the team row (no members yet). */
  async createTeam(tx: Tx, eventId: string, team: NewTeam): Promise<TeamRow> {
    return tx.team.create({ data: { id: randomUUID(), eventId, ...team } });
  }

  /** Deletes a team and every member's event entry (members first). */
  async deleteTeamWithMembers(tx: Tx, teamId: string): Promise<void> {
    await tx.eventPlayer.deleteMany({ where: { teamId } });
    await tx.team.delete({ where: { id: teamId } });
  }

  /** The event's solo players (registered without a team), by registration number. */
  async soloPlayers(tx: Tx, eventId: string): Promise<PlayerRow[]> {
    return tx.eventPlayer.findMany({ where: { eventId, teamId: null }, orderBy: { number: 'asc' } });
  }

  /** Puts the given players into a team. */
  async assignMembers(tx: Tx, teamId: string, playerIds: string[]): Promise<void> {
    await tx.eventPlayer.updateMany({ where: { id: { in: playerIds } }, data: { teamId } });
  }

  /** Each member's share of the team pool ({@link MemberPoolShare}), members by number. */
  async poolShares(teamId: string, tx: Tx = this.prisma): Promise<MemberPoolShare[]> {
    const rows = await tx.eventPlayer.findMany({ where: { teamId }, orderBy: { number: 'asc' }, select: { id: true, poolShare: true } });
    return rows.map((r) => ({ playerId: r.id, cards: r.poolShare as unknown as CardCount[] | null }));
  }

  /** Stores a member's share of the team pool (card counts, in the order given). */
  async setPoolShare(tx: Tx, playerId: string, cards: CardCount[]): Promise<void> {
    await tx.eventPlayer.update({ where: { id: playerId }, data: { poolShare: cards as unknown as Prisma.InputJsonValue } });
  }

  /** The card ids of every card in the given players' boosters in this event, one entry per card. */
  async boosterCardIds(eventId: string, playerIds: string[], tx: Tx = this.prisma): Promise<string[]> {
    const cards = await tx.packCard.findMany({ where: { pack: { eventId, playerId: { in: playerIds } } }, select: { cardId: true } });
    return cards.map((c) => c.cardId);
  }
}
