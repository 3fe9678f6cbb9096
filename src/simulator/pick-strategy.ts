/**
 * The simulated players' draft strategy: a simple, seeded "rarity plus fit" rule, so that pools end
 * up playable. Pure: the random tie-break comes from the caller's stream.
 *
 * A card scores its rarity (epic/ultra-rare 4, rare 3, uncommon 2, common 1, heroes 0) plus its fit
 * with the picks so far: WoW TCG +2 for the leading faction (+1 Neutral/Both), +2 for the leading class
 * (+1 unrestricted); Berserk +2 for one of the two leading elements (+1 neutral). Before any leader
 * exists every card gets the neutral bonus. Ties: a uniform draw among the best.
 *
 * WoW TCG team drafts: the team agrees on a faction before the draft (all its heroes must share one),
 * and each member drafts towards it — that faction leads from the first pick, whatever was picked.
 */
import type { Rng } from '../common/random/seeded-rng';

/** What the strategy knows of a card (catalog attributes, read loosely). */
export interface PickCard {
  cardId: string;
  rarity: string;
  type: string;
  faction?: string | null;
  classes?: string[] | null;
  element?: string | null;
}

const RARITY: Readonly<Record<string, number>> = { epic: 4, 'ultra-rare': 4, rare: 3, uncommon: 2, common: 1 };

/** The most frequent values, most frequent first (first seen among equals). */
function leaders(values: (string | null | undefined)[], take: number): string[] {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, take)
    .map(([v]) => v);
}

function fitOf(card: PickCard, picks: readonly PickCard[], teamFaction?: string): number {
  if (card.element !== undefined) {
    const top = leaders(
      picks.map((p) => (p.element === 'neutral' ? null : p.element)),
      2,
    );
    if (card.element === 'neutral' || top.length === 0) return 1;
    return top.includes(card.element ?? '') ? 2 : 0;
  }
  const faction =
    teamFaction ??
    leaders(
      picks.map((p) => (p.faction === 'Alliance' || p.faction === 'Horde' ? p.faction : null)),
      1,
    )[0];
  const klass = leaders(
    picks.flatMap((p) => (p.classes && p.classes.length === 1 ? p.classes : [])),
    1,
  )[0];
  const factionFit = card.faction !== 'Alliance' && card.faction !== 'Horde' ? 1 : !faction ? 1 : card.faction === faction ? 2 : 0;
  const classFit = !card.classes || card.classes.length === 0 ? 1 : !klass ? 1 : card.classes.includes(klass) ? 2 : 0;
  return factionFit + classFit;
}

/**
 * The score of a card for a player who picked `picks` so far.
 * @param teamFaction WoW TCG team draft: the faction the player's team drafts (leads instead of the picks' leader)
 */
export function pickScore(card: PickCard, picks: readonly PickCard[], teamFaction?: string): number {
  if (card.type === 'hero') return 0;
  return (RARITY[card.rarity] ?? 0) + fitOf(card, picks, teamFaction);
}

/**
 * The card to take from `pack`.
 * @param teamFaction WoW TCG team draft: the team's faction (see pickScore)
 * @throws Error on an empty pack (the caller only asks with a pack in front of the player).
 */
export function choosePick(pack: readonly PickCard[], picks: readonly PickCard[], rng: Rng, teamFaction?: string): string {
  if (pack.length === 0) throw new Error('choosePick: empty pack');
  const scores = pack.map((c) => pickScore(c, picks, teamFaction));
  const best = Math.max(...scores);
  const tied = pack.filter((_, i) => scores[i] === best);
  return tied[rng.below(tied.length)].cardId;
}
