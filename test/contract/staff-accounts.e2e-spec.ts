import { AccountsService } from '../../src/staff/accounts.service';
import { createTestApp, type TestApp } from '../utils/test-app';
import { advanceWallClock, restoreWallClock } from '../utils/wall-clock';

/**
 * Staff accounts end to end: the setup link of a first start makes the owner; sign-in and
 * sign-out with the session cookie; CSRF on changes; invites (new and existing accounts); roles
 * and the last owner; API tokens; the sign-in lockout and its end.
 */
describe('staff accounts', () => {
  let t: TestApp;
  let storeId: string;
  const password = 'correct horse battery';

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    restoreWallClock();
    await t.close();
  });

  /** The Set-Cookie header of the session cookie, whole (with its attributes). */
  const sessionSetCookie = (res: { headers: Record<string, unknown> }): string => {
    const header = ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []).find((c) => c.startsWith('podium_session='));
    if (!header) throw new Error('no session cookie');
    return header;
  };
  /** The session cookie pair (`podium_session=…`) to send back. */
  const cookieOf = (res: { headers: Record<string, unknown> }): string => sessionSetCookie(res).split(';')[0];
  const tokenOf = (url: string) => new URL(url).hash.replace(/^#token=/, '');

  const login = async (username: string, pass = password) => {
    const res = await t.http().post('/api/auth/login').send({ username, password: pass }).expect(200);
    return { cookie: cookieOf(res), csrf: res.body.csrfToken as string, me: res.body };
  };

  it('setup link from a first start → the owner: signed in, owner of the renamed first store, server owner; later starts print no link', async () => {
    const service = t.app.get(AccountsService);
    const first = await service.prepareSetupLink('http://podium.test:3000/');
    const link = await service.prepareSetupLink('http://podium.test:3000');
    expect(link).toMatch(/^http:\/\/podium\.test:3000\/setup#token=[A-Za-z0-9_-]{43}$/);
    // Each start makes a fresh link: the earlier one is cancelled.
    await t
      .http()
      .get(`/api/auth/invites/${tokenOf(first!)}`)
      .expect(404);
    const token = tokenOf(link!);
    expect((await t.http().get('/api/me').expect(200)).body.setupPending).toBe(true);
    // Before setup the organizer token has no account: no API tokens of its own (403 rule account).
    const noAccount = await t.http().post('/api/me/tokens').set('authorization', t.organizer).send({ name: 'Script' }).expect(403);
    expect(noAccount.body.details).toEqual([expect.objectContaining({ rule: 'account' })]);

    const info = await t.http().get(`/api/auth/invites/${token}`).expect(200);
    expect(info.body).toEqual({ storeName: 'My store', role: 'owner', setup: true, expiresAt: '2026-12-07T18:00:00.000Z' });
    // The setup link is not an invite to accept.
    await t.http().post(`/api/auth/invites/${token}/accept`).send({ name: 'X', username: 'xxx', password }).expect(404);

    const res = await t.http().post('/api/auth/setup').send({ token, storeName: 'Dragon Den', name: 'Olga Owner', username: ' Olga ', password }).expect(201);
    const setCookie = sessionSetCookie(res);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/api/);
    expect(setCookie).toMatch(/Max-Age=604800/);
    expect(setCookie).not.toMatch(/Secure/);
    expect(res.body).toMatchObject({ signedIn: true, via: 'session', account: { username: 'olga', name: 'Olga Owner' }, serverOwner: true, setupPending: false });
    expect(res.body.stores).toEqual([expect.objectContaining({ name: 'Dragon Den', role: 'owner' })]);
    expect(res.body.csrfToken).toEqual(expect.any(String));
    storeId = res.body.stores[0].id;

    await t.http().post('/api/auth/setup').send({ token, storeName: 'Again', name: 'Eve', username: 'eve', password }).expect(409);
    expect(await service.prepareSetupLink('http://podium.test:3000')).toBeNull();
    // The organizer token now acts as the owner account.
    expect((await t.http().get('/api/me').set('authorization', t.organizer).expect(200)).body.account).toMatchObject({ username: 'olga' });
  });

  it('login / logout: the cookie signs the browser in; logout ends the session (and answers 204 when signed out)', async () => {
    const { cookie, me } = await login('OLGA');
    expect(me).toMatchObject({ signedIn: true, via: 'session', account: { username: 'olga' } });
    expect((await t.http().get('/api/me').set('cookie', cookie).expect(200)).body.signedIn).toBe(true);
    const out = await t.http().post('/api/auth/logout').set('cookie', cookie).expect(204);
    expect(String(out.headers['set-cookie'])).toMatch(/podium_session=;/);
    expect((await t.http().get('/api/me').set('cookie', cookie).expect(200)).body.signedIn).toBe(false);
    await t.http().post('/api/auth/logout').expect(204);
  });

  it('a change from a session without its X-CSRF-Token header is refused (403 CSRF_TOKEN_INVALID); with it, it goes through', async () => {
    const { cookie, csrf } = await login('olga');
    const refused = await t.http().patch(`/api/stores/${storeId}`).set('cookie', cookie).send({ name: 'Hijacked' }).expect(403);
    expect(refused.body.code).toBe('CSRF_TOKEN_INVALID');
    await t.http().patch(`/api/stores/${storeId}`).set('cookie', cookie).set('x-csrf-token', 'wrong').send({ name: 'Hijacked' }).expect(403);
    const renamed = await t.http().patch(`/api/stores/${storeId}`).set('cookie', cookie).set('x-csrf-token', csrf).send({ name: 'Dragon Den Games' }).expect(200);
    expect(renamed.body).toMatchObject({ id: storeId, name: 'Dragon Den Games', role: 'owner' });
  });

  it('invites: a new account takes the role; an existing account with its password takes a role in a second store; a wrong password is USERNAME_TAKEN', async () => {
    const owner = await login('olga');
    const asOwner = (req: import('supertest').Test) => req.set('cookie', owner.cookie).set('x-csrf-token', owner.csrf);
    const invite = await asOwner(t.http().post(`/api/stores/${storeId}/invites`))
      .send({ role: 'scorekeeper' })
      .expect(201);
    expect(invite.body).toMatchObject({ role: 'scorekeeper', expiresAt: '2026-12-07T18:00:00.000Z' });
    expect(invite.body.url).toMatch(/^http:\/\/127\.0\.0\.1(:\d+)?\/invite#token=/);
    const token = tokenOf(invite.body.url);
    expect((await asOwner(t.http().get(`/api/stores/${storeId}/staff`)).expect(200)).body.invites).toEqual([expect.objectContaining({ id: invite.body.id, role: 'scorekeeper' })]);

    expect((await t.http().get(`/api/auth/invites/${token}`).expect(200)).body).toMatchObject({ storeName: 'Dragon Den Games', role: 'scorekeeper', setup: false });
    await t
      .http()
      .post(`/api/auth/invites/${token}/accept`)
      .send({ name: 'Sam', username: 'olga', password: 'not the password' })
      .expect(409, /USERNAME_TAKEN/);
    const sam = await t.http().post(`/api/auth/invites/${token}/accept`).send({ name: 'Sam Keeper', username: 'sam', password }).expect(201);
    expect(sam.body.stores).toEqual([expect.objectContaining({ id: storeId, role: 'scorekeeper' })]);
    cookieOf(sam);
    await t
      .http()
      .get(`/api/auth/invites/${token}`)
      .expect(409, /INVITE_USED/);
    await t
      .http()
      .post(`/api/auth/invites/${token}/accept`)
      .send({ name: 'Other', username: 'other', password })
      .expect(409, /INVITE_USED/);

    // A second store (the server owner opens it; its owner invite goes to Sam, who already has an account).
    const opened = await asOwner(t.http().post('/api/stores')).send({ name: 'Second Shop' }).expect(201);
    expect(opened.body.store).toMatchObject({ name: 'Second Shop', role: null });
    const second = await t
      .http()
      .post(`/api/auth/invites/${tokenOf(opened.body.ownerInviteUrl)}/accept`)
      .send({ name: 'ignored', username: 'sam', password })
      .expect(201);
    expect(second.body.account).toMatchObject({ username: 'sam', name: 'Sam Keeper' });
    expect(second.body.stores.map((s: { name: string; role: string }) => [s.name, s.role])).toEqual([
      ['Dragon Den Games', 'scorekeeper'],
      ['Second Shop', 'owner'],
    ]);
    // Only the server owner opens stores; Sam's store list is his own.
    const samSession = { cookie: cookieOf(second), csrf: second.body.csrfToken as string };
    await t.http().post('/api/stores').set('cookie', samSession.cookie).set('x-csrf-token', samSession.csrf).send({ name: 'Mine' }).expect(403);
    expect((await t.http().get('/api/stores').set('cookie', samSession.cookie).expect(200)).body.stores).toHaveLength(2);
    // A scorekeeper may not manage the first store's staff.
    await t.http().get(`/api/stores/${storeId}/staff`).set('cookie', samSession.cookie).expect(403);
  });

  it('role change and LAST_OWNER: the only owner can be neither demoted nor removed; with a second owner, they can', async () => {
    const owner = await login('olga');
    const asOwner = (req: import('supertest').Test) => req.set('cookie', owner.cookie).set('x-csrf-token', owner.csrf);
    const olgaId = owner.me.account.id as string;
    const samId = (await login('sam')).me.account.id as string;

    const staff = (await asOwner(t.http().get(`/api/stores/${storeId}/staff`)).expect(200)).body;
    expect(staff.staff.map((s: { username: string; role: string }) => [s.username, s.role])).toEqual([
      ['olga', 'owner'],
      ['sam', 'scorekeeper'],
    ]);
    expect(staff.invites).toEqual([]);

    expect(
      (
        await asOwner(t.http().put(`/api/stores/${storeId}/staff/${olgaId}`))
          .send({ role: 'organizer' })
          .expect(409)
      ).body.code,
    ).toBe('LAST_OWNER');
    expect((await asOwner(t.http().delete(`/api/stores/${storeId}/staff/${olgaId}`)).expect(409)).body.code).toBe('LAST_OWNER');
    expect(
      (
        await asOwner(t.http().put(`/api/stores/${storeId}/staff/00000000-0000-4000-8000-000000000000`))
          .send({ role: 'judge' })
          .expect(404)
      ).body.code,
    ).toBe('STAFF_NOT_FOUND');

    const promoted = await asOwner(t.http().put(`/api/stores/${storeId}/staff/${samId}`))
      .send({ role: 'owner' })
      .expect(200);
    expect(promoted.body).toMatchObject({ accountId: samId, username: 'sam', role: 'owner' });
    await asOwner(t.http().put(`/api/stores/${storeId}/staff/${samId}`))
      .send({ role: 'judge' })
      .expect(200);
    await asOwner(t.http().delete(`/api/stores/${storeId}/staff/${samId}`)).expect(204);
    await asOwner(t.http().delete(`/api/stores/${storeId}/staff/${samId}`)).expect(404);

    // An unknown store answers 404 (not an empty list, and never a 500 for its invites).
    const nowhere = '00000000-0000-4000-8000-000000000001';
    expect((await asOwner(t.http().get(`/api/stores/${nowhere}/staff`)).expect(404)).body.code).toBe('STORE_NOT_FOUND');
    expect(
      (
        await asOwner(t.http().post(`/api/stores/${nowhere}/invites`))
          .send({ role: 'judge' })
          .expect(404)
      ).body.code,
    ).toBe('STORE_NOT_FOUND');

    // Cancelling an invite stops its link.
    const invite = await asOwner(t.http().post(`/api/stores/${storeId}/invites`))
      .send({ role: 'judge' })
      .expect(201);
    await asOwner(t.http().delete(`/api/stores/${storeId}/invites/${invite.body.id}`)).expect(204);
    await t
      .http()
      .get(`/api/auth/invites/${tokenOf(invite.body.url)}`)
      .expect(404);
  });

  it('API token: create → use on a @Staff route → revoke → 401; the last use is recorded', async () => {
    const owner = await login('olga');
    const created = await t.http().post('/api/me/tokens').set('cookie', owner.cookie).set('x-csrf-token', owner.csrf).send({ name: 'Results script' }).expect(201);
    expect(created.body.token).toMatch(/^pdm\.[A-Za-z0-9_-]{43}$/);
    const bearer = `Bearer ${created.body.token}`;
    await t.http().get(`/api/stores/${storeId}/staff`).set('authorization', bearer).expect(200);
    expect((await t.http().get('/api/me').set('authorization', bearer).expect(200)).body).toMatchObject({ via: 'apiToken', account: { username: 'olga' } });
    // The last use is written after the answer: poll the list until it shows.
    let listed: { id: string; lastUsedAt: string | null }[] = [];
    for (let i = 0; i < 50 && !listed[0]?.lastUsedAt; i++) listed = (await t.http().get('/api/me/tokens').set('authorization', bearer).expect(200)).body.tokens;
    expect(listed).toEqual([expect.objectContaining({ id: created.body.id, name: 'Results script', lastUsedAt: '2026-11-30T18:00:00.000Z' })]);

    await t.http().delete(`/api/me/tokens/${created.body.id}`).set('cookie', owner.cookie).set('x-csrf-token', owner.csrf).expect(204);
    expect((await t.http().get(`/api/stores/${storeId}/staff`).set('authorization', bearer).expect(401)).body.code).toBe('UNAUTHORIZED');
    expect((await t.http().delete(`/api/me/tokens/${created.body.id}`).set('cookie', owner.cookie).set('x-csrf-token', owner.csrf).expect(404)).body.code).toBe(
      'API_TOKEN_NOT_FOUND',
    );
    expect((await t.http().get('/api/me/tokens').set('cookie', owner.cookie).expect(200)).body.tokens).toEqual([]);
  });

  it('password change: the other sessions end, the one that changed it stays; the wrong current password is refused', async () => {
    const a = await login('olga');
    const b = await login('olga');
    await t
      .http()
      .put('/api/me/password')
      .set('cookie', a.cookie)
      .set('x-csrf-token', a.csrf)
      .send({ currentPassword: 'wrong', newPassword: 'another long password' })
      .expect(400, /currentPassword/);
    await t
      .http()
      .put('/api/me/password')
      .set('cookie', a.cookie)
      .set('x-csrf-token', a.csrf)
      .send({ currentPassword: password, newPassword: 'another long password' })
      .expect(204);
    expect((await t.http().get('/api/me').set('cookie', a.cookie).expect(200)).body.signedIn).toBe(true);
    expect((await t.http().get('/api/me').set('cookie', b.cookie).expect(200)).body.signedIn).toBe(false);
    await t
      .http()
      .put('/api/me/password')
      .set('cookie', a.cookie)
      .set('x-csrf-token', a.csrf)
      .send({ currentPassword: 'another long password', newPassword: password })
      .expect(204);
  });

  it('an unknown username gets the same answer as a wrong password', async () => {
    const unknown = await t.http().post('/api/auth/login').send({ username: 'nobody', password }).expect(401);
    const wrong = await t.http().post('/api/auth/login').send({ username: 'olga', password: 'wrong password!' }).expect(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.body.code).toBe('LOGIN_FAILED');
    expect(unknown.headers['set-cookie']).toBeUndefined();
  });

  it('login lockout: the 10th failure within 15 minutes locks the username (429, Retry-After) even for the right password; it lifts by itself', async () => {
    for (let i = 0; i < 10; i++)
      await t
        .http()
        .post('/api/auth/login')
        .send({ username: 'sam', password: `guess number ${i}` })
        .expect(401);
    const locked = await t.http().post('/api/auth/login').send({ username: 'sam', password }).expect(429);
    expect(locked.body).toMatchObject({ code: 'RATE_LIMITED', details: [expect.objectContaining({ field: 'username', rule: 'rateLimit' })] });
    // 15 minutes, less the moments since the 10th failure (the lockout reads the wall clock).
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(890);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(900);
    // Other accounts sign in meanwhile.
    await login('olga');
    advanceWallClock(14 * 60_000);
    await t.http().post('/api/auth/login').send({ username: 'sam', password }).expect(429);
    advanceWallClock(60_000);
    await login('sam');
  });
});
