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
 * - Limited from real boosters (unverifiedPool): nobody can check what was opened, so the Constructed
 *   limits (and their keywords) apply to the main deck and sideboard together — a store's usual
 *   sanity check of a list (the sideboard is swapped in between games).
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
  check({ format, profile, main, sideboard, unverifiedPool }) {
    const limitsOf: DeckFormat = format === 'limited' && unverifiedPool ? 'constructed' : format;
    const counted: readonly DeckEntry[] = limitsOf === 'constructed' ? [...main, ...(sideboard ?? [])] : main;
    const groups = new Map<string, { name: string; total: number; ids: string[]; limit: number | null; keyword?: string }>();
    for (const { card, count } of counted) {
      const key = normalizeCardName(card.name);
      const { limit, keyword } = copyLimitOf(card, profile.copyLimits, limitsOf);
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
    const where = format === 'constructed' ? 'in your main and side deck together' : limitsOf === 'constructed' ? 'in your main deck and sideboard together' : 'in your main deck';
    const out = [];
    for (const g of groups.values()) {
      if (g.limit === null || g.total <= g.limit) continue;
      const what = g.keyword ? `a card with ${g.keyword.charAt(0).toUpperCase()}${g.keyword.slice(1)}` : 'a card (by name)';
      out.push({
        code: 'TOO_MANY_COPIES' as const,
        message: `You have ${g.total} copies of ${g.name} ${where}; a ${limitsOf !== format ? `${profile.name} Limited deck from real boosters` : `${formatLabel(format)} ${profile.name} deck`} may hold at most ${g.limit} copies of ${what}.`,
        cards: g.ids,
      });
    }
    return out;
  },
};
