import { EventStartService } from '../../src/events/event-start.service';
import { EventsModule } from '../../src/events/events.module';
import { EventsService } from '../../src/events/events.service';
import { PlayersService } from '../../src/events/players.service';
import { SealedModule } from '../../src/sealed/sealed.module';
import { createTestModule, type TestModule } from '../utils/test-module';

/** The event services on a real database, called directly: the lifecycle an organizer drives. */
describe('medium: events services', () => {
  let m: TestModule;
  let events: EventsService;
  beforeAll(async () => {
    m = await createTestModule([EventsModule, SealedModule]);
    events = m.get(EventsService);
  });
  afterAll(() => m.close());

  const sealed = (seed: string, extra: Record<string, unknown> = {}) =>
    events.create({ name: 'Medium', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed, ...extra }, m.storeId);

  it('an event keeps its seed secret until it is complete, then reveals it (seed commitment)', async () => {
    const event = await sealed('medium-reveal-seed-000001');
    expect(event).toMatchObject({ state: 'registration', seed: null, packs: expect.arrayContaining([expect.objectContaining({ setCode: 'HOA' })]) });
    expect(event.packs).toHaveLength(6); // WoW TCG sealed: 6 boosters a player
    await expect(events.reveal(event.id)).rejects.toMatchObject({ code: 'EVENT_STATE_CONFLICT' });
    await m.get(PlayersService).register(event.id, { name: 'Alice' });
    await m.get(EventStartService).start(event.id);
    await events.transition(event.id, 'complete');
    expect(await events.reveal(event.id)).toMatchObject({ state: 'complete', seed: 'medium-reveal-seed-000001' });
  });

  it('an event is edited only before it starts (event lifecycle: edit in registration)', async () => {
    const event = await sealed('medium-edit-seed-0000001');
    expect(await events.update(event.id, { name: 'Renamed' })).toMatchObject({ name: 'Renamed' });
    await m.get(PlayersService).register(event.id, { name: 'Alice' });
    await m.get(EventStartService).start(event.id);
    await expect(events.update(event.id, { name: 'Too late' })).rejects.toMatchObject({ code: 'EVENT_STATE_CONFLICT', details: [{ rule: 'edit' }] });
    expect((await events.get(event.id)).name).toBe('Renamed');
  });

  it('a cancelled event cannot start (event lifecycle: cancel)', async () => {
    const event = await sealed('medium-cancel-seed-00001');
    expect(await events.transition(event.id, 'cancel')).toMatchObject({ state: 'cancelled' });
    await expect(m.get(EventStartService).start(event.id)).rejects.toMatchObject({ code: 'EVENT_STATE_CONFLICT' });
  });

  it('an event code names its event in any case; an unknown code is EVENT_NOT_FOUND', async () => {
    const event = await sealed('medium-code-seed-0000001');
    expect((await events.byCode(event.code.toLowerCase())).id).toBe(event.id);
    await expect(events.byCode('ZZZZZZ')).rejects.toMatchObject({ code: 'EVENT_NOT_FOUND' });
  });

  it('real boosters at the table allow no bots (rule generatedPacksOnly)', async () => {
    await expect(sealed('medium-physical-seed-0001', { packSource: 'physical', fillWithBots: true })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'fillWithBots', rule: 'generatedPacksOnly' }],
    });
  });
});
