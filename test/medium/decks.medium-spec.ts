import { DecksService } from '../../src/decks/decks.service';
import { EventStartService } from '../../src/events/event-start.service';
import { EventsModule } from '../../src/events/events.module';
import { EventsRepository, type PlayerRow } from '../../src/events/events.repository';
import { EventsService } from '../../src/events/events.service';
import { SealedModule } from '../../src/sealed/sealed.module';
import { TeamsModule } from '../../src/teams/teams.module';
import { TeamsService } from '../../src/teams/teams.service';
import { PlayersService } from '../../src/events/players.service';
import { TournamentModule } from '../../src/tournament/tournament.module';
import { TournamentService } from '../../src/tournament/tournament.service';
import { createTestModule, type TestModule } from '../utils/test-module';

type Entry = { cardId: string; count: number };

/**
 * The deck services on a real database, called directly: registering a deck, the working copy
 * beside it, the lock at round 1, and pooled team sealed re-splits that recheck the registered
 * decks and the working copies (REGISTERED_DECK_KEPT, TEAM_REGISTRATION).
 */
describe('medium: decks services', () => {
  let m: TestModule;
  let decks: DecksService;
  let teams: TeamsService;
  beforeAll(async () => {
    m = await createTestModule([EventsModule, SealedModule, TeamsModule, TournamentModule]);
    decks = m.get(DecksService);
    teams = m.get(TeamsService);
  });
  afterAll(() => m.close());

  /** The pool split in two: every copy of `card`, and the rest. */
  const without = (pool: readonly Entry[], card: string): [rest: Entry[], copies: Entry[]] => [pool.filter((e) => e.cardId !== card), pool.filter((e) => e.cardId === card)];

  it('rule REGISTERED_DECK_KEPT on re-splits: a working copy the new share allows is registered; a registered deck the new share no longer allows stops being registered', async () => {
    const event = await m
      .get(EventsService)
      .create({ name: 'Pooled', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'medium-resplit-seed-0001', teamSize: 2, pooledTeamSealed: true }, m.storeId);
    const lions = await teams.register(event.id, { name: 'Lions', members: [{ name: 'Ann' }, { name: 'Bob' }] });
    await teams.register(event.id, { name: 'Wolves', members: [{ name: 'Cid' }, { name: 'Dee' }] });
    await m.get(EventStartService).start(event.id);
    const [annId, bobId] = lions.members.map((p) => p.playerId);
    const ann = (await m.get(EventsRepository).players(event.id)).find((p) => p.id === annId) as PlayerRow;
    const pool = (await teams.pool(event.id, lions.teamId, m.organizer)).pool.map(({ cardId, count }) => ({ cardId, count }));
    const split = (annShare: Entry[], bobShare: Entry[]) =>
      teams.split(
        event.id,
        lions.teamId,
        {
          shares: [
            { playerId: annId, cards: annShare },
            { playerId: bobId, cards: bobShare },
          ],
        },
        m.organizer,
      );

    // Ann builds from the whole team pool and registers the suggested deck.
    await split(pool, []);
    const s = await decks.suggest(event.id, ann);
    expect(s.legal).toBe(true);
    const registered = await decks.submit(event.id, ann, { hero: s.hero!, main: s.main }, 'player');
    expect(registered.storedAs).toBe('registered');

    // A card that fits her deck but that her next share will not hold: with it, the deck breaks only the pool rule.
    let extra: string | undefined;
    for (const { cardId } of pool) {
      if (s.main.some((e) => e.cardId === cardId)) continue;
      const checked = await decks.checkStandalone({ game: 'wow-tcg', format: 'limited', hero: s.hero!, main: [...s.main, { cardId, count: 1 }], pool });
      if (checked.legal) {
        extra = cardId;
        break;
      }
    }
    expect(extra).toBeDefined();
    await split(...without(pool, extra!));
    expect(await decks.get(event.id, ann)).toMatchObject({ legal: true, workingCopy: null }); // the new share still holds her deck

    const withExtra = [...s.main, { cardId: extra!, count: 1 }];
    const refused = await decks.submit(event.id, ann, { hero: s.hero!, main: withExtra }, 'player');
    expect(refused).toMatchObject({ legal: false, storedAs: 'working-copy', registeredDeck: { legal: true } });
    expect(refused.violations.map((v) => v.code)).toEqual(['CARD_NOT_IN_POOL']);

    // The team gives her the card: her working copy passes now and is registered (her latest legal submission).
    await split(pool, []);
    const promoted = await decks.get(event.id, ann);
    expect(promoted).toMatchObject({ legal: true, violations: [], workingCopy: null });
    expect(promoted.main.map((e) => ({ cardId: e.card.cardId, count: e.count }))).toEqual(withExtra);

    // The team takes it back: the registered deck no longer passes, so it is not registered any more.
    await split(...without(pool, extra!));
    const unregistered = await decks.get(event.id, ann);
    expect(unregistered).toMatchObject({ legal: false, workingCopy: null });
    expect(unregistered.violations.map((v) => v.code)).toEqual(['CARD_NOT_IN_POOL']);
    const row = (await decks.list(event.id)).find((r) => r.playerId === annId)!;
    expect(row).toMatchObject({ status: 'illegal', team: { status: 'missing' } }); // Bob has no deck yet
  });

  /** A started solo sealed event of two players: Ann's row. */
  const soloEvent = async (seed: string) => {
    const event = await m.get(EventsService).create({ name: 'Solo sealed', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed }, m.storeId);
    const ann = await m.get(PlayersService).register(event.id, { name: 'Ann' });
    await m.get(PlayersService).register(event.id, { name: 'Bob' });
    await m.get(EventStartService).start(event.id);
    return { eventId: event.id, ann: (await m.get(EventsRepository).players(event.id)).find((p) => p.id === ann.playerId) as PlayerRow };
  };

  it('rule REGISTERED_DECK_KEPT: a legal deck registers; a later illegal submission becomes the working copy and the registered deck stays', async () => {
    const { eventId, ann } = await soloEvent('medium-decks-solo-seed-01');
    const s = await decks.suggest(eventId, ann);
    expect(s.legal).toBe(true);
    expect(await decks.submit(eventId, ann, { hero: s.hero!, main: s.main }, 'player')).toMatchObject({ legal: true, storedAs: 'registered' });
    const short = s.main.slice(1);
    const refused = await decks.submit(eventId, ann, { hero: s.hero!, main: short }, 'player');
    expect(refused).toMatchObject({ legal: false, storedAs: 'working-copy', registeredDeck: { legal: true } });
    expect(await decks.get(eventId, ann)).toMatchObject({ legal: true, workingCopy: expect.objectContaining({ violations: refused.violations }) });
    // Dropping the working copy leaves the registered deck as it was.
    expect(await decks.discardWorkingCopy(eventId, ann)).toMatchObject({ legal: true, workingCopy: null });
  });

  it("a card that is in none of the event's sets keeps a first deck unregistered (UNKNOWN_CARD)", async () => {
    const { eventId, ann } = await soloEvent('medium-decks-pool-seed-01');
    const s = await decks.suggest(eventId, ann);
    const outside = await decks.submit(eventId, ann, { hero: s.hero!, main: [...s.main, { cardId: 'HOA-9999', count: 1 }] }, 'player');
    expect(outside).toMatchObject({ legal: false, storedAs: 'unregistered', registeredDeck: null });
    expect(outside.violations.map((v) => v.code)).toContain('UNKNOWN_CARD');
  });

  it('decks lock when round 1 is paired (EVENT_STATE_CONFLICT)', async () => {
    const { eventId, ann } = await soloEvent('medium-decks-lock-seed-01');
    const s = await decks.suggest(eventId, ann);
    await m.get(TournamentService).pairNextRound(eventId, 50, 'across-the-table', true);
    await expect(decks.submit(eventId, ann, { hero: s.hero!, main: s.main }, 'player')).rejects.toMatchObject({ code: 'EVENT_STATE_CONFLICT' });
  });
});
