import type { RoundDto } from './dto/tournament.dto';
import { localTime, pairingsCsv, pairingsText } from './listings';

const round: RoundDto = {
  number: 2,
  kind: 'swiss',
  startedAt: '2026-12-03T16:00:00.000Z',
  minutes: 50,
  extraMinutes: 5,
  endsAt: '2026-12-03T16:55:00.000Z',
  paused: false,
  remainingSeconds: 0,
  timeZone: 'Europe/Moscow',
  pairings: [
    {
      matchId: '11111111-1111-4111-8111-111111111111',
      table: 1,
      playerA: { playerId: 'a', name: 'Anna' },
      playerB: { playerId: 'b', name: 'Boris' },
      rematch: false,
      result: null,
      disputed: false,
      extraMinutes: 3,
      endsAt: '2026-12-03T16:58:00.000Z',
    },
    {
      matchId: '22222222-2222-4222-8222-222222222222',
      table: 2,
      playerA: { playerId: 'c', name: 'Vera' },
      playerB: null,
      rematch: false,
      result: { winsA: 2, winsB: 0, draws: 0 },
      disputed: false,
      extraMinutes: 0,
      endsAt: '2026-12-03T16:55:00.000Z',
    },
  ],
};

describe("pairings as stores print them (times in the event's zone, table and match id)", () => {
  it('localTime gives the wall-clock time of an IANA zone, DST included', () => {
    expect(localTime('2026-12-03T16:00:00Z', 'Europe/Moscow')).toBe('2026-12-03 19:00');
    expect(localTime('2026-07-03T16:00:00Z', 'Europe/Berlin')).toBe('2026-07-03 18:00');
    expect(localTime('2026-12-03T16:00:00Z', 'Europe/Berlin')).toBe('2026-12-03 17:00');
    expect(localTime('2026-12-03T23:30:00Z', 'UTC')).toBe('2026-12-03 23:30');
  });

  it("CSV: table, match id, players, result and each table's end in the event's zone", () => {
    expect(pairingsCsv(round, 'table').split('\r\n').slice(0, 3)).toEqual([
      'table,match id,player,opponent,result,ends (Europe/Moscow)',
      '1,11111111-1111-4111-8111-111111111111,Anna,Boris,,2026-12-03 19:58',
      '2,22222222-2222-4222-8222-222222222222,Vera,BYE,2-0-0,',
    ]);
  });

  it('text: the round from start to end in local time with the extension; an extended table shows its own end; every line its match id', () => {
    const text = pairingsText(round, 'name');
    expect(text.split('\n')[0]).toBe('Round 2 — 50 + 5 minutes, 2026-12-03 19:00 to 19:55 (Europe/Moscow)');
    expect(text).toMatch(/Anna\s+Boris\s+ends 19:58\s+11111111-1111-4111-8111-111111111111/);
    expect(text).toMatch(/Boris\s+Anna\s+ends 19:58/);
    expect(text).toMatch(/Vera\s+BYE\s+22222222-2222-4222-8222-222222222222/);
  });
});
