import type { RoundDto, StandingDto } from './dto/tournament.dto';
import { listingLanguage, localTime, pairingsCsv, pairingsText, standingsCsv, standingsText } from './listings';

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
  sideboarding: true,
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

describe('listings in the event language', () => {
  const standings: StandingDto[] = [
    { rank: 1, playerId: 'a', name: 'Анна', matchPoints: 6, record: '2-0-0', omwp: 0.5, gwp: 1, ogwp: 0.5, dropped: false },
    { rank: 2, playerId: 'b', name: 'Борис', matchPoints: 0, record: '0-2-0', omwp: 1, gwp: 0, ogwp: 0.5, dropped: true },
  ] as StandingDto[];

  it('LISTING_LANGUAGE_BY_GAME: Berserk prints in Russian, other games in English, unless asked', () => {
    expect(listingLanguage('berserk')).toBe('ru');
    expect(listingLanguage('wow-tcg')).toBe('en');
    expect(listingLanguage('berserk', 'en')).toBe('en');
    expect(listingLanguage('wow-tcg', 'ru')).toBe('ru');
  });

  it('LISTINGS_IN_RUSSIAN: pairings CSV and text with Russian headers, the bye and the extension in Russian', () => {
    expect(pairingsCsv(round, 'table', 'ru').split('\r\n').slice(0, 3)).toEqual([
      'стол,код матча,игрок,соперник,результат,конец (Europe/Moscow)',
      '1,11111111-1111-4111-8111-111111111111,Anna,Boris,,2026-12-03 19:58',
      '2,22222222-2222-4222-8222-222222222222,Vera,БЕЗ ПАРЫ,2-0-0,',
    ]);
    const text = pairingsText(round, 'table', 'ru').split('\n');
    expect(text[0]).toBe('Раунд 2 — 50 + 5 мин, 2026-12-03 19:00 – 19:55 (Europe/Moscow)');
    expect(text[2]).toMatch(/^Стол\s+Игрок\s+Соперник\s+Продление\s+Матч$/);
    expect(text[3]).toContain('до 19:58');
    expect(pairingsText(round, 'table', 'ru')).not.toMatch(/\b(Round|Table|Player|BYE|ends)\b/);
  });

  it('LISTINGS_IN_RUSSIAN: standings CSV and text with Russian headers and «выбыл»', () => {
    const csv = standingsCsv(standings, 'ru').split('\r\n');
    expect(csv[0]).toBe('место,игрок,очки за матчи,П-П-Н,OMW%,GW%,OGW%,статус,наказания');
    expect(csv[2]).toBe('2,Борис,0,0-2-0,100.00,0.00,50.00,выбыл,');
    const text = standingsText(standings, 'ru').split('\n');
    expect(text[0]).toMatch(/^Мст\s+Игрок\s+Оч\.\s+П-П-Н\s+OMW%/);
    expect(text[2]).toContain('(выбыл)');
  });

  it('English stays as it was: the default language', () => {
    expect(standingsText(standings)).toBe(standingsText(standings, 'en'));
    expect(standingsText(standings).split('\n')[0]).toBe('Rank  Player  Pts  Record   OMW%    GW%     OGW%');
    expect(standingsCsv(standings).split('\r\n')[2]).toBe('2,Борис,0,0-2-0,100.00,0.00,50.00,dropped,');
  });

  it('the sheet says "No sideboarding" when the event rules it out, in the listing language', () => {
    expect(pairingsText({ ...round, sideboarding: false }, 'table').split('\n')[1]).toBe('No sideboarding: every game is played with the registered deck.');
    expect(pairingsText({ ...round, sideboarding: false }, 'table', 'ru').split('\n')[1]).toBe('Без запаски: все игры играются зарегистрированной колодой.');
    expect(pairingsText(round, 'table')).not.toContain('sideboarding');
  });

  it('team tables: each member by seat letter facing the opponent of the same letter (TEAM_TABLE_SEATS)', () => {
    const team: RoundDto = {
      ...round,
      pairings: [
        {
          ...round.pairings[0],
          playerA: {
            playerId: 't1',
            name: 'Wolves',
            teamId: 't1',
            members: [
              { playerId: 'a', name: 'Anna', seat: 'A', tableSeat: 1 },
              { playerId: 'b', name: 'Boris', seat: 'B', tableSeat: 3 },
            ],
          },
          playerB: {
            playerId: 't2',
            name: 'Bears',
            teamId: 't2',
            members: [
              { playerId: 'x', name: 'Xenia', seat: 'A', tableSeat: 2 },
              { playerId: 'y', name: 'Yuri', seat: 'B', tableSeat: 4 },
            ],
          },
        },
      ],
    };
    const text = pairingsText(team, 'table').split('\n');
    expect(text[3]).toMatch(/^\s+1\s+Wolves\s+Bears/);
    expect(text[4]).toMatch(/^\s+seat A: Anna \(1\)\s+seat A: Xenia \(2\)$/);
    expect(text[5]).toMatch(/^\s+seat B: Boris \(3\)\s+seat B: Yuri \(4\)$/);
  });
});

describe('fixed tables in printed pairings', () => {
  it('marks a fixed table with * and explains it under the lines, in the listing language', () => {
    const fixed: RoundDto = { ...round, pairings: [{ ...round.pairings[0], table: 7, fixedTable: true }, round.pairings[1]] };
    const text = pairingsText(fixed, 'table');
    expect(text).toMatch(/^\s+\*7 {2}Anna/m);
    expect(text.trimEnd().split('\n').at(-1)).toBe('* fixed table: this player stays at this table');
    expect(pairingsText(fixed, 'name', 'ru')).toContain('* закреплённый стол');
    // By name, both players of the match see the mark.
    expect(pairingsText(fixed, 'name').match(/\*7/g)).toHaveLength(2);
    expect(pairingsText(round, 'table')).not.toContain('fixed');
  });
});
