import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { PrismaService } from '../common/database/prisma.service';
import { DomainError } from '../common/errors/domain-error';
import type { Tx } from '../events/events.repository';
import type { PenaltyKind } from './rules/penalties';

/** A stored penalty, with the round of its match. */
export interface PenaltyRow {
  id: string;
  matchId: string;
  /** The penalised competitor: a player, or a team in a team event. */
  playerId: string;
  kind: PenaltyKind;
  reason: string;
  givenAt: Date;
  round: number;
  table: number;
}

export interface NewPenalty {
  eventId: string;
  matchId: string;
  playerId: string;
  kind: PenaltyKind;
  reason: string;
  givenAt: Date;
}

const withRound = { match: { select: { table: true, round: { select: { number: true } } } } } as const;

/** Penalties of an event's matches: owns every database call on them. */
@Injectable()
export class PenaltiesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The event's penalties, by round, table and time given. */
  async ofEvent(eventId: string, tx: Tx = this.prisma): Promise<PenaltyRow[]> {
    const rows = await tx.penalty.findMany({ where: { eventId }, include: withRound, orderBy: [{ givenAt: 'asc' }, { id: 'asc' }] });
    return rows.map(decode).sort((a, b) => a.round - b.round || a.table - b.table);
  }

  /** The match's penalties (lock the match first when deciding on them). */
  async ofMatch(tx: Tx, matchId: string): Promise<PenaltyRow[]> {
    return (await tx.penalty.findMany({ where: { matchId }, include: withRound, orderBy: [{ givenAt: 'asc' }, { id: 'asc' }] })).map(decode);
  }

  async create(tx: Tx, penalty: NewPenalty): Promise<PenaltyRow> {
    return decode(await tx.penalty.create({ data: { id: randomUUID(), ...penalty }, include: withRound }));
  }

  /** @throws DomainError PENALTY_NOT_FOUND */
  async get(tx: Tx, eventId: string, penaltyId: string): Promise<PenaltyRow> {
    const row = await tx.penalty.findFirst({ where: { id: penaltyId, eventId }, include: withRound });
    if (!row) throw new DomainError('PENALTY_NOT_FOUND', 'No such penalty in this event', [{ field: 'penaltyId', rule: 'exists', message: 'unknown penalty' }]);
    return decode(row);
  }

  async delete(tx: Tx, penaltyId: string): Promise<void> {
    await tx.penalty.delete({ where: { id: penaltyId } });
  }
}

function decode(row: {
  id: string;
  matchId: string;
  playerId: string;
  kind: string;
  reason: string;
  givenAt: Date;
  match: { table: number; round: { number: number } };
}): PenaltyRow {
  return {
    id: row.id,
    matchId: row.matchId,
    playerId: row.playerId,
    kind: row.kind as PenaltyKind,
    reason: row.reason,
    givenAt: row.givenAt,
    round: row.match.round.number,
    table: row.match.table,
  };
}
