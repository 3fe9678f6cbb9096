/**
 * Pairings and standings as the files stores print and post: CSV (RFC 4180) and fixed-width text.
 * Pure formatting, no rules.
 */
import { writeCsv } from '../common/csv/csv-writer';
import type { RoundDto, StandingDto } from './dto/tournament.dto';

const pct = (x: number) => (x * 100).toFixed(2);

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
export function pairingLines(round: RoundDto, sort: 'table' | 'name'): { table: number; matchId: string; player: string; opponent: string; result: string; ends: string }[] {
  const lines = round.pairings.flatMap((p) => {
    const result = p.result ? `${p.result.winsA}-${p.result.winsB}-${p.result.draws}` : '';
    const ends = p.playerB ? localTime(p.endsAt ?? round.endsAt, round.timeZone) : '';
    const a = { table: p.table, matchId: p.matchId, player: p.playerA.name, opponent: p.playerB?.name ?? 'BYE', result, ends };
    if (sort === 'table' || !p.playerB) return [a];
    const b = {
      table: p.table,
      matchId: p.matchId,
      player: p.playerB.name,
      opponent: p.playerA.name,
      result: p.result ? `${p.result.winsB}-${p.result.winsA}-${p.result.draws}` : '',
      ends,
    };
    return [a, b];
  });
  return sort === 'name' ? lines.sort((x, y) => x.player.localeCompare(y.player) || x.table - y.table) : lines;
}

/** Columns: table, match id (what result entry takes), player, opponent, result, the table's end in the event's zone. */
export function pairingsCsv(round: RoundDto, sort: 'table' | 'name'): string {
  return writeCsv(
    ['table', 'match id', 'player', 'opponent', 'result', `ends (${round.timeZone})`],
    pairingLines(round, sort).map((l) => [l.table, l.matchId, l.player, l.opponent, l.result, l.ends]),
  );
}

/** The printable sheet: the round's times in the event's zone, then one line per table (extended tables show their own end). */
export function pairingsText(round: RoundDto, sort: 'table' | 'name'): string {
  const lines = pairingLines(round, sort);
  const w = Math.max(6, ...lines.map((l) => l.player.length));
  const o = Math.max(8, ...lines.map((l) => l.opponent.length));
  const roundEnd = localTime(round.endsAt, round.timeZone);
  const extra = round.extraMinutes > 0 ? ` + ${round.extraMinutes}` : '';
  const head = `Round ${round.number} — ${round.minutes}${extra} minutes, ${localTime(round.startedAt, round.timeZone)} to ${roundEnd.slice(11)} (${round.timeZone})${round.paused ? ', clock paused' : ''}`;
  const row = (l: (typeof lines)[number]) =>
    `${String(l.table).padStart(5)}  ${l.player.padEnd(w)}  ${l.opponent.padEnd(o)}  ${l.ends && l.ends !== roundEnd ? `ends ${l.ends.slice(11)}` : '          '}  ${l.matchId}`;
  return [head, '', `Table  ${'Player'.padEnd(w)}  ${'Opponent'.padEnd(o)}  ${'Extension'.padEnd(10)}  Match`, ...lines.map(row)].join('\n') + '\n';
}

export function standingsCsv(rows: StandingDto[]): string {
  return writeCsv(
    ['rank', 'player', 'match points', 'record', 'OMW%', 'GW%', 'OGW%', 'status'],
    rows.map((s) => [s.rank, s.name, s.matchPoints, s.record, pct(s.omwp), pct(s.gwp), pct(s.ogwp), s.dropped ? 'dropped' : '']),
  );
}

export function standingsText(rows: StandingDto[]): string {
  const w = Math.max(6, ...rows.map((s) => s.name.length));
  const head = `Rank  ${'Player'.padEnd(w)}  Pts  Record   OMW%    GW%     OGW%`;
  const lines = rows.map(
    (s) =>
      `${String(s.rank).padStart(4)}  ${s.name.padEnd(w)}  ${String(s.matchPoints).padStart(3)}  ${s.record.padEnd(7)}  ${pct(s.omwp).padStart(6)}  ${pct(s.gwp).padStart(6)}  ${pct(s.ogwp).padStart(6)}${s.dropped ? '  (dropped)' : ''}`,
  );
  return [head, ...lines].join('\n') + '\n';
}
