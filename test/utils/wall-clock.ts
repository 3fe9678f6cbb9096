/**
 * Moves the wall clock (Date.now) of this test file's process forward: the per-client limits are
 * counted by rate-limiter-flexible, which reads Date.now, not the app's injected Clock. Time keeps
 * running from there; every Date.now caller of the process (the app under test included) sees the
 * move. restoreWallClock() in afterAll puts it back.
 */
let offsetMs = 0;
let spy: jest.SpyInstance<number, []> | null = null;

export function advanceWallClock(ms: number): void {
  if (!spy) {
    const realNow = Date.now.bind(Date);
    spy = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + offsetMs);
  }
  offsetMs += ms;
}

/** Puts Date.now back to the real time. */
export function restoreWallClock(): void {
  spy?.mockRestore();
  spy = null;
  offsetMs = 0;
}
