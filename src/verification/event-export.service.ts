import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { AuditRepository } from '../audit/audit.repository';
import { toAuditEntryDto } from '../audit/audit.service';
import { DomainError } from '../common/errors/domain-error';
import { EventsRepository, pinnedPacks, type EventRow, type Tx } from '../events/events.repository';
import { EventExportRepository, exportEventKinds } from './event-export.repository';
import { EVENT_EXPORT_FORMAT, EVENT_EXPORT_FORMAT_VERSION, type EventExport, type ExportCard, type ExportEvent, type ExportSetVersion } from './event-export.types';
import type { VerificationReport } from './verification-report';
import { verifyEvent } from './verify-event';

/**
 * Builds an event's export file (event-export.types.ts) from the database and verifies events on the
 * server with the same pure verifier the standalone CLI runs (verify-event.ts).
 */
@Injectable()
export class EventExportService {
  constructor(
    private readonly events: EventsRepository,
    private readonly exports: EventExportRepository,
    private readonly clock: Clock,
    private readonly audit: AuditRepository,
  ) {}

  /**
   * The export of an event, for `GET /api/events/:id/export`: the organizer at any time, everyone once
   * the event is complete. The seed is in it only once revealed (null before, for the organizer too).
   * @throws DomainError EVENT_NOT_FOUND; FORBIDDEN for a non-organizer before the event is complete.
   */
  async exportFor(eventId: string, isOrganizer: boolean): Promise<EventExport> {
    const file = await this.build(eventId, isOrganizer);
    if (!isOrganizer && file.event.state !== 'complete') {
      throw new DomainError('FORBIDDEN', 'The event export is public once the event is complete; until then only the organizer can download it', [
        { field: 'authorization', rule: 'organizerOrComplete', message: 'event not complete' },
      ]);
    }
    return file;
  }

  /**
   * Verifies an event on the server (`GET /api/events/:id/verification`): builds its export and runs verifyEvent.
   * @throws DomainError EVENT_NOT_FOUND; SEED_NOT_REVEALED (409) before the organizer revealed the seed.
   */
  async verify(eventId: string): Promise<VerificationReport> {
    const event = await this.events.get(eventId);
    if (!event.seedRevealedAt) {
      throw new DomainError('SEED_NOT_REVEALED', 'The seed is still secret: the organizer reveals it once the event is complete, then anyone can verify', [
        { field: 'id', rule: 'seedRevealed', message: 'seed not revealed yet' },
      ]);
    }
    return verifyEvent(await this.build(eventId));
  }

  /**
   * Reads the whole event in one repeatable-read transaction, so that an export taken during a draft
   * is one consistent moment of it. `withAudit` (staff exports): with the event's audit trail.
   * @throws DomainError EVENT_NOT_FOUND
   */
  async build(eventId: string, withAudit = false): Promise<EventExport> {
    // Plain queries one after another, joined here: a transaction runs on one connection, and
    // Prisma would otherwise run the queries of nested includes concurrently on it.
    return this.exports.snapshot(async (tx) => {
      const event = await this.events.get(eventId, tx);
      const setVersions = await this.setVersions(tx, event);
      const players = await this.exports.players(tx, eventId);
      const pods = await this.exports.pods(tx, eventId);
      const seats = await this.exports.seats(tx, eventId);
      const packs = await this.exports.packs(tx, eventId);
      const packCards = await this.exports.packCards(tx, eventId);
      const picks = await this.exports.picks(tx, eventId);
      const swaps = await this.exports.seatSwaps(tx, eventId);
      const audit = withAudit ? await this.audit.all(eventId, tx) : null;

      const podNumber = new Map(pods.map((p) => [p.id, p.number]));
      const playerNumber = new Map(players.map((p) => [p.id, p.number]));
      const cardsOf = groupBy(packCards, (c) => c.packId);
      // Draft packs by pod, round, seat; sealed packs by player number, pack number.
      const packOrder = (p: (typeof packs)[number]) =>
        p.podId ? [podNumber.get(p.podId) ?? 0, 0, p.packNumber, p.seat ?? 0] : [0, playerNumber.get(p.playerId ?? '') ?? 0, p.packNumber, 0];
      const exportPicks = picks.map((p) => ({
        podNumber: podNumber.get(p.podId) ?? 0,
        packNumber: p.packNumber,
        pickNumber: p.pickNumber,
        seat: p.seat,
        cardId: p.cardId,
        source: p.source,
        madeAt: p.madeAt.toISOString(),
      }));
      return {
        format: EVENT_EXPORT_FORMAT,
        formatVersion: EVENT_EXPORT_FORMAT_VERSION,
        exportedAt: this.clock.now().toISOString(),
        event: exportEvent(event),
        pinnedPacks: pinnedPacks(event).map((p, i) => ({ packNumber: i + 1, setCode: p.setCode, dataVersion: p.dataVersion })),
        setVersions,
        players: players.map((p) => ({
          playerId: p.id,
          number: p.number,
          name: p.name,
          ...(p.firstRound !== null ? { firstRound: p.firstRound } : {}),
          ...(event.teamSize !== null ? { teamNumber: p.team?.number ?? null } : {}),
          ...(p.minMainDeck !== null ? { minMainDeck: p.minMainDeck } : {}),
        })),
        pods: pods.map((pod) => ({ number: pod.number, seats: seats.filter((s) => s.podId === pod.id).map((s) => ({ seat: s.seat, playerId: s.playerId })) })),
        packs: packs
          .sort((a, b) => compareKeys(packOrder(a), packOrder(b)))
          .map((p) => ({
            purpose: p.purpose,
            packNumber: p.packNumber,
            podNumber: p.podId ? (podNumber.get(p.podId) ?? null) : null,
            seat: p.seat,
            playerId: p.playerId,
            cards: (cardsOf.get(p.id) ?? []).map((c) => c.cardId),
          })),
        picks: exportPicks.sort((a, b) => compareKeys([a.podNumber, a.packNumber, a.pickNumber, a.seat], [b.podNumber, b.packNumber, b.pickNumber, b.seat])),
        ...(swaps.length > 0 ? { seatSwaps: swaps.map((w) => ({ playerA: w.playerAId, playerB: w.playerBId, at: w.at.toISOString() })) } : {}),
        ...(audit ? { audit: audit.map(toAuditEntryDto) } : {}),
      };
    });
  }

  /** Each distinct pinned version once, in first-pinned order, with its layout and every card by number. */
  private async setVersions(tx: Tx, event: EventRow): Promise<ExportSetVersion[]> {
    const ids = [...new Set(pinnedPacks(event).map((p) => p.versionId))];
    const versions = await this.exports.setVersions(tx, ids);
    const sets = await this.exports.sets(
      tx,
      versions.map((v) => v.setId),
    );
    const cards = groupBy(await this.exports.cards(tx, ids), (c) => c.versionId);
    return ids.map((id) => {
      const v = versions.find((x) => x.id === id)!;
      return {
        setCode: sets.find((s) => s.id === v.setId)!.code,
        dataVersion: v.dataVersion,
        name: v.name,
        boosterLayout: v.boosterLayout,
        cards: (cards.get(id) ?? []).map((c): ExportCard => ({
          cardId: c.cardId,
          number: c.number,
          name: c.name,
          rarity: c.rarity,
          type: c.type,
          attributes: c.attributes,
          printings: c.printings,
        })),
      };
    });
  }
}

/** Items grouped by key, each group in the input order. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** Lexicographic order of number tuples. */
function compareKeys(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** The event's part of the export; the seed only once revealed. */
function exportEvent(event: EventRow): ExportEvent {
  const { game, format, packSource } = exportEventKinds(event);
  return {
    id: event.id,
    name: event.name,
    game,
    format,
    state: event.state,
    seedCommitment: event.seedCommitment,
    seed: event.seedRevealedAt ? event.seed : null,
    seedRevealedAt: event.seedRevealedAt?.toISOString() ?? null,
    keepHeroSlot: event.keepHeroSlot,
    fillWithBots: event.fillWithBots,
    packSource,
    teamSize: event.teamSize,
    sideboarding: event.sideboarding,
    pickTimeSeconds: event.pickTimeSeconds,
    createdAt: event.createdAt.toISOString(),
    startedAt: event.startedAt?.toISOString() ?? null,
    completedAt: event.completedAt?.toISOString() ?? null,
  };
}
