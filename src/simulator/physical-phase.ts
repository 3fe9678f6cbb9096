/**
 * Real boosters (`--packs-source physical`): the table stands in for Podium's packs.
 *
 * - Draft: the seating sheet is checked (every player seated once, pods of 4–8, each player's
 *   GET …/me names the seat the sheet gives; no pack, no pool), a pick is refused with
 *   PHYSICAL_BOOSTERS, and the organizer finishes the draft (POST …/draft/finish → building).
 * - Then each player "opens" their boosters at the table: the simulator draws them from the public
 *   booster generator (POST /api/sets/:code/boosters) on its own seed — Podium never sees them:
 *   sealed, the event's pack sequence; draft, that sequence twice (a drafter picks with purpose from
 *   the whole pod; twice the sequence of random cards stands in for it) — builds a deck from them with the deck suggestion rule
 *   (copies capped at the game's Constructed limit, which a list is checked against), writes it as
 *   a plain-text list, reads it back through POST /api/decks/import and registers it. The server's
 *   verdict must agree with POST /api/decks/check given the event's sets, and every deck must be legal.
 */
import { GAMES } from '../catalog/games';
import type { DeckCard } from '../decks/rules';
import { suggestDeck, type SuggestionCard } from '../decks/suggestion/suggest-deck';
import type { CardCount, MeView, PodView } from './api-types';
import type { DeckSummary } from './decks-phase';
import type { DraftOutcome } from './draft-phase';
import { ApiError } from './http-client';
import type { SimContext } from './sim-context';

interface CatalogCard extends SuggestionCard {
  setCode: string;
}
interface CatalogPage {
  items: { cardId: string; setCode: string; name: string; rarity: string; type: string; attributes: Record<string, unknown> }[];
  total: number;
}
interface EventView {
  state: string;
  packs: { packNumber: number; setCode: string }[];
}
interface ImportedList {
  deck: { hero: { cardId: string } | null; main: { card: { cardId: string }; count: number }[] };
  unresolved: { line: number; text: string }[];
}

/** Draft of real boosters: checks the seating sheet and what players see, then finishes the draft. */
export async function runPhysicalDraft(ctx: SimContext): Promise<DraftOutcome> {
  ctx.progress.phase('table draft', ctx.players.length + 2);
  const pods = await ctx.anonymous.get<PodView[]>(ctx.path('/pods'));
  const seated = pods.flatMap((p) => p.seats.map((s) => s.playerId));
  const sizes = pods.map((p) => p.seats.length);
  if (sizes.some((n) => n < 4 || n > 8)) ctx.problem(`pods of ${sizes.join(', ')} seats: each must have 4–8`);
  if (seated.some((id) => id === null)) ctx.problem('a seat of a real-booster draft is a bot');
  for (const p of ctx.players) {
    const times = seated.filter((id) => id === p.playerId).length;
    if (times !== 1) ctx.problem(`${p.name} is seated ${times} times`);
    const me = await ctx.client(p).get<MeView>(ctx.path('/me'));
    const pod = pods.find((d) => d.podId === me.podId);
    if (!pod || pod.seats.find((s) => s.seat === me.seat)?.playerId !== p.playerId)
      ctx.problem(`${p.name}: GET /me names pod ${me.podId} seat ${me.seat}, not the seat of the seating sheet`);
    if (me.currentPack !== null || me.pool.length > 0) ctx.problem(`${p.name}: a real-booster draft shows a pack or a pool`);
    ctx.progress.advance();
  }
  try {
    await ctx.client(ctx.players[0]).post(ctx.path('/picks'), { packNumber: 1, pickNumber: 1, cardId: 'X-1' });
    ctx.problem('a pick in a real-booster draft was accepted');
  } catch (error) {
    const code = error instanceof ApiError ? (error.body as { code?: string }).code : undefined;
    if (code !== 'PHYSICAL_BOOSTERS')
      ctx.problem(
        `a pick in a real-booster draft answered ${error instanceof ApiError ? `HTTP ${error.status} ${code}` : (error as Error).message}, expected 409 PHYSICAL_BOOSTERS`,
      );
  }
  const finished = await ctx.organizer.post<{ state: string }>(ctx.path('/draft/finish'));
  if (finished.state !== 'building') ctx.problem(`after the organizer finished the draft the event is ${finished.state}, expected building`);
  ctx.progress.advance(2);
  ctx.count('seats', seated.length);
  return { packSizes: new Map(), timedOut: null, pods };
}

/** Every player opens their boosters at the table, builds a deck, and registers it as a text list. */
export async function registerListDecks(ctx: SimContext): Promise<DeckSummary[]> {
  const game = ctx.options.game;
  const profile = GAMES[game];
  const event = await ctx.anonymous.get<EventView>(ctx.path());
  const sets = [...new Set(event.packs.map((p) => p.setCode))];
  const cards = await loadCards(ctx, sets);
  const heroes: DeckCard[] = [...cards.values()].filter((c) => profile.heroTypes.includes(c.type)).sort((a, b) => (a.cardId < b.cardId ? -1 : 1));
  const cap = profile.copyLimits.constructed ?? Number.MAX_SAFE_INTEGER;
  ctx.progress.phase('decks (lists)', ctx.players.length);
  const decks: DeckSummary[] = [];
  for (const player of ctx.players) {
    if ((await ctx.client(player).get<MeView>(ctx.path('/me'))).pool.length > 0) ctx.problem(`${player.name}: a real-booster event shows a pool`);
    const opened = await openAtTable(
      ctx,
      player.number,
      ctx.options.format === 'draft' ? [...event.packs, ...event.packs.map((p) => ({ ...p, packNumber: p.packNumber + event.packs.length }))] : event.packs,
    );
    const pool = [...opened].flatMap(([cardId, count]) => {
      const card = cards.get(cardId);
      // Copies beyond the Constructed limit stay in the box: a list is checked against that limit.
      return card ? [{ card, count: Math.min(count, cap) }] : [];
    });
    const s = suggestDeck({ profile, pool, heroes });
    const text = listText(s.hero, s.main, cards);
    const list = await ctx.anonymous.postText<ImportedList>(`/decks/import?format=text&game=${game}&sets=${sets.join(',')}`, text);
    if (list.unresolved.length > 0) ctx.problem(`${player.name}: ${list.unresolved.length} line(s) of the list did not resolve: ${list.unresolved.map((u) => u.text).join('; ')}`);
    const deck = { ...(list.deck.hero ? { hero: list.deck.hero.cardId } : {}), main: list.deck.main.map((e) => ({ cardId: e.card.cardId, count: e.count })) };
    const check = await ctx.anonymous.post<{ legal: boolean; violations: { code: string }[] }>('/decks/check', { game, format: 'limited', sets, ...deck });
    let legal = true;
    try {
      await ctx.client(player).request('PUT', ctx.path('/deck'), deck);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 422) throw error;
      legal = false;
    }
    if (legal !== check.legal) ctx.problem(`${player.name}: POST /decks/check says legal=${check.legal}, the registration says legal=${legal}`);
    if (!legal) ctx.problem(`${player.name}: the list built from the table's boosters is illegal (${check.violations.map((v) => v.code).join(', ')})`);
    decks.push({
      name: player.name,
      hero: s.hero?.cardId ?? null,
      mainCount: deck.main.reduce((n, c) => n + c.count, 0),
      legal,
      explanation: `from real boosters: ${s.explanation}`,
    });
    ctx.count('decks');
    ctx.progress.advance();
  }
  return decks;
}

/** The player's boosters at the table: one per pack of the sequence, drawn on the simulator's own seed. */
async function openAtTable(ctx: SimContext, playerNumber: number, packs: EventView['packs']): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const pack of packs) {
    const seed = `${ctx.options.seed}-table-player-${playerNumber}-pack-${pack.packNumber}`;
    const res = await ctx.anonymous.post<{ packs: { cards: { cardId: string }[] }[] }>(`/sets/${pack.setCode}/boosters?game=${ctx.options.game}`, { count: 1, seed });
    for (const c of res.packs[0].cards) counts.set(c.cardId, (counts.get(c.cardId) ?? 0) + 1);
  }
  ctx.count('boosters opened at the table', packs.length);
  return counts;
}

/** A plain-text deck list as a player pastes it: `Hero: Name (SET)`, then `N Name (SET)` lines. */
function listText(hero: DeckCard | null, main: CardCount[], cards: Map<string, CatalogCard>): string {
  const line = (id: string) => `${cards.get(id)!.name} (${cards.get(id)!.setCode})`;
  return [...(hero ? [`Hero: ${line(hero.cardId)}`] : []), ...main.map((e) => `${e.count} ${line(e.cardId)}`)].join('\n') + '\n';
}

async function loadCards(ctx: SimContext, sets: readonly string[]): Promise<Map<string, CatalogCard>> {
  const out = new Map<string, CatalogCard>();
  for (const code of sets) {
    for (let page = 1; ; page++) {
      const res = await ctx.anonymous.get<CatalogPage>(`/sets/${code}/cards?game=${ctx.options.game}&pageSize=500&page=${page}`);
      for (const c of res.items)
        out.set(c.cardId, {
          cardId: c.cardId,
          setCode: c.setCode,
          name: c.name,
          rarity: c.rarity,
          type: c.type as DeckCard['type'],
          attributes: c.attributes as DeckCard['attributes'],
        });
      if (page * 500 >= res.total) break;
    }
  }
  return out;
}
