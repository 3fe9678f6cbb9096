/**
 * MANY_COPIES (a warning, never a violation): Limited from real boosters (no pool known) with more
 * copies of one card, by name, across the main deck and sideboard, than the boosters it could come
 * from plausibly held — one copy a booster (a booster holds a card at most once but by a rare
 * collation quirk). Limited has no copy limit beyond what was opened (docs/rules.md "Copies": every
 * unused card is in the sideboard), so where the pool is known the pool rule is the limit, and where
 * it is not the judge is told where to look instead of the deck being refused.
 *
 * Source: docs/rules.md "Copies" (one copy rule for every path: pool known → pool rule; real
 * boosters → this warning; Constructed → copy-limit.rule.ts).
 */
import { normalizeCardName } from './card-name';
import type { DeckContext } from './deck-context';
import type { DeckWarning } from './unknown-value.warning';

/** One warning per card name held more often than ctx.boostersOpened (nothing when that is unknown). */
export function manyCopiesWarnings(ctx: DeckContext): DeckWarning[] {
  if (ctx.format !== 'limited' || !ctx.unverifiedPool || ctx.boostersOpened === null) return [];
  const bound = ctx.boostersOpened;
  const groups = new Map<string, { name: string; total: number; ids: string[] }>();
  for (const { card, count } of [...ctx.main, ...(ctx.sideboard ?? [])]) {
    const key = normalizeCardName(card.name);
    const g = groups.get(key) ?? { name: card.name, total: 0, ids: [] };
    g.total += count;
    if (!g.ids.includes(card.cardId)) g.ids.push(card.cardId);
    groups.set(key, g);
  }
  return [...groups.values()]
    .filter((g) => g.total > bound)
    .map((g) => ({
      code: 'MANY_COPIES' as const,
      message: `${g.total} copies of ${g.name} from ${bound} booster${bound === 1 ? '' : 's'}: more than one a booster is unusual — a judge may want to see them.`,
      cards: g.ids,
    }));
}
