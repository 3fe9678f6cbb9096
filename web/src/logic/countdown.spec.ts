import { clockOffset, formatClock, secondsLeft } from './countdown';

describe('pick countdown', () => {
  const deadline = '2026-12-02T10:00:30.000Z';
  const now = Date.parse('2026-12-02T10:00:00.000Z');

  it('counts whole seconds up to the server deadline', () => {
    expect(secondsLeft(deadline, now)).toBe(30);
    expect(secondsLeft(deadline, now + 29_001)).toBe(1);
    expect(secondsLeft(deadline, now + 30_000)).toBe(0);
  });

  it('never goes below zero and is null without a timer', () => {
    expect(secondsLeft(deadline, now + 90_000)).toBe(0);
    expect(secondsLeft(null, now)).toBeNull();
    expect(secondsLeft('not a date', now)).toBeNull();
  });

  it("follows the server's clock when the browser's is off", () => {
    // The browser is 10 s behind the server: 20 s are left, not 30.
    expect(secondsLeft(deadline, now, 10_000)).toBe(20);
    expect(clockOffset('Wed, 02 Dec 2026 10:00:10 GMT', now)).toBe(10_000);
    expect(clockOffset('Wed, 02 Dec 2026 10:00:00 GMT', now + 400)).toBe(0);
    expect(clockOffset(null, now)).toBe(0);
  });

  it('formats minutes and hours as a clock', () => {
    expect(formatClock(7)).toBe('0:07');
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(3723)).toBe('1:02:03');
  });
});
