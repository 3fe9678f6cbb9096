import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { dumpDatabase } from '../../src/backup/database-dump';
import { restoreDatabase } from '../../src/backup/database-restore';
import { PrismaService } from '../../src/common/database/prisma.service';
import type { RegisteredPlayerDto } from '../../src/events/dto/event.dto';
import { EventStartService } from '../../src/events/event-start.service';
import { EventsModule } from '../../src/events/events.module';
import { EventsService } from '../../src/events/events.service';
import { PlayersService } from '../../src/events/players.service';
import { EventArchiveModule } from '../../src/event-archive/event-archive.module';
import { EventArchiveService } from '../../src/event-archive/event-archive.service';
import { LeaguesModule } from '../../src/leagues/leagues.module';
import { LeaguesRepository } from '../../src/leagues/leagues.repository';
import { LeaguesService } from '../../src/leagues/leagues.service';
import { SealedModule } from '../../src/sealed/sealed.module';
import { LateEntryService } from '../../src/tournament/late-entry.service';
import { PenaltiesService } from '../../src/tournament/penalties.service';
import { TournamentModule } from '../../src/tournament/tournament.module';
import { TournamentService } from '../../src/tournament/tournament.service';
import { createDatabase, databaseUrl, dropDatabase, SERVER_URL_ENV } from '../setup/test-database';
import { createTestModule, type TestModule } from '../utils/test-module';

const MODULES = [EventsModule, SealedModule, TournamentModule, LeaguesModule, EventArchiveModule];

/**
 * League standings are kept (each event's results computed once, the standings per version) and
 * never stale: every change that moves them — whatever wrote it — is in the next answer. Each test
 * asks for the standings first (so that they are kept), changes one thing, and asks again.
 */
describe('medium: league standings stay current', () => {
  let m: TestModule;
  beforeAll(async () => {
    m = await createTestModule(MODULES);
  });
  afterAll(() => m.close());

  const on = (mod: TestModule) => ({
    leagues: mod.get(LeaguesService),
    tournament: mod.get(TournamentService),
    events: mod.get(EventsService),
  });

  /** A league of the season around the test clock (2026-11-30), match points plus 1 per event. */
  const season = (name: string, mod = m) =>
    on(mod).leagues.create({ name, game: 'wow-tcg', seasonStart: '2026-11-01', seasonEnd: '2026-12-31', scoring: { mode: 'match-points', participationPoints: 1 } }, mod.storeId);

  /** A started sealed event of `names` (building: decks, no round yet). */
  const startedEvent = async (seed: string, names: string[]) => {
    const event = await on(m).events.create({ name: seed, game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed }, m.storeId);
    const entries: RegisteredPlayerDto[] = [];
    for (const name of names) entries.push(await m.get(PlayersService).register(event.id, { name }));
    await m.get(EventStartService).start(event.id);
    return { eventId: event.id, entries };
  };

  /** Pairs the next round and enters `results` by table (player A's wins first); tables left out stay open. */
  const playRound = async (eventId: string, results: [number, number][] = []) => {
    const round = await on(m).tournament.pairNextRound(eventId, 50, 'across-the-table', true);
    const open = round.pairings.filter((p) => p.playerB !== null);
    for (let i = 0; i < results.length; i++) await on(m).tournament.setResult(open[i].matchId, { winsA: results[i][0], winsB: results[i][1] });
    return round;
  };

  const standings = async (leagueId: string, mod = m) =>
    (await on(mod).leagues.standings(leagueId)).map(({ profileId, points, events, matchPoints }) => ({ profileId, points, events, matchPoints }));
  const version = async (leagueId: string, mod = m) => (await on(mod).leagues.standingsVersion(leagueId)).version;
  const pointsOf = async (leagueId: string, profileId: string, mod = m) => (await standings(leagueId, mod)).find((s) => s.profileId === profileId)?.points;

  it('a result entered', async () => {
    const league = await season('Result');
    const { eventId } = await startedEvent('fresh-result-00000001', ['Ann', 'Bob', 'Cid', 'Dee']);
    const round = await playRound(eventId, [[2, 0]]);
    await on(m).leagues.addEvent(league.id, eventId);
    const before = await version(league.id);
    expect((await standings(league.id)).reduce((n, s) => n + s.matchPoints, 0)).toBe(3);
    await on(m).tournament.setResult(round.pairings[1].matchId, { winsA: 0, winsB: 2, reason: 'Slip read the wrong way' });
    expect(await version(league.id)).not.toBe(before);
    expect((await standings(league.id)).reduce((n, s) => n + s.matchPoints, 0)).toBe(6);
  });

  it('a correction of an earlier round', async () => {
    const league = await season('Correction');
    const { eventId, entries } = await startedEvent('fresh-correct-0000001', ['Ann', 'Bob', 'Cid', 'Dee']);
    const first = await playRound(eventId, [
      [2, 0],
      [2, 1],
    ]);
    await playRound(eventId, [
      [2, 0],
      [2, 0],
    ]);
    await on(m).leagues.addEvent(league.id, eventId);
    const profileOf = (playerId: string) => entries.find((e) => e.playerId === playerId)!.profileId;
    const [winner, loser] = [profileOf(first.pairings[0].playerA.playerId), profileOf(first.pairings[0].playerB!.playerId)];
    const [winnerBefore, loserBefore] = [await pointsOf(league.id, winner), await pointsOf(league.id, loser)];
    await on(m).tournament.setResult(first.pairings[0].matchId, { winsA: 0, winsB: 2, reason: 'Slip read the wrong way' });
    expect(await pointsOf(league.id, winner)).toBe(winnerBefore! - 3);
    expect(await pointsOf(league.id, loser)).toBe(loserBefore! + 3);
  });

  it('a penalty: a match loss records the opponent’s win', async () => {
    const league = await season('Penalty');
    const { eventId, entries } = await startedEvent('fresh-penalty-0000001', ['Ann', 'Bob', 'Cid', 'Dee']);
    const round = await playRound(eventId);
    await on(m).leagues.addEvent(league.id, eventId);
    const { playerA, playerB } = round.pairings[0];
    const profileB = entries.find((e) => e.playerId === playerB!.playerId)!.profileId;
    expect(await pointsOf(league.id, profileB)).toBe(1);
    await m.get(PenaltiesService).give(round.pairings[0].matchId, { playerId: playerA.playerId, kind: 'matchLoss', reason: 'Tardiness' });
    expect(await pointsOf(league.id, profileB)).toBe(4);
  });

  it('a drop before round 1: the player leaves the standings, participation point included', async () => {
    const league = await season('Drop');
    const { eventId, entries } = await startedEvent('fresh-drop-0000000001', ['Ann', 'Bob', 'Cid', 'Dee']);
    await on(m).leagues.addEvent(league.id, eventId);
    expect(await standings(league.id)).toHaveLength(4);
    await on(m).tournament.drop(eventId, entries[0].playerId);
    const after = await standings(league.id);
    expect(after).toHaveLength(3);
    expect(after.map((s) => s.profileId)).not.toContain(entries[0].profileId);
  });

  it('a late entry after round 1: in the standings with the round missed as a loss', async () => {
    const league = await season('Late');
    const { eventId } = await startedEvent('fresh-late-0000000001', ['Ann', 'Bob', 'Cid', 'Dee']);
    await playRound(eventId, [
      [2, 0],
      [2, 0],
    ]);
    await on(m).leagues.addEvent(league.id, eventId);
    expect(await standings(league.id)).toHaveLength(4);
    const late = await m.get(LateEntryService).enter(eventId, { name: 'Eve' });
    expect((await standings(league.id)).find((s) => s.profileId === late.profileId)).toEqual({ profileId: late.profileId, points: 1, events: 1, matchPoints: 0 });
  });

  it('an event added to the league, then taken out', async () => {
    const league = await season('Add and remove');
    const first = await startedEvent('fresh-add-00000000001', ['Ann', 'Bob', 'Cid', 'Dee']);
    const second = await startedEvent('fresh-add-00000000002', ['Eve', 'Fay', 'Gus', 'Hal']);
    await playRound(first.eventId, [[2, 0]]);
    await on(m).leagues.addEvent(league.id, first.eventId);
    expect(await standings(league.id)).toHaveLength(4);
    await on(m).leagues.addEvent(league.id, second.eventId);
    expect(await standings(league.id)).toHaveLength(8);
    await on(m).leagues.removeEvent(league.id, first.eventId);
    const after = await standings(league.id);
    expect(after.map((s) => s.profileId).sort()).toEqual(second.entries.map((e) => e.profileId).sort());
    expect((await on(m).leagues.get(league.id)).events.map((e) => e.eventId)).toEqual([second.eventId]);
  });

  it('results entered while the event was in no league count once it joins one', async () => {
    const league = await season('Late join');
    const { eventId } = await startedEvent('fresh-join-0000000001', ['Ann', 'Bob', 'Cid', 'Dee']);
    const round = await playRound(eventId);
    await on(m).leagues.addEvent(league.id, eventId);
    expect((await standings(league.id)).reduce((n, s) => n + s.matchPoints, 0)).toBe(0);
    await on(m).leagues.removeEvent(league.id, eventId);
    await standings(league.id);
    for (const p of round.pairings) await on(m).tournament.setResult(p.matchId, { winsA: 2, winsB: 0 });
    await on(m).leagues.addEvent(league.id, eventId);
    expect((await standings(league.id)).reduce((n, s) => n + s.matchPoints, 0)).toBe(6);
  });

  it('an event completed keeps its results; an event cancelled after joining counts no more', async () => {
    const league = await season('Cancel');
    const kept = await startedEvent('fresh-cancel-00000001', ['Ann', 'Bob', 'Cid', 'Dee']);
    const cancelled = await startedEvent('fresh-cancel-00000002', ['Eve', 'Fay', 'Gus', 'Hal']);
    await playRound(kept.eventId, [[2, 0]]);
    await playRound(cancelled.eventId, [[2, 0]]);
    await on(m).leagues.addEvent(league.id, kept.eventId);
    await on(m).leagues.addEvent(league.id, cancelled.eventId);
    const before = await standings(league.id);
    expect(before).toHaveLength(8);
    await on(m).events.transition(kept.eventId, 'complete');
    expect(await standings(league.id)).toEqual(before);
    await on(m).events.transition(cancelled.eventId, 'cancel');
    expect((await standings(league.id)).map((s) => s.profileId).sort()).toEqual(kept.entries.map((e) => e.profileId).sort());
  });

  it('a round undone takes its bye back', async () => {
    const league = await season('Undo');
    const { eventId } = await startedEvent('fresh-undo-0000000001', ['Ann', 'Bob', 'Cid', 'Dee', 'Eve']);
    await playRound(eventId, [
      [2, 0],
      [2, 0],
    ]);
    await playRound(eventId);
    await on(m).leagues.addEvent(league.id, eventId);
    const total = async () => (await standings(league.id)).reduce((n, s) => n + s.matchPoints, 0);
    expect(await total()).toBe(3 + 3 + 3 + 3); // round 1: two wins and the bye; round 2: the bye
    await on(m).tournament.undoRound(eventId, 2);
    expect(await total()).toBe(9);
  });

  it('a profile merge joins the two profiles’ results', async () => {
    const league = await season('Merge');
    const first = await startedEvent('fresh-merge-000000001', ['Ann', 'Bob', 'Cid', 'Dee']);
    const second = await startedEvent('fresh-merge-000000002', ['Ann K.', 'Fay', 'Gus', 'Hal']);
    await on(m).leagues.addEvent(league.id, first.eventId);
    await on(m).leagues.addEvent(league.id, second.eventId);
    expect(await standings(league.id)).toHaveLength(8);
    const [from, into] = [second.entries[0].profileId, first.entries[0].profileId];
    await on(m).leagues.merge(from, into);
    const after = await standings(league.id);
    expect(after).toHaveLength(7);
    expect(after.find((s) => s.profileId === into)).toMatchObject({ events: 2, points: 2 });
  });

  it('a change that moves no result keeps the version, and nothing is computed again', async () => {
    const league = await season('Quiet');
    const { eventId, entries } = await startedEvent('fresh-quiet-000000001', ['Ann', 'Bob', 'Cid', 'Dee']);
    const round = await playRound(eventId, [[2, 0]]);
    await on(m).leagues.addEvent(league.id, eventId);
    const before = await version(league.id);
    const keep = jest.spyOn(m.get(LeaguesRepository), 'keepResults');
    try {
      // A phone's heartbeat, a round's clock, a match's table extension: no result moves.
      const prisma = m.get(PrismaService);
      await prisma.eventPlayer.update({ where: { id: entries[0].playerId }, data: { seenAt: new Date() } });
      await prisma.round.updateMany({ where: { eventId }, data: { extraMinutes: 5 } });
      await prisma.match.update({ where: { id: round.pairings[0].matchId }, data: { extraMinutes: 3 } });
      expect(await version(league.id)).toBe(before);
      expect(keep).not.toHaveBeenCalled();
    } finally {
      keep.mockRestore();
    }
  });

  it('concurrent requests after a change compute the event once and answer alike', async () => {
    const league = await season('Herd');
    const { eventId } = await startedEvent('fresh-herd-0000000001', ['Ann', 'Bob', 'Cid', 'Dee']);
    const round = await playRound(eventId, [[2, 0]]);
    await on(m).leagues.addEvent(league.id, eventId);
    await standings(league.id);
    await on(m).tournament.setResult(round.pairings[1].matchId, { winsA: 2, winsB: 1 });
    const keep = jest.spyOn(m.get(LeaguesRepository), 'keepResults');
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => standings(league.id)));
      expect(keep).toHaveBeenCalledTimes(1);
      for (const a of answers) expect(a).toEqual(answers[0]);
      expect(answers[0].reduce((n, s) => n + s.matchPoints, 0)).toBe(6);
    } finally {
      keep.mockRestore();
    }
  });

  it('another instance on the same database: its changes are in this one’s next answer, and the reverse', async () => {
    const other = await createTestModule(MODULES, {}, { databaseUrl: m.databaseUrl });
    try {
      const league = await season('Two instances');
      const { eventId } = await startedEvent('fresh-instances-00001', ['Ann', 'Bob', 'Cid', 'Dee']);
      const round = await playRound(eventId);
      await on(m).leagues.addEvent(league.id, eventId);
      const total = async (mod: TestModule) => (await standings(league.id, mod)).reduce((n, s) => n + s.matchPoints, 0);
      expect([await total(m), await total(other)]).toEqual([0, 0]);
      await on(other).tournament.setResult(round.pairings[0].matchId, { winsA: 2, winsB: 0 });
      expect(await total(m)).toBe(3);
      await on(m).tournament.setResult(round.pairings[1].matchId, { winsA: 2, winsB: 0 });
      expect(await total(other)).toBe(6);
      expect(await version(league.id, other)).toBe(await version(league.id));
    } finally {
      await other.close();
    }
  });

  it('an event archive imported over the event (replace) brings its results back', async () => {
    const league = await season('Archive');
    const { eventId } = await startedEvent('fresh-archive-0000001', ['Ann', 'Bob', 'Cid', 'Dee']);
    const round = await playRound(eventId, [
      [2, 0],
      [2, 0],
    ]);
    await on(m).leagues.addEvent(league.id, eventId);
    const before = await standings(league.id);
    const archive = JSON.parse(JSON.stringify(await m.get(EventArchiveService).export(eventId)));
    await on(m).tournament.setResult(round.pairings[0].matchId, { winsA: 0, winsB: 2, reason: 'Slip read the wrong way' });
    expect(await standings(league.id)).not.toEqual(before);
    await m.get(EventArchiveService).import(archive, true, m.storeId);
    expect(await standings(league.id)).toEqual(before);
  });

  it('a restored backup: its standings are those of its data, a change after the backup’s kept results included', async () => {
    const serverUrl = process.env[SERVER_URL_ENV]!;
    const league = await season('Restore');
    const { eventId } = await startedEvent('fresh-restore-0000001', ['Ann', 'Bob', 'Cid', 'Dee']);
    const round = await playRound(eventId, [
      [2, 0],
      [2, 0],
    ]);
    await on(m).leagues.addEvent(league.id, eventId);
    await standings(league.id); // kept in the database and in memory
    // Corrected, and not asked for since: the backup holds the kept results and the mark.
    await on(m).tournament.setResult(round.pairings[0].matchId, { winsA: 0, winsB: 2, reason: 'Slip read the wrong way' });
    const dir = mkdtempSync(join(tmpdir(), 'podium-league-restore-'));
    const name = `podium_test_league_restore_${randomUUID().slice(0, 8)}`;
    try {
      const file = join(dir, 'backup.tar.gz');
      await dumpDatabase({ url: m.databaseUrl, file, now: new Date('2026-11-30T20:00:00Z'), podiumVersion: '0.1.0' });
      await createDatabase(serverUrl, name);
      await restoreDatabase({ url: databaseUrl(serverUrl, name), file });
      const restored = await createTestModule(MODULES, {}, { databaseUrl: databaseUrl(serverUrl, name) });
      try {
        expect(await standings(league.id, restored)).toEqual(await standings(league.id));
        await on(restored).tournament.setResult(round.pairings[1].matchId, { winsA: 0, winsB: 2, reason: 'Slip read the wrong way' });
        expect(await standings(league.id, restored)).not.toEqual(await standings(league.id));
      } finally {
        await restored.close();
      }
    } finally {
      await dropDatabase(serverUrl, name);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
