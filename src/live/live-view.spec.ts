import type { MeDto } from '../draft/dto/draft.dto';
import { eventsFor, formatEvents, liveViewOf, parseVersion, seenOf } from './live-view';
import { parseLivePayload } from '../common/notify/live-notifier';
import { macMatches, parseTicket, signTicket, ticketKey } from './stream-tickets';

const card = (cardId: string) => ({ cardId }) as unknown as MeDto['picks'][number];

function me(over: Partial<MeDto> = {}): MeDto {
  return {
    playerId: 'p',
    name: 'Alice',
    podId: '11111111-1111-4111-8111-111111111111',
    seat: 2,
    state: 'drafting',
    packNumber: 1,
    pickNumber: 1,
    direction: 'left',
    deadline: '2026-11-30T18:01:00.000Z',
    currentPack: { cards: [card('HOA-1'), card('HOA-2')] },
    preselected: null,
    queued: 0,
    draftComplete: false,
    waitingFor: null,
    autoPicked: null,
    picks: [],
    pickHistory: [],
    pool: [],
    ...over,
  };
}

describe('live view', () => {
  it('a fresh connection gets the current pack; paused and complete only when so', () => {
    expect(eventsFor(null, liveViewOf(me(), false)).map((e) => e.event)).toEqual(['pack']);
    expect(eventsFor(null, liveViewOf(me(), true)).map((e) => e.event)).toEqual(['pack', 'paused']);
    const done = liveViewOf(me({ packNumber: null, pickNumber: null, direction: null, currentPack: null, deadline: null }), false);
    expect(done.complete).toBe(true);
    expect(eventsFor(null, done).map((e) => e.event)).toEqual(['pack', 'draft-complete']);
  });

  it('nothing when nothing the player sees changed', () => {
    const view = liveViewOf(me(), false);
    expect(eventsFor(seenOf(view), liveViewOf(me(), false))).toEqual([]);
  });

  it('round, pack, paused and draft-complete follow the changes', () => {
    const before = seenOf(liveViewOf(me({ picks: [card('HOA-1')] }), false));
    const nextRound = liveViewOf(me({ packNumber: 2, direction: 'right', picks: [card('HOA-1'), card('HOA-3')] }), false);
    expect(eventsFor(before, nextRound)).toEqual([
      { event: 'round', data: { packNumber: 2, direction: 'right' } },
      { event: 'pack', data: nextRound.pack },
    ]);
    const paused = liveViewOf(me({ picks: [card('HOA-1')], deadline: null }), true);
    expect(eventsFor(before, paused).map((e) => e.event)).toEqual(['pack', 'paused']);
    const done = liveViewOf(me({ packNumber: null, pickNumber: null, currentPack: null, deadline: null, picks: [card('HOA-1'), card('HOA-2')] }), false);
    expect(eventsFor(before, done).map((e) => e.event)).toEqual(['draft-complete']);
  });

  it('versions: own pick count first, read back for state-based replay', () => {
    const view = liveViewOf(me({ picks: [card('HOA-1'), card('HOA-2')] }), true);
    expect(view.version).toMatch(/^2\.1\.1\.0\.[0-9a-f]{8}$/);
    const seen = parseVersion(view.version)!;
    expect(seen).toEqual({ version: view.version, round: 1, paused: true, complete: false, packKey: null, state: null, clockKey: null });
    expect(eventsFor(seen, view)).toEqual([]); // same version: nothing to replay
    const resumed = liveViewOf(me({ picks: [card('HOA-1'), card('HOA-2')] }), false);
    expect(eventsFor(seen, resumed).map((e) => e.event)).toEqual(['pack', 'paused']);
    expect(parseVersion('garbage')).toBeNull();
    expect(parseVersion(undefined)).toBeNull();
  });

  it('SSE wire format', () => {
    expect(formatEvents([{ event: 'paused', data: { paused: true } }], '1.1.1.0.abcdef01')).toBe('id: 1.1.1.0.abcdef01\nevent: paused\ndata: {"paused":true}\n\n');
  });

  it('notification payloads', () => {
    const e = '11111111-1111-4111-8111-111111111111';
    const p = '22222222-2222-4222-8222-222222222222';
    expect(parseLivePayload(`${e}:${p}:42`)).toEqual({ eventId: e, podId: p, seq: 42 });
    expect(parseLivePayload(`${e}:${p}`)).toEqual({ eventId: e, podId: p, seq: null });
    expect(parseLivePayload(`${e}:`)).toEqual({ eventId: e, podId: null, seq: null });
    expect(parseLivePayload(`${e}:replaced`)).toEqual({ eventId: e, podId: null, seq: null, replaced: true });
    expect(parseLivePayload('nonsense')).toBeNull();
  });
});

describe('stream tickets', () => {
  const player = { id: '33333333-3333-4333-8333-333333333333', eventId: '11111111-1111-4111-8111-111111111111', tokenHash: 'abc' };
  const key = ticketKey('organizer-token');

  it('round-trips and is bound to event, player, expiry, token and key', () => {
    const ticket = signTicket(key, player, 1_000);
    const parsed = parseTicket(ticket)!;
    expect(parsed).toMatchObject({ playerId: player.id, expiresAtMs: 1_000 });
    expect(macMatches(key, player, 1_000, parsed.mac)).toBe(true);
    expect(macMatches(key, player, 2_000, parsed.mac)).toBe(false);
    expect(macMatches(key, { ...player, tokenHash: 'reissued' }, 1_000, parsed.mac)).toBe(false);
    expect(macMatches(key, { ...player, eventId: '44444444-4444-4444-8444-444444444444' }, 1_000, parsed.mac)).toBe(false);
    expect(macMatches(ticketKey('another-organizer-token'), player, 1_000, parsed.mac)).toBe(false);
    expect(macMatches(ticketKey('organizer-token'), player, 1_000, parsed.mac)).toBe(true); // another instance, same config
    expect(parseTicket('nope')).toBeNull();
  });
});

describe('live view after the event moved on', () => {
  it('sends draft-complete again when the event state changes after the pod finished (the last pod moved the event to building)', () => {
    const pod = '11111111-1111-4111-8111-111111111111';
    const done = (state: string) =>
      liveViewOf(
        {
          playerId: 'p',
          name: 'Alice',
          podId: pod,
          seat: 0,
          state,
          packNumber: null,
          pickNumber: null,
          direction: null,
          deadline: null,
          currentPack: null,
          preselected: null,
          queued: 0,
          draftComplete: true,
          waitingFor: null,
          autoPicked: null,
          picks: [],
          pickHistory: [],
          pool: [],
        },
        false,
      );
    const before = seenOf(done('drafting'));
    expect(eventsFor(before, done('building'))).toEqual([{ event: 'draft-complete', data: { podId: pod, pickCount: 0, state: 'building' } }]);
    expect(eventsFor(seenOf(done('building')), done('building'))).toEqual([]);
  });
});

describe('live view during the rounds', () => {
  const playing = () => ({
    playerId: 'p',
    name: 'Alice',
    podId: null,
    seat: null,
    state: 'playing',
    packNumber: null,
    pickNumber: null,
    direction: null,
    deadline: null,
    currentPack: null,
    preselected: null,
    queued: 0,
    draftComplete: false,
    waitingFor: null,
    autoPicked: null,
    picks: [],
    pickHistory: [],
    pool: [],
  });
  const clock = (over: object = {}) => ({
    round: 1,
    kind: 'swiss',
    table: 3,
    endsAt: '2026-12-03T19:50:00.000Z',
    paused: false,
    remainingSeconds: null,
    extraMinutes: 0,
    tableExtraMinutes: 0,
    ...over,
  });

  it('rule: the clock is sent on connecting during a round, again only when it changes, and as null when no round is played', () => {
    const running = liveViewOf(playing(), false, clock());
    expect(eventsFor(null, running).map((e) => e.event)).toEqual(['pack', 'clock']);
    expect(eventsFor(null, liveViewOf(playing(), false)).map((e) => e.event)).toEqual(['pack']);
    expect(eventsFor(seenOf(running), liveViewOf(playing(), false, clock()))).toEqual([]);
    const paused = liveViewOf(playing(), false, clock({ paused: true, remainingSeconds: 2400 }));
    expect(paused.version).not.toBe(running.version);
    expect(eventsFor(seenOf(running), paused)).toEqual([{ event: 'clock', data: clock({ paused: true, remainingSeconds: 2400 }) }]);
    expect(eventsFor(seenOf(paused), liveViewOf({ ...playing(), state: 'complete' }, false))).toEqual([
      { event: 'pack', data: expect.objectContaining({ state: 'complete' }) },
      { event: 'clock', data: null },
    ]);
    // Read back from an id the clock is unknown: sent again when there is one.
    expect(eventsFor(parseVersion(liveViewOf(playing(), false).version), paused).map((e) => e.event)).toEqual(['pack', 'clock']);
  });
});
