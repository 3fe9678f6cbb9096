/**
 * Pairings and standings as the files stores print and post: CSV (RFC 4180) and fixed-width text.
 * Pure formatting, no rules.
 */
import { TIEBREAKERS } from './rules/tiebreakers';
import { writeCsv } from '../common/csv/csv-writer';
import type { RoundDto, StandingDto } from './dto/tournament.dto';

const pct = (x: number) => (x * 100).toFixed(2);

/** Languages the printed and exported listings are written in. */
export const LISTING_LANGUAGES = ['en', 'ru'] as const;
export type ListingLanguage = (typeof LISTING_LANGUAGES)[number];

/**
 * The language of an event's listings when the request does not ask for one (`?lang=`): Russian
 * for Berserk (its players and rule texts are Russian), English for every other game.
 */
export function listingLanguage(game: string, asked?: ListingLanguage): ListingLanguage {
  return asked ?? (game === 'berserk' ? 'ru' : 'en');
}

/** The words of the listings, by language: column headers, the bye, a dropped player, the round's head line. */
const WORDS = {
  en: {
    pairingColumns: ['table', 'match id', 'player', 'opponent', 'result'],
    ends: (zone: string) => `ends (${zone})`,
    bye: 'BYE',
    sheetColumns: { table: 'Table', player: 'Player', opponent: 'Opponent', extension: 'Extension', match: 'Match' },
    endsAt: (time: string) => `ends ${time}`,
    roundHead: (n: number, minutes: string, from: string, to: string, zone: string, paused: boolean) =>
      `Round ${n} — ${minutes} minutes, ${from} to ${to} (${zone})${paused ? ', clock paused' : ''}`,
    standingColumns: ['rank', 'player', 'match points', 'record', ...TIEBREAKERS.map((t) => t.label), 'status', 'penalties'],
    standingsHead: { rank: 'Rank', player: 'Player', points: 'Pts', record: 'Record' },
    dropped: 'dropped',
    penalty: { warning: 'warning', gameLoss: 'game loss', matchLoss: 'match loss' },
    noSideboarding: 'No sideboarding: every game is played with the registered deck.',
    seat: (letter: string, name: string, tableSeat: number) => `seat ${letter}: ${name} (${tableSeat})`,
    fixedNote: '* fixed table: this player stays at this table',
  },
  ru: {
    pairingColumns: ['стол', 'код матча', 'игрок', 'соперник', 'результат'],
    ends: (zone: string) => `конец (${zone})`,
    bye: 'БЕЗ ПАРЫ',
    sheetColumns: { table: 'Стол', player: 'Игрок', opponent: 'Соперник', extension: 'Продление', match: 'Матч' },
    endsAt: (time: string) => `до ${time}`,
    roundHead: (n: number, minutes: string, from: string, to: string, zone: string, paused: boolean) =>
      `Раунд ${n} — ${minutes} мин, ${from} – ${to} (${zone})${paused ? ', часы на паузе' : ''}`,
    standingColumns: ['место', 'игрок', 'очки за матчи', 'П-П-Н', ...TIEBREAKERS.map((t) => t.label), 'статус', 'наказания'],
    standingsHead: { rank: 'Мст', player: 'Игрок', points: 'Оч.', record: 'П-П-Н' },
    dropped: 'выбыл',
    penalty: { warning: 'предупреждение', gameLoss: 'поражение в игре', matchLoss: 'поражение в матче' },
    noSideboarding: 'Без запаски: все игры играются зарегистрированной колодой.',
    seat: (letter: string, name: string, tableSeat: number) => `место ${letter}: ${name} (${tableSeat})`,
    fixedNote: '* закреплённый стол: игрок остаётся за этим столом',
  },
} as const;

/**
 * `at` as local wall-clock time in an IANA zone, "YYYY-MM-DD HH:mm" (what a store posts on the wall).
 * Example: 2026-12-03T16:00:00Z in Europe/Moscow → "2026-12-03 19:00".
 */
export function localTime(at: string | Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

/** One line per player, sorted by table or by name (each match appears under both players when by name). */
export function pairingLines(
  round: RoundDto,
  sort: 'table' | 'name',
  lang: ListingLanguage = 'en',
): { table: number; matchId: string; player: string; opponent: string; result: string; ends: string; fixed: boolean }[] {
  const lines = round.pairings.flatMap((p) => {
    const result = p.result ? `${p.result.winsA}-${p.result.winsB}-${p.result.draws}` : '';
    const ends = p.playerB ? localTime(p.endsAt ?? round.endsAt, round.timeZone) : '';
    const fixed = p.fixedTable === true;
    const a = { table: p.table, matchId: p.matchId, player: p.playerA.name, opponent: p.playerB?.name ?? WORDS[lang].bye, result, ends, fixed };
    if (sort === 'table' || !p.playerB) return [a];
    const b = {
      table: p.table,
      matchId: p.matchId,
      player: p.playerB.name,
      opponent: p.playerA.name,
      result: p.result ? `${p.result.winsB}-${p.result.winsA}-${p.result.draws}` : '',
      ends,
      fixed,
    };
    return [a, b];
  });
  return sort === 'name' ? lines.sort((x, y) => x.player.localeCompare(y.player) || x.table - y.table) : lines;
}

/** Columns: table, match id (what result entry takes), player, opponent, result, the table's end in the event's zone; headers in `lang`. */
export function pairingsCsv(round: RoundDto, sort: 'table' | 'name', lang: ListingLanguage = 'en'): string {
  return writeCsv(
    [...WORDS[lang].pairingColumns, WORDS[lang].ends(round.timeZone)],
    pairingLines(round, sort, lang).map((l) => [l.table, l.matchId, l.player, l.opponent, l.result, l.ends]),
  );
}

/**
 * The printable sheet: the round's times in the event's zone, then one line per table (extended
 * tables show their own end; a fixed table is marked `*`, explained under the lines).
 */
export function pairingsText(round: RoundDto, sort: 'table' | 'name', lang: ListingLanguage = 'en'): string {
  const words = WORDS[lang];
  const lines = pairingLines(round, sort, lang);
  const w = Math.max(6, ...lines.map((l) => l.player.length));
  const o = Math.max(8, ...lines.map((l) => l.opponent.length));
  const roundEnd = localTime(round.endsAt, round.timeZone);
  const extra = round.extraMinutes > 0 ? ` + ${round.extraMinutes}` : '';
  const head = words.roundHead(round.number, `${round.minutes}${extra}`, localTime(round.startedAt, round.timeZone), roundEnd.slice(11), round.timeZone, round.paused);
  const c = words.sheetColumns;
  const row = (l: (typeof lines)[number]) =>
    `${(l.fixed ? `*${l.table}` : String(l.table)).padStart(5)}  ${l.player.padEnd(w)}  ${l.opponent.padEnd(o)}  ${(l.ends && l.ends !== roundEnd ? words.endsAt(l.ends.slice(11)) : '').padEnd(10)}  ${l.matchId}`;
  // Team events: under each table, the members by seat letter, each facing the opponent of the same letter (TEAM_TABLE_SEATS).
  const seatRows = (l: (typeof lines)[number]): string[] => {
    const p = round.pairings.find((x) => x.matchId === l.matchId);
    if (!p?.playerA.members) return [];
    const [own, other] = p.playerB && l.player === p.playerB.name && l.player !== p.playerA.name ? [p.playerB, p.playerA] : [p.playerA, p.playerB];
    return (own.members ?? []).map((m, i) => {
      const facing = other?.members?.[i];
      const left = m.seat ? words.seat(m.seat, m.name, m.tableSeat ?? i + 1) : m.name;
      const right = facing?.seat ? words.seat(facing.seat, facing.name, facing.tableSeat ?? i + 1) : '';
      return `${' '.repeat(7)}${left.padEnd(w)}  ${right}`.trimEnd();
    });
  };
  const rules = round.sideboarding === false ? [words.noSideboarding] : [];
  const note = lines.some((l) => l.fixed) ? ['', words.fixedNote] : [];
  return (
    [
      head,
      ...rules,
      '',
      `${c.table.padEnd(5)}  ${c.player.padEnd(w)}  ${c.opponent.padEnd(o)}  ${c.extension.padEnd(10)}  ${c.match}`,
      ...lines.flatMap((l) => [row(l), ...seatRows(l)]),
      ...note,
    ].join('\n') + '\n'
  );
}

/** Standings as CSV, headers, the dropped status and the penalties ("game loss ×1; warning ×2") in `lang`. */
export function standingsCsv(rows: StandingDto[], lang: ListingLanguage = 'en'): string {
  const words = WORDS[lang];
  const penalties = (s: StandingDto) =>
    (['matchLoss', 'gameLoss', 'warning'] as const)
      .filter((k) => (s.penalties?.[k] ?? 0) > 0)
      .map((k) => `${words.penalty[k]} ×${s.penalties![k]}`)
      .join('; ');
  return writeCsv(
    [...words.standingColumns],
    rows.map((s) => [s.rank, s.name, s.matchPoints, s.record, ...TIEBREAKERS.map((t) => pct(s[t.key])), s.dropped ? words.dropped : '', penalties(s)]),
  );
}

/** Standings as a printable fixed-width sheet, in `lang`. */
export function standingsText(rows: StandingDto[], lang: ListingLanguage = 'en'): string {
  const h = WORDS[lang].standingsHead;
  const w = Math.max(6, ...rows.map((s) => s.name.length));
  const head = `${h.rank.padEnd(4)}  ${h.player.padEnd(w)}  ${h.points.padStart(3)}  ${h.record.padEnd(7)}${TIEBREAKERS.map((t) => `  ${t.label.padEnd(6)}`)
    .join('')
    .trimEnd()}`;
  const lines = rows.map(
    (s) =>
      `${String(s.rank).padStart(4)}  ${s.name.padEnd(w)}  ${String(s.matchPoints).padStart(3)}  ${s.record.padEnd(7)}${TIEBREAKERS.map((t) => `  ${pct(s[t.key]).padStart(6)}`).join('')}${s.dropped ? `  (${WORDS[lang].dropped})` : ''}`,
  );
  return [head, ...lines].join('\n') + '\n';
}
