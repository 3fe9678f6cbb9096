import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { LiveNotifier } from '../common/notify/live-notifier';
import { EventsRepository, type PlayerRow } from '../events/events.repository';
import { assertAllowed } from '../events/rules/event-lifecycle';
import type { PodDto } from './dto/draft.dto';
import { DraftViewsService } from './draft-views.service';
import { PodCommits, sameTime } from './pod-commits';
import { PodRepository } from './pod.repository';
import { PodStore } from './pod-store';
import { DomainError } from '../common/errors/domain-error';
import { assertAbsentMarkable, assertPickClocks, assertSeated, podsToPause, preselectedPick } from './rules/pod-admin';
import { assertSeatsSwappable, teamsAfterSwap } from './rules/seat-swap';
import { AuditRepository } from '../audit/audit.repository';
import { systemActor, type AuditActor } from '../audit/rules/audit-entry';

/**
 * Changes of a pod other than picks: the organizer's pause, resume and absent marks, a player's
 * preselect. Each runs in the pod's queue, commits with the pod row locked (its seq advances, every
 * instance hears of it), then brings the state up to date and lets bots and timers follow.
 */
@Injectable()
export class DraftAdminService {
  constructor(
    private readonly events: EventsRepository,
    private readonly pods: PodRepository,
    private readonly store: PodStore,
    private readonly commits: PodCommits,
    private readonly views: DraftViewsService,
    private readonly clock: Clock,
    private readonly notifier: LiveNotifier,
    private readonly audit: AuditRepository,
  ) {}

  /**
   * Organizer: pause or resume one pod or all of an event's pods. Timers stop while paused; after a
   * resume every waiting pick gets its full time again (timers run from max(arrival, resume)).
   * @throws DomainError EVENT_STATE_CONFLICT (not drafting), POD_NOT_FOUND, PHYSICAL_BOOSTERS (real boosters: no pick clocks)
   */
  async setPaused(eventId: string, paused: boolean, podId?: string, actor: AuditActor = systemActor()): Promise<PodDto[]> {
    const event = await this.events.get(eventId);
    assertAllowed(event.state, 'pause', event.format);
    assertPickClocks(event.packSource);
    for (const id of podsToPause(await this.pods.podIds(eventId), podId)) {
      await this.store.run(id, async () => {
        await this.pods.change(id, null, async (c) => {
          const now = this.clock.now();
          await PodRepository.setPaused(c, id, paused, now);
          await this.audit.recordSql(c, { eventId, action: paused ? 'draft.paused' : 'draft.resumed', actor, at: now, subject: { podId: id } });
        });
        await this.afterChange(id, !paused);
      });
    }
    return this.views.podList(eventId);
  }

  /** Organizer: mark a player absent (a bot picks for them at once) or back. @throws DomainError PLAYER_NOT_FOUND, PHYSICAL_BOOSTERS (a seat at a real-booster table) */
  async setAbsent(eventId: string, playerId: string, absent: boolean, actor: AuditActor = systemActor()): Promise<{ playerId: string; absent: boolean }> {
    const event = await this.events.get(eventId);
    const player = await this.events.player(eventId, playerId);
    const seat = await this.pods.seatOf(player.id);
    assertAbsentMarkable(seat !== null, event.packSource);
    const entry = { eventId, action: absent ? ('player.absent' as const) : ('player.present' as const), actor, subject: { playerId: player.id, name: player.name } };
    if (!seat) {
      await this.events.transaction(async (tx) => {
        await this.events.setAbsent(player.id, absent, tx);
        await this.audit.record(tx, { ...entry, at: this.clock.now() });
      });
      return { playerId: player.id, absent };
    }
    await this.store.run(seat.podId, async () => {
      await this.pods.change(seat.podId, null, async (c) => {
        const now = this.clock.now();
        await PodRepository.setAbsent(c, seat.podId, player.id, absent, now);
        await this.audit.recordSql(c, { ...entry, at: now });
      });
      await this.afterChange(seat.podId, event.state === 'drafting');
    });
    return { playerId: player.id, absent };
  }

  /**
   * Organizer: two players trade seats before either seat has picked (rules/seat-swap.ts). Runs in
   * the queues of both pods (in id order) and commits with both pod rows locked, so a pick racing
   * the swap either lands first (and the swap is refused) or finds its seat gone and is resolved
   * again; every instance reloads the seats from the new seq.
   * @throws DomainError EVENT_STATE_CONFLICT (not drafting), PHYSICAL_BOOSTERS, PLAYER_NOT_FOUND,
   *   VALIDATION_FAILED (not seated, the same player twice), SEATS_LOCKED, TEAM_SEATS_ALTERNATE
   */
  async swapSeats(eventId: string, playerId: string, withPlayerId: string, actor: AuditActor = systemActor()): Promise<PodDto[]> {
    const event = await this.events.get(eventId);
    assertAllowed(event.state, 'pick', event.format);
    assertPickClocks(event.packSource);
    const a = await this.events.player(eventId, playerId);
    const b = await this.events.player(eventId, withPlayerId);
    const seats = [await this.pods.seatOf(a.id), await this.pods.seatOf(b.id)];
    seats.forEach((seat, i) => {
      if (!seat)
        throw new DomainError('VALIDATION_FAILED', 'The player has no seat in a pod', [{ field: i === 0 ? 'playerId' : 'withPlayerId', rule: 'seated', message: 'not seated' }]);
    });
    const podIds = [...new Set(seats.map((s) => s!.podId))].sort();
    const inQueues = (ids: string[], work: () => Promise<void>): Promise<void> => (ids.length === 0 ? work() : this.store.run(ids[0], () => inQueues(ids.slice(1), work)));
    await inQueues(podIds, async () => {
      await this.pods.changePods(podIds, async (c) => {
        // Read again under the pods' locks: a pick committed meanwhile counts.
        const now = await PodRepository.seatsToSwap(c, [a.id, b.id]);
        const x = now.find((s) => s.playerId === a.id);
        const y = now.find((s) => s.playerId === b.id);
        if (!x || !y)
          throw new DomainError('VALIDATION_FAILED', 'The player has no seat in a pod', [{ field: x ? 'withPlayerId' : 'playerId', rule: 'seated', message: 'not seated' }]);
        const teamsOf = event.teamSize === null ? null : new Map(x.podId === y.podId ? [[x.podId, teamsAfterSwap(await PodRepository.seatTeams(c, x.podId), x.seat, y.seat)]] : []);
        assertSeatsSwappable(x, y, teamsOf);
        const at = this.clock.now();
        await PodRepository.swapSeats(c, eventId, x, y, at);
        await this.audit.recordSql(c, {
          eventId,
          action: 'seat.swapped',
          actor,
          at,
          subject: { playerA: a.name, playerB: b.name, playerAId: a.id, playerBId: b.id },
          before: { [a.name]: x.seat, [b.name]: y.seat },
          after: { [a.name]: y.seat, [b.name]: x.seat },
        });
      });
      for (const id of podIds) await this.afterChange(id, false);
    });
    return this.views.podList(eventId);
  }

  /**
   * Marks a card of the pack in front of the player as their choice should the timer run out.
   * @throws DomainError PACK_NOT_ARRIVED (no pack in front), CARD_NOT_IN_PACK, EVENT_STATE_CONFLICT, FORBIDDEN (not seated)
   */
  async preselect(eventId: string, player: PlayerRow, cardId: string): Promise<{ packNumber: number; pickNumber: number; cardId: string }> {
    const event = await this.events.get(eventId);
    assertAllowed(event.state, 'pick', event.format);
    const seat = await this.pods.seatOf(player.id);
    assertSeated(seat);
    return this.store.run(seat.podId, async () => {
      for (;;) {
        const state = await this.store.fresh(seat.podId);
        const key = { seat: seat.seat, ...preselectedPick(state.draft.seatState(seat.seat), cardId) };
        // Only if the pod did not move on since this state was read: the pack may have changed.
        const seq = await this.pods.change(seat.podId, state.seq, (c) => PodRepository.preselect(c, seat.podId, key, cardId));
        if (seq === null) continue;
        await this.afterChange(seat.podId, false);
        return { packNumber: key.packNumber, pickNumber: key.pickNumber, cardId };
      }
    });
  }

  /** Reads the committed change into the state, tells this process's streams, and lets bots and timers follow. */
  private async afterChange(podId: string, settle: boolean): Promise<void> {
    const state = await this.store.fresh(podId);
    this.notifier.podChanged(state.eventId, state.id, state.seq);
    this.store.committed(state, await this.store.event(state.eventId));
    if (settle || !sameTime(state.storedDeadline, state.nextDeadline())) await this.commits.settle(podId);
  }
}
