import { Client } from 'pg';
import { DraftTimersService, CLAIM_SECONDS } from '../../src/draft/draft-timers.service';
import { PodRepository } from '../../src/draft/pod.repository';
import { createEvent, registerPlayers, start } from '../utils/events';
import { createTestApp, type TestApp } from '../utils/test-app';

/**
 * A pick timer claimed by an instance that dies in the middle of its work: the claim names the
 * instance (its presence connection's backend), so another instance takes it over at its next
 * poll instead of waiting CLAIM_SECONDS for the claim to lapse.
 */
describe('pick timer claims', () => {
  let t: TestApp;
  let timers: DraftTimersService;
  let repository: PodRepository;
  beforeAll(async () => {
    t = await createTestApp();
    timers = t.app.get(DraftTimersService);
    repository = t.app.get(PodRepository);
  });
  afterAll(() => t.close());

  /** A draft of 4 whose first picks are due now. */
  const dueDraft = async (seed: string) => {
    const event = await createEvent(t, { name: seed, game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed, pickTimeSeconds: 60 });
    await registerPlayers(t, event.id, 4);
    await start(t, event.id);
    t.clock.advance(61_000);
    const [podId] = await repository.podIds(event.id);
    return { eventId: event.id, podId };
  };

  /** Another instance's presence connection, as seen by PostgreSQL. */
  const otherInstance = async () => {
    const client = new Client({ connectionString: t.databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    return { client, pid: rows[0].pid };
  };

  const claimFor = async (pid: number) => {
    const now = t.clock.now();
    return repository.claimDue(now, new Date(now.getTime() + CLAIM_SECONDS * 1000), 64, pid);
  };

  it('a claim held by a live instance is left to it (no timer runs twice)', async () => {
    const { podId } = await dueDraft('claims-live-holder-001');
    const other = await otherInstance();
    try {
      expect(await claimFor(other.pid)).toContain(podId);
      expect((await timers.runDue()).map((o) => o.podId)).not.toContain(podId);
    } finally {
      await other.client.end();
    }
    // Its claim lapses only by time once it is gone... or is taken over at once (next test).
  });

  it('a claim whose instance died is claimed again at the next poll, before it lapses', async () => {
    const { eventId, podId } = await dueDraft('claims-dead-holder-001');
    const other = await otherInstance();
    expect(await claimFor(other.pid)).toContain(podId);
    await other.client.end(); // the instance dies mid-claim: its connections close
    for (let i = 0; i < 100; i++) {
      const { rowCount } = await t.prisma.$queryRawUnsafe<unknown[]>('SELECT 1 FROM pg_stat_activity WHERE pid = $1', other.pid).then((rows) => ({ rowCount: rows.length }));
      if (rowCount === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    // Same clock: the claim has not lapsed (it holds CLAIM_SECONDS more).
    const outcomes = await timers.runDue();
    expect(outcomes.find((o) => o.podId === podId)?.timeouts).toBe(4);
    expect(await t.prisma.pick.count({ where: { pod: { eventId }, source: 'timeout' } })).toBe(4);
  });
});
