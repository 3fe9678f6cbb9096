/**
 * TOO_MANY_COPIES (copy limit): at most N copies of a card, counted **by name**, in Constructed
 * across the main deck and the side deck together.
 *
 * Sources (numbers from GameProfile.copyLimits, never from this file):
 * - WoW TCG: at most **4** of a card; cards tagged **Unlimited** have no limit (seed
 *   wowtcg-rules-sealed-draft-glossary, "НЕОГРАНИЧЕНО (Unlimited)": "можно взять 60 Пехотинцев
 *   Оргриммара (Orgrimmar Grunts) вместо обычно разрешаемых 4"; by name, main and side deck
 *   together: docs/rules.md "Copies"). Profile: constructed 4, byKeyword { unlimited: null }.
 * - Berserk: **Horde** ("Орда", seed berserk-keywords): "Максимум копий этой карты в вашей колоде
 *   до начала игры ограничен пятью копиями"; the ordinary limit 3 is *(community)*, a profile
 *   setting. Profile: constructed 3, byKeyword { horde: 5 }.
 * - Limited: copyLimits.limited, null for both games ("you play what you opened"): nothing is
 *   checked; the pool rule limits copies to those owned. A non-null limited limit would count the
 *   main deck only (the sideboard is every unused pool card).
 * - Limited from real boosters (unverifiedPool): no copy limit either — Limited has none beyond what
 *   was opened, and nobody knows what was; copies beyond one a booster are a MANY_COPIES warning
 *   for the judge (many-copies.warning.ts), never a violation (the same 4+1 deck is legal against a
 *   pool and as a real-booster list).
 * A keyword flag (a card attribute set to true) replaces the ordinary limit; with several flags the
 * most permissive wins. Printings of one name in several sets count together.
 */
import type { CopyLimits } from '../../catalog/games/game-profile';
import { normalizeCardName } from './card-name';
import { attribute, formatLabel, type DeckRule } from './deck-context';
import type { DeckCard, DeckEntry, DeckFormat } from './types';

/** The limit that applies to a card and the keyword that set it (undefined = the ordinary limit). */
export function copyLimitOf(card: DeckCard, limits: CopyLimits, format: DeckFormat): { limit: number | null; keyword?: string } {
  if (format === 'limited') return { limit: limits.limited };
  let best: { limit: number | null; keyword?: string } | null = null;
  for (const [keyword, limit] of Object.entries(limits.byKeyword)) {
    if (attribute(card, keyword) !== true) continue;
    if (best === null || limit === null || (best.limit !== null && limit > best.limit)) best = { limit, keyword };
  }
  return best ?? { limit: limits.constructed };
}

const more = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : Math.max(a, b));

export const copyLimitRule: DeckRule = {
  name: 'copy-limit',
  check({ format, profile, main, sideboard }) {
    const counted: readonly DeckEntry[] = format === 'constructed' ? [...main, ...(sideboard ?? [])] : main;
    const groups = new Map<string, { name: string; total: number; ids: string[]; limit: number | null; keyword?: string }>();
    for (const { card, count } of counted) {
      const key = normalizeCardName(card.name);
      const { limit, keyword } = copyLimitOf(card, profile.copyLimits, format);
      const g = groups.get(key);
      if (!g) {
        groups.set(key, { name: card.name, total: count, ids: [card.cardId], limit, keyword });
        continue;
      }
      g.total += count;
      if (!g.ids.includes(card.cardId)) g.ids.push(card.cardId);
      const merged = more(g.limit, limit);
      if (merged !== g.limit) g.keyword = keyword;
      g.limit = merged;
    }
    const where = format === 'constructed' ? 'in your main and side deck together' : 'in your main deck';
    const out = [];
    for (const g of groups.values()) {
      if (g.limit === null || g.total <= g.limit) continue;
      const what = g.keyword ? `a card with ${g.keyword.charAt(0).toUpperCase()}${g.keyword.slice(1)}` : 'a card (by name)';
      out.push({
        code: 'TOO_MANY_COPIES' as const,
        message: `You have ${g.total} copies of ${g.name} ${where}; a ${formatLabel(format)} ${profile.name} deck may hold at most ${g.limit} copies of ${what}.`,
        cards: g.ids,
      });
    }
    return out;
  },
};
