import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { PrismaService } from '../common/database/prisma.service';
import type { PlayerRow, Tx } from '../events/events.repository';
import type { Prisma } from '../generated/prisma/client';
import type { CardCount, Violation } from './rules';

/** A stored deck with its JSON columns decoded: main deck, sideboard and violations. */
export interface DeckRow {
  id: string;
  eventId: string;
  playerId: string;
  hero: string | null;
  main: CardCount[];
  sideboard: CardCount[];
  legal: boolean;
  violations: Violation[];
  /** player | organizer */
  submittedBy: string;
  updatedAt: Date;
}

/** What a submission stores on a player's deck (created or replaced). */
export interface DeckWrite {
  hero: string | null;
  main: CardCount[];
  sideboard: CardCount[];
  legal: boolean;
  violations: Violation[];
  submittedBy: string;
  updatedAt: Date;
}

/** A new verdict on a stored deck: its violations and legality, and its sideboard when recomputed. */
export interface DeckVerdict {
  sideboard?: CardCount[];
  legal: boolean;
  violations: Violation[];
}

/**
 * A player's working copy: their latest submission when it broke a rule while they had a
 * registered legal deck (which stays registered). Never legal.
 */
export interface WorkingCopyRow {
  eventId: string;
  playerId: string;
  hero: string | null;
  main: CardCount[];
  sideboard: CardCount[];
  /** Why it is not registered; never empty. */
  violations: Violation[];
  /** player | organizer */
  submittedBy: string;
  updatedAt: Date;
}

/** What a submission stores as a working copy (created or replaced). */
export type WorkingCopyWrite = Omit<WorkingCopyRow, 'eventId' | 'playerId'>;

/** A player's deck of record and working copy, each null when there is none. */
export interface PlayerDecks {
  deck: DeckRow | null;
  workingCopy: WorkingCopyRow | null;
}

/** A player with their deck of record and working copy. */
export type PlayerWithDeck = PlayerRow & PlayerDecks;

export type TeamRow = Prisma.TeamGetPayload<object>;

/** A team with its members in registration order, each with their deck. */
export type TeamWithDecks = TeamRow & { members: PlayerWithDeck[] };

/** A match as sideboarding needs it: its event, its sides and whether it has a result. */
export interface MatchSides {
  id: string;
  eventId: string;
  playerAId: string;
  playerBId: string | null;
  winsA: number | null;
}

/** A player's deck for one match after sideboarding (the hero stays the registered deck's). */
export interface MatchDeckRow {
  main: CardCount[];
  sideboard: CardCount[];
  updatedAt: Date;
}

type StoredDeck = Prisma.DeckGetPayload<object>;
type StoredWorkingCopy = Prisma.DeckWorkingCopyGetPayload<object>;

const toDeck = (row: StoredDeck): DeckRow => ({
  ...row,
  main: row.main as unknown as CardCount[],
  sideboard: row.sideboard as unknown as CardCount[],
  violations: row.violations as unknown as Violation[],
});

const toWorkingCopy = (row: StoredWorkingCopy): WorkingCopyRow => ({
  ...row,
  main: row.main as unknown as CardCount[],
  sideboard: row.sideboard as unknown as CardCount[],
  violations: row.violations as unknown as Violation[],
});

/**
 * The deck of record and the working copy as stored. A working copy older than the deck of record
 * is left over from before it (the previous release, during a rolling upgrade, registers decks
 * without knowing working copies): it no longer says anything about the player's deck and reads as none.
 */
const toPlayerDecks = (deck: StoredDeck | null, workingCopy: StoredWorkingCopy | null): PlayerDecks => ({
  deck: deck ? toDeck(deck) : null,
  workingCopy: workingCopy && !(deck && workingCopy.updatedAt < deck.updatedAt) ? toWorkingCopy(workingCopy) : null,
});

const withDecks = <P extends { deck: StoredDeck | null; workingCopy: StoredWorkingCopy | null }>(p: P): Omit<P, 'deck' | 'workingCopy'> & PlayerDecks => ({
  ...p,
  ...toPlayerDecks(p.deck, p.workingCopy),
});

const json = (value: unknown) => value as Prisma.InputJsonValue;

/**
 * Prisma access for decks of record, working copies, per-match decks and the pools decks are built
 * from; the team row lock serializes a team's deck checks, the player row lock a solo player's.
 */
@Injectable()
export class DecksRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Locks the team row for the rest of the transaction (SELECT … FOR UPDATE): teammates' decks are
   * read and rewritten together by the team rule, one submission or recheck of a team at a time.
   */
  async lockTeam(tx: Tx, teamId: string): Promise<void> {
    await tx.$queryRaw`SELECT id FROM "team" WHERE id = ${teamId}::uuid FOR UPDATE`;
  }

  /**
   * Locks the player row for the rest of the transaction (SELECT … FOR NO KEY UPDATE): a solo
   * player's submissions are decided one at a time (registered deck or working copy), so two at
   * once cannot both read "no legal deck" and the later overwrite a registration.
   */
  async lockPlayer(tx: Tx, playerId: string): Promise<void> {
    await tx.$queryRaw`SELECT id FROM "event_player" WHERE id = ${playerId}::uuid FOR NO KEY UPDATE`;
  }

  /** The number of the event's latest round; null before round 1 (a late entry's deck stays open until their first round). */
  async latestRoundNumber(tx: Tx, eventId: string): Promise<number | null> {
    const round = await tx.round.findFirst({ where: { eventId }, orderBy: { number: 'desc' }, select: { number: true } });
    return round?.number ?? null;
  }

  /** Stores the organizer's lower main-deck minimum for the player (null: the game's). */
  async setMinMainDeck(tx: Tx, playerId: string, minMainDeck: number | null): Promise<void> {
    await tx.eventPlayer.update({ where: { id: playerId }, data: { minMainDeck } });
  }

  /** The player's deck of record (registered when legal), or null when they have not submitted one. */
  async deckOfPlayer(playerId: string, tx: Tx = this.prisma): Promise<DeckRow | null> {
    const row = await tx.deck.findUnique({ where: { playerId } });
    return row ? toDeck(row) : null;
  }

  /** The player's deck of record and working copy. */
  async decksOfPlayer(playerId: string, tx: Tx = this.prisma): Promise<PlayerDecks> {
    const [deck, workingCopy] = await Promise.all([tx.deck.findUnique({ where: { playerId } }), tx.deckWorkingCopy.findUnique({ where: { playerId } })]);
    return toPlayerDecks(deck, workingCopy);
  }

  /** Creates or replaces the player's deck of record (one per player). */
  async saveDeck(tx: Tx, eventId: string, playerId: string, deck: DeckWrite): Promise<void> {
    const data = {
      hero: deck.hero,
      main: json(deck.main),
      sideboard: json(deck.sideboard),
      legal: deck.legal,
      violations: json(deck.violations),
      submittedBy: deck.submittedBy,
      updatedAt: deck.updatedAt,
    };
    await tx.deck.upsert({ where: { playerId }, update: data, create: { id: randomUUID(), eventId, playerId, ...data } });
  }

  /** Stores a new verdict on a deck of record (its sideboard too when given; left as is otherwise). */
  async saveVerdict(tx: Tx, deckId: string, verdict: DeckVerdict): Promise<void> {
    const data = {
      ...(verdict.sideboard !== undefined ? { sideboard: json(verdict.sideboard) } : {}),
      legal: verdict.legal,
      violations: json(verdict.violations),
    };
    await tx.deck.update({ where: { id: deckId }, data });
  }

  /** Creates or replaces the player's working copy. */
  async saveWorkingCopy(tx: Tx, eventId: string, playerId: string, copy: WorkingCopyWrite): Promise<void> {
    const data = {
      hero: copy.hero,
      main: json(copy.main),
      sideboard: json(copy.sideboard),
      violations: json(copy.violations),
      submittedBy: copy.submittedBy,
      updatedAt: copy.updatedAt,
    };
    await tx.deckWorkingCopy.upsert({ where: { playerId }, update: data, create: { eventId, playerId, ...data } });
  }

  /** Stores a new verdict on a working copy (its sideboard too when given). */
  async saveWorkingCopyVerdict(tx: Tx, playerId: string, verdict: Omit<DeckVerdict, 'legal'>): Promise<void> {
    const data = { ...(verdict.sideboard !== undefined ? { sideboard: json(verdict.sideboard) } : {}), violations: json(verdict.violations) };
    await tx.deckWorkingCopy.update({ where: { playerId }, data });
  }

  /** Deletes the player's working copy, if any; whether there was one. */
  async deleteWorkingCopy(tx: Tx, playerId: string): Promise<boolean> {
    return (await tx.deckWorkingCopy.deleteMany({ where: { playerId } })).count > 0;
  }

  /** The team with its members in registration order, each with their deck of record and working copy; throws Prisma's not-found error for an unknown team. */
  async teamWithDecks(tx: Tx, teamId: string): Promise<TeamWithDecks> {
    const team = await tx.team.findUniqueOrThrow({
      where: { id: teamId },
      include: { members: { orderBy: { number: 'asc' }, include: { deck: true, workingCopy: true } } },
    });
    return { ...team, members: team.members.map(withDecks) };
  }

  /** Teammates' decks of record (not the player's own) that name a hero, oldest change first. */
  async teammatesDecksWithHero(teamId: string, playerId: string): Promise<DeckRow[]> {
    const decks = await this.prisma.deck.findMany({ where: { player: { teamId }, playerId: { not: playerId }, hero: { not: null } }, orderBy: { updatedAt: 'asc' } });
    return decks.map(toDeck);
  }

  /** Every player of the event in registration order, with their deck of record, working copy and team. */
  async playersWithDecks(eventId: string): Promise<(PlayerWithDeck & { team: TeamRow | null })[]> {
    const players = await this.prisma.eventPlayer.findMany({ where: { eventId }, orderBy: { number: 'asc' }, include: { deck: true, workingCopy: true, team: true } });
    return players.map(withDecks);
  }

  /** The match with its event id; null when there is no such match. */
  async match(matchId: string): Promise<MatchSides | null> {
    const match = await this.prisma.match.findUnique({ where: { id: matchId }, include: { round: { select: { eventId: true } } } });
    return match ? { id: match.id, eventId: match.round.eventId, playerAId: match.playerAId, playerBId: match.playerBId, winsA: match.winsA } : null;
  }

  /** The player's deck for this match after sideboarding; null when they have not sideboarded in it. */
  async matchDeck(matchId: string, playerId: string): Promise<MatchDeckRow | null> {
    const row = await this.prisma.matchDeck.findUnique({ where: { matchId_playerId: { matchId, playerId } } });
    return row ? { main: row.main as unknown as CardCount[], sideboard: row.sideboard as unknown as CardCount[], updatedAt: row.updatedAt } : null;
  }

  /** Creates or replaces the player's deck for this match. */
  async saveMatchDeck(matchId: string, playerId: string, deck: MatchDeckRow): Promise<void> {
    const data = { main: deck.main as unknown as Prisma.InputJsonValue, sideboard: deck.sideboard as unknown as Prisma.InputJsonValue, updatedAt: deck.updatedAt };
    await this.prisma.matchDeck.upsert({ where: { matchId_playerId: { matchId, playerId } }, update: data, create: { matchId, playerId, ...data } });
  }

  /** Pooled team sealed: the player's share of the team pool; null until the team split it. Throws Prisma's not-found error for an unknown player. */
  async poolShare(playerId: string, tx: Tx = this.prisma): Promise<CardCount[] | null> {
    const row = await tx.eventPlayer.findUniqueOrThrow({ where: { id: playerId }, select: { poolShare: true } });
    return row.poolShare as CardCount[] | null;
  }

  /** Sealed: the card id of every card in the player's boosters of the event (one entry per copy). */
  async sealedPoolCardIds(eventId: string, playerId: string, tx: Tx = this.prisma): Promise<string[]> {
    return (await tx.packCard.findMany({ where: { pack: { eventId, playerId } }, select: { cardId: true } })).map((c) => c.cardId);
  }

  /** Draft: the card id of every pick made at the player's seat (one entry per pick); empty without a seat. */
  async draftPickCardIds(playerId: string, tx: Tx = this.prisma): Promise<string[]> {
    const seat = await tx.seat.findUnique({ where: { playerId } });
    if (!seat) return [];
    return (await tx.pick.findMany({ where: { podId: seat.podId, seat: seat.seat }, select: { cardId: true } })).map((p) => p.cardId);
  }
}
