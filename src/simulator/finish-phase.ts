/**
 * Phase 6: final standings and placings, checked against the rounds; complete, reveal, the server's
 * verification, and the export file verified offline with the same verifier `npm run verify` runs.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventExport } from '../verification/event-export.types';
import { parseEventExport } from '../verification/parse-event-export';
import type { VerificationReport } from '../verification/verification-report';
import { verifyEvent } from '../verification/verify-event';
import type { Competitor, PlacingView, RoundView, SimPlayer, StandingView } from './api-types';
import type { DraftOutcome } from './draft-phase';
import type { SimContext } from './sim-context';
import { checkStandings, findRematches, pairedAfterDrop, selfPairings } from './swiss-check';
import { pairingSideProblems, placingProblems, teamStandingsProblems } from './team-check';

export interface FinalState {
  standings: StandingView[];
  standingsText: string;
  placings: PlacingView[];
  exportFile: string;
}

/** Draft: the timed-out pick was taken by the timer; the absent player's last pack by the bot, the rest by themselves. */
function checkPickSources(ctx: SimContext, file: EventExport, draft: DraftOutcome, absent: SimPlayer | null): void {
  const seatOf = (playerId: string) => {
    for (const pod of file.pods) for (const s of pod.seats) if (s.playerId === playerId) return { pod: pod.number, seat: s.seat };
    return null;
  };
  for (const p of file.picks) ctx.count(`${p.source} picks`);
  const recorded = file.picks.filter((p) => p.source === 'player').length;
  if (recorded !== (ctx.stats['picks posted'] ?? 0)) ctx.problem(`the players posted ${ctx.stats['picks posted'] ?? 0} picks, the record has ${recorded} player picks`);
  if (draft.timedOut) {
    const { player, packNumber, pickNumber } = draft.timedOut;
    const at = seatOf(player.playerId);
    const pick = file.picks.find((p) => at && p.podNumber === at.pod && p.seat === at.seat && p.packNumber === packNumber && p.pickNumber === pickNumber);
    if (pick?.source !== 'timeout') ctx.problem(`${player.name}'s pick ${pickNumber} of pack ${packNumber} was left to the timer but is recorded as ${pick?.source ?? 'missing'}`);
  }
  if (absent) {
    const at = seatOf(absent.playerId);
    const last = file.pinnedPacks.length;
    const theirs = file.picks.filter((p) => at && p.podNumber === at.pod && p.seat === at.seat);
    const wrong = theirs.filter((p) => (p.packNumber === last ? p.source !== 'bot' : p.source === 'bot'));
    if (theirs.length === 0 || wrong.length > 0)
      ctx.problem(`${absent.name} left before pack ${last}: ${wrong.length} of their picks have the wrong source (bot picks expected in pack ${last} only)`);
  }
}

function fail(ctx: SimContext, where: string, report: VerificationReport): void {
  const first = report.items
    .filter((i) => i.status === 'mismatch')
    .slice(0, 3)
    .map((i) => `${i.item}: ${i.message ?? ''}`);
  ctx.problem(`${where}: not ok (${report.mismatches} mismatch(es)) ${first.join('; ')}`);
}

/**
 * Standings, placings, complete, reveal, verification (server and offline). The Swiss checks run on
 * the competitors — players, or teams in a team event (rounds, standings and placings by team id).
 * @param rounds every round played, Swiss and playoff
 */
export async function finishEvent(ctx: SimContext, rounds: RoundView[], dropped: Competitor, draft: DraftOutcome, absent: SimPlayer | null): Promise<FinalState> {
  ctx.progress.phase('finish', 6);
  const competitors = ctx.competitors();
  const names = new Map(competitors.map((c) => [c.id, c.name]));
  const swiss = rounds.filter((r) => r.kind === 'swiss');
  const standings = await ctx.anonymous.get<StandingView[]>(ctx.path('/standings'));
  for (const p of [
    ...selfPairings(rounds, names),
    ...findRematches(swiss, names),
    ...pairedAfterDrop(swiss, new Map([[dropped.id, 1]]), names),
    ...checkStandings(swiss, standings),
  ])
    ctx.problem(p);
  for (const r of swiss) for (const m of r.pairings) if (m.rematch) ctx.problem(`round ${r.number}, table ${m.table} is marked as a rematch`);
  if (ctx.teamEvent) for (const p of [...pairingSideProblems(rounds, ctx.teams), ...teamStandingsProblems(standings, ctx.teams)]) ctx.problem(p);
  const standingsText = await ctx.anonymous.get<string>(ctx.path('/standings?format=text'));
  const placings = await ctx.anonymous.get<PlacingView[]>(ctx.path('/placings'));
  for (const p of placingProblems(
    placings,
    competitors.map((c) => c.id),
  ))
    ctx.problem(p);
  ctx.progress.advance(2);
  await ctx.organizer.post(ctx.path('/complete'));
  await ctx.organizer.post(ctx.path('/reveal'));
  ctx.progress.advance(2);
  const server = await ctx.anonymous.get<VerificationReport>(ctx.path('/verification'));
  if (!server.ok) fail(ctx, 'GET /verification', server);
  ctx.count('verified items', server.checked);
  const file = await ctx.anonymous.get<EventExport>(ctx.path('/export'));
  const exportFile = ctx.options.exportPath ?? join(tmpdir(), `podium-event-${ctx.eventId}.json`);
  writeFileSync(exportFile, JSON.stringify(file, null, 2));
  const offline = verifyEvent(parseEventExport(JSON.stringify(file)));
  if (!offline.ok) fail(ctx, `the verifier on ${exportFile}`, offline);
  if (ctx.options.format === 'draft') checkPickSources(ctx, file, draft, absent);
  ctx.progress.advance(2);
  return { standings, standingsText, placings, exportFile };
}
