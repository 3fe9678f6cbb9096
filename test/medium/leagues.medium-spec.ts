import type { RegisteredPlayerDto } from '../../src/events/dto/event.dto';
import { EventStartService } from '../../src/events/event-start.service';
import { EventsModule } from '../../src/events/events.module';
import { EventsService } from '../../src/events/events.service';
import { PlayersService } from '../../src/events/players.service';
import { LeaguesModule } from '../../src/leagues/leagues.module';
import { LeaguesService } from '../../src/leagues/leagues.service';
import { SealedModule } from '../../src/sealed/sealed.module';
import { TournamentModule } from '../../src/tournament/tournament.module';
import { TournamentService } from '../../src/tournament/tournament.service';
import { createTestModule, type TestModule } from '../utils/test-module';

/** The league services on a real database, called directly: seasons, their events, standings by profile, merges. */
describe('medium: leagues services', () => {
  let m: TestModule;
  let leagues: LeaguesService;
  let events: EventsService;
  beforeAll(async () => {
    m = await createTestModule([EventsModule, SealedModule, TournamentModule, LeaguesModule]);
    leagues = m.get(LeaguesService);
    events = m.get(EventsService);
  });
  afterAll(() => m.close());

  /** The test clock reads 2026-11-30: a season around it. */
  const season = (name: string) =>
    leagues.create({ name, game: 'wow-tcg', seasonStart: '2026-11-01', seasonEnd: '2026-12-31', scoring: { mode: 'match-points', participationPoints: 1 } }, m.storeId);

  /** A sealed event of four players with round 1 played: the players' profiles, the winners first. */
  const playedEvent = async (seed: string, names: string[]) => {
    const event = await events.create({ name: seed, game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed }, m.storeId);
    const entries: RegisteredPlayerDto[] = [];
    for (const name of names) entries.push(await m.get(PlayersService).register(event.id, { name }));
    await m.get(EventStartService).start(event.id);
    const round = await m.get(TournamentService).pairNextRound(event.id, 50, 'across-the-table', true);
    for (const p of round.pairings) await m.get(TournamentService).setResult(p.matchId, { winsA: 2, winsB: 0 });
    const profileOf = (playerId: string) => entries.find((e) => e.playerId === playerId)!.profileId;
    return { eventId: event.id, winners: round.pairings.map((p) => profileOf(p.playerA.playerId)), losers: round.pairings.map((p) => profileOf(p.playerB!.playerId)) };
  };

  it('a season ends on or after its start (rule afterStart)', async () => {
    await expect(
      leagues.create({ name: 'Backwards', game: 'wow-tcg', seasonStart: '2026-12-01', seasonEnd: '2026-11-01', scoring: { mode: 'match-points' } }, m.storeId),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'seasonEnd', rule: 'afterStart' }] });
  });

  it('a league counts events of its own game only, and adding an event twice keeps it once (rules sameGame, idempotent add)', async () => {
    const league = await season('Games');
    const berserk = await events.create({ name: 'Berserk night', game: 'berserk', format: 'sealed', packs: ['S1', 'S1', 'S1'], seed: 'medium-league-berserk-01' }, m.storeId);
    await expect(leagues.addEvent(league.id, berserk.id)).rejects.toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'eventId', rule: 'sameGame' }] });
    const wow = await events.create({ name: 'WoW night', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'medium-league-wow-000001' }, m.storeId);
    await leagues.addEvent(league.id, wow.id);
    const twice = await leagues.addEvent(league.id, wow.id);
    expect(twice.events.map((e) => e.eventId)).toEqual([wow.id]);
  });

  it("league standings add up each profile across the season's events (match points plus participation)", async () => {
    const league = await season('Standings');
    const first = await playedEvent('medium-league-standing-01', ['Ann', 'Bob', 'Cid', 'Dee']);
    await leagues.addEvent(league.id, first.eventId);
    const standings = await leagues.standings(league.id);
    expect(standings).toHaveLength(4);
    for (const winner of first.winners) expect(standings.find((s) => s.profileId === winner)).toMatchObject({ matchPoints: 3, points: 4, events: 1 });
    // Tied on points: the winners take ranks 1 and 2 (OMW% and the tiebreakers decide which).
    expect(first.winners.map((w) => standings.find((s) => s.profileId === w)!.rank).sort()).toEqual([1, 2]);
    for (const loser of first.losers) expect(standings.find((s) => s.profileId === loser)).toMatchObject({ matchPoints: 0, points: 1, events: 1 });
  });

  it('merging two profiles of one person moves their entries and their league points to one profile (profile merge)', async () => {
    const league = await season('Merge');
    const first = await playedEvent('medium-league-merge-0001', ['Ann', 'Bob', 'Cid', 'Dee']);
    const second = await playedEvent('medium-league-merge-0002', ['Eve', 'Fay', 'Gus', 'Hal']);
    await leagues.addEvent(league.id, first.eventId);
    await leagues.addEvent(league.id, second.eventId);
    const [from, into] = [first.winners[0], second.winners[0]];
    expect(await leagues.merge(from, into)).toEqual({ profileId: into, movedEntries: 1 });
    const standings = await leagues.standings(league.id);
    expect(standings).toHaveLength(7);
    expect(standings.find((s) => s.profileId === into)).toMatchObject({ rank: 1, events: 2, matchPoints: 6, points: 8 });
    expect(standings.find((s) => s.profileId === from)).toBeUndefined();
    await expect(leagues.merge(from, into)).rejects.toMatchObject({ code: 'PLAYER_NOT_FOUND', details: [{ field: 'profileId', rule: 'exists' }] });
  });

  it('an event cancelled after it joined the league counts no more, participation included (rule notCancelled)', async () => {
    const league = await season('Cancelled later');
    const kept = await playedEvent('medium-league-cancel-001', ['Ann', 'Bob', 'Cid', 'Dee']);
    const cancelled = await playedEvent('medium-league-cancel-002', ['Eve', 'Fay', 'Gus', 'Hal']);
    await leagues.addEvent(league.id, kept.eventId);
    await leagues.addEvent(league.id, cancelled.eventId);
    expect(await leagues.standings(league.id)).toHaveLength(8);
    await events.transition(cancelled.eventId, 'cancel');
    const standings = await leagues.standings(league.id);
    expect(standings.map((s) => s.profileId).sort()).toEqual([...kept.winners, ...kept.losers].sort());
  });
});
