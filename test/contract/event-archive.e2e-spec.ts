import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { NOT_EVENT_TABLES, UNDECLARED_REFERENCES } from '../../src/event-archive/archive-scope';
import type { EventArchive } from '../../src/event-archive/event-archive.types';
import { eventGraph } from '../../src/event-archive/rules/event-graph';
import { readSchemaFacts } from '../../src/event-archive/schema-facts';
import { createEvent, draftToTheEnd, me, registerPlayers, start, type TestPlayer } from '../utils/events';
import { createTestApp, type TestApp } from '../utils/test-app';

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** A finished draft with decks, one round with a result and a league; the archive of it. */
async function eventNight(t: TestApp, seed: string): Promise<{ id: string; players: TestPlayer[]; league: string }> {
  const event = await createEvent(t, { name: 'Archived Draft', game: 'wow-tcg', format: 'draft', packs: ['HOA'], fillWithBots: true, seed });
  const players = await registerPlayers(t, event.id, 3, {});
  await t
    .http()
    .post(`/api/events/${event.id}/players`)
    .send({ name: 'Member', memberNumber: `M-${seed}` })
    .expect(201)
    .then((res) => players.push({ ...res.body, auth: `Bearer ${res.body.token}` }));
  await start(t, event.id);
  await draftToTheEnd(t, event.id, players);
  for (const p of players) {
    const suggestion = (await t.http().get(`/api/events/${event.id}/deck/suggestion`).set('authorization', p.auth).expect(200)).body;
    const res = await t.http().put(`/api/events/${event.id}/deck`).set('authorization', p.auth).send({ hero: suggestion.hero, main: suggestion.main });
    expect([200, 422]).toContain(res.status); // an illegal deck is kept as the player's draft: data too
  }
  const round = (await t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ force: true }).expect(201)).body;
  await t.http().put(`/api/matches/${round.pairings[0].matchId}/result`).set('authorization', t.organizer).send({ winsA: 2, winsB: 1 }).expect(200);
  const league = (
    await t
      .http()
      .post('/api/leagues')
      .set('authorization', t.organizer)
      .send({ name: `League ${seed}`, game: 'wow-tcg', seasonStart: '2026-11-01', seasonEnd: '2026-12-31', scoring: { mode: 'match-points' } })
      .expect(201)
  ).body.id;
  await t.http().post(`/api/leagues/${league}/events`).set('authorization', t.organizer).send({ eventId: event.id }).expect(200);
  return { id: event.id, players, league };
}

/** What players and the organizer see of an event (the answers an archive must bring back). */
async function views(t: TestApp, id: string, players: TestPlayer[], league: string): Promise<unknown[]> {
  const get = async (path: string, auth = t.organizer) => (await t.http().get(path).set('authorization', auth).expect(200)).body;
  const out: unknown[] = [];
  for (const p of players) out.push(await get(`/api/events/${id}/me`, p.auth), await get(`/api/events/${id}/deck`, p.auth));
  const exported = await get(`/api/events/${id}/export`);
  delete exported.exportedAt;
  out.push(
    await get(`/api/events/${id}`),
    await get(`/api/events/${id}/rounds/1`),
    await get(`/api/events/${id}/standings`),
    await get(`/api/leagues/${league}/standings`),
    exported,
  );
  return out;
}

describe('event archive: GET /api/events/:id/archive and POST /api/events/import', () => {
  let t: TestApp;
  let night: Awaited<ReturnType<typeof eventNight>>;
  let archive: EventArchive;
  beforeAll(async () => {
    t = await createTestApp();
    night = await eventNight(t, 'event-archive-seed-0001');
    const res = await t.http().get(`/api/events/${night.id}/archive`).set('authorization', t.organizer).expect(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="podium-event-[0-9A-Z]{6}\.json"$/);
    archive = res.body;
  });
  afterAll(() => t.close());

  const importArchive = (target: TestApp, body: unknown, query = '') =>
    target.http().post(`/api/events/import${query}`).set('authorization', target.organizer).set('content-type', 'application/json').send(JSON.stringify(body));

  it('event archive covers every table: each is the event’s, one its rows point at, or declared as no event’s, and every id column is a key or declared', async () => {
    const db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
    try {
      const facts = await readSchemaFacts(db);
      const graph = eventGraph('event', facts.foreignKeys);
      const classified = [...graph.owned, ...graph.referenced, ...Object.keys(NOT_EVENT_TABLES)].sort();
      // A new table holding event data without a foreign key to the event's tables lands here unclassified.
      expect([...facts.columns.keys()].sort()).toEqual(classified);
      for (const table of graph.owned) {
        const keyed = new Set([
          ...(facts.keys.get(table) ?? []).filter((k) => k.primary).flatMap((k) => k.columns),
          ...facts.foreignKeys.filter((k) => k.table === table).flatMap((k) => k.columns),
        ]);
        for (const column of facts.columns.get(table)!) {
          if (!(column.type === 'uuid' || column.name.endsWith('_id')) || keyed.has(column.name)) continue;
          expect(`${table}.${column.name} → ${UNDECLARED_REFERENCES[`${table}.${column.name}`] ?? 'undeclared'}`).not.toMatch(/undeclared$/);
        }
        // No stale declarations either.
        for (const declared of Object.keys(UNDECLARED_REFERENCES).filter((d) => d.startsWith(`${table}.`))) {
          expect(facts.columns.get(table)!.map((c) => `${table}.${c.name}`)).toContain(declared);
        }
      }
      expect(Object.keys(archive.tables).sort()).toEqual([...graph.owned].sort());
    } finally {
      await db.end();
    }
    for (const table of ['event', 'event_player', 'pod', 'seat', 'pack', 'pack_card', 'pick', 'deck', 'round', 'match', 'result_change', 'league_event', 'event_code']) {
      expect([table, archive.tables[table].rows.length > 0]).toEqual([table, true]);
    }
    expect(archive.references.player_profile.rows).toHaveLength(4);
    expect(archive.references.league.rows).toHaveLength(1);
    expect(archive.catalog.set_version.rows).toHaveLength(1);
    expect(archive.catalog.card.rows.length).toBeGreaterThan(300);
  });

  it('imports into a fresh database: the same answers to the players’ own tokens, league included; catalog and profiles matched or created', async () => {
    const target = await createTestApp();
    try {
      // Another server: its HOA has another version id (same content), and it knows nobody.
      const moved = clone(archive);
      const [versionId] = moved.catalog.set_version.rows[0] as string[];
      const otherId = randomUUID();
      const text = JSON.stringify(moved).split(versionId).join(otherId);
      const res = await importArchive(target, JSON.parse(text)).expect(200);
      expect(res.body).toMatchObject({ id: night.id, code: archive.event.code, replaced: false, pausedPods: 0 });
      expect(res.body.matched).toMatchObject({ set_version: 1 });
      expect(res.body.created).toMatchObject({ player_profile: 4, league: 1, set_version: 0 });
      expect(res.body.rows.pick).toBe(archive.tables.pick.rows.length);
      expect(await views(target, night.id, night.players, night.league)).toEqual(await views(t, night.id, night.players, night.league));
      // The packs point at the target's own HOA version.
      const [{ version_id }] = await target.prisma.$queryRawUnsafe<{ version_id: string }[]>('SELECT DISTINCT version_id::text FROM pack WHERE event_id = $1::uuid', night.id);
      expect(version_id).toBe(versionId);

      // A set the target lacks is created from the archive's catalog, cards and all.
      const third = await createTestApp();
      try {
        await third.prisma.$executeRawUnsafe("DELETE FROM card_set WHERE code_key = 'hoa'");
        const created = await importArchive(third, archive).expect(200);
        expect(created.body.created).toMatchObject({ card_set: 1, set_version: 1 });
        expect((await third.http().get('/api/sets/HOA').expect(200)).body.dataVersion).toBe((await t.http().get('/api/sets/HOA').expect(200)).body.dataVersion);
        expect(await views(third, night.id, night.players, night.league)).toEqual(await views(t, night.id, night.players, night.league));
      } finally {
        await third.close();
      }
    } finally {
      await target.close();
    }
  });

  it('?replace=true restores the event as archived and leaves every other event as it is', async () => {
    const other = await eventNight(t, 'event-archive-seed-0002');
    const otherBefore = await views(t, other.id, other.players, other.league);
    const before = await views(t, night.id, night.players, night.league);
    // The night goes on after the archive: a result changes, a player drops.
    const round = (await t.http().get(`/api/events/${night.id}/rounds/1`).expect(200)).body;
    await t.http().put(`/api/matches/${round.pairings[0].matchId}/result`).set('authorization', t.organizer).send({ winsA: 0, winsB: 2, reason: 'Slip read wrong' }).expect(200);
    await t.http().post(`/api/events/${night.id}/players/${night.players[3].playerId}/drop`).set('authorization', t.organizer).expect(200);
    expect(await views(t, night.id, night.players, night.league)).not.toEqual(before);

    const conflict = await importArchive(t, archive).expect(409);
    expect(conflict.body).toMatchObject({ code: 'ARCHIVE_CONFLICT', details: [{ field: 'event.id', rule: 'newEvent' }] });
    const res = await importArchive(t, archive, '?replace=true').expect(200);
    expect(res.body).toMatchObject({ replaced: true, matched: { player_profile: 4, league: 1, set_version: 1 }, created: { player_profile: 0, league: 0 } });
    expect(await views(t, night.id, night.players, night.league)).toEqual(before);
    expect(await views(t, other.id, other.players, other.league)).toEqual(otherBefore);
  });

  it('a draft comes back paused when its pick timers run, and every instance forgets the pods it held (replace with fewer picks)', async () => {
    const event = await createEvent(t, {
      name: 'Half Draft',
      game: 'wow-tcg',
      format: 'draft',
      packs: ['HOA'],
      fillWithBots: true,
      seed: 'event-archive-seed-0003',
      pickTimeSeconds: 60,
    });
    const players = await registerPlayers(t, event.id, 2);
    await start(t, event.id);
    const pick = async (p: TestPlayer) => {
      const view = await me(t, event.id, p);
      await t
        .http()
        .post(`/api/events/${event.id}/picks`)
        .set('authorization', p.auth)
        .send({ packNumber: view.packNumber, pickNumber: view.pickNumber, cardId: view.currentPack!.cards[0].cardId })
        .expect(200);
    };
    await pick(players[0]);
    const saved = (await t.http().get(`/api/events/${event.id}/archive`).set('authorization', t.organizer).expect(200)).body;
    await pick(players[0]);
    await pick(players[1]);
    expect((await me(t, event.id, players[0])).picks).toHaveLength(2); // this instance holds the pod with two picks

    const res = await importArchive(t, saved, '?replace=true').expect(200);
    expect(res.body.pausedPods).toBe(1);
    let view = await me(t, event.id, players[0]);
    for (let i = 0; i < 50 && view.picks.length !== 1; i++) {
      await new Promise((r) => setTimeout(r, 50)); // the notification reaches this instance's LISTEN connection
      view = await me(t, event.id, players[0]);
    }
    expect(view.picks).toHaveLength(1);
    expect((await me(t, event.id, players[1])).picks).toHaveLength(0);
    expect((await t.http().get(`/api/events/${event.id}/pods`).expect(200)).body[0].paused).toBe(true);
    // Picking goes on after a resume, from the archived state.
    await t.http().post(`/api/events/${event.id}/resume`).set('authorization', t.organizer).send({}).expect(200);
    await pick(players[1]);
    expect((await me(t, event.id, players[1])).picks).toHaveLength(1);
  });

  describe('refusals: a 4xx with a code, nothing written', () => {
    const eventCount = async () => (await t.prisma.event.count()) as number;

    it('not an archive, a table or column unknown here, a row of another event: 422 ARCHIVE_INVALID', async () => {
      const before = await eventCount();
      expect((await importArchive(t, { hello: 'world' }).expect(422)).body).toMatchObject({ code: 'ARCHIVE_INVALID', details: [{ field: 'format' }] });
      const unknownTable = clone(archive);
      unknownTable.tables.secret_table = { columns: ['id'], rows: [] };
      expect((await importArchive(t, unknownTable).expect(422)).body).toMatchObject({ code: 'ARCHIVE_INVALID', details: [{ field: 'tables.secret_table', rule: 'knownTable' }] });
      const unknownColumn = clone(archive);
      unknownColumn.tables.pick.columns[0] = 'no_such_column';
      expect((await importArchive(t, unknownColumn, '?replace=true').expect(422)).body.details).toContainEqual(
        expect.objectContaining({ field: 'tables.pick.columns', rule: 'knownColumn' }),
      );
      const shortRow = clone(archive);
      shortRow.tables.pick.rows[0].pop();
      expect((await importArchive(t, shortRow, '?replace=true').expect(422)).body.details[0]).toMatchObject({ field: 'tables.pick.rows[0]', rule: 'rowLength' });
      // A pick that names a pod of no event: PostgreSQL's foreign key refuses it, the whole import rolls back.
      const stray = clone(archive);
      const podAt = stray.tables.pick.columns.indexOf('pod_id');
      stray.tables.pick.rows[0][podAt] = randomUUID();
      const refused = await importArchive(t, stray, '?replace=true').expect(422);
      expect(refused.body).toMatchObject({ code: 'ARCHIVE_INVALID', details: [{ field: 'tables.pick' }] });
      expect(await eventCount()).toBe(before);
      expect((await t.http().get(`/api/events/${night.id}`).expect(200)).body.id).toBe(night.id); // the replace rolled back
    });

    it('an archive of a newer schema: 422 ARCHIVE_SCHEMA_NEWER naming the migration', async () => {
      const newer = clone(archive);
      newer.migrations.push('29991231000000_from_the_future');
      const res = await importArchive(t, newer, '?replace=true').expect(422);
      expect(res.body).toMatchObject({ code: 'ARCHIVE_SCHEMA_NEWER', details: [{ field: 'migrations', message: 'unknown migration 29991231000000_from_the_future' }] });
    });

    it('the event under another id whose code and tokens are taken here: 409 ARCHIVE_CONFLICT', async () => {
      const copy = JSON.parse(JSON.stringify(archive).split(night.id).join(randomUUID()));
      const res = await importArchive(t, copy).expect(409);
      expect(res.body.code).toBe('ARCHIVE_CONFLICT');
    });

    it('only the organizer, only JSON', async () => {
      await t.http().post('/api/events/import').set('content-type', 'application/json').send(JSON.stringify(archive)).expect(401);
      expect((await t.http().post('/api/events/import').set('authorization', t.organizer).set('content-type', 'text/plain').send('x').expect(415)).body.code).toBe(
        'UNSUPPORTED_MEDIA_TYPE',
      );
      expect((await t.http().post('/api/events/import').set('authorization', t.organizer).set('content-type', 'application/json').send('{').expect(400)).body.code).toBe(
        'MALFORMED_BODY',
      );
      await t.http().get(`/api/events/${night.id}/archive`).expect(401);
      expect((await t.http().get(`/api/events/${randomUUID()}/archive`).set('authorization', t.organizer).expect(404)).body.code).toBe('EVENT_NOT_FOUND');
    });
  });
});
