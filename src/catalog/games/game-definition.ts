/**
 * A game as the product knows it: one folder `src/catalog/games/<id>/` whose index.ts exports one
 * GameDefinition, registered in GAMES (./index.ts, keyed by GameId). Everything that differs from
 * game to game and can live at the bottom layer is here, so that a new GameId fails to compile until
 * its folder supplies every part. Pure: no Nest, no Prisma, no I/O.
 *
 * The parts that need higher layers read the definition: the product set format's attribute check
 * (importers/product-json.ts), the default booster layouts (layouts/default-layouts.ts), the
 * Constructed rules (decks/rules), the draft bot (draft/rules/bot-pick.ts) and the deck suggestion
 * (decks/suggestion).
 */
import type { CardAttributes, GameId, SetData } from '../card.types';
import type { ImportFormat } from '../importers/import-formats';
import type { ImportOptions } from '../importers/set-options';
import type { BoosterLayout } from '../layouts/booster-layout';
import type { GameProfile } from './game-profile';
import type { GameTerms } from './terms';

/** The card attributes of game `G` (CardAttributes, discriminated by `game`). */
export type AttributesOf<G extends GameId> = CardAttributes & { game: G };

/**
 * How a card's `attributes` of this game are checked and read in a Podium set file
 * (docs/set-format.md, importers/product-json.ts). No game is read as another's.
 */
export interface ProductAttributes<G extends GameId, D extends object = object> {
  /**
   * class-validator class of `cards[i].attributes` (validated with whitelist and
   * forbidNonWhitelisted: unknown fields are errors). Import 'reflect-metadata' before declaring it.
   */
  dto: new () => D;
  /** The validated DTO → the card's attributes, omitted fields filled in (null, false or []). */
  decode(dto: D): AttributesOf<G>;
}

/** An importer of a format of this game's own (the `product` format reads every game). */
export interface GameImporter {
  /** How error messages name the file, e.g. "The WoW TCG JSON file". */
  fileLabel: string;
  /** File text → its sets, as every importer (importers/index.ts, parseSetFile). */
  parse(text: string, options?: ImportOptions): SetData[];
}

/** A named booster layout template (an import's `?layout=`). */
export interface GameLayoutTemplate {
  /** One line for people: contents and odds. */
  description: string;
  /** A fresh copy each call, so callers may change it freely. */
  build(): BoosterLayout;
}

/** The booster layouts a game knows without being told (community figures, docs/rules.md). */
export interface GameLayouts {
  /** Templates by name; names are unique across games (e.g. "wow-tcg-15"), in the order listed. */
  templates: Readonly<Record<string, GameLayoutTemplate>>;
  /**
   * The default layout of a set of this game.
   * @param setCode upper case.
   * @returns a fresh layout, or null when the game knows none for the set (the import must then
   *   supply one: BOOSTER_LAYOUT_REQUIRED).
   */
  defaultFor(setCode: string): BoosterLayout | null;
}

/**
 * Constructed deck rules that the GameProfile does not carry: read by the deck check
 * (decks/rules, CONSTRUCTED_RULES; DeckCheckInput.constructed overrides them).
 */
export interface ConstructedRules {
  /** Fewest main-deck cards besides the hero; null = no published minimum (not checked). */
  minDeckSize: number | null;
  /** Allowed side deck sizes (total cards), e.g. [0, 10]; null = not checked. */
  sideDeckSizes: readonly number[] | null;
}

/**
 * How the deck suggestion (decks/suggestion/suggest-deck.ts) builds a Limited deck from a pool:
 * - `best-hero`: every hero of the game is a candidate; the one whose rules let it play the most
 *   pool cards wins (WoW TCG);
 * - `two-colours`: the two values of `attribute` held by the most pool cards, plus the cards whose
 *   value is `neutral` or missing (Berserk: elements). Messages name the values by `attribute`.
 */
export type DeckSuggestionStrategy = { kind: 'best-hero' } | { kind: 'two-colours'; attribute: string; neutral: string };

/**
 * One game: its rules profile (the fields of GameProfile, as GET /api/games shows them) and the
 * per-game behaviour of the layers above. `GAMES[id]` is a GameProfile as well.
 */
export interface GameDefinition<G extends GameId = GameId> extends GameProfile {
  id: G;
  /** The product set format's check of a card's attributes: no game is validated as another. */
  productAttributes: ProductAttributes<G>;
  /** Importers of this game's own formats, by format (every key listed in IMPORT_FORMATS). */
  importers: Readonly<Partial<Record<ImportFormat, GameImporter>>>;
  layouts: GameLayouts;
  constructed: ConstructedRules;
  /**
   * The card's colour for the draft bot (draft/rules/bot-pick.ts), from its stored attributes
   * (read defensively: fields may be missing): a key naming game and colour ("wow:Horde") that
   * picks of the same colour share, 'any' when the card fits every deck, null when unknown.
   */
  botColour(attributes: Readonly<Record<string, unknown>>): string | null;
  deckSuggestion: DeckSuggestionStrategy;
  /** The names players read for every value on this game's cards, in each language (./terms.ts). */
  terms: GameTerms;
}
