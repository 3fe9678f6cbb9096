import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import { DECORATORS } from '@nestjs/swagger';
import { roleMay, SERVER_WIDE, type StoreRole } from '../../src/common/auth/permissions';
import { ANY_STAFF_ROUTE, SERVER_OWNER_ROUTE, STAFF_ROUTE, type StaffRouteMetadata } from '../../src/common/auth/staff.decorator';
import { createEvent, registerPlayers, start, type TestPlayer } from '../utils/events';
import { firstStoreId, insertStaff, insertStore, type TestStaff } from '../utils/staff';
import { createTestApp, type TestApp } from '../utils/test-app';

/**
 * The access matrix of staff routes, generated from the route table: every route of the app is read
 * from the controllers' metadata (method, path, handler) with its access policy — `@Staff`,
 * `@StaffOr`, `@ServerOwner`, `@AnyStaff`, or the OpenAPI security `ApiAuth('public'|'player')` sets.
 * A route with none of these fails (a new route without a policy). Every staff route is then called
 * by eight callers — owner, organizer, scorekeeper, judge of the store that runs the fixtures, the
 * owner of another store, the server owner's ORGANIZER_TOKEN, a player of the event, anonymous — and the answer compared with what
 * ROLE_PERMISSIONS (src/common/auth/permissions.ts) says. Bodies are empty: the guard decides before
 * validation, so an allowed caller gets the route's own answer (400/404/409/2xx), never 401/403 (nor a 500).
 */

type Policy = { kind: 'staff'; route: StaffRouteMetadata } | { kind: 'serverOwner' } | { kind: 'anyStaff' } | { kind: 'public' } | { kind: 'player' } | { kind: 'none' };

interface Route {
  method: string;
  path: string;
  handler: string;
  policy: Policy;
}

/** `server`: ORGANIZER_TOKEN, the server owner's token (before setup: owner of the first store and server owner). */
const CALLERS = ['anonymous', 'otherStore', 'judge', 'scorekeeper', 'organizer', 'owner', 'server', 'player'] as const;
type Caller = (typeof CALLERS)[number];

const METHODS: Partial<Record<RequestMethod, string>> = {
  [RequestMethod.GET]: 'GET',
  [RequestMethod.POST]: 'POST',
  [RequestMethod.PUT]: 'PUT',
  [RequestMethod.PATCH]: 'PATCH',
  [RequestMethod.DELETE]: 'DELETE',
};

const FIXED_UUID = '00000000-0000-4000-8000-000000000000';

/** Every route of the app with its policy, read from the controllers' metadata. */
function routeTable(t: TestApp): Route[] {
  const scanner = new MetadataScanner();
  const routes: Route[] = [];
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!type) continue;
      const prefixes = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, type) ?? '');
      const prototype = type.prototype as Record<string, unknown>;
      for (const name of scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name] as object;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (method === undefined || paths === undefined) continue;
        for (const prefix of prefixes)
          for (const path of ([] as string[]).concat(paths)) {
            const joined = ['api', prefix, path]
              .map((part) => part.replace(/^\/+|\/+$/g, ''))
              .filter((part) => part !== '')
              .join('/');
            routes.push({ method: METHODS[method] ?? String(method), path: `/${joined}`, handler: `${type.name}.${name}`, policy: policyOf(handler) });
          }
      }
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

function policyOf(handler: object): Policy {
  const route = Reflect.getMetadata(STAFF_ROUTE, handler) as StaffRouteMetadata | undefined;
  if (route) return { kind: 'staff', route };
  if (Reflect.getMetadata(SERVER_OWNER_ROUTE, handler) === true) return { kind: 'serverOwner' };
  if (Reflect.getMetadata(ANY_STAFF_ROUTE, handler) === true) return { kind: 'anyStaff' };
  const operation = Reflect.getMetadata(DECORATORS.API_OPERATION, handler) as { security?: unknown[] } | undefined;
  if (Array.isArray(operation?.security) && operation.security.length === 0) return { kind: 'public' };
  const security = (Reflect.getMetadata(DECORATORS.API_SECURITY, handler) ?? []) as Record<string, unknown>[];
  if (security.length === 1 && Object.keys(security[0]).join() === 'player') return { kind: 'player' };
  return { kind: 'none' };
}

const describePolicy = (policy: Policy): string =>
  policy.kind === 'staff' ? `${policy.route.others === 'only' ? 'Staff' : `StaffOr(${policy.route.others.slice(3)})`} ${policy.route.permission}` : policy.kind;

/** The route targets a store-bound resource (the guard then checks the store of that resource). */
const namesAStore = (path: string) => /^\/api\/(events|leagues)\/:id(\/|$)/.test(path) || path.includes(':matchId') || path.includes(':storeId');

/**
 * Routes whose effect would spoil the fixtures for the routes after them (a repaired round has new
 * matches, a cancelled event…): called last, cancelling the event the very last.
 */
const destructive = (route: Route) => route.method === 'DELETE' || route.path.endsWith('/complete') || route.path.endsWith('/repair');
const lastOfAll = (route: Route) => route.method === 'DELETE' && route.path === '/api/events/:id';

/**
 * - `denied`: the guard refuses (status and rule);
 * - `allowed`: the guard lets it through: the route's own answer, never 401/403;
 * - `asAnonymous`: a `@StaffOr` route treats the caller as not staff (the same answer as anonymous);
 * - `service`: the guard lets it through and the route decides: a player on a `@StaffOr` route (their own
 *   entry, an event not complete…), ORGANIZER_TOKEN without an account on an account's own routes.
 */
type Expectation = { status: 'denied'; code: 401 | 403; rule?: string } | { status: 'allowed' } | { status: 'asAnonymous' } | { status: 'service' };

/** What the matrix expects of a caller on a route, from ROLE_PERMISSIONS. */
function expected(route: Route, caller: Caller): Expectation {
  const { policy } = route;
  if (policy.kind === 'serverOwner') {
    if (caller === 'anonymous' || caller === 'player') return { status: 'denied', code: 401 };
    // A store's owner is not the server's owner: only the server owner's credential opens a store.
    return caller === 'server' ? { status: 'allowed' } : { status: 'denied', code: 403, rule: 'serverOwner' };
  }
  if (policy.kind === 'anyStaff') {
    if (caller === 'anonymous' || caller === 'player') return { status: 'denied', code: 401 };
    // ORGANIZER_TOKEN before setup has no account: routes about the caller's own account may say so.
    return caller === 'server' ? { status: 'service' } : { status: 'allowed' };
  }
  if (policy.kind !== 'staff') throw new Error(`not a staff route: ${route.path}`);
  const { permission, others } = policy.route;
  const serverWide = SERVER_WIDE.includes(permission);
  const role: StoreRole | null = caller === 'server' ? 'owner' : caller === 'anonymous' || caller === 'player' || caller === 'otherStore' ? null : caller;
  const holds = caller === 'otherStore' ? (serverWide || !namesAStore(route.path)) && roleMay('owner', permission) : role !== null && roleMay(role, permission);
  if (others !== 'only') return caller === 'player' ? { status: 'service' } : holds ? { status: 'allowed' } : { status: 'asAnonymous' };
  if (caller === 'anonymous' || caller === 'player') return { status: 'denied', code: 401 };
  if (holds) return { status: 'allowed' };
  if (caller === 'otherStore') return { status: 'denied', code: 403, rule: 'store' };
  return { status: 'denied', code: 403, rule: 'role' };
}

describe('access matrix: every route has a policy; every staff route answers each caller as ROLE_PERMISSIONS says', () => {
  let t: TestApp;
  let routes: Route[];
  let auth: Record<Caller, string | null>;
  let params: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    routes = routeTable(t);
    const storeA = await firstStoreId(t);
    const storeB = await insertStore(t, 'Other store');
    const staff: Record<StoreRole, TestStaff> = {
      owner: await insertStaff(t, storeA, 'owner', 'Olga Owner'),
      organizer: await insertStaff(t, storeA, 'organizer', 'Oleg Organizer'),
      scorekeeper: await insertStaff(t, storeA, 'scorekeeper', 'Sasha Scorekeeper'),
      judge: await insertStaff(t, storeA, 'judge', 'Jana Judge'),
    };
    const other = await insertStaff(t, storeB, 'owner', 'Boris Other-store Owner');
    // Store A's event (ORGANIZER_TOKEN acts as store A's owner before setup), round 1 paired.
    const event = await createEvent(t, { name: 'Matrix', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'access-matrix-seed-0001' });
    const players: TestPlayer[] = await registerPlayers(t, event.id, 4);
    await start(t, event.id);
    const round = (await t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ force: true }).expect(201)).body as {
      pairings: { matchId: string }[];
    };
    const league = (
      await t
        .http()
        .post('/api/leagues')
        .set('authorization', t.organizer)
        .send({ name: 'Matrix league', game: 'wow-tcg', seasonStart: '2026-11-01', seasonEnd: '2027-02-28', scoring: { mode: 'match-points' } })
        .expect(201)
    ).body as { id: string };
    auth = {
      anonymous: null,
      otherStore: other.auth,
      judge: staff.judge.auth,
      scorekeeper: staff.scorekeeper.auth,
      organizer: staff.organizer.auth,
      owner: staff.owner.auth,
      server: t.organizer,
      player: players[0].auth,
    };
    // The player acted on by `:playerId` routes is not the calling player (a reissued or dropped token would change later answers).
    params = {
      matchId: round.pairings[0].matchId,
      playerId: players[3].playerId,
      profileId: players[3].profileId,
      number: '1',
      code: 'HOA',
      game: 'wow-tcg',
      set: 'HOA',
      storeId: storeA,
    };
    params.eventId = event.id;
    params.leagueId = league.id;
  });
  afterAll(() => t.close());

  const fill = (path: string) =>
    path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
      if (name === 'id') return path.startsWith('/api/events/') ? params.eventId : path.startsWith('/api/leagues/') ? params.leagueId : FIXED_UUID;
      return params[name] ?? FIXED_UUID;
    });

  const call = async (route: Route, caller: Caller) => {
    const url = fill(route.path);
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    let req = t.http()[method](url);
    const header = auth[caller];
    if (header !== null) req = req.set('authorization', header);
    const res = route.method === 'GET' || route.method === 'DELETE' ? await req : await req.send({});
    return { status: res.status, rule: (res.body?.details?.[0]?.rule as string | undefined) ?? '' };
  };

  it('every route has a policy (@Staff, @StaffOr, @ServerOwner, @AnyStaff, ApiAuth public or player)', () => {
    expect(routes.length).toBeGreaterThan(50);
    const without = routes.filter((r) => r.policy.kind === 'none').map((r) => `${r.method} ${r.path} (${r.handler})`);
    expect(without).toEqual([]);
  });

  it('each caller on each staff route: 401 / 403 store / 403 role where the policy says, the route’s own answer otherwise', async () => {
    const staffRoutes = routes.filter((r) => ['staff', 'serverOwner', 'anyStaff'].includes(r.policy.kind));
    const ordered = [...staffRoutes.filter((r) => !destructive(r)), ...staffRoutes.filter((r) => destructive(r) && !lastOfAll(r)), ...staffRoutes.filter(lastOfAll)];
    const rows: string[] = [];
    const wrong: string[] = [];
    for (const route of ordered) {
      const cells: string[] = [];
      let anonymous = 0;
      for (const caller of CALLERS) {
        const got = await call(route, caller);
        if (caller === 'anonymous') anonymous = got.status;
        const want = expected(route, caller);
        const ok =
          want.status === 'denied'
            ? got.status === want.code && (want.rule === undefined || got.rule === want.rule)
            : want.status === 'allowed'
              ? got.status !== 401 && got.status !== 403 && got.status < 500
              : want.status === 'asAnonymous'
                ? got.status === anonymous
                : true;
        const wantText =
          want.status === 'denied'
            ? `${want.code}${want.rule ? ` ${want.rule}` : ''}`
            : want.status === 'allowed'
              ? 'ok'
              : want.status === 'service'
                ? 'any'
                : `=anon ${anonymous}`;
        cells.push(`${got.status}${got.rule && (got.status === 401 || got.status === 403) ? `/${got.rule}` : ''}${ok ? '' : `!(${wantText})`}`);
        if (!ok) wrong.push(`${route.method} ${route.path} as ${caller}: got ${got.status} ${got.rule}, expected ${wantText}`);
      }
      rows.push(`${`${route.method} ${route.path}`.padEnd(56)} ${describePolicy(route.policy).padEnd(34)} ${cells.map((c) => c.padEnd(14)).join('')}`);
    }
    const table = [`${'route'.padEnd(56)} ${'policy'.padEnd(34)} ${CALLERS.map((c) => c.padEnd(14)).join('')}`, ...rows].join('\n');
    if (wrong.length > 0) throw new Error(`${wrong.length} answers differ from the policy:\n${wrong.join('\n')}\n\n${table}`);
    expect(rows.length).toBeGreaterThan(40);
  });
});
