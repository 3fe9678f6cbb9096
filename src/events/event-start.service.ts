import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { LiveNotifier } from '../common/notify/live-notifier';
import type { EventDto } from './dto/event.dto';
import { EventsRepository } from './events.repository';
import { FormatStarters } from './format-starters';
import { toEventDto } from './events.service';
import { nextState } from './rules/event-lifecycle';
import { PlayersRepository } from './players.repository';
import { startLineup } from './rules/registration-policy';
import { assertTeamsReady } from './rules/team-readiness';
import { AuditRepository } from '../audit/audit.repository';
import { systemActor, type AuditActor } from '../audit/rules/audit-entry';

/**
 * `POST /events/:id/start`: sealed — every player's boosters open and the event moves to deck
 * building; draft — pods are seated, every pack opened and the event moves to drafting. With real
 * boosters (packSource "physical") nothing is opened: sealed moves to deck building, a draft is
 * seated and drafts at the table until the organizer finishes it (finishPhysicalDraft).
 * One transaction with the event row locked: a start is all or nothing, and only once.
 * Who plays is the line-up rule's (rules/registration-policy.ts, START_LINEUP): the registered
 * players — with `onlyCheckedIn`, the checked-in ones, their free seats going to checked-in
 * waitlisted players in order. Everyone else is left out: never seated, paired or given a pool
 * (status waitlisted or noShow, dropped before round 1).
 */
@Injectable()
export class EventStartService {
  private readonly logger = new Logger(EventStartService.name);

  constructor(
    private readonly events: EventsRepository,
    private readonly starters: FormatStarters,
    private readonly clock: Clock,
    private readonly live: LiveNotifier,
    private readonly entries: PlayersRepository,
    private readonly audit: AuditRepository,
  ) {}

  /** @throws DomainError EVENT_STATE_CONFLICT (already started), NOT_ENOUGH_PLAYERS (draft without bots, < 4), TEAMS_INCOMPLETE, TEAM_PODS_UNBALANCED */
  async start(eventId: string, options: { onlyCheckedIn?: boolean } = {}, actor: AuditActor = systemActor()): Promise<EventDto> {
    const started = await this.events.transaction(async (tx) => {
      const event = await this.events.lock(tx, eventId);
      const format = event.format;
      const state = nextState(event.state, 'start', format);
      const lineup = startLineup(await this.entries.entryStates(tx, eventId), event.capacity, options.onlyCheckedIn ?? false);
      await this.entries.register(tx, lineup.promoted);
      await this.entries.leaveOut(tx, lineup.waitlisted, 'waitlisted');
      await this.entries.leaveOut(tx, lineup.noShows, 'noShow');
      const playing = new Set(lineup.playing);
      const players = (await this.events.players(eventId, tx)).filter((p) => playing.has(p.id));
      if (event.teamSize !== null) {
        const teams = await this.events.teamSizes(tx, eventId);
        assertTeamsReady(
          teams.map((t) => ({ name: t.name, members: t.members })),
          players.filter((p) => p.teamId === null).map((p) => ({ playerId: p.id, name: p.name })),
          event.teamSize,
        );
      }
      const now = this.clock.now();
      const started = await this.events.moveTo(tx, eventId, state, now, { startedAt: now });
      await this.starters.get(format).start(tx, started, players);
      await this.audit.record(tx, {
        eventId,
        action: 'event.started',
        actor,
        at: now,
        subject: { name: event.name, onlyCheckedIn: options.onlyCheckedIn ?? false },
        before: { state: event.state },
        after: { state, players: players.length, promoted: lineup.promoted.length, waitlisted: lineup.waitlisted.length, noShows: lineup.noShows.length },
      });
      return { dto: toEventDto(await this.events.get(eventId, tx), { players: players.length, rounds: 0, waitlisted: lineup.waitlisted.length }), format };
    });
    await this.starters
      .get(started.format)
      .opened?.(eventId)
      .catch((error: unknown) => this.logger.warn(`start of ${eventId}: clocks kept from the start transaction: ${(error as Error).message}`));
    await this.live.eventChanged(eventId);
    return started.dto;
  }
}
