/**
 * The catalog's card model, shared by importers, the database layer and the API.
 * Pure types: no Nest, no Prisma.
 */
import type { BoosterLayout } from './layouts/booster-layout';

/**
 * Games are defined in code: one folder per game (src/catalog/games/<id>/), registered in GAMES
 * (src/catalog/games/index.ts). A new id also needs its attributes in CardAttributes below.
 */
export type GameId = 'wow-tcg' | 'berserk';
export const GAME_IDS: readonly GameId[] = ['wow-tcg', 'berserk'];

/**
 * Normalized rarity. WoW TCG: common/uncommon/rare/epic (data codes c/u/r/e; OCTGN C/U/R/E, and
 * OCTGN's H for heroes maps to uncommon, as the WoW JSON data prints heroes). Berserk:
 * common/uncommon/rare/ultra-rare.
 */
export type Rarity = 'common' | 'uncommon' | 'rare' | 'epic' | 'ultra-rare';
export const RARITIES: readonly Rarity[] = ['common', 'uncommon', 'rare', 'epic', 'ultra-rare'];

/**
 * Normalized card type, lower case.
 * WoW TCG: hero, master-hero, ally, ability, weapon, armor, item, quest, location
 *   ("Equipment" rows of the WoW JSON are split by subtype into weapon/armor/item).
 * Berserk: creature, artifact, terrain, equipment, event
 *   (data "artefact" and creatures with the "artifact" feature are artifacts; "place"/"terrain" is terrain).
 */
export type CardType =
  'hero' | 'master-hero' | 'ally' | 'ability' | 'weapon' | 'armor' | 'item' | 'quest' | 'location' | 'creature' | 'artifact' | 'terrain' | 'equipment' | 'event';

/**
 * A special printing of the card (same collector number): never a card of its own, never drawn as
 * an extra card in boosters. WoW TCG: `extended-art` / `loot` rows of the data (rarity p / l).
 * Berserk: `foil` / `alternative-art` markers in a card's features (the data flags the card itself;
 * whether a plain printing also exists is not recorded).
 */
export interface Printing {
  kind: 'extended-art' | 'loot' | 'foil' | 'alternative-art';
}

export type WowFaction = 'Alliance' | 'Horde' | 'Neutral' | 'Both' | 'Scourge';

/** WoW TCG attributes used by the rules (deck checks, booster sheets). */
export interface WowCardAttributes {
  game: 'wow-tcg';
  /** Alliance/Horde cards need a hero of that faction; Neutral and Both go with either. */
  faction: WowFaction;
  /** Classes allowed to play the card, e.g. ["Druid","Shaman"]; null = no class restriction. "Death Knight" spelled with a space. */
  classes: string[] | null;
  /** Talent a hero must have ("Fire hero required"), from subtype when subtype2 is "Talent"; else null. */
  talent: string | null;
  /** Heroes: the hero's class ("Priest"); null otherwise. */
  heroClass: string | null;
  /** Heroes: the hero's talent spec (subtype of a hero row, e.g. "Holy"); null otherwise. */
  heroTalent: string | null;
  race: string | null;
  professions: string[];
  /** Tags: Unique limits what is in play; Unlimited lifts the 4-copy limit in Constructed. */
  unique: boolean;
  unlimited: boolean;
  cost: number | null;
  attack: number | null;
  health: number | null;
  strikeCost: number | null;
  defense: number | null;
  /** Remaining subtypes as printed (e.g. "1H Weapon", "Melee (1)", "Arcane"). */
  subtypes: string[];
}

/** Berserk attributes used by the rules. */
export interface BerserkCardAttributes {
  game: 'berserk';
  /** steppes | forests | mountains | swamps | darkness | neutral */
  element: 'steppes' | 'forests' | 'mountains' | 'swamps' | 'darkness' | 'neutral';
  cost: number | null;
  /** value "gold" = elite, "silver" = ordinary. */
  elite: boolean;
  unique: boolean;
  /** Horde ("Орда"): up to five copies in a deck. */
  horde: boolean;
  flying: boolean;
  health: number | null;
  move: number | null;
  strike: { light: number; normal: number; heavy: number } | null;
  /** Keyword ids as in the data (e.g. "armor", "shoot"), printing markers removed. */
  features: string[];
}

export type CardAttributes = WowCardAttributes | BerserkCardAttributes;

/** One card of a set as importers produce it and the catalog stores it. */
export interface SetCard {
  /** Collector number, unique within the set. */
  number: number;
  name: string;
  rarity: Rarity;
  type: CardType;
  attributes: CardAttributes;
  printings: Printing[];
  /** Rules text, when the source has it (OCTGN `Rules`, product `text`). */
  text?: string;
  /** Image URL, when the source has one. */
  image?: string;
  /** OCTGN card GUID, when the set came from an OCTGN file (.o8d deck files name cards by it). */
  octgnId?: string;
}

/** A whole set as an importer produces it: the input of the catalog's import. */
export interface SetData {
  game: GameId;
  /** Upper-case set code, e.g. "HOA", "MOL", "S1". */
  code: string;
  name: string;
  cards: SetCard[];
  /** Null when the source has none and the game has no default for this set: import then needs one. */
  boosterLayout: BoosterLayout | null;
  /**
   * False for a set that is not sold in boosters (a promo set): its cards are in the catalog, but
   * it has no layout, opens no boosters and no event can use it for its packs. Absent: a booster set.
   */
  boosters?: false;
}

/** Stable card id across data versions: "<SETCODE>-<number>", e.g. "HOA-218". */
export function cardIdOf(setCode: string, number: number): string {
  return `${setCode.toUpperCase()}-${number}`;
}
