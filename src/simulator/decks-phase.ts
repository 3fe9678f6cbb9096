/**
 * Phase 4: every player asks for a deck suggestion, has it checked by the public deck check, and
 * submits it. Each suggested deck must be legal, and the server must agree with itself: the check
 * and the submission give the same verdict, and the organizer's deck list shows every deck legal.
 */
import type { CardCount, SuggestionView } from './api-types';
import { ApiError } from './http-client';
import { multiset } from './pool-check';
import type { SimContext } from './sim-context';

/** A player's submitted deck, for the summary. */
export interface DeckSummary {
  name: string;
  hero: string | null;
  mainCount: number;
  legal: boolean;
  explanation: string;
}

const counts = (ids: readonly string[]): CardCount[] => [...multiset(ids)].map(([cardId, count]) => ({ cardId, count }));

/** Suggests, checks and submits every player's deck. */
export async function buildDecks(ctx: SimContext, pools: Map<string, string[]>): Promise<DeckSummary[]> {
  const decks: DeckSummary[] = [];
  ctx.progress.phase('decks', ctx.players.length);
  for (const player of ctx.players) {
    const client = ctx.client(player);
    const s = await client.get<SuggestionView>(ctx.path('/deck/suggestion'));
    const deck = { ...(s.hero ? { hero: s.hero } : {}), main: s.main, sideboard: s.sideboard };
    if (!s.legal) ctx.problem(`${player.name}: the suggested deck is illegal (${s.violations.map((v) => v.code).join(', ')}): ${s.explanation}`);
    const check = await ctx.anonymous.post<{ legal: boolean; violations: { code: string }[] }>('/decks/check', {
      game: ctx.options.game,
      format: 'limited',
      ...deck,
      pool: counts(pools.get(player.playerId) ?? []),
    });
    if (check.legal !== s.legal) ctx.problem(`${player.name}: the suggestion says legal=${s.legal}, POST /decks/check says legal=${check.legal}`);
    let status: number;
    try {
      status = (await client.request('PUT', ctx.path('/deck'), deck)).status;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 422) throw error;
      status = 422;
    }
    if (check.legal && status !== 200) ctx.problem(`${player.name}: a legal deck was refused (HTTP ${status})`);
    if (!check.legal && status === 200) ctx.problem(`${player.name}: an illegal deck was accepted`);
    decks.push({ name: player.name, hero: s.hero, mainCount: s.main.reduce((n, c) => n + c.count, 0), legal: status === 200, explanation: s.explanation });
    ctx.count('decks');
    ctx.progress.advance();
  }
  const list = await ctx.organizer.get<{ name: string; status: string }[]>(ctx.path('/decks'));
  for (const d of list) if (d.status !== 'legal') ctx.problem(`the organizer sees ${d.name}'s deck as ${d.status}`);
  return decks;
}
