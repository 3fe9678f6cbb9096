/**
 * Phase 4: every player asks for a deck suggestion, has it checked by the public deck check, and
 * submits it. Each suggested deck must be legal, and the server must agree with itself: the check
 * and the submission give the same verdict, and the organizer's deck list shows every deck legal.
 *
 * Team events: the players go one after another, so a team's members submit in turn — the
 * suggestion of a later member picks a hero of the faction of an earlier member's hero. In WoW TCG
 * every team's heroes must then share a faction (checked against the catalog), and for one team
 * the second member first tries a hero of another faction: the server must refuse it with
 * TEAM_FACTION_MISMATCH, keep it as that member's deck marked illegal (not registered) and leave
 * the teammate's registered deck legal and unchanged, until the member submits the suggested deck,
 * which registers it.
 */
import type { CardCount, SimPlayer, SimTeam, SuggestionView } from './api-types';
import { loadPickCards } from './card-catalog';
import { SIM_GAME_STRATEGIES } from './game-strategy';
import { ApiError, type ApiClient } from './http-client';
import type { PickCard } from './pick-strategy';
import { multiset } from './pool-check';
import type { SimContext } from './sim-context';
import { teamFactionProblems } from './team-check';

/** A player's submitted deck, for the summary. */
export interface DeckSummary {
  name: string;
  hero: string | null;
  mainCount: number;
  legal: boolean;
  explanation: string;
  /** Team events: the player's team. */
  team?: string;
}

const counts = (ids: readonly string[]): CardCount[] => [...multiset(ids)].map(([cardId, count]) => ({ cardId, count }));

type Deck = { hero?: string; main: CardCount[]; sideboard: CardCount[] };
type DeckStatus = {
  playerId: string;
  name: string;
  status: string;
  deck: { violations?: { code: string }[] } | null;
  team?: { teamId: string; name: string; status: string } | null;
};

/** Cards of the game by id, each set loaded from the public catalog when a card of it is first asked for. */
class CardLookup {
  private readonly cards = new Map<string, PickCard>();
  private readonly loaded = new Set<string>();

  constructor(private readonly ctx: SimContext) {}

  /** The card, or undefined when its set has no such card. Card ids are `<SET>-<number>`. */
  async get(cardId: string): Promise<PickCard | undefined> {
    const set = cardId.split('-')[0].toUpperCase();
    if (!this.loaded.has(set)) {
      this.loaded.add(set);
      for (const [id, card] of await loadPickCards(this.ctx.anonymous, this.ctx.options.game, [set])) this.cards.set(id, card);
    }
    return this.cards.get(cardId);
  }

  /** The heroes loaded so far (at least the set of `like`), by card id. */
  async heroesLike(like: string): Promise<PickCard[]> {
    await this.get(like);
    return [...this.cards.values()].filter((c) => c.type === 'hero').sort((a, b) => (a.cardId < b.cardId ? -1 : 1));
  }
}

/** Submits a deck; the HTTP status and, for a 422, the violation codes. */
async function submit(client: ApiClient, path: string, deck: Deck): Promise<{ status: number; violations: string[] }> {
  try {
    return { status: (await client.request('PUT', path, deck)).status, violations: [] };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 422) throw error;
    return { status: 422, violations: ((error.body as { violations?: { code: string }[] }).violations ?? []).map((v) => v.code) };
  }
}

/**
 * A member whose teammate already registered a hero submits the suggested deck with a hero of
 * another faction: 422 with TEAM_FACTION_MISMATCH; the submission is their deck, not registered,
 * and the teammate's registered deck stays legal without the team violation. The caller then
 * submits the suggestion; the final deck list must show both legal.
 */
async function probeFactionMismatch(ctx: SimContext, cards: CardLookup, team: SimTeam, player: SimPlayer, deck: Deck): Promise<void> {
  if (!deck.hero) return;
  const faction = (await cards.get(deck.hero))?.faction;
  const other = (await cards.heroesLike(deck.hero)).filter((h) => (h.faction === 'Alliance' || h.faction === 'Horde') && h.faction !== faction);
  if (other.length === 0) {
    ctx.problem(`${team.name}: no hero of another faction than ${faction ?? 'no faction'} beside ${deck.hero} to try`);
    return;
  }
  const wrong = other[ctx.rng('faction-probe/hero').below(other.length)];
  const tried = await submit(ctx.client(player), ctx.path('/deck'), { ...deck, hero: wrong.cardId });
  if (tried.status !== 422 || !tried.violations.includes('TEAM_FACTION_MISMATCH')) {
    ctx.problem(
      `${team.name}: ${player.name}'s deck with ${wrong.cardId} (${wrong.faction}) next to a ${faction} teammate answered HTTP ${tried.status} [${tried.violations.join(', ')}], expected 422 with TEAM_FACTION_MISMATCH`,
    );
  }
  const list = (await ctx.organizer.get<DeckStatus[]>(ctx.path('/decks'))).filter((d) => team.members.some((m) => m.playerId === d.playerId));
  // A team with a member still to submit is "missing"; once every member has, "illegal" while the factions differ.
  const teamStatus = list.some((d) => !d.deck) ? 'missing' : 'illegal';
  for (const row of list) {
    if (row.team?.status !== teamStatus)
      ctx.problem(`${team.name}: with mismatched factions the organizer sees the team as ${row.team?.status ?? 'no team'}, expected ${teamStatus}`);
    if (!row.deck) continue; // not submitted yet
    const mismatch = row.deck.violations?.some((v) => v.code === 'TEAM_FACTION_MISMATCH') ?? false;
    if (row.playerId === player.playerId && (row.status !== 'illegal' || !mismatch)) {
      ctx.problem(`${team.name}: after ${player.name} chose a ${wrong.faction} hero, the organizer sees their deck as ${row.status} without TEAM_FACTION_MISMATCH`);
    }
    if (row.playerId !== player.playerId && (row.status !== 'legal' || mismatch)) {
      ctx.problem(
        `${team.name}: ${player.name}'s refused ${wrong.faction} hero changed ${row.name}'s registered deck (now ${row.status}${mismatch ? ', TEAM_FACTION_MISMATCH' : ''})`,
      );
    }
  }
  ctx.count('team faction mismatches refused');
  ctx.progress.note(`${team.name}: ${player.name} tries ${wrong.cardId} (${wrong.faction}) while a teammate plays ${faction}: refused (TEAM_FACTION_MISMATCH)`);
}

/** Suggests, checks and submits every player's deck. */
export async function buildDecks(ctx: SimContext, pools: Map<string, string[]>): Promise<DeckSummary[]> {
  const decks: DeckSummary[] = [];
  ctx.progress.phase('decks', ctx.players.length);
  const wowTeams = ctx.teamEvent && SIM_GAME_STRATEGIES[ctx.options.game].teamFactions;
  const cards = new CardLookup(ctx);
  const probeTeam = wowTeams ? ctx.teams[ctx.rng('faction-probe/team').below(ctx.teams.length)] : null;
  // One player after another, never at once: in a team event a member's suggestion reads the faction of a teammate's registered hero.
  for (const player of ctx.players) {
    const client = ctx.client(player);
    const s = await client.get<SuggestionView>(ctx.path('/deck/suggestion'));
    const deck: Deck = { ...(s.hero ? { hero: s.hero } : {}), main: s.main, sideboard: s.sideboard };
    if (probeTeam && player === probeTeam.members[1]) await probeFactionMismatch(ctx, cards, probeTeam, player, deck);
    if (!s.legal) ctx.problem(`${player.name}: the suggested deck is illegal (${s.violations.map((v) => v.code).join(', ')}): ${s.explanation}`);
    const check = await ctx.anonymous.post<{ legal: boolean; violations: { code: string }[] }>('/decks/check', {
      game: ctx.options.game,
      format: 'limited',
      ...deck,
      pool: counts(pools.get(player.playerId) ?? []),
    });
    if (check.legal !== s.legal) ctx.problem(`${player.name}: the suggestion says legal=${s.legal}, POST /decks/check says legal=${check.legal}`);
    const { status, violations } = await submit(client, ctx.path('/deck'), deck);
    if (check.legal && status !== 200) ctx.problem(`${player.name}: a legal deck was refused (HTTP ${status}${violations.length ? `: ${violations.join(', ')}` : ''})`);
    if (!check.legal && status === 200) ctx.problem(`${player.name}: an illegal deck was accepted`);
    decks.push({
      name: player.name,
      hero: s.hero,
      mainCount: s.main.reduce((n, c) => n + c.count, 0),
      legal: status === 200,
      explanation: s.explanation,
      ...(player.teamId ? { team: ctx.teamOf(player)?.name } : {}),
    });
    ctx.count('decks');
    ctx.progress.advance();
  }
  const list = await ctx.organizer.get<DeckStatus[]>(ctx.path('/decks'));
  for (const d of list) if (d.status !== 'legal') ctx.problem(`the organizer sees ${d.name}'s deck as ${d.status}`);
  if (ctx.teamEvent) {
    for (const d of list) {
      const team = ctx.teams.find((t) => t.members.some((m) => m.playerId === d.playerId));
      if (d.team?.teamId !== team?.teamId || d.team?.status !== 'legal')
        ctx.problem(`the organizer sees ${d.name}'s team as ${d.team ? `${d.team.name}, ${d.team.status}` : 'missing'}; expected ${team?.name ?? '?'}, legal`);
    }
  }
  if (wowTeams) {
    const heroOf = new Map(decks.map((d) => [d.name, d.hero]));
    const teams = [];
    for (const t of ctx.teams) {
      const members = [];
      for (const m of t.members) {
        const hero = heroOf.get(m.name) ?? null;
        members.push({ name: m.name, hero, faction: hero ? (await cards.get(hero))?.faction : null });
      }
      teams.push({ name: t.name, members });
    }
    for (const p of teamFactionProblems(teams)) ctx.problem(p);
  }
  return decks;
}
