import { createTestApp, type TestApp } from '../utils/test-app';
import { createEvent, registerPlayers, start } from '../utils/events';

/**
 * Pairings and standings as CSV and text in the event's language: Russian for a Berserk event,
 * English for WoW TCG, and either on request with ?lang=; a language Podium does not print is a 400.
 */
describe('listings in the event language', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function pairedEvent(game: 'berserk' | 'wow-tcg') {
    const packs = game === 'berserk' ? Array(6).fill('S1') : ['HOA'];
    const event = await createEvent(t, { name: `Listings ${game}`, game, format: 'sealed', packs, seed: `listings-${game}-0001` });
    await registerPlayers(t, event.id, 3);
    await start(t, event.id);
    await t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ force: true }).expect(201);
    return event;
  }

  it('LISTINGS_IN_RUSSIAN: a Berserk event prints its pairings and standings in Russian', async () => {
    const event = await pairedEvent('berserk');
    const pairings = await t.http().get(`/api/events/${event.id}/rounds/1?format=csv`).expect(200);
    expect(pairings.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(pairings.text.split('\r\n')[0]).toMatch(/^стол,код матча,игрок,соперник,результат,конец \(.+\)$/);
    expect(pairings.text).toContain('БЕЗ ПАРЫ');
    const sheet = await t.http().get(`/api/events/${event.id}/rounds/1?format=text`).expect(200);
    expect(sheet.text).toMatch(/^Раунд 1 — \d+ мин, /);
    const standings = await t.http().get(`/api/events/${event.id}/standings?format=csv`).expect(200);
    expect(standings.text.split('\r\n')[0]).toBe('место,игрок,очки за матчи,П-П-Н,OMW%,GW%,OGW%,статус,наказания');
    const text = await t.http().get(`/api/events/${event.id}/standings?format=text`).expect(200);
    expect(text.text).toMatch(/^Мст\s+Игрок/);
    // JSON is the same whatever the language.
    const json = await t.http().get(`/api/events/${event.id}/standings?lang=ru`).expect(200);
    expect(json.body[0]).toHaveProperty('matchPoints');
  });

  it('LISTING_LANGUAGE_BY_GAME: WoW TCG prints in English; ?lang= overrides either way', async () => {
    const event = await pairedEvent('wow-tcg');
    const csv = await t.http().get(`/api/events/${event.id}/standings?format=csv`).expect(200);
    expect(csv.text.split('\r\n')[0]).toBe('rank,player,match points,record,OMW%,GW%,OGW%,status,penalties');
    const ru = await t.http().get(`/api/events/${event.id}/rounds/1?format=text&lang=ru`).expect(200);
    expect(ru.text).toMatch(/^Раунд 1/);
    const berserk = await pairedEvent('berserk');
    const en = await t.http().get(`/api/events/${berserk.id}/standings?format=text&lang=en`).expect(200);
    expect(en.text).toMatch(/^Rank\s+Player/);
  });

  it('a language Podium does not print is a 400 naming lang', async () => {
    const event = await pairedEvent('wow-tcg');
    const res = await t.http().get(`/api/events/${event.id}/standings?format=csv&lang=de`).expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field: 'lang' })] });
  });
});
