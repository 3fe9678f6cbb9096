import { Injectable } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { assertBoosterSet, CatalogService } from '../catalog/catalog.service';
import { GAMES } from '../catalog/games';
import type { GameId } from '../catalog/card.types';
import { Clock } from '../common/clock/clock';
import { eventCodeCandidates, normalizeEventCode } from './rules/event-code';
import { DomainError } from '../common/errors/domain-error';
import { LiveNotifier } from '../common/notify/live-notifier';
import { generateSeed } from '../common/random/seeded-rng';
import { seedCommitment } from '../common/random/stream-purposes';
import { EVENT_PAGE_DEFAULT, type CreateEventDto, type EventDto, type EventListQueryDto, type EventPageDto, type UpdateEventDto } from './dto/event.dto';
import { decodeEventCursor, encodeEventCursor } from './event-list-cursor';
import { EventsRepository, pinnedPacks, type EventCounts, type EventRow, type PinnedPack } from './events.repository';
import { assertAllowed, nextState, type EventFormat } from './rules/event-lifecycle';
import { assertCapacityOptions, assertOrganizerFinishesDraft, assertPackSourceOptions, assertSideboardingEditable, assertTeamOptions } from './rules/event-options';
import { PlayersService } from './players.service';
import { AuditRepository } from '../audit/audit.repository';
import { systemActor, type AuditActor } from '../audit/rules/audit-entry';
import { expandPackSequence } from './rules/pack-sequence';

/** Organizer's side of events: create, list, edit before start, cancel, complete, reveal the seed. */
@Injectable()
export class EventsService {
  constructor(
    private readonly events: EventsRepository,
    private readonly catalog: CatalogService,
    private readonly clock: Clock,
    private readonly live: LiveNotifier,
    private readonly players: PlayersService,
    private readonly audit: AuditRepository,
  ) {}

  /**
   * Creates an event in state `registration`, pinning the current data version of each set and
   * publishing the seed's commitment (the seed itself stays secret until revealed).
   * @param storeId the store that runs it (the creating staff's).
   * @param actor who creates it (audit trail: event.created, in the creating transaction).
   * @throws DomainError SET_NOT_FOUND, NOT_A_BOOSTER_SET (a promo set in packs), VALIDATION_FAILED (packs)
   */
  async create(dto: CreateEventDto, storeId: string, actor: AuditActor = systemActor()): Promise<EventDto> {
    assertTeamOptions(dto.format, dto.teamSize ?? null, dto.pooledTeamSealed ?? false);
    assertPackSourceOptions(dto.packSource ?? 'generated', dto.fillWithBots ?? false, dto.pooledTeamSealed ?? false);
    assertCapacityOptions(dto.teamSize ?? null, dto.capacity ?? null);
    const packs = await this.pinPacks(dto.game, dto.format, dto.packs);
    const seed = dto.seed ?? generateSeed(randomBytes);
    const now = this.clock.now();
    const event = await this.events.createWithCode(
      {
        id: randomUUID(),
        name: dto.name,
        game: dto.game,
        format: dto.format,
        packSource: dto.packSource ?? 'generated',
        state: 'registration',
        storeId,
        packs,
        seed,
        seedCommitment: seedCommitment(seed),
        pickTimeSeconds: dto.pickTimeSeconds ?? 60,
        timeZone: dto.timeZone ?? null,
        deckBuildingMinutes: dto.deckBuildingMinutes ?? null,
        minPickSeconds: dto.minPickSeconds ?? 5,
        fillWithBots: dto.fillWithBots ?? false,
        keepHeroSlot: dto.keepHeroSlot ?? false,
        joinCode: dto.joinCode ?? null,
        teamSize: dto.teamSize ?? null,
        pooledTeamSealed: dto.pooledTeamSealed ?? false,
        capacity: dto.capacity ?? null,
        sideboarding: dto.sideboarding ?? true,
        createdAt: now,
        updatedAt: now,
      },
      eventCodeCandidates(seed),
      (tx, created) =>
        this.audit.record(tx, {
          eventId: created.id,
          action: 'event.created',
          actor,
          at: now,
          subject: { name: created.name, code: created.code },
          after: { name: created.name, game: created.game, format: created.format, packSource: created.packSource, capacity: created.capacity },
        }),
    );
    return toEventDto(event, { players: 0, rounds: 0, waitlisted: 0 });
  }

  /**
   * The event an event code names (what a player types or scans to join), any case.
   * @throws DomainError EVENT_NOT_FOUND (no such code, or its event was deleted: codes are never reused)
   */
  async byCode(code: string): Promise<EventDto> {
    const event = await this.events.byCode(normalizeEventCode(code));
    if (!event) throw new DomainError('EVENT_NOT_FOUND', `No event has the code ${normalizeEventCode(code)}`, [{ field: 'code', rule: 'exists', message: 'unknown event code' }]);
    return toEventDto(event, await this.events.counts(event.id));
  }

  /**
   * One page of events, newest first by (creation, id), with the filters of `query`; the page's
   * nextCursor (null on the last page) gives the next one. Keyset pages: every event that existed
   * at the first page is listed once, whatever is created meanwhile (see event-list-cursor.ts).
   * @throws DomainError VALIDATION_FAILED (field cursor) for a cursor this API did not hand out.
   */
  async list(query: EventListQueryDto): Promise<EventPageDto> {
    const after = query.cursor === undefined ? null : decodeEventCursor(query.cursor);
    const limit = query.limit ?? EVENT_PAGE_DEFAULT;
    // One more than the page: whether a next page exists, without a second query or a count.
    const rows = await this.events.page({ state: query.state, game: query.game, q: query.q, storeId: query.storeId }, after, limit + 1);
    const items = rows.slice(0, limit);
    const last = items.at(-1)?.event;
    return {
      items: items.map(({ event, counts }) => toEventDto(event, counts)),
      nextCursor: rows.length > limit && last ? encodeEventCursor({ createdAt: last.createdAt, id: last.id }) : null,
    };
  }

  async get(id: string): Promise<EventDto> {
    const event = await this.events.get(id);
    return toEventDto(event, await this.events.counts(id));
  }

  /**
   * Edits the event before its start. A capacity raised (or removed) moves waitlisted players up at
   * once, in waitlist order, in the same transaction; one lowered takes nobody's seat.
   * @throws DomainError EVENT_STATE_CONFLICT after start; SET_NOT_FOUND; VALIDATION_FAILED (option combinations)
   */
  async update(id: string, dto: UpdateEventDto, actor: AuditActor = systemActor()): Promise<EventDto> {
    return this.events.transaction(async (tx) => {
      const event = await this.events.lock(tx, id);
      // The sideboarding option alone may change until round 1 (SIDEBOARDING_OPTION_WINDOW); the rest only before the start.
      if (onlySideboarding(dto)) assertSideboardingEditable(event.state);
      else assertAllowed(event.state, 'edit', event.format);
      const format = dto.format ?? event.format;
      assertTeamOptions(format, event.teamSize, dto.pooledTeamSealed ?? event.pooledTeamSealed);
      assertPackSourceOptions(dto.packSource ?? event.packSource, dto.fillWithBots ?? event.fillWithBots, dto.pooledTeamSealed ?? event.pooledTeamSealed);
      assertCapacityOptions(event.teamSize, dto.capacity === undefined ? event.capacity : dto.capacity);
      const packs = dto.packs || dto.format ? await this.pinPacks(event.game, format, dto.packs ?? uniqueCodes(pinnedPacks(event))) : undefined;
      const updated = await this.events.edit(tx, id, {
        name: dto.name,
        format,
        packSource: dto.packSource,
        packs,
        pickTimeSeconds: dto.pickTimeSeconds,
        timeZone: dto.timeZone,
        deckBuildingMinutes: dto.deckBuildingMinutes,
        minPickSeconds: dto.minPickSeconds,
        fillWithBots: dto.fillWithBots,
        keepHeroSlot: dto.keepHeroSlot,
        joinCode: dto.joinCode === undefined ? undefined : dto.joinCode,
        pooledTeamSealed: dto.pooledTeamSealed,
        capacity: dto.capacity,
        sideboarding: dto.sideboarding,
        updatedAt: this.clock.now(),
      });
      const changed = editedFields(event, updated);
      if (Object.keys(changed.after).length > 0) {
        await this.audit.record(tx, {
          eventId: id,
          action: 'event.edited',
          actor,
          at: updated.updatedAt,
          subject: { name: updated.name },
          before: changed.before,
          after: changed.after,
        });
      }
      if (dto.capacity !== undefined) await this.players.moveWaitlistUp(tx, updated);
      return toEventDto(updated, await this.events.counts(id, tx));
    });
  }

  /**
   * Moves the event by a lifecycle action: cancel, complete, or finishDraft — only for a draft of real
   * boosters (the table tells the organizer when it is done; a draft of generated packs finishes
   * with its last pick).
   * @throws DomainError EVENT_STATE_CONFLICT (the state does not allow the action; finishDraft of
   *   a draft of generated packs: rule "physicalDraftOnly")
   */
  async transition(id: string, action: 'cancel' | 'complete' | 'finishDraft', actor: AuditActor = systemActor()): Promise<EventDto> {
    const moved = await this.events.transaction(async (tx) => {
      const event = await this.events.lock(tx, id);
      const state = nextState(event.state, action, event.format);
      if (action === 'finishDraft') assertOrganizerFinishesDraft(event.packSource);
      const now = this.clock.now();
      const updated = await this.events.moveTo(tx, id, state, now, action === 'complete' ? { completedAt: now } : {});
      const recorded = ({ cancel: 'event.cancelled', complete: 'event.completed', finishDraft: 'event.draftFinished' } as const)[action];
      await this.audit.record(tx, { eventId: id, action: recorded, actor, at: now, subject: { name: event.name }, before: { state: event.state }, after: { state } });
      return toEventDto(updated, await this.events.counts(id, tx));
    });
    // Live streams show the event's state (a cancelled draft shows no pack): every instance re-reads it.
    await this.live.eventChanged(id);
    return moved;
  }

  /** Publishes the seed of a complete event. Revealing twice is harmless. @throws EVENT_STATE_CONFLICT */
  async reveal(id: string, actor: AuditActor = systemActor()): Promise<EventDto> {
    return this.events.transaction(async (tx) => {
      const event = await this.events.lock(tx, id);
      assertAllowed(event.state, 'reveal', event.format);
      let updated = event;
      if (!event.seedRevealedAt) {
        const now = this.clock.now();
        updated = await this.events.revealSeed(tx, id, now);
        await this.audit.record(tx, { eventId: id, action: 'event.seedRevealed', actor, at: now, subject: { name: event.name }, after: { seed: updated.seed } });
      }
      return toEventDto(updated, await this.events.counts(id, tx));
    });
  }

  private async pinPacks(game: GameId, format: EventFormat, codes: string[]): Promise<PinnedPack[]> {
    const sets = new Map<string, Awaited<ReturnType<CatalogService['getSet']>>>();
    for (const code of codes) {
      const key = code.toUpperCase();
      if (!sets.has(key)) {
        const set = await this.catalog.getSet(code, game);
        assertBoosterSet(set, 'packs');
        sets.set(key, set);
      }
    }
    const first = sets.get(codes[0].toUpperCase())!;
    const boosterSize = Math.max(...first.boosterLayout.variants.map((v) => v.slots.reduce((n, s) => n + s.count, 0)));
    return expandPackSequence(GAMES[game], format, codes, boosterSize).map((code) => {
      const set = sets.get(code.toUpperCase())!;
      return { setCode: set.code, versionId: set.versionId, dataVersion: set.dataVersion };
    });
  }
}

/** The codes to re-pin when only the format changes: a single repeated set gets the new format's default count again. */
function uniqueCodes(packs: PinnedPack[]): string[] {
  const codes = packs.map((p) => p.setCode);
  return new Set(codes).size === 1 ? [codes[0]] : codes;
}

export function toEventDto(event: EventRow, counts: EventCounts): EventDto {
  return {
    id: event.id,
    code: event.code,
    name: event.name,
    game: event.game,
    format: event.format,
    packSource: event.packSource,
    state: event.state,
    packs: pinnedPacks(event).map((p, i) => ({ packNumber: i + 1, setCode: p.setCode, dataVersion: p.dataVersion })),
    seedCommitment: event.seedCommitment,
    seed: event.seedRevealedAt ? event.seed : null,
    pickTimeSeconds: event.pickTimeSeconds,
    timeZone: eventTimeZone(event),
    deckBuildingMinutes: event.deckBuildingMinutes,
    deckDeadline: event.buildingAt && event.deckBuildingMinutes ? new Date(event.buildingAt.getTime() + event.deckBuildingMinutes * 60_000).toISOString() : null,
    minPickSeconds: event.minPickSeconds,
    fillWithBots: event.fillWithBots,
    keepHeroSlot: event.keepHeroSlot,
    joinCodeRequired: event.joinCode !== null,
    teamSize: event.teamSize,
    pooledTeamSealed: event.pooledTeamSealed,
    playerCount: counts.players,
    capacity: event.capacity,
    sideboarding: event.sideboarding,
    waitlistCount: counts.waitlisted,
    roundCount: counts.rounds,
    storeId: event.storeId,
    createdAt: event.createdAt.toISOString(),
    startedAt: event.startedAt?.toISOString() ?? null,
    completedAt: event.completedAt?.toISOString() ?? null,
  };
}

/** The event's time zone: its own, else the server's (Intl's resolved zone; "UTC" in most containers). */
export function eventTimeZone(event: { timeZone: string | null }): string {
  return event.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const EDITABLE = [
  'name',
  'format',
  'packSource',
  'pickTimeSeconds',
  'timeZone',
  'deckBuildingMinutes',
  'minPickSeconds',
  'fillWithBots',
  'keepHeroSlot',
  'pooledTeamSealed',
  'capacity',
  'sideboarding',
] as const;

/**
 * What an edit changed, field by field (the audit's before → after). Pinned packs are compared by
 * set code; a join code is shown only as set or not (it is a secret of the event).
 */
function editedFields(before: EventRow, after: EventRow): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of EDITABLE) {
    if (before[key] !== after[key]) {
      was[key] = before[key];
      now[key] = after[key];
    }
  }
  const packs = (e: EventRow) => pinnedPacks(e).map((p) => p.setCode);
  if (packs(before).join() !== packs(after).join()) {
    was.packs = packs(before);
    now.packs = packs(after);
  }
  if (before.joinCode !== after.joinCode) {
    was.joinCodeRequired = before.joinCode !== null;
    now.joinCodeRequired = after.joinCode !== null;
  }
  return { before: was, after: now };
}

/** An edit that changes only the sideboarding option (undefined fields are unchanged). */
function onlySideboarding(dto: UpdateEventDto): boolean {
  const given = Object.entries(dto)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  return given.length > 0 && given.every((k) => k === 'sideboarding');
}
