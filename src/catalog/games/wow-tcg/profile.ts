import type { GameProfile } from '../game-profile';
import { WOW_SET_CODE_ALIASES } from './wow-sets';

/**
 * World of Warcraft TCG.
 *
 * Sources (docs/rules.md, the publisher's sealed and draft rules, "Sealed Pack Formats"):
 * - Sealed: each player opens **6 boosters**, picks any hero in the game, builds **30+ cards**.
 * - Booster draft: **4 to 8 players**, **4 boosters each** ("Каждому человеку потребуется четыре
 *   бустера"), whatever the booster's size — the default for 19-card sets too. *(community)* From
 *   March of the Legion on, some stores drafted **3 packs** of 19 cards: an organizer's option.
 * - Copies: at most **4** of a card by name (main and side deck); cards tagged **Unlimited** have no
 *   limit (glossary "НЕОГРАНИЧЕНО"). No copy limit in limited: you play what you opened.
 */
export const WOW_TCG: GameProfile = {
  id: 'wow-tcg',
  name: 'World of Warcraft TCG',
  rarities: ['common', 'uncommon', 'rare', 'epic'],
  cardTypes: ['hero', 'master-hero', 'ally', 'ability', 'weapon', 'armor', 'item', 'quest', 'location'],
  // Master heroes (Scourgewar on) are deck cards with a cost and class icons, printed rare or epic.
  heroTypes: ['hero'],
  limited: {
    minDeckSize: 30,
    sealedPacksPerPlayer: 6,
    draftPacksByPackSize: { 15: 4, 19: 4 },
    draftPodSize: { min: 4, max: 8 },
  },
  copyLimits: {
    constructed: 4,
    byKeyword: { unlimited: null },
    limited: null,
  },
  setCodeAliases: WOW_SET_CODE_ALIASES,
};

/**
 * The WoW TCG classes, as heroes print them. The WoW JSON data spells the column `DeathKnight`;
 * the product always writes "Death Knight".
 */
export const WOW_CLASSES = ['Death Knight', 'Druid', 'Hunter', 'Mage', 'Paladin', 'Priest', 'Rogue', 'Shaman', 'Warlock', 'Warrior'] as const;
export type WowClass = (typeof WOW_CLASSES)[number];

/**
 * Factions as the data prints them; "Both" (Blood of Gladiators) is playable by either side;
 * "Scourge" (the Icecrown era: Scourge heroes and allies) is a faction like Alliance and Horde —
 * some community files list the same cards as Neutral, and both are kept as the file says.
 */
export const WOW_FACTIONS = ['Alliance', 'Horde', 'Neutral', 'Both', 'Scourge'] as const;
