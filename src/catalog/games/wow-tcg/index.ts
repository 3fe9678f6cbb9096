/** World of Warcraft TCG: every part of the game the product knows, registered in GAMES (../index.ts). */
import type { GameDefinition } from '../game-definition';
import { WOW_TCG_TERMS } from './terms';
import { wowBotColour } from './bot-colour';
import { WOW_CONSTRUCTED_RULES } from './constructed-rules';
import { WOW_LAYOUTS } from './layouts';
import { WOW_PRODUCT_ATTRIBUTES } from './product-attributes';
import { WOW_TCG } from './profile';
import { parseWowtcgJson } from './wowtcg-json';

export { WOW_CLASSES, WOW_FACTIONS, WOW_TCG, type WowClass } from './profile';

export const WOW_TCG_GAME: GameDefinition<'wow-tcg'> = {
  ...WOW_TCG,
  id: 'wow-tcg',
  productAttributes: WOW_PRODUCT_ATTRIBUTES,
  // OCTGN's WoW TCG set XML is read by importers/octgn-xml.ts (shared XML machinery, format `octgn`).
  importers: { 'wowtcg-json': { fileLabel: 'The WoW TCG JSON file', parse: parseWowtcgJson } },
  layouts: WOW_LAYOUTS,
  constructed: WOW_CONSTRUCTED_RULES,
  botColour: wowBotColour,
  deckSuggestion: { kind: 'best-hero' },
  terms: WOW_TCG_TERMS,
};
