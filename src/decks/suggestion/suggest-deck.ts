/**
 * Deck suggestion: a Limited deck proposed from a player's own pool. Pure: no Nest, no
 * database, no randomness; the same pool always gives the same suggestion.
 *
 * The game's strategy (GameDefinition.deckSuggestion, src/catalog/games/<id>/index.ts) decides:
 * - `best-hero` (WoW TCG): every hero of the game is a candidate (Limited: any hero, in the
 *   pool or not). A hero's score is the number of pool cards (copies, heroes excluded) it may play
 *   under the deck rules' own faction/class/talent tests (factionAllows, classAllows, talentAllows).
 *   The best hero has the highest score; ties go to the higher rarity total of the deck it gets,
 *   then to a hero the player opened, then to the lower card id.
 * - `two-colours` (Berserk, by element): the two elements with the most pool cards, plus neutral
 *   cards; other elements only when those fall short of the minimum.
 * - The main deck is exactly the Limited minimum (30) of the candidates, higher rarity first (pool
 *   order among equals); fewer when the candidates run out (then the explanation says the deck is
 *   short). The sideboard is the rest of the pool.
 * The caller checks the result with checkDeck, as submissions are.
 */
import { GAMES, type DeckSuggestionStrategy } from '../../catalog/games';
import type { GameProfile } from '../../catalog/games/game-profile';
import { sideboardOf, type CardCount, type DeckCard } from '../rules';
import { stringAttribute } from '../rules/deck-context';
import { heroMayPlay } from '../rules/hero-may-play';

export { heroMayPlay };

/** A card as the suggestion reads it: what the deck rules read, plus its rarity. */
export interface SuggestionCard extends DeckCard {
  rarity: string;
}

export interface SuggestDeckInput {
  profile: GameProfile;
  /** The player's pool, one entry per card id, in pool order. */
  pool: readonly { card: SuggestionCard; count: number }[];
  /** Candidate heroes (WoW TCG: every hero of the game); ignored by games without heroes. */
  heroes: readonly DeckCard[];
}

/**
 * Why this deck, as a code and its values, for clients that write it in their own language
 * (the web app's `suggestion.<code>` texts); `explanation` is the same in English.
 * - NO_HERO_IN_CATALOG: the game has no hero card loaded (`game`).
 * - HERO_SHORT: no hero fits enough cards; the best one fits `fit` of `total`, `short` below `size`.
 * - HERO_BEST: the hero fitting the most cards: `fit` of `total`; the deck is the `size` of highest rarity.
 * - POOL_SHORT: the pool has only `total` cards, `short` below `size`.
 * - TWO_COLOURS: the two colours (`colour1`/`count1`, `colour2`/`count2`; Berserk: elements) with
 *   `neutral` cards of `neutralValue`, plus `extra` cards of other colours, the `size` of highest rarity.
 * Hero values: `hero` (its name), `faction`, `heroClass`, `talent` (data values, "" when absent).
 */
export interface SuggestionReason {
  code: 'NO_HERO_IN_CATALOG' | 'HERO_SHORT' | 'HERO_BEST' | 'POOL_SHORT' | 'TWO_COLOURS';
  params: Record<string, string | number>;
  /** Copies of the main deck by rarity, highest first (empty when there is no deck). */
  rarities: { rarity: string; count: number }[];
}

export interface DeckSuggestion {
  /** The chosen hero; null for games without heroes (or when the game has no hero card at all). */
  hero: DeckCard | null;
  main: CardCount[];
  sideboard: CardCount[];
  /** Why this deck, in one line of English. */
  explanation: string;
  /** Why this deck, as a code and values (see SuggestionReason). */
  reason: SuggestionReason;
}

/** Rarity weights: the higher, the sooner a card makes the deck. */
const RARITY_WEIGHT: Readonly<Record<string, number>> = { epic: 4, 'ultra-rare': 4, rare: 3, uncommon: 2, common: 1 };
const weightOf = (card: SuggestionCard): number => RARITY_WEIGHT[card.rarity] ?? 0;

type PoolEntry = SuggestDeckInput['pool'][number];

/** Up to `size` copies from `entries`, higher rarity first, pool order among equals. */
function takeBest(entries: readonly PoolEntry[], size: number): PoolEntry[] {
  const sorted = entries.map((e, i) => ({ e, i })).sort((a, b) => weightOf(b.e.card) - weightOf(a.e.card) || a.i - b.i);
  const out: PoolEntry[] = [];
  let left = size;
  for (const { e } of sorted) {
    if (left <= 0) break;
    const count = Math.min(e.count, left);
    out.push({ card: e.card, count });
    left -= count;
  }
  return out;
}

const copies = (entries: readonly PoolEntry[]): number => entries.reduce((n, e) => n + e.count, 0);

/** Copies of the chosen cards by rarity, highest rarity weight first. */
function rarityCounts(main: readonly PoolEntry[]): SuggestionReason['rarities'] {
  const counts = new Map<string, number>();
  for (const e of main) counts.set(e.card.rarity, (counts.get(e.card.rarity) ?? 0) + e.count);
  return [...counts].sort((a, b) => (RARITY_WEIGHT[b[0]] ?? 0) - (RARITY_WEIGHT[a[0]] ?? 0)).map(([rarity, count]) => ({ rarity, count }));
}

/** "3 epic, 10 rare, 17 common" for the chosen cards, by rarity weight. */
function rarityBreakdown(main: readonly PoolEntry[]): string {
  return rarityCounts(main)
    .map(({ rarity, count }) => `${count} ${rarity}`)
    .join(', ');
}

function finish(
  input: SuggestDeckInput,
  hero: DeckCard | null,
  main: PoolEntry[],
  explanation: string,
  code: SuggestionReason['code'],
  params: SuggestionReason['params'],
): DeckSuggestion {
  const counts = main.map((e) => ({ cardId: e.card.cardId, count: e.count }));
  const pool = input.pool.map((e) => ({ cardId: e.card.cardId, count: e.count }));
  return { hero, main: counts, sideboard: sideboardOf(pool, counts), explanation, reason: { code, params, rarities: rarityCounts(main) } };
}

/** A hero's values for the reason: its name, faction, class and talent ("" when absent). */
function heroParams(hero: DeckCard): SuggestionReason['params'] {
  return {
    hero: hero.name,
    faction: stringAttribute(hero, 'faction') ?? '',
    heroClass: stringAttribute(hero, 'heroClass') ?? '',
    talent: stringAttribute(hero, 'heroTalent') ?? '',
  };
}

/** "Thrall (Horde Shaman, Elemental)". */
function describeHero(hero: DeckCard): string {
  const parts = [stringAttribute(hero, 'faction'), stringAttribute(hero, 'heroClass')].filter(Boolean).join(' ');
  const talent = stringAttribute(hero, 'heroTalent');
  const what = [parts, talent].filter(Boolean).join(', ');
  return what ? `${hero.name} (${what})` : hero.name;
}

function suggestWithHero(input: SuggestDeckInput, deckCards: PoolEntry[], size: number): DeckSuggestion {
  const inPool = new Set(input.pool.map((e) => e.card.cardId));
  type Candidate = { hero: DeckCard; main: PoolEntry[]; score: number; rarity: number; opened: number };
  // Positive when `a` is the better hero: score, then rarity total, then opened, then the lower card id.
  const compare = (a: Candidate, b: Candidate): number =>
    a.score - b.score || a.rarity - b.rarity || a.opened - b.opened || (a.hero.cardId < b.hero.cardId ? 1 : a.hero.cardId > b.hero.cardId ? -1 : 0);
  let best: Candidate | null = null;
  for (const hero of input.heroes) {
    const fit = deckCards.filter((e) => heroMayPlay(hero, e.card));
    const main = takeBest(fit, size);
    const candidate = { hero, main, score: copies(fit), rarity: main.reduce((n, e) => n + weightOf(e.card) * e.count, 0), opened: inPool.has(hero.cardId) ? 1 : 0 };
    if (best === null || compare(candidate, best) > 0) best = candidate;
  }
  if (!best) return finish(input, null, [], `No hero of ${input.profile.name} is in the catalog: load a set with heroes first.`, 'NO_HERO_IN_CATALOG', { game: input.profile.id });
  const total = copies(deckCards);
  const who = describeHero(best.hero);
  if (best.score < size) {
    return finish(
      input,
      best.hero,
      best.main,
      `Only ${best.score} of your ${total} cards fit any hero; ${who} fits the most, so this deck is ${size - best.score} short of the ${size} cards a legal deck needs.`,
      'HERO_SHORT',
      { ...heroParams(best.hero), fit: best.score, total, short: size - best.score, size },
    );
  }
  return finish(
    input,
    best.hero,
    best.main,
    `${who}: ${best.score} of your ${total} cards fit this hero, more than any other; the deck takes the ${size} of highest rarity (${rarityBreakdown(best.main)}).`,
    'HERO_BEST',
    { ...heroParams(best.hero), fit: best.score, total, size },
  );
}

type TwoColours = Extract<DeckSuggestionStrategy, { kind: 'two-colours' }>;

/** `two-colours`: the colour is the card's `strategy.attribute` (Berserk: its element), messages name it so. */
function suggestByColour(input: SuggestDeckInput, deckCards: PoolEntry[], size: number, strategy: TwoColours): DeckSuggestion {
  const { attribute: element, neutral: neutralValue } = strategy;
  const elementOf = (c: DeckCard): string | null => stringAttribute(c, element);
  const byElement = new Map<string, number>();
  for (const e of deckCards) {
    const el = elementOf(e.card);
    if (el && el !== neutralValue) byElement.set(el, (byElement.get(el) ?? 0) + e.count);
  }
  const order = [...byElement].map(([el, n], i) => ({ el, n, i })).sort((a, b) => b.n - a.n || a.i - b.i);
  const chosen = order.slice(0, 2).map((o) => o.el);
  const core = deckCards.filter((e) => {
    const el = elementOf(e.card);
    return el === null || el === neutralValue || chosen.includes(el);
  });
  let main = takeBest(core, size);
  const coreCopies = copies(main);
  const neutral = copies(core.filter((e) => [null, neutralValue].includes(elementOf(e.card))));
  const named =
    order
      .slice(0, 2)
      .map((o) => `${o.el} (${o.n})`)
      .join(' and ') || `no ${element}`;
  let extra = '';
  let extraCopies = 0;
  if (coreCopies < size) {
    const rest = deckCards.filter((e) => !core.includes(e));
    const more = takeBest(rest, size - coreCopies);
    main = [...main, ...more];
    extraCopies = copies(more);
    if (extraCopies > 0) extra = `, plus ${extraCopies} card(s) of other ${element}s to reach ${size}`;
  }
  const total = copies(main);
  if (total < size) {
    return finish(input, null, main, `Your pool has only ${copies(deckCards)} cards: the deck is ${size - total} short of the ${size} cards a legal deck needs.`, 'POOL_SHORT', {
      total: copies(deckCards),
      short: size - total,
      size,
    });
  }
  const colours: SuggestionReason['params'] = {};
  order.slice(0, 2).forEach((o, i) => Object.assign(colours, { [`colour${i + 1}`]: o.el, [`count${i + 1}`]: o.n }));
  return finish(
    input,
    null,
    main,
    `Your two most common ${element}s, ${named}, with ${neutral} ${neutralValue} card(s)${extra}: the ${size} of highest rarity (${rarityBreakdown(main)}).`,
    'TWO_COLOURS',
    { attribute: element, ...colours, neutral, neutralValue, extra: extraCopies, size },
  );
}

/**
 * Proposes a Limited deck from a pool (see the file comment for how).
 * @returns hero (null without heroes), main deck and sideboard as card counts, and a one-line explanation.
 */
export function suggestDeck(input: SuggestDeckInput): DeckSuggestion {
  const size = input.profile.limited.minDeckSize;
  const deckCards = input.pool.filter((e) => e.count > 0 && !input.profile.heroTypes.includes(e.card.type));
  const game = Object.hasOwn(GAMES, input.profile.id) ? GAMES[input.profile.id] : null;
  if (!game) throw new Error(`suggestDeck: no game "${input.profile.id}"`);
  const strategy = game.deckSuggestion;
  switch (strategy.kind) {
    case 'best-hero':
      return suggestWithHero(input, deckCards, size);
    case 'two-colours':
      return suggestByColour(input, deckCards, size, strategy);
    default: {
      const unknown: never = strategy;
      throw new Error(`suggestDeck: unknown strategy ${JSON.stringify(unknown)}`);
    }
  }
}
