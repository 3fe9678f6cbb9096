import canonicalize from 'canonicalize';
import { createHash } from 'node:crypto';
import type { BoosterLayout } from './layouts/booster-layout';
import type { SetCard, SetData } from './card.types';

/** The card fields a data version covers (see dataVersionOf). */
const VERSIONED_FIELDS = ['number', 'name', 'rarity', 'type', 'attributes', 'printings'] as const satisfies readonly (keyof SetCard)[];

/**
 * Data version of a set: lowercase hex SHA-256 of the RFC 8785 (JCS) canonical JSON of
 * `{ game, code, name, cards (by number), boosterLayout }`, each card as `{ number, name, rarity,
 * type, attributes, printings }`. The same content in any source format, key order or card order
 * gives the same version; any change to a fact that packs, pools or deck checks read gives a new one.
 * A card's rules text, image and OCTGN GUID are left out: they are merged into a version (an
 * OCTGN file of a shipped set) without changing what past events replay and verify.
 */
export function dataVersionOf(set: SetData, boosterLayout: BoosterLayout): string {
  const content = {
    game: set.game,
    code: set.code.toUpperCase(),
    name: set.name,
    cards: [...set.cards].sort((a, b) => a.number - b.number).map((card) => Object.fromEntries(VERSIONED_FIELDS.filter((f) => card[f] !== undefined).map((f) => [f, card[f]]))),
    boosterLayout,
  };
  return createHash('sha256')
    .update(canonicalize(content) ?? '', 'utf8')
    .digest('hex');
}
