import { IDLE_AFTER_SECONDS, OFFLINE_AFTER_SECONDS, seatActivity, type SeatActivityInput } from './seat-activity';

const now = new Date('2026-12-06T20:00:00Z');
const ago = (s: number) => new Date(now.getTime() - s * 1000);
const seat = (over: Partial<SeatActivityInput> = {}): SeatActivityInput => ({
  bot: false,
  absent: false,
  podComplete: false,
  paused: false,
  hasPack: true,
  packSince: ago(5),
  lastSeenAt: ago(3),
  lastPickAt: null,
  now,
  ...over,
});

describe('seat activity (the organizer sees picking, waiting, idle for N s and offline seats)', () => {
  it('a seat with a pack it has held briefly is picking; without a pack it is waiting', () => {
    expect(seatActivity(seat())).toEqual({ state: 'picking', heldSeconds: 5, silentSeconds: 3 });
    expect(seatActivity(seat({ hasPack: false, packSince: null }))).toEqual({ state: 'waiting', heldSeconds: null, silentSeconds: 3 });
  });

  it(`idle: a pack held ${IDLE_AFTER_SECONDS} s or more, with the seconds held`, () => {
    expect(seatActivity(seat({ packSince: ago(IDLE_AFTER_SECONDS - 1) })).state).toBe('picking');
    expect(seatActivity(seat({ packSince: ago(IDLE_AFTER_SECONDS) }))).toEqual({ state: 'idle', heldSeconds: IDLE_AFTER_SECONDS, silentSeconds: 3 });
  });

  it(`offline: the phone not heard from for ${OFFLINE_AFTER_SECONDS} s, or never — before idle, with the pack still counted`, () => {
    expect(seatActivity(seat({ lastSeenAt: ago(OFFLINE_AFTER_SECONDS - 1) })).state).toBe('picking');
    expect(seatActivity(seat({ lastSeenAt: ago(OFFLINE_AFTER_SECONDS), packSince: ago(50) }))).toEqual({ state: 'offline', heldSeconds: 50, silentSeconds: OFFLINE_AFTER_SECONDS });
    expect(seatActivity(seat({ lastSeenAt: null }))).toEqual({ state: 'offline', heldSeconds: 5, silentSeconds: null });
  });

  it('a pick counts as hearing from the phone', () => {
    expect(seatActivity(seat({ lastSeenAt: ago(120), lastPickAt: ago(2) })).state).toBe('picking');
    expect(seatActivity(seat({ lastSeenAt: null, lastPickAt: ago(2), hasPack: false })).state).toBe('waiting');
  });

  it('bots, absent players and finished pods are not watched', () => {
    expect(seatActivity(seat({ bot: true, lastSeenAt: null }))).toEqual({ state: 'bot', heldSeconds: null, silentSeconds: null });
    expect(seatActivity(seat({ absent: true, lastSeenAt: null })).state).toBe('absent');
    expect(seatActivity(seat({ podComplete: true, hasPack: false, lastSeenAt: null })).state).toBe('done');
  });

  it('nobody is idle while the pod is paused', () => {
    expect(seatActivity(seat({ paused: true, packSince: ago(300) }))).toEqual({ state: 'picking', heldSeconds: null, silentSeconds: 3 });
  });
});
