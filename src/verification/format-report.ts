/**
 * A verification report as plain text for a terminal (`npm run verify`): a header naming the event,
 * a table of counts per kind of item, every mismatch in full (expected, actual, why), the
 * unverifiable items one per line, and a one-line result. Pure: no I/O.
 */
import type { EventExport } from './event-export.types';
import type { VerificationItem, VerificationReport, VerificationStatus } from './verification-report';

/** Kinds of items, by the start of their name, in table order. */
const KINDS: readonly { prefix: string; label: string }[] = [
  { prefix: 'seed not revealed', label: 'seed' },
  { prefix: 'seedCommitment', label: 'seed commitment' },
  { prefix: 'seed', label: 'seed' },
  { prefix: 'dataVersion ', label: 'set data versions' },
  { prefix: 'set data ', label: 'set data versions' },
  { prefix: 'booster layout ', label: 'booster layouts' },
  { prefix: 'pod sizes', label: 'pod sizes' },
  { prefix: 'seating ', label: 'seating' },
  { prefix: 'pack ', label: 'packs' },
  { prefix: 'picks ', label: 'pick log consistency' },
  { prefix: 'pick ', label: 'bot / timeout picks' },
];

/** The table label of an item ("packs" for "pack pack/pod-1/seat-0/round-1"). */
export function kindOf(item: string): string {
  return KINDS.find((k) => item.startsWith(k.prefix))?.label ?? 'other';
}

/** A value on one line: card id lists comma-separated, anything else as JSON. */
function show(value: unknown): string {
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || v === null)) return value.map((v) => v ?? 'bot').join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function countsTable(items: readonly VerificationItem[]): string[] {
  const rows = new Map<string, Record<VerificationStatus, number>>();
  for (const { item, status } of items) {
    const kind = kindOf(item);
    const row = rows.get(kind) ?? { match: 0, mismatch: 0, unverifiable: 0 };
    row[status]++;
    rows.set(kind, row);
  }
  const width = Math.max(4, ...[...rows.keys()].map((k) => k.length));
  const line = (kind: string, a: string, b: string, c: string) => `  ${kind.padEnd(width)}  ${a.padStart(5)}  ${b.padStart(8)}  ${c.padStart(12)}`;
  return [line('item', 'match', 'mismatch', 'unverifiable'), ...[...rows].map(([kind, r]) => line(kind, String(r.match), String(r.mismatch), String(r.unverifiable)))];
}

function mismatchLines(item: VerificationItem): string[] {
  const lines = [`  ✗ ${item.item}`];
  if (item.message) lines.push(`      ${item.message}`);
  if (item.expected !== undefined) lines.push(`      expected: ${show(item.expected)}`);
  if (item.actual !== undefined) lines.push(`      actual:   ${show(item.actual)}`);
  return lines;
}

/**
 * The report as text (lines joined with "\n", ending with a newline).
 * @param file the export the report was made from (only its event's name, game, format, state and commitment are shown).
 */
export function formatReport(report: VerificationReport, file: Pick<EventExport, 'event'>): string {
  const { event } = file;
  const lines = [
    `Podium event verification: ${event.name} (${event.game} ${event.format}, ${event.state})`,
    `  event ${event.id}`,
    `  seed commitment ${event.seedCommitment}`,
    `  seed ${event.seed ?? '(not revealed)'}`,
    '',
    ...countsTable(report.items),
  ];
  const mismatches = report.items.filter((i) => i.status === 'mismatch');
  if (mismatches.length > 0) lines.push('', `Mismatches (${mismatches.length}):`, ...mismatches.flatMap(mismatchLines));
  const unverifiable = report.items.filter((i) => i.status === 'unverifiable');
  if (unverifiable.length > 0) lines.push('', `Unverifiable (${unverifiable.length}):`, ...unverifiable.map((i) => `  ? ${i.item}: ${i.message ?? ''}`));
  lines.push('', resultLine(report));
  return lines.join('\n') + '\n';
}

/** "OK: …" or "FAILED: …" with the counts. */
export function resultLine(report: VerificationReport): string {
  const extra = report.unverifiable > 0 ? ` (${report.unverifiable} unverifiable)` : '';
  if (report.ok) return `OK: all ${report.checked} checked items match${extra}`;
  if (report.mismatches === 0) return `FAILED: nothing could be verified${extra}`;
  return `FAILED: ${report.mismatches} of ${report.checked} checked items mismatch${extra}`;
}
