import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SimulationOptions } from '../../src/simulator/options';
import { comparableStandings, simulateEvent, type SimulationResult } from '../../src/simulator/simulate-event';
import { formatSummary } from '../../src/simulator/summary';
import { createTestApp, type TestApp } from '../utils/test-app';

/**
 * The event simulator in-process against the test app on a real port: whole events through
 * the public API, every consistency check of the simulator, and the verifier at the end. The test app
 * runs without pick timers, so the timeout pick is left out (the CLI does it on its own server).
 */
describe('event simulator (e2e)', () => {
  let t: TestApp;
  let baseUrl: string;
  const files: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const f of files) rmSync(f, { force: true });
    await t.close();
  });

  const baseOptions: SimulationOptions = {
    baseUrl: '',
    organizerToken: '',
    game: 'wow-tcg',
    format: 'draft',
    players: 8,
    seed: 'e2e-draft',
    packs: ['HOA'],
    topCut: 0,
    timeoutPick: false,
    absentPlayer: true,
  };

  async function run(options: Partial<SimulationOptions>): Promise<SimulationResult> {
    const exportPath = join(tmpdir(), `podium-simulator-e2e-${process.pid}-${files.length}.json`);
    files.push(exportPath);
    const result = await simulateEvent({ ...baseOptions, baseUrl, organizerToken: t.organizer.replace(/^Bearer /, ''), exportPath, ...options });
    if (!result.ok) throw new Error(`simulation problems:\n${result.problems.join('\n')}`);
    return result;
  }

  let first: SimulationResult | undefined;
  let second: SimulationResult | undefined;

  it('an 8-player WoW TCG draft with a top 4 runs clean', async () => {
    first = await run({ topCut: 4 });
    expect(first.problems).toEqual([]);
    expect(first.standings).toHaveLength(8);
    expect(first.placings).toHaveLength(8);
    expect(first.standingsText).toContain('Player 01');
    expect(first.decks.every((d) => d.legal && d.mainCount === 30 && d.hero)).toBe(true);
    expect(first.stats).toMatchObject({ decks: 8, disputes: 1, 'playoff matches': 3, 'bot picks': 14, 'pool cards': 8 * 4 * 14 });
    expect(first.standings.filter((s) => s.dropped)).toHaveLength(1);
    expect(first.stats.draws).toBeGreaterThanOrEqual(1);
    // The suggestion route is the player's own: no token, no suggestion.
    expect((await t.http().get(`/api/events/${first.eventId}/deck/suggestion`)).status).toBe(401);
  }, 90_000); // ~20 s alone; headroom for a loaded CI machine

  it('the same seed on a fresh event gives the same draft and the same decks', async () => {
    second = await run({ topCut: 4 });
    expect(second.problems).toEqual([]);
    expect(second.eventId).not.toBe(first!.eventId);
    expect(second.decks).toEqual(first!.decks);
    expect(second.stats).toEqual(first!.stats);
  }, 90_000);

  // The rules see players under keys made from their registration number (replayKeys in
  // src/tournament/event-results.ts), so a replay with the same seed pairs and ranks the same.
  it('the same seed on a fresh event gives the same standings', () => {
    expect(first?.ok && second?.ok).toBe(true);
    expect(comparableStandings(second!.standings)).toEqual(comparableStandings(first!.standings));
  });

  it('a 2v2 WoW TCG team draft of 8 players (4 teams) runs clean: seats alternate teams, rounds and standings by team', async () => {
    const result = await run({ teamSize: 2, seed: 'e2e-team-draft' });
    expect(result.problems).toEqual([]);
    expect(result.teams.map((t) => [t.name, t.members.map((m) => m.name)])).toEqual([
      ['Team 1', ['Player 01', 'Player 02']],
      ['Team 2', ['Player 03', 'Player 04']],
      ['Team 3', ['Player 05', 'Player 06']],
      ['Team 4', ['Player 07', 'Player 08']],
    ]);
    const teamOf = new Map(result.teams.flatMap((t) => t.members.map((m) => [m.playerId, t.teamId] as const)));
    // One pod of the 8 players, seats A, B, C, D, A, B, C, D: no teammates side by side, also from the last seat to seat 0.
    const pods = (await t.http().get(`/api/events/${result.eventId}/pods`)).body as { seats: { seat: number; playerId: string | null }[] }[];
    expect(pods).toHaveLength(1);
    const seats = [...pods[0].seats].sort((a, b) => a.seat - b.seat).map((s) => teamOf.get(s.playerId!));
    expect(seats).toHaveLength(8);
    expect(new Set(seats).size).toBe(4);
    seats.forEach((team, i) => expect(team).not.toBe(seats[(i + 1) % seats.length]));
    expect(result.pods.map((p) => p.seats.map((s) => s.playerId))).toEqual(pods.map((p) => [...p.seats].sort((a, b) => a.seat - b.seat).map((s) => s.playerId)));
    // Standings and placings: the 4 teams (team ids, with their members), one of them dropped.
    const teamIds = result.teams.map((x) => x.teamId).sort();
    expect(result.standings).toHaveLength(4);
    expect(result.standings.map((s) => s.playerId).sort()).toEqual(teamIds);
    expect(result.standings.every((s) => s.teamId === s.playerId && s.members?.length === 2)).toBe(true);
    expect(result.standings.filter((s) => s.dropped)).toHaveLength(1);
    expect(result.placings.map((p) => p.playerId).sort()).toEqual(teamIds);
    expect(result.standingsText).toContain('Team 1');
    // Decks: every member's own, legal, and every team's heroes of one faction (the refused mismatch included).
    expect(result.decks.every((d) => d.legal && d.mainCount === 30 && d.hero && d.team)).toBe(true);
    expect(result.stats).toMatchObject({
      decks: 8,
      disputes: 1,
      'team pods': 1,
      'team faction mismatches refused': 1,
      'team reports repeated by a teammate': 1,
      'pool cards': 8 * 4 * 14,
    });
    const summary = formatSummary({ ...baseOptions, teamSize: 2, seed: 'e2e-team-draft' }, result);
    expect(summary).toContain('8-player team event (4 teams of 2, 2v2) wow-tcg draft');
    expect(summary).toContain('OK: no inconsistency seen');
  }, 90_000);

  it('a 6-player Berserk sealed event (6 × S1) runs clean', async () => {
    const result = await run({ game: 'berserk', format: 'sealed', players: 6, seed: 'e2e-sealed', packs: Array(6).fill('S1'), absentPlayer: false });
    expect(result.problems).toEqual([]);
    expect(result.standings).toHaveLength(6);
    expect(result.stats).toMatchObject({ decks: 6, disputes: 1, 'pool cards': 6 * 6 * 12 });
  }, 60_000);

  it('a 10-player WoW TCG draft of real boosters (--packs-source physical) runs clean: seated, no picks, decks as lists, a top 4', async () => {
    const r = await run({ players: 10, packSource: 'physical', topCut: 4, seed: 'e2e-physical' });
    expect(r.pods.map((p) => p.seats.length)).toEqual([5, 5]);
    expect(r.stats['picks posted'] ?? 0).toBe(0);
    expect(r.stats['boosters opened at the table']).toBe(10 * 2 * 4); // an HOA draft is 4 boosters; the simulator's table opens the sequence twice
    expect(r.decks.every((d) => d.legal && d.mainCount === 30 && d.hero)).toBe(true);
    expect(r.standings).toHaveLength(10);
    expect(r.placings[0].place).toBe(1);
  }, 120_000);
});
