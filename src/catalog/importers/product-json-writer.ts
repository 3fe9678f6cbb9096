/**
 * Writes SetData in the product's set format (docs/set-format.md), laid out for readable diffs:
 * header fields one per line, then one card per line. Attributes at their default (null, false,
 * empty list) and `attributes.game` are left out; productSetFromValue fills them back in, so
 * `productSetFromValue(JSON.parse(serializeProductSet(s)))` equals `s`.
 */
import type { SetCard, SetData } from '../card.types';
import { PRODUCT_FORMAT, PRODUCT_FORMAT_VERSION } from './product-json.dto';

/** Attributes without `game` and without values equal to their default. */
function compactAttributes(attributes: SetCard['attributes']): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (key === 'game' || value === null || value === false || (Array.isArray(value) && value.length === 0)) continue;
    out[key] = value;
  }
  return out;
}

function cardLine(card: SetCard): string {
  const plain: Record<string, unknown> = {
    number: card.number,
    name: card.name,
    rarity: card.rarity,
    type: card.type,
    attributes: compactAttributes(card.attributes),
  };
  if (card.printings.length > 0) plain.printings = card.printings;
  if (card.text !== undefined) plain.text = card.text;
  if (card.image !== undefined) plain.image = card.image;
  if (card.octgnId !== undefined) plain.octgnId = card.octgnId;
  return JSON.stringify(plain);
}

/**
 * @param options.withLayout include `boosterLayout` when the set has one (default true; the
 *   shipped files leave it out because the defaults live in code).
 * @returns the file text, ending with a newline.
 */
export function serializeProductSet(set: SetData, options: { withLayout?: boolean } = {}): string {
  const { withLayout = true } = options;
  const header = [
    `  "format": ${JSON.stringify(PRODUCT_FORMAT)}`,
    `  "formatVersion": ${PRODUCT_FORMAT_VERSION}`,
    `  "game": ${JSON.stringify(set.game)}`,
    `  "code": ${JSON.stringify(set.code)}`,
    `  "name": ${JSON.stringify(set.name)}`,
  ];
  if (set.boosters === false) header.push('  "boosters": false');
  if (withLayout && set.boosterLayout) {
    header.push(`  "boosterLayout": ${JSON.stringify(set.boosterLayout, null, 2).replace(/\n/g, '\n  ')}`);
  }
  const cards = set.cards.map((c) => `    ${cardLine(c)}`).join(',\n');
  return `{\n${header.join(',\n')},\n  "cards": [\n${cards}\n  ]\n}\n`;
}
