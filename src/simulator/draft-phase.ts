/**
 * Phase 2 (draft): in a team event the seating is checked first (GET …/pods: whole teams per pod,
 * teammates never side by side) and each WoW TCG team picks a faction to draft towards. Every
 * present player drafts through their own client — GET …/me, then POST …/picks with the seeded
 * strategy (pick-strategy.ts) — all at once, as a pod of real players would.
 * One player leaves before the last pack: the organizer marks them absent and a bot picks for them
 * (leaving at a fixed pick keeps the run reproducible, and their pool mostly their own). Optionally
 * one player lets one pick run out so the server's timer takes it.
 */
import type { CardView, MeView, PodView, SimPlayer } from './api-types';
import { loadPickCards } from './card-catalog';
import { SIM_GAME_STRATEGIES } from './game-strategy';
import { ApiError, sleep, type ApiClient } from './http-client';
import { choosePick, type PickCard } from './pick-strategy';
import type { SimContext } from './sim-context';
import { teamSeatingProblems } from './team-check';

/** What the draft showed the players. */
export interface DraftOutcome {
  /** Cards in each round's pack at pick 1, by pack number (every seat must agree). */
  packSizes: Map<number, number>;
  /** The pick left to the timer, if any. */
  timedOut: { player: SimPlayer; packNumber: number; pickNumber: number } | null;
  /** The seating as GET …/pods showed it at the start (empty for sealed). */
  pods: PodView[];
}

const POLLS_FOR_TIMER = 240; // × 250 ms: a minute at most

interface DraftPlan {
  ctx: SimContext;
  cards: Map<string, PickCard>;
  outcome: DraftOutcome;
  /** The player who lets one pick time out (round 1, the pick with two cards left). */
  timeoutPlayer: SimPlayer | null;
  timers: boolean;
  /** The player who leaves before the last pack, and that pack's number. */
  leaver: SimPlayer | null;
  lastPack: number;
  /** WoW TCG team draft: the faction each team drafts towards, by team id. */
  teamFactions: Map<string, string>;
}

/**
 * WoW TCG team draft: each team agrees on a faction before the draft, since all its heroes must
 * share one. Around each table the teams (in the order of their first seat) take Alliance and Horde
 * in turn, starting with a seeded one per pod — so neighbouring teams do not fight over one faction.
 */
export function teamFactions(ctx: SimContext, pods: readonly PodView[]): Map<string, string> {
  const out = new Map<string, string>();
  if (!ctx.teamEvent || !SIM_GAME_STRATEGIES[ctx.options.game].teamFactions) return out;
  const teamOf = new Map(ctx.teams.flatMap((t) => t.members.map((m) => [m.playerId, t.teamId] as const)));
  const factions = ['Alliance', 'Horde'];
  for (const pod of pods) {
    const first = ctx.rng(`team-faction/pod-${pod.number}`).below(2);
    const order = [...new Set([...pod.seats].sort((a, b) => a.seat - b.seat).flatMap((s) => (s.playerId && teamOf.has(s.playerId) ? [teamOf.get(s.playerId)!] : [])))];
    order.forEach((teamId, i) => out.set(teamId, factions[(first + i) % 2]));
  }
  return out;
}

function info(plan: DraftPlan, c: CardView): PickCard {
  return plan.cards.get(c.cardId) ?? { cardId: c.cardId, rarity: c.rarity, type: c.type };
}

/** Waits until the server's timer has taken the pick in front of the player. */
async function letTimerRun(plan: DraftPlan, client: ApiClient, player: SimPlayer, packNumber: number, pickNumber: number): Promise<boolean> {
  plan.ctx.progress.note(`${player.name} lets pick ${packNumber}/${pickNumber} run out`);
  for (let i = 0; i < POLLS_FOR_TIMER; i++) {
    await sleep(250);
    const me = await client.get<MeView>(plan.ctx.path('/me'));
    if (!me.currentPack || me.packNumber !== packNumber || me.pickNumber !== pickNumber) return true;
  }
  plan.ctx.problem(`the pick timer never took ${player.name}'s pick ${pickNumber} of pack ${packNumber}`);
  return false;
}

async function draftAs(plan: DraftPlan, player: SimPlayer): Promise<void> {
  const { ctx, outcome } = plan;
  const client = ctx.client(player);
  let idle = 0;
  for (;;) {
    const me = await client.get<MeView>(ctx.path('/me'));
    if (me.state !== 'drafting' || me.packNumber === null) return;
    if (!me.currentPack || me.pickNumber === null) {
      await sleep(Math.min(100, 5 + 5 * idle++));
      continue;
    }
    idle = 0;
    const { packNumber, pickNumber } = me;
    if (player === plan.leaver && packNumber === plan.lastPack && pickNumber === 1) {
      await ctx.organizer.post(ctx.path(`/players/${player.playerId}/absent`), { absent: true });
      ctx.progress.note(`${player.name} leaves before pack ${packNumber}: marked absent, a bot picks for them`);
      return;
    }
    const cards = me.currentPack.cards;
    if (pickNumber === 1) {
      const seen = outcome.packSizes.get(packNumber);
      if (seen === undefined) outcome.packSizes.set(packNumber, cards.length);
      else if (seen !== cards.length) ctx.problem(`pack ${packNumber} has ${cards.length} cards for ${player.name} but ${seen} for another seat`);
    }
    if (player === plan.timeoutPlayer && !outcome.timedOut && packNumber === 1 && cards.length === 2) {
      outcome.timedOut = { player, packNumber, pickNumber };
      if (await letTimerRun(plan, client, player, packNumber, pickNumber)) continue;
    }
    const rng = ctx.rng(`pick/player-${player.number}/pack-${packNumber}/pick-${pickNumber}`);
    const faction = player.teamId ? plan.teamFactions.get(player.teamId) : undefined;
    const cardId = choosePick(
      cards.map((c) => info(plan, c)),
      me.picks.map((c) => info(plan, c)),
      rng,
      faction,
    );
    try {
      await client.post(ctx.path('/picks'), { packNumber, pickNumber, cardId });
      ctx.count('picks posted');
      ctx.progress.advance();
    } catch (error) {
      // With timers on, the timer may take a pick a moment before the player does.
      if (!(error instanceof ApiError) || error.status !== 409 || !plan.timers) throw error;
      ctx.count('late picks (timer first)');
    }
  }
}

/** Drafts the whole event; returns when every pod is done and the event is in deck building. */
export async function runDraft(ctx: SimContext, leaver: SimPlayer | null): Promise<DraftOutcome> {
  const event = await ctx.anonymous.get<{ packs: { setCode: string }[] }>(ctx.path());
  const cards = await loadPickCards(
    ctx.anonymous,
    ctx.options.game,
    event.packs.map((p) => p.setCode),
  );
  const others = ctx.players.filter((p) => p !== leaver);
  const timers = ctx.options.timeoutPick;
  const timeoutPlayer = timers ? others[ctx.rng('timeout-player').below(others.length)] : null;
  const lastPack = event.packs.length;
  const pods = await ctx.anonymous.get<PodView[]>(ctx.path('/pods'));
  if (ctx.teamEvent) {
    const teamOfPlayer = new Map(ctx.teams.flatMap((t) => t.members.map((m) => [m.playerId, t.name] as const)));
    for (const p of teamSeatingProblems(pods, teamOfPlayer)) ctx.problem(p);
    ctx.count('team pods', pods.length);
  }
  const factions = teamFactions(ctx, pods);
  for (const t of ctx.teams) if (factions.has(t.teamId)) ctx.progress.note(`${t.name} drafts ${factions.get(t.teamId)}`);
  const plan: DraftPlan = { ctx, cards, outcome: { packSizes: new Map(), timedOut: null, pods }, timeoutPlayer, timers, leaver, lastPack, teamFactions: factions };
  ctx.progress.phase('draft', 0);
  const firstView = await ctx.client(ctx.players[0]).get<MeView>(ctx.path('/me'));
  const packSize = firstView.currentPack?.cards.length ?? 0;
  ctx.progress.resize((ctx.players.length * lastPack - (leaver ? 1 : 0)) * packSize);
  await Promise.all(ctx.players.map((p) => draftAs(plan, p)));
  if (timers && !plan.outcome.timedOut) ctx.problem('no pick was left to the timer (no round-1 pack reached two cards)');
  for (let i = 0; i < 200; i++) {
    const state = (await ctx.anonymous.get<{ state: string }>(ctx.path())).state;
    if (state !== 'drafting') {
      if (state !== 'building') ctx.problem(`after the draft the event is ${state}, not building`);
      return plan.outcome;
    }
    await sleep(50);
  }
  ctx.problem('every player finished drafting but the event is still drafting');
  return plan.outcome;
}
