import { Injectable, OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Clock } from '../common/clock/clock';
import { Metrics } from '../common/metrics/metrics';
import { rngFor } from '../common/random/seeded-rng';
import { EventPacks } from '../events/event-packs';
import { EventsRepository, pinnedPacks, type EventRow, type PlayerRow, type Tx } from '../events/events.repository';
import { FormatStarters, type FormatStarter } from '../events/format-starters';
import { FINISHED } from './commit-group';
import { PodRepository } from './pod.repository';
import { PodState, type PodPick } from './pod-state';
import { PodStore } from './pod-store';
import { SeatDirectory, type SeatedPlayer } from './seat-directory';
import { seatEvent } from './rules/event-seating';
import { draftPackPurpose, PODS_PURPOSE } from '../common/random/stream-purposes';

/** Starts booster drafts (registered with the events' format starters as "draft"). */
@Injectable()
export class DraftStartService implements FormatStarter, OnModuleInit {
  /** Pod states built by a start whose transaction has not told us yet that it committed (opened). */
  private readonly pending = new Map<string, { states: PodState[]; seated: SeatedPlayer[]; botPicks: PodPick[] }>();

  constructor(
    private readonly pods: PodRepository,
    private readonly store: PodStore,
    private readonly packs: EventPacks,
    private readonly clock: Clock,
    private readonly starters: FormatStarters,
    private readonly seats: SeatDirectory,
    private readonly events: EventsRepository,
    private readonly metrics: Metrics,
  ) {}

  onModuleInit(): void {
    this.starters.register('draft', this);
  }

  /**
   * Starts a draft in the caller's transaction (event row locked): pods of 4–8 as equal as possible
   * (team events: whole teams, seats alternating teams — team-seating.ts), seats shuffled from the
   * stream "pods", every pack of every round opened from its own stream; bot seats make their
   * first picks at once and each pod stores its first deadline; when that completes every pod (no
   * seat left to a present player) the event moves on to deck building at once. Real boosters at the table
   * (packSource "physical"): the pods are seated the same way, from the same stream, and nothing
   * else is stored — no packs, picks or clocks.
   * @throws DomainError NOT_ENOUGH_PLAYERS (fewer than 4 without bots), TEAM_PODS_UNBALANCED
   */
  async start(tx: Tx, event: EventRow, players: PlayerRow[]): Promise<void> {
    const teams = await this.events.teamIds(tx, event.id);
    const seating = seatEvent(
      { fillWithBots: event.fillWithBots, teamSize: event.teamSize, players, teams: teams.map((id) => players.filter((p) => p.teamId === id)) },
      rngFor(event.seed, PODS_PURPOSE),
    );
    if (event.packSource === 'physical') {
      for (const { pod: number, seats } of seating) {
        await this.pods.createPod(
          tx,
          { id: randomUUID(), eventId: event.id, number, seatCount: seats.length, createdAt: this.clock.now() },
          seats.map((p) => p?.id ?? null),
        );
      }
      return;
    }
    const rounds = pinnedPacks(event).length;
    const cards = await Promise.all(pinnedPacks(event).map(async (_, i) => (await this.packs.versionOf(event, i + 1)).cards));
    const now = this.clock.now();
    const states: PodState[] = [];
    const seated: SeatedPlayer[] = [];
    const botPicks: PodPick[] = [];
    for (const { pod: number, seats } of seating) {
      const pod = { id: randomUUID(), eventId: event.id, number, seatCount: seats.length, createdAt: now };
      await this.pods.createPod(
        tx,
        pod,
        seats.map((p) => p?.id ?? null),
      );
      seats.forEach((p, seat) => p && seated.push({ playerId: p.id, eventId: event.id, tokenHash: p.tokenHash, podId: pod.id, seat }));
      const toOpen = [];
      for (let round = 1; round <= rounds; round++) {
        for (let seat = 0; seat < seats.length; seat++) {
          toOpen.push({ packNumber: round, purpose: draftPackPurpose(number, seat, round), podId: pod.id, seat, playerId: seats[seat]?.id ?? null });
        }
      }
      const opened = await this.packs.open(tx, event, toOpen);
      const state = new PodState(
        {
          pod: { ...pod, seq: 0, pausedAt: null, resumedAt: null, nextDeadline: null },
          seats: seats.map((p, seat) => ({ seat, playerId: p?.id ?? null, name: p?.name ?? 'Bot', bot: !p, absent: p?.absent ?? false, teamId: p?.teamId ?? null })),
          packs: opened.map((p) => ({ id: p.id, packNumber: p.packNumber, opener: p.seat!, purpose: p.purpose, cards: p.cards })),
          picks: [],
          preselects: [],
        },
        { id: event.id, seed: event.seed, pickTimeSeconds: event.pickTimeSeconds, minPickSeconds: event.minPickSeconds },
        cards,
      );
      const bots = state.advanceBots(now);
      await this.pods.startPicks(tx, pod.id, bots, state.nextDeadline(), state.complete ? now : null);
      state.seq = bots.length > 0 ? 1 : 0;
      for (const p of bots) p.seq = state.seq;
      botPicks.push(...bots);
      states.push(state);
    }
    // Every seat a bot or absent: the start made every pick, and no later commit will come to move
    // the event on, so the draft ends here, in the start's transaction (event-lifecycle: finishDraft).
    if (states.every((s) => s.complete)) await this.events.moveTo(tx, event.id, FINISHED, now);
    this.pending.set(event.id, { states, seated, botPicks });
  }

  /**
   * The start committed: players see their first packs from now on, so every pod's pick clocks
   * start now (as after a resume: `resumed_at`), not when the start transaction began writing a
   * large event (seconds for 50 pods, which every first pick would lose). Pods that already took a
   * pick keep their clocks. The states built by the start become this process's cached states, so
   * the first picks and timers need not load every pod again; the seats are known to the seat
   * directory, so the first picks (every seat's within a second of the start) need no token lookup.
   */
  async opened(eventId: string): Promise<void> {
    const started = this.pending.get(eventId);
    this.pending.delete(eventId);
    // The bots' first picks were committed with the start.
    if (started) this.metrics.picksCommitted(started.botPicks);
    for (const seated of started?.seated ?? []) this.seats.remember(seated);
    const states = (started?.states ?? []).filter((s) => !s.complete);
    const now = this.clock.now();
    const startedAt = new Map(states.map((s) => [s.id, s.resumedAt]));
    for (const state of states) state.resumedAt = now;
    const opened = new Set(
      await this.pods.openClocks(
        now,
        states.map((s) => ({ id: s.id, seq: s.seq, nextDeadline: s.nextDeadline() })),
      ),
    );
    for (const state of states) {
      if (!opened.has(state.id)) {
        state.resumedAt = startedAt.get(state.id) ?? null; // raced by a pick: not ours to keep
        continue;
      }
      state.seq += 1;
      state.storedDeadline = state.nextDeadline();
      this.store.adopt(state);
    }
  }
}
