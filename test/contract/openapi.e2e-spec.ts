import { lintFromString, loadConfig, type NormalizedProblem } from '@redocly/openapi-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { WEB_API_DIR } from '../../src/cli/openapi';
import { schemaTypesOf } from '../../src/cli/openapi-types';
import { PROJECT_ROOT } from '../../src/common/database/database-target';
import { buildOpenApiDocument } from '../../src/common/http/openapi-document';
import { createResponseChecker, type ResponseChecker } from '../support/openapi-responses';
import { createTestApp, type TestApp } from '../utils/test-app';
import type { Response } from 'supertest';

type Operation = { operationId?: string; responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }> };
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, { required?: string[] }> } };

const STALE = 'is stale: run `npm run openapi` and commit web/src/api/';

/** A problem as one line: severity, rule, where, message. */
const line = (p: NormalizedProblem) => `${p.severity} ${p.ruleId} at ${p.location.map((l) => l.pointer).join(', ')}: ${p.message}`;

describe('the OpenAPI document (/api/docs-json)', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.http().get('/api/docs-json').expect(200)).body as Document;
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, op })));

  it('is the document buildOpenApiDocument builds (the one `npm run openapi` writes)', () => {
    const built = JSON.parse(JSON.stringify(buildOpenApiDocument(t.app))) as Document;
    if (!isDeepStrictEqual(doc, built)) {
      const differ = [...new Set([...Object.keys(doc), ...Object.keys(built)])].filter(
        (key) => !isDeepStrictEqual((doc as Record<string, unknown>)[key], (built as Record<string, unknown>)[key]),
      );
      throw new Error(`/api/docs-json differs from buildOpenApiDocument(app) in ${differ.join(', ')}: configureApp (src/app.setup.ts) must serve buildOpenApiDocument(app)`);
    }
  });

  it('lints clean with redocly.yaml (no errors)', async () => {
    const config = await loadConfig({ configPath: join(PROJECT_ROOT, 'redocly.yaml') });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: join(PROJECT_ROOT, 'openapi.json'), config });
    const errors = problems.filter((p) => p.severity === 'error');
    const warnings = problems.filter((p) => p.severity === 'warn');
    if (problems.length > 0) process.stdout.write(`redocly: ${errors.length} errors, ${warnings.length} warnings\n${problems.map(line).join('\n')}\n`);
    expect(errors.map(line)).toEqual([]);
  });

  it('names every operation with a unique camelCase operationId', () => {
    const ids = operations().map(({ where, op }) => ({ where, id: op.operationId ?? '' }));
    expect(ids.filter(({ id }) => !/^[a-z][a-zA-Z0-9]*$/.test(id))).toEqual([]);
    expect(new Set(ids.map(({ id }) => id)).size).toBe(ids.length);
  });

  it('documents a success answer of every operation, and every error answer in the error shape', () => {
    expect(
      operations()
        .filter(({ op }) => !Object.keys(op.responses ?? {}).some((code) => /^2\d\d$/.test(code)))
        .map(({ where }) => where),
    ).toEqual([]);
    const notErrorShape: string[] = [];
    for (const { where, op } of operations()) {
      for (const [code, response] of Object.entries(op.responses ?? {})) {
        if (/^[23]/.test(code)) continue;
        const schema = response.content?.['application/json']?.schema;
        const required = schema?.$ref ? (doc.components.schemas[schema.$ref.split('/').pop()!]?.required ?? []) : [];
        if (!['statusCode', 'code', 'message', 'details'].every((field) => required.includes(field))) notErrorShape.push(`${where} ${code}`);
      }
    }
    expect(notErrorShape).toEqual([]);
  });

  it('caps every array a request takes (maxItems), nested ones included', () => {
    type Schema = { $ref?: string; type?: string; maxItems?: number; items?: Schema; properties?: Record<string, Schema>; allOf?: Schema[]; oneOf?: Schema[] };
    const schemas = doc.components.schemas as Record<string, Schema>;
    const uncapped = new Set<string>();
    const arrays = new Set<string>();
    const walk = (schema: Schema | undefined, where: string, seen: Set<string>): void => {
      if (!schema) return;
      if (schema.$ref) {
        const name = schema.$ref.split('/').pop()!;
        if (!seen.has(name)) walk(schemas[name], `${where} (${name})`, new Set([...seen, name]));
        return;
      }
      if (schema.type === 'array') arrays.add(where);
      if (schema.type === 'array' && schema.maxItems === undefined) uncapped.add(where);
      walk(schema.items, `${where}[]`, seen);
      for (const [key, property] of Object.entries(schema.properties ?? {})) walk(property, `${where}.${key}`, seen);
      for (const part of [...(schema.allOf ?? []), ...(schema.oneOf ?? [])]) walk(part, where, seen);
    };
    for (const { where, op } of operations()) {
      const operation = op as Operation & { requestBody?: { content?: Record<string, { schema?: Schema }> }; parameters?: { name: string; schema?: Schema }[] };
      for (const [type, content] of Object.entries(operation.requestBody?.content ?? {})) walk(content.schema, `${where} body (${type})`, new Set());
      for (const parameter of operation.parameters ?? []) walk(parameter.schema, `${where} ${parameter.name}`, new Set());
    }
    expect(arrays.size).toBeGreaterThan(10);
    expect([...uncapped]).toEqual([]);
  });

  it('documents 431 on every operation, and 413 and 415 on every operation a body can be sent to, in the error shape', () => {
    const missing: string[] = [];
    for (const { where, op } of operations()) {
      const statuses = /^(POST|PUT|PATCH|DELETE) /.test(where) ? ['413', '415', '431'] : ['431'];
      for (const status of statuses) {
        const schema = op.responses?.[status]?.content?.['application/json']?.schema;
        if (schema?.$ref !== '#/components/schemas/ErrorBodyDto') missing.push(`${where} ${status}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('matches the committed web/src/api/schema.d.ts and openapi.json', async () => {
    const read = (file: string) => {
      try {
        return readFileSync(join(WEB_API_DIR, file), 'utf8');
      } catch {
        return `(web/src/api/${file} is missing)`;
      }
    };
    if (read('schema.d.ts') !== (await schemaTypesOf(doc))) throw new Error(`web/src/api/schema.d.ts ${STALE}`);
    const json = read('openapi.json');
    if (json.startsWith('(') || !isDeepStrictEqual(JSON.parse(json), doc)) throw new Error(`web/src/api/openapi.json ${STALE}`);
  });

  describe('real answers match it', () => {
    let checker: ResponseChecker;
    const problems: string[] = [];
    beforeAll(() => {
      checker = createResponseChecker(doc);
    });

    /** Checks an answer against the document; returns it for the next request. */
    const checked = (res: Response): Response => {
      const { method, url } = res.request as unknown as { method: string; url: string };
      const body = /json/.test(String(res.headers['content-type'])) ? res.body : res.text;
      problems.push(...checker.check(method, url, res.status, res.headers['content-type'], body));
      return res;
    };

    it('finds mismatches (the checker itself)', () => {
      const games = doc.paths['/api/games'].get;
      expect(games).toBeDefined();
      expect(checker.check('GET', '/api/games', 200, 'application/json; charset=utf-8', [{ id: 'chess' }])).toEqual(
        expect.arrayContaining([expect.stringContaining('/0/id'), expect.stringContaining("/0: must have required property 'name'")]),
      );
      expect(checker.check('GET', '/api/games?x=1', 200, 'text/html', '<p>')).toEqual([expect.stringContaining('undocumented content type text/html')]);
      expect(checker.check('DELETE', '/api/games', 200, 'application/json', [])).toEqual([expect.stringContaining('undocumented operation')]);
      expect(checker.check('GET', '/api/nothing', 404, 'application/json', {})).toEqual([expect.stringContaining('undocumented path')]);
      expect(checker.check('GET', '/api/events/by-code/K7Q2PX', 200, 'application/json', { id: 'x' })).toEqual(
        expect.arrayContaining([expect.stringContaining('GET /api/events/by-code/{code} → 200: /id: must match format "uuid"')]),
      );
      expect(checker.check('GET', '/api/games', 200, 'application/json', [{ ...GAME, extra: 1 }])).toEqual([expect.stringContaining('undocumented property "extra"')]);
      expect(checker.check('GET', '/api/games', 503, 'application/json', { statusCode: 503, code: 'DATABASE_UNAVAILABLE', message: 'x', details: [] })).toEqual([]);
    });

    it("catalog, an event, a registration, the player's view, errors", async () => {
      problems.length = 0;
      const organizer = { authorization: t.organizer };
      checked(await t.http().get('/api/health').expect(200));
      checked(await t.http().get('/api/games').expect(200));
      checked(await t.http().get('/api/games/berserk/terms').expect(200));
      checked(await t.http().get('/api/games/wow-tcg/terms').expect(200));
      checked(await t.http().get('/api/sets').expect(200));
      checked(await t.http().get('/api/sets/hoa').expect(200));
      checked(await t.http().get('/api/sets/HOA/cards?pageSize=3').expect(200));
      checked(await t.http().get('/api/sets/s1/cards?game=berserk&pageSize=3').expect(200));
      checked(await t.http().post('/api/sets/HOA/boosters').send({ count: 1, seed: 'openapi-check' }).expect(200));

      const event = checked(
        await t
          .http()
          .post('/api/events')
          .set(organizer)
          .send({ name: 'OpenAPI Sealed', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'openapi-sealed-seed-0001' })
          .expect(201),
      ).body;
      checked(await t.http().get('/api/events').expect(200));
      checked(await t.http().get(`/api/events/${event.id}`).expect(200));
      checked(await t.http().get(`/api/events/by-code/${event.code}`).expect(200));
      checked(await t.http().patch(`/api/events/${event.id}`).set(organizer).send({ joinCode: null }).expect(200));
      const alice = checked(await t.http().post(`/api/events/${event.id}/players`).send({ name: 'Alice' }).expect(201)).body;
      const bob = checked(await t.http().post(`/api/events/${event.id}/players`).send({ name: 'Bob', memberNumber: 'M-1' }).expect(201)).body;
      const carol = checked(await t.http().post(`/api/events/${event.id}/players`).send({ name: 'Carol' }).expect(201)).body;
      checked(await t.http().delete(`/api/events/${event.id}/players/${carol.playerId}`).set('authorization', `Bearer ${carol.token}`).expect(204));
      checked(await t.http().get(`/api/events/${event.id}/players`).set(organizer).expect(200));
      checked(await t.http().get(`/api/events/${event.id}/me`).set('authorization', `Bearer ${alice.token}`).expect(200));

      // Errors: unknown event, no token, a bad body, an unknown route.
      checked(await t.http().get('/api/events/00000000-0000-0000-0000-000000000000').expect(404));
      checked(await t.http().get(`/api/events/${event.id}/me`).expect(401));
      checked(await t.http().post('/api/events').set(organizer).send({ name: '' }).expect(400));
      checked(await t.http().get('/api/sets/NOPE').expect(404));

      // The sealed event through to standings and verification.
      checked(await t.http().post(`/api/events/${event.id}/start`).set(organizer).expect(200));
      for (const p of [alice, bob]) {
        const auth = `Bearer ${p.token}`;
        const me = checked(await t.http().get(`/api/events/${event.id}/me`).set('authorization', auth).expect(200)).body;
        expect(me.pool.length).toBeGreaterThan(0);
        const suggestion = checked(await t.http().get(`/api/events/${event.id}/deck/suggestion`).set('authorization', auth).expect(200)).body;
        checked(await t.http().put(`/api/events/${event.id}/deck`).set('authorization', auth).send({ main: [] }).expect(422));
        checked(await t.http().put(`/api/events/${event.id}/deck`).set('authorization', auth).send({ hero: suggestion.hero, main: suggestion.main }).expect(200));
        for (const format of ['json', 'text', 'csv', 'o8d&octgnIds=podium', 'mwdeck'])
          checked(await t.http().get(`/api/events/${event.id}/deck?format=${format}`).set('authorization', auth).expect(200));
        // Without ?octgnIds=podium a deck with a card of a set without OCTGN ids is refused (422): either answer is documented.
        const o8d = checked(await t.http().get(`/api/events/${event.id}/deck?format=o8d`).set('authorization', auth));
        expect([200, 422]).toContain(o8d.status);
      }
      checked(await t.http().get(`/api/events/${event.id}/decks`).set(organizer).expect(200));
      const round = checked(await t.http().post(`/api/events/${event.id}/rounds`).set(organizer).send({ force: true }).expect(201)).body;
      const matchId = round.pairings[0].matchId;
      checked(await t.http().get(`/api/matches/${matchId}/deck`).set('authorization', `Bearer ${alice.token}`).expect(200));
      checked(await t.http().post(`/api/matches/${matchId}/report`).set('authorization', `Bearer ${alice.token}`).send({ winsA: 2, winsB: 1 }).expect(200));
      checked(await t.http().put(`/api/matches/${matchId}/result`).set(organizer).send({ winsA: 2, winsB: 0 }).expect(200));
      checked(await t.http().get(`/api/matches/${matchId}/history`).expect(200));
      for (const format of ['json', 'csv', 'text']) {
        checked(await t.http().get(`/api/events/${event.id}/rounds/1?format=${format}&sort=name`).expect(200));
        checked(await t.http().get(`/api/events/${event.id}/standings?format=${format}`).expect(200));
      }
      checked(await t.http().get(`/api/events/${event.id}/placings`).expect(200));
      checked(await t.http().post(`/api/events/${event.id}/drop`).set('authorization', `Bearer ${bob.token}`).expect(200));
      checked(await t.http().get(`/api/events/${event.id}/verification`).expect(409));
      checked(await t.http().post(`/api/events/${event.id}/complete`).set(organizer).expect(200));
      checked(await t.http().post(`/api/events/${event.id}/reveal`).set(organizer).expect(200));
      checked(await t.http().get(`/api/events/${event.id}/verification`).expect(200));
      checked(await t.http().get(`/api/events/${event.id}/export`).expect(200));

      // A league over it.
      const league = checked(
        await t
          .http()
          .post('/api/leagues')
          .set(organizer)
          .send({ name: 'OpenAPI League', game: 'wow-tcg', seasonStart: '2026-11-01', seasonEnd: '2027-01-31', scoring: { mode: 'match-points' } })
          .expect(201),
      ).body;
      checked(await t.http().post(`/api/leagues/${league.id}/events`).set(organizer).send({ eventId: event.id }).expect(200));
      checked(await t.http().get(`/api/leagues/${league.id}`).expect(200));
      checked(await t.http().get(`/api/leagues/${league.id}/standings`).expect(200));
      checked(await t.http().get(`/api/leagues/${league.id}/standings?format=csv`).expect(200));
      checked(await t.http().get(`/api/leagues/${league.id}/players/${alice.profileId}`).expect(200));

      // Stand-alone deck routes.
      checked(
        await t
          .http()
          .post('/api/decks/check')
          .send({ game: 'wow-tcg', format: 'constructed', hero: 'HOA-1', main: [{ cardId: 'HOA-100', count: 4 }] })
          .expect(200),
      );
      checked(await t.http().post('/api/decks/import?format=text&game=wow-tcg').set('content-type', 'text/plain').send('1 Nonexistent Card\n2 Ironforge Guard\n').expect(200));

      expect(problems).toEqual([]);
    });

    it('a draft with bots: pods, the pack in front of a player, a pick, the pick log', async () => {
      problems.length = 0;
      const organizer = { authorization: t.organizer };
      const event = checked(
        await t
          .http()
          .post('/api/events')
          .set(organizer)
          .send({ name: 'OpenAPI Draft', game: 'wow-tcg', format: 'draft', packs: ['HOA'], fillWithBots: true, seed: 'openapi-draft-seed-00001' })
          .expect(201),
      ).body;
      const player = checked(await t.http().post(`/api/events/${event.id}/players`).send({ name: 'Dana' }).expect(201)).body;
      const auth = `Bearer ${player.token}`;
      checked(await t.http().get(`/api/events/${event.id}/me`).set('authorization', auth).expect(200));
      checked(await t.http().post(`/api/events/${event.id}/start`).set(organizer).expect(200));
      checked(await t.http().get(`/api/events/${event.id}/pods`).expect(200));
      const me = checked(await t.http().get(`/api/events/${event.id}/me`).set('authorization', auth).expect(200)).body;
      const [first, second] = me.currentPack.cards;
      checked(await t.http().put(`/api/events/${event.id}/preselect`).set('authorization', auth).send({ cardId: second.cardId }).expect(200));
      checked(
        await t
          .http()
          .post(`/api/events/${event.id}/picks`)
          .set('authorization', auth)
          .send({ packNumber: me.packNumber, pickNumber: me.pickNumber, cardId: first.cardId })
          .expect(200),
      );
      checked(
        await t
          .http()
          .post(`/api/events/${event.id}/picks`)
          .set('authorization', auth)
          .send({ packNumber: me.packNumber, pickNumber: me.pickNumber, cardId: second.cardId })
          .expect(409),
      );
      checked(await t.http().post(`/api/events/${event.id}/stream-ticket`).set('authorization', auth).expect(200));
      checked(await t.http().post(`/api/events/${event.id}/pause`).set(organizer).send({}).expect(200));
      checked(await t.http().post(`/api/events/${event.id}/resume`).set(organizer).send({}).expect(200));
      checked(await t.http().post(`/api/events/${event.id}/players/${player.playerId}/absent`).set(organizer).send({ absent: false }).expect(200));
      checked(await t.http().post(`/api/events/${event.id}/players/${player.playerId}/token`).set(organizer).expect(200));
      checked(await t.http().get(`/api/events/${event.id}/me`).set('authorization', auth).expect(401)); // the old token
      const pods = checked(await t.http().get(`/api/events/${event.id}/pods`).expect(200)).body;
      checked(await t.http().get(`/api/events/${event.id}/pods/${pods[0].podId}/log`).set(organizer).expect(200));
      checked(await t.http().get(`/api/events/${event.id}/pods/${pods[0].podId}/log`).expect(403));
      expect(problems).toEqual([]);
    });
  });
});

/** A valid game row (for the checker's own test). */
const GAME = {
  id: 'wow-tcg',
  name: 'World of Warcraft TCG',
  rarities: ['common'],
  cardTypes: ['hero'],
  heroTypes: ['hero'],
  limited: { minDeckSize: 30, sealedPacksPerPlayer: 6, draftPacksByPackSize: { 15: 4 }, draftPodSize: { min: 4, max: 8 } },
  copyLimits: { constructed: 4, byKeyword: { unlimited: null }, limited: null },
};
