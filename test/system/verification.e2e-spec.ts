import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventExport } from '../../src/verification/event-export.types';
import { parseEventExport } from '../../src/verification/parse-event-export';
import type { VerificationItem, VerificationReport } from '../../src/verification/verification-report';
import { verifyEvent } from '../../src/verification/verify-event';
import { createEvent, draftToTheEnd, registerPlayers, start } from '../utils/events';
import { createTestApp, type TestApp } from '../utils/test-app';

const ROOT = join(__dirname, '..', '..');

/** Runs the standalone verifier on a file: `npm run verify` (builds dist first) or straight from dist. */
function cli(file: string, opts: { build?: boolean; json?: boolean } = {}): { status: number | null; stdout: string; stderr: string } {
  const args = [file, ...(opts.json ? ['--json'] : [])];
  const run = opts.build
    ? spawnSync('npm', ['run', '--silent', 'verify', '--', ...args], { cwd: ROOT, encoding: 'utf8' })
    : spawnSync(process.execPath, ['dist/cli/verify.js', ...args], { cwd: ROOT, encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const named = (report: VerificationReport, name: string) => report.items.find((i: VerificationItem) => i.item === name);
const count = (report: VerificationReport, prefix: string) => report.items.filter((i) => i.item.startsWith(prefix)).length;

describe('event verification (export, server, standalone CLI)', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp();
    dir = mkdtempSync(join(tmpdir(), 'podium-verify-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const verification = (id: string) => t.http().get(`/api/events/${id}/verification`);
  const exportOf = (id: string, auth?: string) => (auth ? t.http().get(`/api/events/${id}/export`).set('authorization', auth) : t.http().get(`/api/events/${id}/export`));
  const action = (id: string, what: 'complete' | 'reveal') => t.http().post(`/api/events/${id}/${what}`).set('authorization', t.organizer).expect(200);

  it('a 3-player draft with 5 bots: the server, verifyEvent and `npm run verify` regenerate everything; a tampered seed or bot pick is reported', async () => {
    const event = await createEvent(t, { name: 'Verified Draft', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: 'verification-draft-seed-01', fillWithBots: true });
    const players = await registerPlayers(t, event.id, 3);
    await start(t, event.id);
    expect(await draftToTheEnd(t, event.id, players)).toBe(3 * 4 * 14);

    // Before completion: the organizer's export has no seed; nobody else gets one; nothing verifies.
    expect((await exportOf(event.id)).status).toBe(403);
    const early = (await exportOf(event.id, t.organizer).expect(200)).body as EventExport;
    expect(early.event).toMatchObject({ state: 'building', seed: null, seedCommitment: event.seedCommitment });
    expect(verifyEvent(early)).toMatchObject({ ok: false, items: [{ item: 'seed not revealed', status: 'unverifiable' }] });
    expect((await verification(event.id).expect(409)).body.code).toBe('SEED_NOT_REVEALED');

    await action(event.id, 'complete');
    expect((await verification(event.id).expect(409)).body.code).toBe('SEED_NOT_REVEALED');
    expect((await exportOf(event.id).expect(200)).body.event.seed).toBeNull();
    await action(event.id, 'reveal');

    const server = (await verification(event.id).expect(200)).body as VerificationReport;
    expect(server.items.filter((i) => i.status !== 'match')).toEqual([]);
    expect(server).toMatchObject({ ok: true, mismatches: 0, unverifiable: 0 });
    expect(named(server, 'seedCommitment')).toMatchObject({ status: 'match', actual: event.seedCommitment });
    expect(named(server, 'dataVersion HOA')).toMatchObject({ status: 'match', actual: (event.packs[0] as { dataVersion?: string }).dataVersion });
    expect(named(server, 'pod sizes')).toMatchObject({ status: 'match', expected: [8] });
    expect(named(server, 'seating pod-1')).toMatchObject({ status: 'match' });
    expect(count(server, 'pack pack/pod-1/')).toBe(8 * 4);
    expect(named(server, 'picks pod-1')).toMatchObject({ status: 'match' });
    expect(count(server, 'pick pod-1 ')).toBe(5 * 4 * 14); // every bot pick recomputed

    const text = (await exportOf(event.id).expect(200)).text;
    const file = parseEventExport(text);
    expect(file.event.seed).toBe('verification-draft-seed-01');
    expect(verifyEvent(file)).toEqual(server);

    const path = join(dir, 'draft.json');
    writeFileSync(path, text);
    const honest = cli(path, { build: true });
    expect(honest.stderr).toBe('');
    expect(honest.stdout).toMatch(/^OK: all \d+ checked items match$/m);
    expect(honest.status).toBe(0);

    const wrongSeed: EventExport = { ...file, event: { ...file.event, seed: 'not-the-committed-seed-01' } };
    writeFileSync(path, JSON.stringify(wrongSeed));
    const seedRun = cli(path, { json: true });
    expect(seedRun.status).toBe(1);
    expect(named(JSON.parse(seedRun.stdout), 'seedCommitment')).toMatchObject({ status: 'mismatch', actual: event.seedCommitment });
    const seedText = cli(path);
    expect(seedText.status).toBe(1);
    expect(seedText.stdout).toContain('✗ seedCommitment');

    const wrongPick = JSON.parse(text) as EventExport;
    const botPick = wrongPick.picks.find((p) => p.source === 'bot' && p.packNumber === 2 && p.pickNumber === 1)!;
    const opened = wrongPick.packs.find((p) => p.podNumber === 1 && p.seat === botPick.seat && p.packNumber === 2)!;
    const original = botPick.cardId;
    botPick.cardId = opened.cards.find((c) => c !== original)!;
    writeFileSync(path, JSON.stringify(wrongPick));
    const pickRun = cli(path, { json: true });
    expect(pickRun.status).toBe(1);
    const pickReport = JSON.parse(pickRun.stdout) as VerificationReport;
    expect(named(pickReport, `pick pod-1 round-2 pick-1 seat-${botPick.seat}`)).toMatchObject({ status: 'mismatch', expected: original, actual: botPick.cardId });
    expect(named(pickReport, 'seedCommitment')).toMatchObject({ status: 'match' });

    writeFileSync(path, '{"format": "something-else"}');
    expect(cli(path).status).toBe(2);
    expect(cli(join(dir, 'missing.json')).status).toBe(2);
  }, 180_000);

  it('a sealed event with a late entry: every pool pack regenerates', async () => {
    const event = await createEvent(t, { name: 'Verified Sealed', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'verification-sealed-seed-1' });
    await registerPlayers(t, event.id, 3);
    await start(t, event.id);
    await registerPlayers(t, event.id, 1); // late entry: the pool opens on joining
    await action(event.id, 'complete');
    await action(event.id, 'reveal');

    const server = (await verification(event.id).expect(200)).body as VerificationReport;
    expect(server).toMatchObject({ ok: true, mismatches: 0 });
    expect(count(server, 'pack pack/player-')).toBe(4 * 6);
    expect(named(server, 'pack pack/player-4/pack-6')).toMatchObject({ status: 'match' });
    expect((named(server, 'pack pack/player-1/pack-1')!.expected as string[]).length).toBe(15); // sealed keeps the hero

    const file = (await exportOf(event.id).expect(200)).body as EventExport;
    expect(verifyEvent(file)).toEqual(server);
    file.packs[3].cards[0] = file.packs[3].cards[1];
    const tampered = verifyEvent(file);
    expect(tampered.ok).toBe(false);
    expect(tampered.items.filter((i) => i.status === 'mismatch').map((i) => i.item)).toEqual([`pack ${file.packs[3].purpose}`]);
  });

  it('answers 404 for an unknown event and 400 for a malformed id', async () => {
    expect((await verification('00000000-0000-4000-8000-000000000000').expect(404)).body.code).toBe('EVENT_NOT_FOUND');
    expect((await exportOf('00000000-0000-4000-8000-000000000000', t.organizer).expect(404)).body.code).toBe('EVENT_NOT_FOUND');
    expect((await verification('not-a-uuid').expect(400)).body.code).toBe('VALIDATION_FAILED');
  });
});
