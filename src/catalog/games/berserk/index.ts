/** Berserk: every part of the game the product knows, registered in GAMES (../index.ts). */
import type { GameDefinition } from '../game-definition';
import { BERSERK_TERMS } from './terms';
import { parseBerserkJson } from './berserk-json';
import { berserkBotColour } from './bot-colour';
import { BERSERK_CONSTRUCTED_RULES } from './constructed-rules';
import { BERSERK_LAYOUTS } from './layouts';
import { BERSERK_PRODUCT_ATTRIBUTES } from './product-attributes';
import { BERSERK } from './profile';

export { BERSERK, BERSERK_ELEMENTS } from './profile';

export const BERSERK_GAME: GameDefinition<'berserk'> = {
  ...BERSERK,
  id: 'berserk',
  productAttributes: BERSERK_PRODUCT_ATTRIBUTES,
  importers: { 'berserk-json': { fileLabel: 'The Berserk JSON file', parse: parseBerserkJson } },
  layouts: BERSERK_LAYOUTS,
  constructed: BERSERK_CONSTRUCTED_RULES,
  botColour: berserkBotColour,
  deckSuggestion: { kind: 'two-colours', attribute: 'element', neutral: 'neutral' },
  terms: BERSERK_TERMS,
};
