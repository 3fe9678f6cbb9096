/** The simulator's summary on stdout: teams and seating (team events), decks, standings table, placings, counters, problems. */
import { teamCount, type SimulationOptions } from './options';
import type { SimulationResult } from './simulate-event';

/** The summary as printed by `npm run simulate`. */
export function formatSummary(options: SimulationOptions, r: SimulationResult): string {
  const lines: string[] = [];
  const teams = options.teamSize ? ` team event (${teamCount(options)} teams of ${options.teamSize}, ${options.teamSize}v${options.teamSize})` : '';
  lines.push(
    `Podium simulation: ${options.players}-player${teams} ${options.game} ${options.format}, packs ${options.packs.join(',')}${options.packSource === 'physical' ? ' (real boosters at the table)' : ''}, seed "${options.seed}"${options.topCut ? `, top ${options.topCut}` : ''}`,
  );
  lines.push(`event ${r.eventId || '(not created)'}`);
  if (r.teams.length) {
    lines.push('', 'Teams (rounds, standings and placings are by team):');
    for (const t of r.teams) lines.push(`  ${t.name}: ${t.members.map((m) => m.name).join(', ')}`);
    const teamOf = new Map(r.teams.flatMap((t) => t.members.map((m) => [m.playerId, t.name] as const)));
    for (const pod of r.pods) {
      const seats = [...pod.seats].sort((a, b) => a.seat - b.seat).map((s) => (s.playerId ? `${s.name} (${teamOf.get(s.playerId) ?? '?'})` : 'bot'));
      lines.push(`  pod ${pod.number} seats: ${seats.join(' · ')}`);
    }
  }
  if (!r.teams.length && options.packSource === 'physical' && r.pods.length) {
    lines.push('', 'Seating (drafted at the table):');
    for (const pod of r.pods)
      lines.push(
        `  pod ${pod.number} seats: ${[...pod.seats]
          .sort((a, b) => a.seat - b.seat)
          .map((s) => s.name)
          .join(' · ')}`,
      );
  }
  if (r.decks.length) {
    lines.push('', 'Decks (suggested, checked, submitted):');
    for (const d of r.decks)
      lines.push(`  ${d.name}${d.team ? ` (${d.team})` : ''}: ${d.legal ? 'legal' : 'ILLEGAL'}, ${d.mainCount} cards${d.hero ? `, hero ${d.hero}` : ''} — ${d.explanation}`);
  }
  if (r.standingsText) lines.push('', `Final standings${options.teamSize ? ' (teams)' : ''}:`, r.standingsText.trimEnd());
  if (r.placings.length) {
    lines.push('', `Placings${options.teamSize ? ' (teams)' : ''}:`);
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
