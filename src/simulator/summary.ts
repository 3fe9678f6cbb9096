/** The simulator's summary on stdout: decks, standings table, placings, counters, problems. */
import type { SimulationOptions } from './options';
import type { SimulationResult } from './simulate-event';

/** The summary as printed by `npm run simulate`. */
export function formatSummary(options: SimulationOptions, r: SimulationResult): string {
  const lines: string[] = [];
  lines.push(`Podium simulation: ${options.players}-player ${options.game} ${options.format}, packs ${options.packs.join(',')}, seed "${options.seed}"${options.topCut ? `, top ${options.topCut}` : ''}`);
  lines.push(`event ${r.eventId || '(not created)'}`);
  if (r.decks.length) {
    lines.push('', 'Decks (suggested, checked, submitted):');
    for (const d of r.decks) lines.push(`  ${d.name}: ${d.legal ? 'legal' : 'ILLEGAL'}, ${d.mainCount} cards${d.hero ? `, hero ${d.hero}` : ''} — ${d.explanation}`);
  }
  if (r.standingsText) lines.push('', 'Final standings:', r.standingsText.trimEnd());
  if (r.placings.length) {
    lines.push('', 'Placings:');
    for (const p of r.placings) lines.push(`  ${String(p.place).padStart(2)}. ${p.name}${p.playoffRound !== null ? ` (top cut, Swiss rank ${p.swissRank})` : ''}`);
  }
  const stats = Object.entries(r.stats)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k} ${v}`);
  lines.push('', `Counts: ${stats.join(', ')}`);
  if (r.exportFile) lines.push(`Export (verified): ${r.exportFile}`);
  lines.push('', r.ok ? 'OK: no inconsistency seen' : `FAILED: ${r.problems.length} problem(s)`);
  for (const p of r.problems) lines.push(`  - ${p}`);
  return lines.join('\n') + '\n';
}
