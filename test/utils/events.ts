import type { TestApp } from './test-app';

export interface TestPlayer {
  playerId: string;
  profileId: string;
  name: string;
  token: string;
  auth: string;
}

/** Creates an event as the organizer; returns its body. */
export async function createEvent(t: TestApp, body: Record<string, unknown>) {
  const res = await t.http().post('/api/events').set('authorization', t.organizer).send(body);
  if (res.status !== 200 && res.status !== 201) throw new Error(`create event: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; code: string; name: string; state: string; seedCommitment: string; seed: string | null; packs: { setCode: string }[] };
}

export async function registerPlayers(t: TestApp, eventId: string, count: number, extra: Record<string, unknown> = {}): Promise<TestPlayer[]> {
  const players: TestPlayer[] = [];
  for (let i = 1; i <= count; i++) {
    const res = await t
      .http()
      .post(`/api/events/${eventId}/players`)
      .send({ name: `Player ${i}`, ...extra });
    if (res.status !== 200 && res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
    players.push({ ...res.body, auth: `Bearer ${res.body.token}` });
  }
  return players;
}

export async function start(t: TestApp, eventId: string) {
  const res = await t.http().post(`/api/events/${eventId}/start`).set('authorization', t.organizer);
  if (res.status !== 200) throw new Error(`start: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function me(t: TestApp, eventId: string, player: TestPlayer) {
  const res = await t.http().get(`/api/events/${eventId}/me`).set('authorization', player.auth);
  if (res.status !== 200) throw new Error(`me: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as {
    seat: number | null;
    podId: string | null;
    packNumber: number | null;
    pickNumber: number | null;
    direction: string | null;
    deadline: string | null;
    preselected: string | null;
    currentPack: { cards: { cardId: string }[] } | null;
    picks: { cardId: string }[];
    pool: { cardId: string; type: string }[];
    state: string;
  };
}

/**
 * Drives a whole draft through the API: repeatedly, every player with a pack in front of them takes
 * its first card, until nobody has a pack. Returns the number of picks made.
 */
export async function draftToTheEnd(
  t: TestApp,
  eventId: string,
  players: TestPlayer[],
  choose: (cards: { cardId: string }[], player: TestPlayer) => string = (cards) => cards[0].cardId,
): Promise<number> {
  let picks = 0;
  for (;;) {
    let progressed = false;
    for (const p of players) {
      const view = await me(t, eventId, p);
      if (!view.currentPack) continue;
      const res = await t
        .http()
        .post(`/api/events/${eventId}/picks`)
        .set('authorization', p.auth)
        .send({ packNumber: view.packNumber, pickNumber: view.pickNumber, cardId: choose(view.currentPack.cards, p) });
      if (res.status !== 200) throw new Error(`pick: ${res.status} ${JSON.stringify(res.body)}`);
      picks++;
      progressed = true;
    }
    if (!progressed) return picks;
  }
}
