/**
 * Pairings and standings as the files stores print and post: CSV (RFC 4180) and fixed-width text.
 * Pure formatting, no rules.
 */
import { writeCsv } from '../common/csv/csv-writer';
import type { RoundDto, StandingDto } from './dto/tournament.dto';

const pct = (x: number) => (x * 100).toFixed(2);

/** One line per player, sorted by table or by name (each match appears under both players when by name). */
export function pairingLines(round: RoundDto, sort: 'table' | 'name'): { table: number; player: string; opponent: string; result: string }[] {
  const lines = round.pairings.flatMap((p) => {
    const result = p.result ? `${p.result.winsA}-${p.result.winsB}-${p.result.draws}` : '';
    const a = { table: p.table, player: p.playerA.name, opponent: p.playerB?.name ?? 'BYE', result };
    if (sort === 'table' || !p.playerB) return [a];
    const b = { table: p.table, player: p.playerB.name, opponent: p.playerA.name, result: p.result ? `${p.result.winsB}-${p.result.winsA}-${p.result.draws}` : '' };
    return [a, b];
  });
  return sort === 'name' ? lines.sort((x, y) => x.player.localeCompare(y.player) || x.table - y.table) : lines;
}

export function pairingsCsv(round: RoundDto, sort: 'table' | 'name'): string {
  return writeCsv(['table', 'player', 'opponent', 'result'], pairingLines(round, sort).map((l) => [l.table, l.player, l.opponent, l.result]));
}

export function pairingsText(round: RoundDto, sort: 'table' | 'name'): string {
  const lines = pairingLines(round, sort);
  const w = Math.max(6, ...lines.map((l) => l.player.length));
  return [`Round ${round.number} — ${round.minutes} minutes from ${round.startedAt}`, '', `Table  ${'Player'.padEnd(w)}  Opponent`, ...lines.map((l) => `${String(l.table).padStart(5)}  ${l.player.padEnd(w)}  ${l.opponent}`)].join('\n') + '\n';
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
    (s) => `${String(s.rank).padStart(4)}  ${s.name.padEnd(w)}  ${String(s.matchPoints).padStart(3)}  ${s.record.padEnd(7)}  ${pct(s.omwp).padStart(6)}  ${pct(s.gwp).padStart(6)}  ${pct(s.ogwp).padStart(6)}${s.dropped ? '  (dropped)' : ''}`,
  );
  return [head, ...lines].join('\n') + '\n';
}
