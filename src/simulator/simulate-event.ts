/**
 * The event simulator: drives one complete event through the public REST API as separate clients —
 * the organizer and N players, each with their own token — exactly as a store would, and reports
 * every inconsistency it can see. `npm run simulate` (src/cli/simulate.ts) runs it against a server;
 * the e2e test runs it in-process against the test app.
 *
 * Team events (`teamSize`, WoW TCG 2v2 / 3v3): the players register as teams, and the same phases
 * run with team checks — seats alternate teams, a team's heroes share a faction, rounds, standings
 * and placings are by team, a member reports or drops for the team.
 *
 * Phases: set up (create, register, start) → draft (seeded picks; one player leaves before the
 * last pack and is marked absent, so a bot picks for them; one pick left to the timer when enabled)
 * → pools checked against the export → a suggested deck per player, checked and submitted → the
 * recommended Swiss rounds (seeded results, draws, a dispute, a drop) → optional top cut →
 * standings and placings → complete, reveal, verification (server and offline).
 *
 * Real boosters (`packSource: "physical"`, physical-phase.ts): the draft is seated and finished by
 * the organizer with no picks; each player opens boosters "at the table" (drawn by the simulator)
 * and registers a deck as a text list; rounds to verification as above.
 *
 * Determinism: the event seed is derived from `seed` (packs, seating, pairings) and every choice of
 * the simulator comes from `rngFor(seed, "simulator/…")`; no clock and no Math.random.
 */
import type { PlacingView, PodView, SimPlayer, SimTeam, StandingView } from './api-types';
import { buildDecks, type DeckSummary } from './decks-phase';
import { runDraft, type DraftOutcome } from './draft-phase';
import { finishEvent, type FinalState } from './finish-phase';
import type { SimulationOptions } from './options';
import { checkAllPools } from './pools-phase';
import { registerListDecks, runPhysicalDraft } from './physical-phase';
import { setUpEvent } from './setup-phase';
import { SimContext } from './sim-context';
import { playSwiss, playTopCut } from './tournament-phase';

export interface SimulationResult {
  /** No inconsistency seen and the run completed. */
  ok: boolean;
  /** Every inconsistency, in words (empty when ok). */
  problems: string[];
  eventId: string;
  players: SimPlayer[];
  /** Team events: the registered teams (empty in a solo event). */
  teams: SimTeam[];
  /** Draft: the seating as GET …/pods showed it (empty for sealed). */
  pods: PodView[];
  standings: StandingView[];
  /** GET …/standings?format=text as printed. */
  standingsText: string;
  placings: PlacingView[];
  /** Every player's suggested and submitted deck. */
  decks: DeckSummary[];
  /** Counters: picks by source, matches, draws, disputes, byes… */
  stats: Record<string, number>;
  /** The export file written after the reveal. */
  exportFile: string | null;
}

/**
 * Runs one event end to end. Never throws for what the server does: an unexpected answer stops the
 * run and becomes a problem.
 */
export async function simulateEvent(options: SimulationOptions): Promise<SimulationResult> {
  const ctx = new SimContext(options);
  let final: FinalState | null = null;
  let decks: DeckSummary[] = [];
  let pods: PodView[] = [];
  try {
    const absent = await setUpEvent(ctx);
    const physical = options.packSource === 'physical';
    const noDraft: DraftOutcome = { packSizes: new Map(), timedOut: null, pods: [] };
    const draft = options.format !== 'draft' ? noDraft : physical ? await runPhysicalDraft(ctx) : await runDraft(ctx, absent);
    pods = draft.pods;
    if (physical) decks = await registerListDecks(ctx);
    else decks = await buildDecks(ctx, await checkAllPools(ctx, draft.packSizes));
    const { rounds, dropped } = await playSwiss(ctx);
    const playoff = options.topCut ? await playTopCut(ctx, options.topCut) : [];
    final = await finishEvent(ctx, [...rounds, ...playoff], dropped, draft, absent);
  } catch (error) {
    ctx.problem(`the simulation stopped: ${(error as Error).message}`);
  } finally {
    ctx.progress.stop();
  }
  return {
    ok: ctx.problems.length === 0,
    problems: ctx.problems,
    eventId: ctx.eventId,
    players: ctx.players,
    teams: ctx.teams,
    pods,
    standings: final?.standings ?? [],
    standingsText: final?.standingsText ?? '',
    placings: final?.placings ?? [],
    decks,
    stats: ctx.stats,
    exportFile: final?.exportFile ?? null,
  };
}

/** The standings without ids (which differ between runs): what "the same standings" compares. */
export function comparableStandings(standings: readonly StandingView[]): string[] {
  return standings.map((s) => [s.rank, s.name, s.matchPoints, s.record, s.mwp, s.omwp, s.gwp, s.ogwp, s.dropped ? 'dropped' : ''].join(' '));
}
