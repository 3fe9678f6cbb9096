import { DraftModule } from '../../src/draft/draft.module';
import { DraftAdminService } from '../../src/draft/draft-admin.service';
import { DraftPicksService } from '../../src/draft/draft-picks.service';
import { DraftTimersService } from '../../src/draft/draft-timers.service';
import { DraftViewsService } from '../../src/draft/draft-views.service';
import { PodRepository } from '../../src/draft/pod.repository';
import { EventStartService } from '../../src/events/event-start.service';
import { EventsModule } from '../../src/events/events.module';
import { EventsRepository, type PlayerRow } from '../../src/events/events.repository';
import { EventsService } from '../../src/events/events.service';
import { PlayersService } from '../../src/events/players.service';
import { PrismaService } from '../../src/common/database/prisma.service';
import { createTestModule, type TestModule } from '../utils/test-module';

/**
 * The draft services on a real database, called directly (no HTTP): picks, pause, absent players,
 * pick timers and the end of the draft. Pick timers run only when a test calls runDue with the
 * fixed clock moved on.
 */
describe('medium: draft services', () => {
  let m: TestModule;
  let picks: DraftPicksService;
  let admin: DraftAdminService;
  let views: DraftViewsService;
  let timers: DraftTimersService;
  beforeAll(async () => {
    m = await createTestModule([EventsModule, DraftModule]);
    picks = m.get(DraftPicksService);
    admin = m.get(DraftAdminService);
    views = m.get(DraftViewsService);
    timers = m.get(DraftTimersService);
  });
  afterAll(() => m.close());

  /** A started WoW TCG draft of four players (HOA), each with their token and row. */
  async function draft(seed: string, extra: Record<string, unknown> = {}) {
    const event = await m.get(EventsService).create({ name: 'Medium draft', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed, pickTimeSeconds: 0, ...extra }, m.storeId);
    const tokens: string[] = [];
    for (const name of ['Ann', 'Bob', 'Cid', 'Dee']) tokens.push((await m.get(PlayersService).register(event.id, { name })).token);
    await m.get(EventStartService).start(event.id);
    const rows = await m.get(EventsRepository).players(event.id);
    return { eventId: event.id, tokens, rows: (['Ann', 'Bob', 'Cid', 'Dee'] as const).map((n) => rows.find((r) => r.name === n) as PlayerRow) };
  }

  /** The first card of the pack in front of the player, as a pick attempt. */
  const firstCard = async (eventId: string, player: PlayerRow) => {
    const me = await views.me(eventId, player);
    return { packNumber: me.packNumber!, pickNumber: me.pickNumber!, cardId: me.currentPack!.cards[0].cardId };
  };

  const picksOf = (eventId: string, source?: string) => m.get(PrismaService).pick.count({ where: { pod: { eventId }, ...(source ? { source } : {}) } });

  it('a pick takes the card from the pack in front of the seat and passes the pack on (pick exactly once)', async () => {
    const { eventId, tokens, rows } = await draft('medium-draft-pick-00001');
    const attempt = await firstCard(eventId, rows[0]);
    expect(attempt).toMatchObject({ packNumber: 1, pickNumber: 1 });
    const made = await picks.pick(eventId, tokens[0], attempt);
    expect(made).toMatchObject({ packNumber: 1, pickNumber: 1, source: 'player', card: { cardId: attempt.cardId } });
    // The very same pick again (a retry) answers the stored pick; another card for it is refused.
    expect(await picks.pick(eventId, tokens[0], attempt)).toMatchObject({ card: { cardId: attempt.cardId }, madeAt: made.madeAt });
    const after = await views.me(eventId, rows[0]);
    expect(after.picks.map((c) => c.cardId)).toEqual([attempt.cardId]);
    expect(after.currentPack).toBeNull(); // the pack went on; the next one waits for the upstream seat's pick
    await expect(picks.pick(eventId, tokens[0], { ...attempt, cardId: 'HOA-9999' })).rejects.toMatchObject({ code: 'PICK_ALREADY_MADE' });
    expect(await picksOf(eventId)).toBe(1);
  });

  it('a card that is not in the pack is refused and nothing is stored (CARD_NOT_IN_PACK)', async () => {
    const { eventId, tokens, rows } = await draft('medium-draft-notinpack-1');
    const attempt = await firstCard(eventId, rows[0]);
    await expect(picks.pick(eventId, tokens[0], { ...attempt, cardId: 'HOA-9999' })).rejects.toMatchObject({ code: 'CARD_NOT_IN_PACK' });
    expect(await picksOf(eventId)).toBe(0);
  });

  it('a paused pod refuses picks until it is resumed (pause)', async () => {
    const { eventId, tokens, rows } = await draft('medium-draft-pause-0001');
    const attempt = await firstCard(eventId, rows[1]);
    const [pod] = await admin.setPaused(eventId, true);
    expect(pod.paused).toBe(true);
    await expect(picks.pick(eventId, tokens[1], attempt)).rejects.toMatchObject({ code: 'DRAFT_PAUSED' });
    await admin.setPaused(eventId, false);
    expect(await picks.pick(eventId, tokens[1], attempt)).toMatchObject({ pickNumber: 1, source: 'player' });
  });

  it('a player marked absent has a bot pick for their seat at once, and picks again when back (absent)', async () => {
    const { eventId, tokens, rows } = await draft('medium-draft-absent-001');
    await admin.setAbsent(eventId, rows[2].id, true);
    expect(await picksOf(eventId, 'bot')).toBe(1);
    const afterBot = await views.me(eventId, rows[2]);
    expect(afterBot.picks).toHaveLength(1);
    await admin.setAbsent(eventId, rows[2].id, false);
    // Back at the table: once the others have picked, the pack passed to the seat waits for the player.
    for (const k of [0, 1, 3]) await picks.pick(eventId, tokens[k], await firstCard(eventId, rows[k]));
    const mine = await firstCard(eventId, rows[2]);
    expect(mine.pickNumber).toBe(2);
    expect(await picks.pick(eventId, tokens[2], mine)).toMatchObject({ pickNumber: 2, source: 'player' });
  });

  it('a pick timer that runs out takes the preselected card, or a card for the seat (pick timers)', async () => {
    const { eventId, rows } = await draft('medium-draft-timers-001', { pickTimeSeconds: 60 });
    expect(await timers.runDue()).toEqual([]); // nothing due yet
    const chosen = (await views.me(eventId, rows[0])).currentPack!.cards[3].cardId;
    await admin.preselect(eventId, rows[0], chosen);
    m.clock.advance(61_000);
    const outcomes = await timers.runDue();
    expect(outcomes.map((o) => o.timeouts)).toEqual([4]);
    expect(await picksOf(eventId, 'timeout')).toBe(4);
    const ann = await views.me(eventId, rows[0]);
    expect(ann.pickHistory[0]).toMatchObject({ packNumber: 1, pickNumber: 1, cardId: chosen, auto: true });
  });

  it('the last pick of the last pod moves the event on to deck building (finishing a draft)', async () => {
    const { eventId } = await draft('medium-draft-finish-001', { pickTimeSeconds: 60 });
    const [podId] = await m.get(PodRepository).podIds(eventId);
    for (let round = 0; round < 200 && (await m.get(EventsService).get(eventId)).state === 'drafting'; round++) {
      m.clock.advance(61_000);
      await timers.runDue();
    }
    const event = await m.get(EventsService).get(eventId);
    expect(event.state).toBe('building');
    const [pod] = await views.podList(eventId);
    expect(pod).toMatchObject({ podId, complete: true });
    // Every card of every pack was picked: 4 seats × the packs' cards, each exactly once.
    const cards = await m.get(PrismaService).packCard.count({ where: { pack: { podId } } });
    expect(await picksOf(eventId)).toBe(cards);
  });
});
