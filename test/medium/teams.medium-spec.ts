import { EventStartService } from '../../src/events/event-start.service';
import { EventsModule } from '../../src/events/events.module';
import { EventsService } from '../../src/events/events.service';
import { PlayersService } from '../../src/events/players.service';
import { SealedModule } from '../../src/sealed/sealed.module';
import { TeamsModule } from '../../src/teams/teams.module';
import { TeamsService } from '../../src/teams/teams.service';
import { createTestModule, type TestModule } from '../utils/test-module';

/** The team services on a real database, called directly: registering teams, grouping solo players, splitting a pooled team's cards. */
describe('medium: teams services', () => {
  let m: TestModule;
  let teams: TeamsService;
  let events: EventsService;
  beforeAll(async () => {
    m = await createTestModule([EventsModule, SealedModule, TeamsModule]);
    teams = m.get(TeamsService);
    events = m.get(EventsService);
  });
  afterAll(() => m.close());

  const teamEvent = (seed: string, extra: Record<string, unknown> = {}) =>
    events.create({ name: 'Teams', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed, teamSize: 2, ...extra }, m.storeId);

  it("a team registers with exactly the event's team size, under a name no other team has (names ignore case)", async () => {
    const event = await teamEvent('medium-teams-register-01');
    const lions = await teams.register(event.id, { name: 'Lions', members: [{ name: 'Ann' }, { name: 'Bob' }] });
    expect(lions.members).toHaveLength(2);
    await expect(teams.register(event.id, { name: 'Trio', members: [{ name: 'Cid' }, { name: 'Dee' }, { name: 'Eve' }] })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(teams.register(event.id, { name: ' lions ', members: [{ name: 'Cid' }, { name: 'Dee' }] })).rejects.toMatchObject({ code: 'ALREADY_REGISTERED' });
    expect(await teams.list(event.id)).toEqual([expect.objectContaining({ teamId: lions.teamId, name: 'Lions', complete: true })]);
  });

  it('a solo event takes no teams (EVENT_STATE_CONFLICT)', async () => {
    const event = await events.create({ name: 'Solo', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'medium-teams-solo-000001' }, m.storeId);
    await expect(teams.register(event.id, { name: 'Lions', members: [{ name: 'Ann' }, { name: 'Bob' }] })).rejects.toMatchObject({ code: 'EVENT_STATE_CONFLICT' });
  });

  it("auto teams group the solo players by the event's seed and list the one left over (teams/auto stream)", async () => {
    const grouped = async (seed: string) => {
      const event = await teamEvent(seed);
      for (const name of ['Ann', 'Bob', 'Cid', 'Dee', 'Eve']) await m.get(PlayersService).register(event.id, { name });
      return teams.auto(event.id);
    };
    const once = await grouped('medium-teams-auto-000001');
    expect(once.created).toHaveLength(2);
    expect(once.created.every((t) => t.members.length === 2 && t.complete)).toBe(true);
    expect(once.unassigned).toHaveLength(1);
    const again = await grouped('medium-teams-auto-000001');
    const names = (r: typeof once) => r.created.map((t) => t.members.map((p) => p.name));
    expect(names(again)).toEqual(names(once));
  });

  it('a split that does not share out the team pool exactly is refused and stores nothing (TEAM_SPLIT_INVALID)', async () => {
    const event = await teamEvent('medium-teams-split-000001', { pooledTeamSealed: true });
    const lions = await teams.register(event.id, { name: 'Lions', members: [{ name: 'Ann' }, { name: 'Bob' }] });
    await teams.register(event.id, { name: 'Wolves', members: [{ name: 'Cid' }, { name: 'Dee' }] });
    await m.get(EventStartService).start(event.id);
    const [ann, bob] = lions.members.map((p) => p.playerId);
    const pool = (await teams.pool(event.id, lions.teamId, m.organizer)).pool.map(({ cardId, count }) => ({ cardId, count }));
    const [card] = pool;
    // Ann's share holds every card and Bob's one more copy of the first: more copies than the pool has.
    await expect(
      teams.split(
        event.id,
        lions.teamId,
        {
          shares: [
            { playerId: ann, cards: pool },
            { playerId: bob, cards: [{ cardId: card.cardId, count: 1 }] },
          ],
        },
        m.organizer,
      ),
    ).rejects.toMatchObject({ code: 'TEAM_SPLIT_INVALID' });
    expect((await teams.pool(event.id, lions.teamId, m.organizer)).shares).toBeNull();
    // The whole pool to Ann and nothing to Bob shares it out exactly.
    const split = await teams.split(
      event.id,
      lions.teamId,
      {
        shares: [
          { playerId: ann, cards: pool },
          { playerId: bob, cards: [] },
        ],
      },
      m.organizer,
    );
    expect(split.shares).toHaveLength(2);
  });
});
