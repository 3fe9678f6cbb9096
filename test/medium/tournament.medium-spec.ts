import { EventsModule } from '../../src/events/events.module';
import { EventsService } from '../../src/events/events.service';
import { EventStartService } from '../../src/events/event-start.service';
import { EventsRepository, type PlayerRow } from '../../src/events/events.repository';
import { PlayersService } from '../../src/events/players.service';
import { SealedModule } from '../../src/sealed/sealed.module';
import { RoundClockService } from '../../src/tournament/round-clock.service';
import { TournamentModule } from '../../src/tournament/tournament.module';
import { TournamentService } from '../../src/tournament/tournament.service';
import { createTestModule, type TestModule } from '../utils/test-module';

/** The tournament services on a real database, called directly: what the routes do, without HTTP. */
describe('medium: tournament services', () => {
  let m: TestModule;
  let events: EventsService;
  let players: PlayersService;
  let tournament: TournamentService;
  let clock: RoundClockService;
  beforeAll(async () => {
    m = await createTestModule([EventsModule, SealedModule, TournamentModule]);
    events = m.get(EventsService);
    players = m.get(PlayersService);
    tournament = m.get(TournamentService);
    clock = m.get(RoundClockService);
  });
  afterAll(() => m.close());

  /** A started sealed event of `count` players (deck building). */
  const sealedEvent = async (count: number, seed: string): Promise<{ id: string; players: PlayerRow[] }> => {
    const event = await events.create({ name: 'Medium', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed }, m.storeId);
    for (let i = 1; i <= count; i++) await players.register(event.id, { name: `Player ${i}` });
    await m.get(EventStartService).start(event.id);
    return { id: event.id, players: await m.get(EventsRepository).players(event.id) };
  };
  const state = async (id: string) => (await events.get(id)).state;

  it('pairing round 1 moves the event from building to playing; undoing round 1 moves it back (event lifecycle)', async () => {
    const { id } = await sealedEvent(4, 'medium-lifecycle-seed-01');
    expect(await state(id)).toBe('building');
    const round = await tournament.pairNextRound(id, 50, 'across-the-table', true);
    expect(round).toMatchObject({ number: 1, kind: 'swiss', minutes: 50 });
    expect(round.pairings).toHaveLength(2);
    expect(await state(id)).toBe('playing');
    await tournament.undoRound(id, 1);
    expect(await state(id)).toBe('building');
    await expect(tournament.round(id, 1)).rejects.toMatchObject({ code: 'ROUND_NOT_FOUND' });
  });

  it('the same seed pairs round 1 the same way (replayable from the seed)', async () => {
    const names = async () => {
      const { id } = await sealedEvent(6, 'medium-replay-seed-0001');
      return (await tournament.pairNextRound(id, 50, 'across-the-table', true)).pairings.map((p) => `${p.playerA.name}-${p.playerB?.name}`);
    };
    expect(await names()).toEqual(await names());
  });

  it('two identical reports decide a match; differing reports mark it disputed until the organizer enters the result', async () => {
    const { id, players: ps } = await sealedEvent(4, 'medium-reports-seed-0001');
    const [first, second] = (await tournament.pairNextRound(id, 50, 'across-the-table', true)).pairings;
    const side = (playerId: string) => ps.find((p) => p.id === playerId)!;
    await tournament.report(first.matchId, side(first.playerA.playerId), { winsA: 2, winsB: 1 });
    const agreed = await tournament.report(first.matchId, side(first.playerB!.playerId), { winsA: 2, winsB: 1 });
    expect(agreed).toMatchObject({ result: { winsA: 2, winsB: 1, draws: 0 }, disputed: false });

    await tournament.report(second.matchId, side(second.playerA.playerId), { winsA: 2, winsB: 0 });
    const disputed = await tournament.report(second.matchId, side(second.playerB!.playerId), { winsA: 0, winsB: 2 });
    expect(disputed).toMatchObject({ result: null, disputed: true });
    const decided = await tournament.setResult(second.matchId, { winsA: 2, winsB: 0 });
    expect(decided).toMatchObject({ result: { winsA: 2, winsB: 0, draws: 0 }, disputed: false });
    expect((await tournament.history(second.matchId)).map((h) => h.source)).toEqual(['organizer']);
  });

  it('a player reports only their own match (FORBIDDEN, rule ownMatch)', async () => {
    const { id, players: ps } = await sealedEvent(4, 'medium-own-match-seed-01');
    const [first] = (await tournament.pairNextRound(id, 50, 'across-the-table', true)).pairings;
    const outsider = ps.find((p) => p.id !== first.playerA.playerId && p.id !== first.playerB!.playerId)!;
    await expect(tournament.report(first.matchId, outsider, { winsA: 2, winsB: 0 })).rejects.toMatchObject({ code: 'FORBIDDEN', details: [{ rule: 'ownMatch' }] });
  });

  it('a player dropped after round 1 is not paired in round 2 and stays in the standings', async () => {
    const { id, players: ps } = await sealedEvent(5, 'medium-drop-seed-000001');
    const round1 = await tournament.pairNextRound(id, 50, 'across-the-table', true);
    for (const p of round1.pairings) if (p.playerB) await tournament.setResult(p.matchId, { winsA: 2, winsB: 0 });
    const dropped = ps[0].id;
    expect(await tournament.drop(id, dropped)).toEqual({ playerId: dropped, droppedAfterRound: 1 });
    const round2 = await tournament.pairNextRound(id, 50, 'across-the-table', true);
    expect(round2.pairings.flatMap((p) => [p.playerA.playerId, p.playerB?.playerId])).not.toContain(dropped);
    const standings = await tournament.standings(id);
    expect(standings).toHaveLength(5);
    expect(standings.find((s) => s.playerId === dropped)).toMatchObject({ dropped: true });
  });

  it('a paused round clock freezes the time left; resuming it runs again (round clock)', async () => {
    const { id, players: ps } = await sealedEvent(4, 'medium-clock-seed-000001');
    await tournament.pairNextRound(id, 50, 'across-the-table', true);
    m.clock.advance(10 * 60_000);
    await clock.change(id, 1, { kind: 'pause' });
    const paused = await clock.playerClock(id, ps[0]);
    expect(paused).toMatchObject({ round: 1, paused: true, remainingSeconds: 40 * 60 });
    m.clock.advance(5 * 60_000);
    expect(await clock.playerClock(id, ps[0])).toMatchObject({ paused: true, remainingSeconds: 40 * 60 });
    await clock.change(id, 1, { kind: 'resume' });
    const running = await clock.playerClock(id, ps[0]);
    expect(running).toMatchObject({ paused: false, remainingSeconds: null });
    expect(new Date(running!.endsAt).getTime() - m.clock.now().getTime()).toBe(40 * 60_000);
  });
});
