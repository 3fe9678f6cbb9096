/**
 * The checked deck, prepared once for every rule: entries merged by card id, totals, the hero's
 * standing. Rules read this instead of re-walking the input.
 */
import type { GameProfile } from '../../catalog/games/game-profile';
import { CONSTRUCTED_RULES } from './constructed-rules';
import type { CardCount, ConstructedRules, DeckCard, DeckCheckInput, DeckEntry, DeckFormat, Violation } from './types';

export interface DeckContext {
  format: DeckFormat;
  profile: GameProfile;
  constructed: ConstructedRules;
  hero: DeckCard | null;
  /** The hero is a card of one of the profile's hero types (false when null). */
  heroIsHero: boolean;
  /** Main deck merged by card id, in order of first appearance. */
  main: DeckEntry[];
  /** Side deck / sideboard merged by card id; null when the input omitted it. */
  sideboard: DeckEntry[] | null;
  mainTotal: number;
  sideTotal: number;
  /** Pool merged by card id (copies owned); null when the input has none. */
  pool: Map<string, number> | null;
  /** Names the pool entries carried (for messages). */
  poolNames: Map<string, string>;
  unknownCards: readonly string[];
  /** Limited from real boosters: the pool is unknown (see DeckCheckInput.unverifiedPool). */
  unverifiedPool: boolean;
  /** With unverifiedPool: the set codes (upper case) of the boosters opened; null = any set. */
  poolSets: ReadonlySet<string> | null;
  /** With unverifiedPool: the boosters the cards can come from (DeckCheckInput.boostersOpened); null = unknown. */
  boostersOpened: number | null;
  /** Limited: the organizer's lower minimum for this player (DeckCheckInput.minMainDeck); null = the game's. */
  minMainDeck: number | null;
}

/** A check of one rule: every violation it finds (none = the rule holds). */
export interface DeckRule {
  /** Short name, as in the rule's file name. */
  name: string;
  check(ctx: DeckContext): Violation[];
}

function assertCount(count: number, where: string): void {
  if (!Number.isSafeInteger(count) || count < 1) {
    throw new RangeError(`${where}: a count is a positive integer, got ${String(count)}`);
  }
}

/**
 * Entries with the same card id summed, in order of first appearance.
 * @throws RangeError when a count is not a positive integer (the API validates counts first).
 */
export function mergeEntries(entries: readonly DeckEntry[], where: string): DeckEntry[] {
  const byId = new Map<string, DeckEntry>();
  for (const e of entries) {
    assertCount(e.count, where);
    const seen = byId.get(e.card.cardId);
    if (seen) seen.count += e.count;
    else byId.set(e.card.cardId, { card: e.card, count: e.count });
  }
  return [...byId.values()];
}

/**
 * Copies per card id, summed, in order of first appearance.
 * @throws RangeError when a count is not a positive integer.
 */
export function countsById(entries: readonly CardCount[], where: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of entries) {
    assertCount(e.count, where);
    out.set(e.cardId, (out.get(e.cardId) ?? 0) + e.count);
  }
  return out;
}

const total = (entries: readonly DeckEntry[]): number => entries.reduce((n, e) => n + e.count, 0);

/**
 * @throws Error when input.game is not the profile's game (a programming error).
 * @throws RangeError when a count is not a positive integer.
 */
export function deckContext(input: DeckCheckInput): DeckContext {
  if (input.profile.id !== input.game) {
    throw new Error(`checkDeck: game "${input.game}" checked with the rules profile of "${input.profile.id}"`);
  }
  const main = mergeEntries(input.main, 'main');
  const sideboard = input.sideboard ? mergeEntries(input.sideboard, 'sideboard') : null;
  return {
    format: input.format,
    profile: input.profile,
    constructed: input.constructed ?? CONSTRUCTED_RULES[input.game],
    hero: input.hero,
    heroIsHero: input.hero !== null && input.profile.heroTypes.includes(input.hero.type),
    main,
    sideboard,
    mainTotal: total(main),
    sideTotal: sideboard ? total(sideboard) : 0,
    pool: input.pool ? countsById(input.pool, 'pool') : null,
    poolNames: new Map((input.pool ?? []).filter((p) => p.name).map((p) => [p.cardId, p.name as string])),
    unknownCards: input.unknownCards ?? [],
    unverifiedPool: input.unverifiedPool ?? false,
    poolSets: input.poolSets ? new Set(input.poolSets.map((c) => c.toUpperCase())) : null,
    boostersOpened: input.boostersOpened ?? null,
    minMainDeck: input.minMainDeck ?? null,
  };
}

/** The deck cards the hero's restrictions apply to: the main deck, plus the side deck in Constructed. */
export function restrictedEntries(ctx: DeckContext): DeckEntry[] {
  if (ctx.format === 'limited' || !ctx.sideboard) return ctx.main;
  return mergeEntries([...ctx.main, ...ctx.sideboard], 'deck');
}

/** "Limited" / "Constructed", as messages name the format. */
export function formatLabel(format: DeckFormat): string {
  return format === 'limited' ? 'Limited (sealed or draft)' : 'Constructed';
}

/** An attribute of a card, read loosely (the shipped files omit null/false fields). */
export function attribute(card: DeckCard, key: string): unknown {
  return (card.attributes as Record<string, unknown>)[key];
}

/** A string attribute, or null when missing/empty. */
export function stringAttribute(card: DeckCard, key: string): string | null {
  const v = attribute(card, key);
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
}

/** "2× Fireball, 1× Frostbolt" (at most `max` items, then "and N more"). */
export function describeCounts(items: readonly { name: string; count: number }[], max = 8): string {
  const shown = items.slice(0, max).map((i) => `${i.count}× ${i.name}`);
  const rest = items.length - shown.length;
  return rest > 0 ? `${shown.join(', ')} and ${rest} more` : shown.join(', ');
}

/** "a" or "an" before a word (card types in messages). */
export function article(word: string): string {
  return /^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`;
}
