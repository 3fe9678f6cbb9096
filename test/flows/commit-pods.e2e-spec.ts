import { randomUUID } from 'node:crypto';
import { hashPlayerToken } from '../../src/common/auth/player-token';
import { CommitGroup, FINISHED } from '../../src/draft/commit-group';
import { DraftPicksService } from '../../src/draft/draft-picks.service';
import { PodRepository, type CommitPicks } from '../../src/draft/pod.repository';
import { PodStore } from '../../src/draft/pod-store';
import { SeatDirectory } from '../../src/draft/seat-directory';
import { createEvent, me, registerPlayers, start, type TestPlayer } from '../utils/events';
import { createTestApp, type TestApp } from '../utils/test-app';

/**
 * Group commit across pods (podium_commit_pods) on a real PostgreSQL: one statement carries several
 * pods' batches and judges each pod on its own, as the one-pod statement did.
 */
describe('group commit across pods', () => {
  let t: TestApp;
  let repository: PodRepository;
  let store: PodStore;
  beforeAll(async () => {
    t = await createTestApp();
    repository = t.app.get(PodRepository);
    store = t.app.get(PodStore);
  });
  afterAll(() => t.close());

  const openDraft = async (name: string, players: number) => {
    const event = await createEvent(t, { name, game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: `${name}-seed-000000`, pickTimeSeconds: 0 });
    const registered = await registerPlayers(t, event.id, players);
    await start(t, event.id);
    const pods = (await t.http().get(`/api/events/${event.id}/pods`)).body as { podId: string; seats: { playerId: string | null }[] }[];
    return { eventId: event.id, players: registered, pods };
  };

  /** The first card of the pack in front of `player`, applied to a fresh state of their pod (not committed). */
  const nextPick = async (eventId: string, player: TestPlayer, seq?: number): Promise<CommitPicks> => {
    const view = await me(t, eventId, player);
    const state = await store.fresh(view.podId!);
    const pick = state.apply({
      seat: view.seat!,
      packNumber: view.packNumber!,
      pickNumber: view.pickNumber!,
      cardId: view.currentPack!.cards[0].cardId,
      source: 'player',
      madeAt: t.clock.now(),
      seq: 0,
    });
    const commit = {
      podId: state.id,
      eventId,
      seq: seq ?? state.seq,
      auth: [{ playerId: player.playerId, tokenHash: hashPlayerToken(player.token) }],
      picks: [pick],
      madeAt: t.clock.now(),
      nextDeadline: null,
      podComplete: state.complete,
    };
    store.evict(state.id); // it holds a pick that is not committed yet
    return commit;
  };

  it('each pod of one statement gets its own outcome: ok, stale, paused, a revoked token, an unknown pod — only the ok pod changes', async () => {
    const ok = await openDraft('group-ok', 4);
    const stale = await openDraft('group-stale', 4);
    const paused = await openDraft('group-paused', 4);
    const revoked = await openDraft('group-auth', 4);
    const pausedPick = await nextPick(paused.eventId, paused.players[0]);
    await t.http().post(`/api/events/${paused.eventId}/pause`).set('authorization', t.organizer).send({}).expect(200);
    const pausedSeq = await repository.seqOf(pausedPick.podId);
    const commits = [
      await nextPick(ok.eventId, ok.players[0]),
      await nextPick(stale.eventId, stale.players[0], (await repository.seqOf(stale.pods[0].podId))! - 1),
      { ...pausedPick, seq: pausedSeq! },
      { ...(await nextPick(revoked.eventId, revoked.players[0])), auth: [{ playerId: revoked.players[0].playerId, tokenHash: hashPlayerToken('not-the-token') }] },
      { ...(await nextPick(ok.eventId, ok.players[1])), podId: randomUUID() },
    ];
    const seqsBefore = await Promise.all(commits.map((c) => repository.seqOf(c.podId)));
    const outcomes = await repository.commitPods(commits, FINISHED);
    expect(outcomes.map((o) => o.status)).toEqual(['ok', 'stale', 'paused', 'auth', 'no-pod']);
    expect(outcomes[0].seq).toBe(seqsBefore[0]! + 1);
    expect(outcomes[1].seq).toBe(seqsBefore[1]);
    expect(await Promise.all(commits.map((c) => repository.seqOf(c.podId)))).toEqual([seqsBefore[0]! + 1, ...seqsBefore.slice(1)]);
    const picked = await Promise.all([ok, stale, paused, revoked].map(async (d) => (await me(t, d.eventId, d.players[0])).picks.length));
    expect(picked).toEqual([1, 0, 0, 0]);
  });

  it('two pods of one event finishing in the same statement: the event reaches deck building', async () => {
    const draft = await openDraft('group-finish', 10);
    expect(draft.pods.map((p) => p.seats.length)).toEqual([5, 5]);
    const held = draft.pods.map((pod) => draft.players.find((p) => p.playerId === pod.seats[0].playerId)!);
    const picks = t.app.get(DraftPicksService);
    for (let progressed = true; progressed;) {
      progressed = false;
      for (const p of draft.players) {
        const v = await me(t, draft.eventId, p);
        if (!v.currentPack || (held.includes(p) && v.packNumber === 4 && v.pickNumber === 14)) continue;
        await picks.pick(draft.eventId, p.token, { packNumber: v.packNumber!, pickNumber: v.pickNumber!, cardId: v.currentPack.cards[0].cardId });
        progressed = true;
      }
    }
    const last = await Promise.all(held.map((p) => nextPick(draft.eventId, p)));
    expect(last.map((c) => c.podComplete)).toEqual([true, true]);
    const outcomes = await repository.commitPods(last, FINISHED);
    expect(outcomes.map((o) => [o.status, o.eventState])).toEqual([
      ['ok', 'building'],
      ['ok', 'building'],
    ]);
    expect((await t.http().get(`/api/events/${draft.eventId}`)).body.state).toBe('building');
  });

  it('a shared statement that fails is tried again pod by pod: only the pod at fault gets the error', async () => {
    const drafts = await Promise.all(['group-retry-a', 'group-retry-b', 'group-retry-c', 'group-retry-d'].map((name) => openDraft(name, 4)));
    const commits = await Promise.all(drafts.map((d) => nextPick(d.eventId, d.players[0])));
    // A pick of a pack that does not exist: the statement carrying it fails on the foreign key.
    commits[3] = { ...commits[3], picks: [{ ...commits[3].picks[0], packId: randomUUID() }] };
    const statements = jest.spyOn(repository, 'commitPods');
    try {
      const group = t.app.get(CommitGroup);
      // Two statements go out at once; the last two commits wait and share the next one.
      const results = await Promise.allSettled(commits.map((c) => group.commit(c)));
      expect(statements.mock.calls.map(([batch]) => batch.map((c) => c.podId))).toEqual([
        [commits[0].podId],
        [commits[1].podId],
        [commits[2].podId, commits[3].podId],
        [commits[2].podId],
        [commits[3].podId],
      ]);
      expect(results.map((r) => (r.status === 'fulfilled' ? r.value.status : 'error'))).toEqual(['ok', 'ok', 'ok', 'error']);
      const picked = await Promise.all(drafts.map(async (d) => (await me(t, d.eventId, d.players[0])).picks.length));
      expect(picked).toEqual([1, 1, 1, 0]);
    } finally {
      statements.mockRestore();
    }
  });

  // Performance bug: every seat's first pick looked its token up in the database, all within the
  // first second of a draft; the start now tells the seat directory where everyone sits.
  it('the first pick after the start needs no token lookup: the start seated everyone in the seat directory', async () => {
    const lookups = jest.spyOn(repository, 'playersByToken');
    try {
      const draft = await openDraft('group-first-pick', 4);
      const view = await me(t, draft.eventId, draft.players[0]);
      lookups.mockClear();
      const seats = t.app.get(SeatDirectory);
      const seated = await seats.resolve(draft.eventId, draft.players[0].token);
      expect(seated).toEqual({
        playerId: draft.players[0].playerId,
        eventId: draft.eventId,
        tokenHash: hashPlayerToken(draft.players[0].token),
        podId: view.podId,
        seat: view.seat,
      });
      await t
        .http()
        .post(`/api/events/${draft.eventId}/picks`)
        .set('authorization', draft.players[0].auth)
        .send({ packNumber: 1, pickNumber: 1, cardId: view.currentPack!.cards[0].cardId })
        .expect(200);
      expect(lookups).not.toHaveBeenCalled();
    } finally {
      lookups.mockRestore();
    }
  });
});
