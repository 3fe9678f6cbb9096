/**
 * The pick (or round) countdown, from the server's deadline. The browser's clock may be off from
 * the server's: `offsetMs` is server time minus browser time (from a response's Date header), so
 * the countdown shows the server's idea of what is left.
 */
export function secondsLeft(deadline: string | null | undefined, nowMs: number, offsetMs = 0): number | null {
  if (!deadline) return null;
  const end = Date.parse(deadline);
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.ceil((end - (nowMs + offsetMs)) / 1000));
}

/** Seconds as a clock: `0:07`, `1:05`, `1:02:03` (an hour-long round). */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** Server minus browser time, in ms, from a response's `Date` header (second precision), or 0. */
export function clockOffset(dateHeader: string | null, receivedAtMs: number): number {
  if (!dateHeader) return 0;
  const server = Date.parse(dateHeader);
  if (Number.isNaN(server)) return 0;
  const offset = server - receivedAtMs;
  // The header has whole seconds: within a second the browser's clock is as good as the server's.
  return Math.abs(offset) < 1000 ? 0 : offset;
}
