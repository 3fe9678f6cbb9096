import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/common/database/database-target';
import { PrismaService } from '../../src/common/database/prisma.service';
import { EventStartService } from '../../src/events/event-start.service';
import { EventsModule } from '../../src/events/events.module';
import { EventsService } from '../../src/events/events.service';
import { PlayersService } from '../../src/events/players.service';
import { LeaguesModule } from '../../src/leagues/leagues.module';
import { LeaguesService } from '../../src/leagues/leagues.service';
import type { LeagueScoring } from '../../src/leagues/rules/league-standings';
import { SealedModule } from '../../src/sealed/sealed.module';
import { LateEntryService } from '../../src/tournament/late-entry.service';
import { TournamentModule } from '../../src/tournament/tournament.module';
import { TournamentService } from '../../src/tournament/tournament.service';
import { createTestModule, type TestModule } from '../utils/test-module';

const BASELINE_SQL_FILE = join(PROJECT_ROOT, 'src', 'leagues', 'sql', 'league-standings-baseline.sql');

/**
 * The yardstick of the bench's league section, the one-statement SQL of the league standings
 * (src/leagues/sql/league-standings-baseline.sql), computes what the route computes: on a small
 * league with everything its scope covers — byes, draws, a late entry, drops after and before
 * round 1, a cancelled event, profiles across events under other names — in both scoring modes.
 */
describe('medium: the league standings baseline SQL agrees with the route', () => {
  let m: TestModule;
  let leagues: LeaguesService;
  let tournament: TournamentService;
  beforeAll(async () => {
    m = await createTestModule([EventsModule, SealedModule, TournamentModule, LeaguesModule]);
    leagues = m.get(LeaguesService);
    tournament = m.get(TournamentService);
  });
  afterAll(() => m.close());

  /** Game results by table, cycled: wins, losses, a draw with a drawn game, a 2-1. */
  const RESULTS = [
    { winsA: 2, winsB: 0 },
    { winsA: 0, winsB: 2 },
    { winsA: 1, winsB: 1, draws: 1 },
    { winsA: 2, winsB: 1 },
    { winsA: 1, winsB: 2 },
  ];

  /** A sealed event of the members (member number → name), started. */
  const event = async (seed: string, members: [string, string][]) => {
    const created = await m.get(EventsService).create({ name: seed, game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed }, m.storeId);
    const ids = new Map<string, string>();
    for (const [member, name] of members) ids.set(member, (await m.get(PlayersService).register(created.id, { name, memberNumber: member })).playerId);
    await m.get(EventStartService).start(created.id);
    return { eventId: created.id, ids };
  };
  const round = async (eventId: string, offset: number) => {
    const r = await tournament.pairNextRound(eventId, 50, 'random', true);
    let i = offset;
    for (const p of r.pairings) if (p.playerB) await tournament.setResult(p.matchId, RESULTS[i++ % RESULTS.length]);
  };

  it('the same ranks, profiles, names, points, events, match points and mean OMW%, in match-points and placing scoring', async () => {
    // Five players: a bye every round; one drops after round 1, one enters late for round 2.
    const a = await event('baseline-event-a-000001', [
      ['M1', 'Ann'],
      ['M2', 'Bob'],
      ['M3', 'Cid'],
      ['M4', 'Dee'],
      ['M5', 'Eve'],
    ]);
    await round(a.eventId, 0);
    await tournament.drop(a.eventId, a.ids.get('M3')!);
    await m.get(LateEntryService).enter(a.eventId, { name: 'Fay', memberNumber: 'M6' });
    await round(a.eventId, 1);
    await round(a.eventId, 3);
    // The same people under other names, and one who drops before round 1.
    const b = await event('baseline-event-b-000001', [
      ['M1', 'Ann K.'],
      ['M2', 'Bob'],
      ['M6', 'Fay L.'],
      ['M7', 'Gus'],
      ['M8', 'Hal'],
      ['M9', 'Ivy'],
    ]);
    await tournament.drop(b.eventId, b.ids.get('M9')!);
    await round(b.eventId, 2);
    await round(b.eventId, 4);
    // Played, then cancelled: counts in no league.
    const c = await event('baseline-event-c-000001', [
      ['M1', 'Ann'],
      ['M7', 'Gus'],
      ['M10', 'Jon'],
      ['M11', 'Kim'],
    ]);
    await round(c.eventId, 0);
    await m.get(EventsService).transition(c.eventId, 'cancel');

    const scorings: LeagueScoring[] = [
      { mode: 'match-points', placingPoints: [], participationPoints: 1 },
      { mode: 'placing', placingPoints: [10, 7, 5, 3, 2], participationPoints: 2 },
    ];
    const sql = readFileSync(BASELINE_SQL_FILE, 'utf8');
    for (const scoring of scorings) {
      const league = await leagues.create({ name: `Baseline ${scoring.mode}`, game: 'wow-tcg', seasonStart: '2026-11-01', seasonEnd: '2026-12-31', scoring }, m.storeId);
      for (const e of [a, b]) await leagues.addEvent(league.id, e.eventId);
      const route = await leagues.standings(league.id);
      const baseline = await m
        .get(PrismaService)
        .$queryRawUnsafe<{ rank: number; profile_id: string; name: string; points: number; events: number; match_points: number; omwp: number }[]>(sql, league.id);
      expect(route.length).toBe(11 - 3); // Jon and Kim only played the cancelled event; Ivy dropped before round 1
      expect(baseline.map((r) => ({ rank: r.rank, profileId: r.profile_id, name: r.name, points: r.points, events: r.events, matchPoints: r.match_points }))).toEqual(
        route.map((r) => ({ rank: r.rank, profileId: r.profileId, name: r.name, points: r.points, events: r.events, matchPoints: r.matchPoints })),
      );
      baseline.forEach((r, i) => expect(r.omwp).toBeCloseTo(route[i].omwp, 12));
    }
  });

  it('a league that took in an event cancelled later: neither counts it', async () => {
    const d = await event('baseline-event-d-000001', [
      ['N1', 'Lea'],
      ['N2', 'Max'],
      ['N3', 'Ned'],
      ['N4', 'Ola'],
    ]);
    await round(d.eventId, 0);
    const e = await event('baseline-event-e-000001', [
      ['N1', 'Lea'],
      ['N5', 'Pia'],
      ['N6', 'Quy'],
      ['N7', 'Rex'],
    ]);
    await round(e.eventId, 1);
    const league = await leagues.create(
      { name: 'Baseline cancelled', game: 'wow-tcg', seasonStart: '2026-11-01', seasonEnd: '2026-12-31', scoring: { mode: 'match-points', participationPoints: 1 } },
      m.storeId,
    );
    await leagues.addEvent(league.id, d.eventId);
    await leagues.addEvent(league.id, e.eventId);
    await m.get(EventsService).transition(e.eventId, 'cancel');
    const route = await leagues.standings(league.id);
    const baseline = await m.get(PrismaService).$queryRawUnsafe<{ profile_id: string }[]>(readFileSync(BASELINE_SQL_FILE, 'utf8'), league.id);
    expect(route).toHaveLength(4);
    expect(baseline.map((r) => r.profile_id)).toEqual(route.map((r) => r.profileId));
  });
});
