import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { PrismaService } from '../common/database/prisma.service';
import { DomainError } from '../common/errors/domain-error';
import type { Tx } from '../events/events.repository';
import type { Prisma } from '../generated/prisma/client';
import type { MatchResult } from './rules/match-result';
import type { PlayoffMatch } from './rules/top-cut';

/** swiss: a Swiss round; playoff: a round of the top cut. */
export type RoundKind = 'swiss' | 'playoff';

type RoundRecord = Prisma.RoundGetPayload<object>;
type MatchRecord = Prisma.MatchGetPayload<object>;

/** A round row with its kind and its bracket (playoff rounds: every slot of the bracket round) decoded. */
export type RoundRow = Omit<RoundRecord, 'kind' | 'bracket'> & { kind: RoundKind; bracket: PlayoffMatch[] | null };
/** A match row with the players' own reports decoded (null until a side reports). */
export type MatchRow = Omit<MatchRecord, 'reportA' | 'reportB'> & { reportA: MatchResult | null; reportB: MatchResult | null };
export type RoundWithMatches = RoundRow & { matches: MatchRow[] };

/** A match of a new round. `opening`: the result it starts with (a bye's, a walkover's) and the source its audit row names. */
export interface NewMatch {
  table: number;
  slot?: number;
  playerAId: string;
  playerBId: string | null;
  rematch?: boolean;
  opening?: { result: MatchResult; source: 'bye' | 'walkover' };
}

/** A new round: Swiss, or a playoff round with its bracket. */
export interface NewRound {
  eventId: string;
  number: number;
  kind: RoundKind;
  startedAt: Date;
  minutes: number;
  bracket?: PlayoffMatch[];
}

/** Who can be paired: a player, or in a team event a team with its members; `pod` is the draft pod they sat in (null: sealed, or not seated). */
export interface CompetitorRow {
  id: string;
  name: string;
  number: number;
  droppedAfterRound: number | null;
  pod: number | null;
  /** Late entry after round 1: the first Swiss round the player is paired in; null = round 1 (teams: always null, they take no late entry). */
  firstRound?: number | null;
  /** The player's draft seat in their pod (1-based); null for teams, sealed events and unseated players. */
  seat?: number | null;
  /** The table the player (a team: the lowest of its members') cannot leave; null: none. */
  fixedTable: number | null;
  members?: { playerId: string; name: string }[];
}

/** One change of a match's result (the audit trail). `source`: organizer, players, bye or walkover. */
export interface ResultChangeRow {
  winsA: number;
  winsB: number;
  draws: number;
  source: string;
  at: Date;
  /** Who entered it (staff account name or confirming player); null for byes, walkovers and older rows. */
  actorName: string | null;
  actorRole: string | null;
  reason: string | null;
}

const decodeRound = <R extends RoundRecord>(round: R) => round as unknown as Omit<R, 'kind' | 'bracket'> & Pick<RoundRow, 'kind' | 'bracket'>;
const decodeMatch = (match: MatchRecord) => match as unknown as MatchRow;
const withMatches = (round: RoundRecord & { matches: MatchRecord[] }): RoundWithMatches => ({ ...decodeRound(round), matches: round.matches.map(decodeMatch) });

export function matchNotFound(): DomainError {
  return new DomainError('MATCH_NOT_FOUND', 'No such match', [{ field: 'matchId', rule: 'exists', message: 'unknown match' }]);
}

/**
 * Rounds, matches and their result history, and the drops of the players (teams) paired in them.
 * A match row lock (FOR UPDATE) serializes results and reports of one match.
 */
@Injectable()
export class RoundsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The event's rounds in number order, each with its matches. */
  async roundsWithMatches(eventId: string, tx: Tx = this.prisma): Promise<RoundWithMatches[]> {
    const rounds = await tx.round.findMany({ where: { eventId }, orderBy: { number: 'asc' }, include: { matches: true } });
    return rounds.map(withMatches);
  }

  /** The event's latest round with its matches; null before round 1. */
  async latestWithMatches(tx: Tx, eventId: string): Promise<RoundWithMatches | null> {
    const round = await tx.round.findFirst({ where: { eventId }, orderBy: { number: 'desc' }, include: { matches: true } });
    return round && withMatches(round);
  }

  /** The event's latest round; null before round 1. */
  async latest(eventId: string, tx: Tx = this.prisma): Promise<RoundRow | null> {
    const round = await tx.round.findFirst({ where: { eventId }, orderBy: { number: 'desc' } });
    return round && decodeRound(round);
  }

  /** The number of the event's latest round; null before round 1. */
  async latestNumber(tx: Tx, eventId: string): Promise<number | null> {
    const round = await tx.round.findFirst({ where: { eventId }, orderBy: { number: 'desc' }, select: { number: true } });
    return round?.number ?? null;
  }

  /** Round `number` of the event. @throws DomainError ROUND_NOT_FOUND */
  async round(tx: Tx, eventId: string, number: number): Promise<RoundRow> {
    const round = await tx.round.findUnique({ where: { eventId_number: { eventId, number } } });
    if (!round) throw roundNotFound(number);
    return decodeRound(round);
  }

  /** Round `number` of the event with its matches in table order. @throws DomainError ROUND_NOT_FOUND */
  async roundByTable(tx: Tx | undefined, eventId: string, number: number): Promise<RoundWithMatches> {
    const round = await (tx ?? this.prisma).round.findUnique({ where: { eventId_number: { eventId, number } }, include: { matches: { orderBy: { table: 'asc' } } } });
    if (!round) throw roundNotFound(number);
    return withMatches(round);
  }

  /** The number of the event's first playoff round (the top cut has started: it exists). */
  async firstPlayoffNumber(tx: Tx, eventId: string): Promise<number> {
    return (await tx.round.findFirstOrThrow({ where: { eventId, kind: 'playoff' }, orderBy: { number: 'asc' } })).number;
  }

  /**
   * Creates a round and its matches in table order; a match that opens with a result (a bye, a
   * walkover) gets that result and its audit row at once.
   */
  async createRound(tx: Tx, round: NewRound, matches: readonly NewMatch[]): Promise<void> {
    const roundId = randomUUID();
    const { bracket, ...fields } = round;
    await tx.round.create({ data: { id: roundId, ...fields, ...(bracket ? { bracket: bracket as never } : {}) } });
    await this.createMatches(tx, roundId, matches, round.startedAt);
  }

  /** Creates matches of a round; a match that opens with a result gets it and its audit row (at `at`). */
  async createMatches(tx: Tx, roundId: string, matches: readonly NewMatch[], at: Date): Promise<void> {
    for (const m of matches) {
      const id = randomUUID();
      const { opening, ...match } = m;
      await tx.match.create({ data: { id, roundId, ...match, ...(opening ? opening.result : {}) } });
      if (opening) await tx.resultChange.create({ data: { id: randomUUID(), matchId: id, ...opening.result, source: opening.source, at } });
    }
  }

  /**
   * The event's latest round with every match locked (FOR UPDATE, in id order, after the event row:
   * the order results, reports and penalties take), each with its penalty and match-deck counts, for a
   * pairing edit. A result or report racing the edit waits and then sees the edited pairing. Null before round 1.
   */
  async lockLatestForEdit(tx: Tx, eventId: string): Promise<(RoundRow & { matches: (MatchRow & { penalties: number; matchDecks: number })[] }) | null> {
    const latest = await tx.round.findFirst({ where: { eventId }, orderBy: { number: 'desc' }, select: { id: true } });
    if (!latest) return null;
    await tx.$queryRaw`SELECT id FROM "match" WHERE round_id = ${latest.id}::uuid ORDER BY id FOR UPDATE`;
    const round = await tx.round.findUniqueOrThrow({
      where: { id: latest.id },
      include: { matches: { orderBy: { table: 'asc' }, include: { _count: { select: { penalties: true, decks: true } } } } },
    });
    const decoded = withMatches({ ...round, matches: round.matches.map(({ _count, ...m }) => m) });
    return { ...decoded, matches: decoded.matches.map((m, i) => ({ ...m, penalties: round.matches[i]._count.penalties, matchDecks: round.matches[i]._count.decks })) };
  }

  /** Deletes every match of a round (their history goes with them): a re-pair creates new ones. */
  async deleteMatches(tx: Tx, roundId: string): Promise<void> {
    await tx.match.deleteMany({ where: { roundId } });
  }

  /**
   * Stores new sides, table numbers and rematch flags of matches of one round. Tables are unique in a
   * round: the matches step aside to negative numbers first, so two can trade tables.
   */
  async updateSides(tx: Tx, matches: readonly { id: string; table: number; playerAId: string; playerBId: string | null; rematch: boolean }[]): Promise<void> {
    for (const [i, m] of matches.entries()) await tx.match.update({ where: { id: m.id }, data: { table: -1 - i } });
    for (const m of matches) await tx.match.update({ where: { id: m.id }, data: { table: m.table, playerAId: m.playerAId, playerBId: m.playerBId, rematch: m.rematch } });
  }

  /** Drops recorded during round `number` (after it was paired) become drops before it: a re-pair leaves them out. */
  async dropsBefore(tx: Tx, eventId: string, number: number): Promise<void> {
    await tx.eventPlayer.updateMany({ where: { eventId, droppedAfterRound: { gte: number } }, data: { droppedAfterRound: number - 1 } });
    await tx.team.updateMany({ where: { eventId, droppedAfterRound: { gte: number } }, data: { droppedAfterRound: number - 1 } });
  }

  /** Records an organizer's edit of the round's pairings (before and after: pairing lines). */
  async recordEdit(tx: Tx, edit: { roundId: string; kind: 'swap' | 'repair'; source: string; at: Date; before: unknown; after: unknown }): Promise<void> {
    await tx.pairingEdit.create({ data: { id: randomUUID(), ...edit, before: edit.before as never, after: edit.after as never } });
  }

  /** How many times the round was re-paired. */
  async repairCount(tx: Tx, roundId: string): Promise<number> {
    return tx.pairingEdit.count({ where: { roundId, kind: 'repair' } });
  }

  /** Every edit of the round's pairings, oldest first. */
  async edits(roundId: string): Promise<{ kind: string; source: string; at: Date; before: unknown; after: unknown }[]> {
    return this.prisma.pairingEdit.findMany({ where: { roundId }, orderBy: { at: 'asc' }, select: { kind: true, source: true, at: true, before: true, after: true } });
  }

  /** Sets or clears (null) a player's fixed table. */
  async setFixedTable(tx: Tx, playerId: string, table: number | null): Promise<void> {
    await tx.eventPlayer.update({ where: { id: playerId }, data: { fixedTable: table } });
  }

  /** Every player of the event with a fixed table: player id → { table, name, teamId }. */
  async fixedTables(tx: Tx, eventId: string): Promise<{ playerId: string; name: string; teamId: string | null; table: number }[]> {
    const rows = await tx.eventPlayer.findMany({ where: { eventId, fixedTable: { not: null } }, select: { id: true, name: true, teamId: true, fixedTable: true } });
    return rows.map((r) => ({ playerId: r.id, name: r.name, teamId: r.teamId, table: r.fixedTable! }));
  }

  /**
   * Deletes a round (its matches and their history go with it) and, as the round is played again,
   * turns every drop after round `number` or later into a drop after the round before it, and every
   * late entry made after it was paired into an entry from it.
   */
  async deleteRound(tx: Tx, eventId: string, round: { id: string; number: number }): Promise<void> {
    await tx.round.delete({ where: { id: round.id } });
    await tx.eventPlayer.updateMany({ where: { eventId, droppedAfterRound: { gte: round.number } }, data: { droppedAfterRound: round.number - 1 } });
    await tx.team.updateMany({ where: { eventId, droppedAfterRound: { gte: round.number } }, data: { droppedAfterRound: round.number - 1 } });
    // A late entry made after the undone round was paired plays it when it is paired again (one missed
    // round fewer); it stays marked (first round 1 after round 1 is undone: a draft's seating never had them).
    await tx.eventPlayer.updateMany({ where: { eventId, firstRound: { gt: round.number } }, data: { firstRound: round.number } });
  }

  /** Locks the match row for the rest of the transaction and returns it. @throws DomainError MATCH_NOT_FOUND */
  async lockMatch(tx: Tx, matchId: string): Promise<MatchRow> {
    await tx.$queryRaw`SELECT id FROM "match" WHERE id = ${matchId}::uuid FOR UPDATE`;
    const match = await tx.match.findUnique({ where: { id: matchId } });
    if (!match) throw matchNotFound();
    return decodeMatch(match);
  }

  /** The match with the event it belongs to (it exists: read after a lock or a create). */
  async matchWithEvent(tx: Tx, matchId: string): Promise<MatchRow & { eventId: string }> {
    const { round, ...match } = await tx.match.findUniqueOrThrow({ where: { id: matchId }, include: { round: { select: { eventId: true } } } });
    return { ...decodeMatch(match), eventId: round.eventId };
  }

  /** The event a match belongs to. @throws DomainError MATCH_NOT_FOUND */
  async eventOfMatch(matchId: string): Promise<string> {
    const match = await this.prisma.match.findUnique({ where: { id: matchId }, select: { round: { select: { eventId: true } } } });
    if (!match) throw matchNotFound();
    return match.round.eventId;
  }

  /** Every change of the match's result, oldest first. @throws DomainError MATCH_NOT_FOUND */
  async resultHistory(matchId: string): Promise<ResultChangeRow[]> {
    const match = await this.prisma.match.findUnique({ where: { id: matchId }, include: { history: { orderBy: { at: 'asc' } } } });
    if (!match) throw matchNotFound();
    return match.history;
  }

  /** Stores the match's result and its history row (who: the staff member's or player's name and role; why: a correction's reason). */
  async storeResult(
    tx: Tx,
    matchId: string,
    result: MatchResult,
    source: string,
    at: Date,
    by: { name: string; role: string | null; reason?: string | null } | null = null,
  ): Promise<void> {
    await tx.match.update({ where: { id: matchId }, data: result });
    await tx.resultChange.create({
      data: { id: randomUUID(), matchId, ...result, source, at, actorName: by?.name ?? null, actorRole: by?.role ?? null, reason: by?.reason ?? null },
    });
  }

  /** Where a match is played: its event, round number and table. @throws DomainError MATCH_NOT_FOUND */
  async matchPlace(tx: Tx, matchId: string): Promise<{ eventId: string; round: number; table: number }> {
    const match = await tx.match.findUnique({ where: { id: matchId }, select: { table: true, round: { select: { eventId: true, number: true } } } });
    if (!match) throw matchNotFound();
    return { eventId: match.round.eventId, round: match.round.number, table: match.table };
  }

  /** Stores one side's own report of the match. */
  async storeReport(tx: Tx, matchId: string, side: 'A' | 'B', report: MatchResult): Promise<void> {
    await tx.match.update({ where: { id: matchId }, data: side === 'A' ? { reportA: report as never } : { reportB: report as never } });
  }

  /** Marks the match disputed (the two reports differ) or settled. */
  async setDisputed(tx: Tx, matchId: string, disputed: boolean): Promise<void> {
    await tx.match.update({ where: { id: matchId }, data: { disputed } });
  }

  /** Drops a team after round `after`, and with it every member not dropped yet. */
  async dropTeam(tx: Tx, teamId: string, after: number): Promise<void> {
    await tx.team.update({ where: { id: teamId }, data: { droppedAfterRound: after } });
    await tx.eventPlayer.updateMany({ where: { teamId, droppedAfterRound: null }, data: { droppedAfterRound: after } });
  }

  /** Drops a player after round `after`. */
  async dropPlayer(tx: Tx, playerId: string, after: number): Promise<void> {
    await tx.eventPlayer.update({ where: { id: playerId }, data: { droppedAfterRound: after } });
  }

  /**
   * Who plays the event's matches (any order): its players, or in a team event its teams with their
   * members in number order; a team's pod is its first member's.
   */
  async competitors(tx: Tx | undefined, event: { id: string; teamSize: number | null }): Promise<CompetitorRow[]> {
    const db = tx ?? this.prisma;
    const pod = { seat: { select: { pod: { select: { number: true } } } } } as const;
    if (event.teamSize !== null) {
      const teams = await db.team.findMany({
        where: { eventId: event.id },
        include: { members: { orderBy: { number: 'asc' }, select: { id: true, name: true, fixedTable: true, ...pod } } },
      });
      return teams.map((t) => ({
        id: t.id,
        name: t.name,
        number: t.number,
        droppedAfterRound: t.droppedAfterRound,
        pod: t.members[0]?.seat?.pod.number ?? null,
        fixedTable: lowest(t.members.map((m) => m.fixedTable)),
        members: t.members.map((m) => ({ playerId: m.id, name: m.name })),
      }));
    }
    const rows = await db.eventPlayer.findMany({ where: { eventId: event.id }, include: { seat: { include: { pod: { select: { number: true } } } } } });
    return rows.map((p) => ({
      id: p.id,
      name: p.name,
      number: p.number,
      droppedAfterRound: p.droppedAfterRound,
      pod: p.seat?.pod.number ?? null,
      seat: p.seat?.seat ?? null,
      firstRound: p.firstRound,
      fixedTable: p.fixedTable,
    }));
  }

  /**
   * Every player still in the event (a team event: every member of a team still in) with their deck
   * of record's legality: null when they submitted none. In registration order.
   */
  async deckStandings(tx: Tx, eventId: string): Promise<{ playerId: string; name: string; legal: boolean | null }[]> {
    const rows = await tx.eventPlayer.findMany({
      where: { eventId, droppedAfterRound: null, OR: [{ teamId: null }, { team: { droppedAfterRound: null } }] },
      orderBy: { number: 'asc' },
      select: { id: true, name: true, deck: { select: { legal: true } } },
    });
    return rows.map((p) => ({ playerId: p.id, name: p.name, legal: p.deck?.legal ?? null }));
  }

  /** The table a side (player or team id) plays at in the round, with the table's extension; null when not paired in it. */
  async tableOf(roundId: string, side: string): Promise<{ table: number; extraMinutes: number } | null> {
    return this.prisma.match.findFirst({ where: { roundId, OR: [{ playerAId: side }, { playerBId: side }] }, select: { table: true, extraMinutes: true } });
  }

  /** Stores a round's clock (minutes added, when paused, milliseconds paused before). */
  async storeClock(tx: Tx, roundId: string, clock: { extraMinutes: number; pausedAt: Date | null; pausedMs: number }): Promise<void> {
    await tx.round.update({ where: { id: roundId }, data: { extraMinutes: clock.extraMinutes, pausedAt: clock.pausedAt, pausedMs: BigInt(clock.pausedMs) } });
  }

  /** A match as a table extension needs it (bye? decided? which round?); null when there is no such match. */
  async matchForExtension(tx: Tx, matchId: string): Promise<{ id: string; playerBId: string | null; winsA: number | null; eventId: string; number: number } | null> {
    const match = await tx.match.findUnique({ where: { id: matchId }, select: { id: true, playerBId: true, winsA: true, round: { select: { eventId: true, number: true } } } });
    return match && { id: match.id, playerBId: match.playerBId, winsA: match.winsA, eventId: match.round.eventId, number: match.round.number };
  }

  /** Stores a judge's time extension of one table, in minutes. */
  async setTableExtension(tx: Tx, matchId: string, extraMinutes: number): Promise<void> {
    await tx.match.update({ where: { id: matchId }, data: { extraMinutes } });
  }
}

function lowest(tables: (number | null)[]): number | null {
  const set = tables.filter((t): t is number => t !== null);
  return set.length === 0 ? null : Math.min(...set);
}

function roundNotFound(number: number): DomainError {
  return new DomainError('ROUND_NOT_FOUND', `No round ${number}`, [{ field: 'number', rule: 'exists', message: 'unknown round' }]);
}
