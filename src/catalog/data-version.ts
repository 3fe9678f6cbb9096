import canonicalize from 'canonicalize';
import { createHash } from 'node:crypto';
import type { BoosterLayout } from './layouts/booster-layout';
import type { SetData } from './card.types';

/**
 * Data version of a set: lowercase hex SHA-256 of the RFC 8785 (JCS) canonical JSON of
 * `{ game, code, name, cards (by number), boosterLayout }`. The same content in any source format,
 * key order or card order gives the same version; any change to a fact gives a new one.
 */
export function dataVersionOf(set: SetData, boosterLayout: BoosterLayout): string {
  const content = {
    game: set.game,
    code: set.code.toUpperCase(),
    name: set.name,
    cards: [...set.cards].sort((a, b) => a.number - b.number),
    boosterLayout,
  };
  return createHash('sha256')
    .update(canonicalize(content) ?? '', 'utf8')
    .digest('hex');
}
