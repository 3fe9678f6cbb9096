/**
 * The booster layouts Podium knows without being told: named templates, and the default of each
 * game/set. All figures are community knowledge (reviews, OCTGN set definitions, a fan simulator),
 * recorded in docs/rules.md, "Booster contents"; each game's live in its folder
 * (src/catalog/games/<id>/layouts.ts, GameDefinition.layouts), as data, not in the generator.
 */
import type { GameId } from '../card.types';
import { GAMES, type GameLayoutTemplate } from '../games';
import type { BoosterLayout, SheetDefinition } from './booster-layout';

/** Names accepted by layoutTemplate (and by an import's `?layout=`): the templates of every game. */
export type LayoutTemplateName = string;

export interface LayoutTemplate extends GameLayoutTemplate {
  name: LayoutTemplateName;
  game: GameId;
}

function templatesOfEveryGame(): Record<LayoutTemplateName, LayoutTemplate> {
  const out: Record<LayoutTemplateName, LayoutTemplate> = {};
  for (const game of Object.values(GAMES)) {
    for (const [name, template] of Object.entries(game.layouts.templates)) {
      if (Object.hasOwn(out, name)) throw new Error(`layout template "${name}" of ${game.id} is also one of ${out[name].game}`);
      out[name] = { name, game: game.id, description: template.description, build: template.build };
    }
  }
  return out;
}

/** The named templates, game by game in registry order. Sources: docs/rules.md, "Booster contents" (community). */
export const LAYOUT_TEMPLATES: Readonly<Record<LayoutTemplateName, LayoutTemplate>> = Object.freeze(templatesOfEveryGame());

/** Names of all templates, e.g. for an error message or an API enum. */
export const LAYOUT_TEMPLATE_NAMES = Object.keys(LAYOUT_TEMPLATES) as LayoutTemplateName[];

/**
 * A template by name, e.g. "wow-tcg-19" for a later set imported with `?layout=wow-tcg-19`.
 * @returns a fresh layout, or null when no template has that name (the caller reports it).
 */
export function layoutTemplate(name: string): BoosterLayout | null {
  return Object.hasOwn(LAYOUT_TEMPLATES, name) ? LAYOUT_TEMPLATES[name].build() : null;
}

/**
 * The default layout of a set: the game's (GameDefinition.layouts.defaultFor), e.g.
 * - wow-tcg: `wow-tcg-15` for HOA/TDP/FOO, `wow-tcg-19` for MOL…ICC, null for any other code;
 * - berserk: `berserk-12` for every set.
 * @param setCode set code, any case ("hoa" = "HOA").
 * @returns a fresh layout, or null when the game has no known layout for the set (the import must
 *   then supply one: BOOSTER_LAYOUT_REQUIRED).
 */
export function defaultLayoutFor(game: GameId, setCode: string): BoosterLayout | null {
  return GAMES[game].layouts.defaultFor(setCode.toUpperCase());
}

/**
 * The layout with every slot of `sheetName` removed, and the sheet itself; other sheets and all
 * weights unchanged. For WoW draft packs, which leave the hero out (players pick any hero):
 * `withoutSheet(layout, 'hero')` (community, docs/rules.md).
 * A variant left with no slot is kept as is, and compileLayout reports it (minItems).
 * @returns a new layout; the input is not modified.
 */
export function withoutSheet(layout: BoosterLayout, sheetName: string): BoosterLayout {
  const sheets: Record<string, SheetDefinition> = {};
  for (const [name, sheet] of Object.entries(layout.sheets)) if (name !== sheetName) sheets[name] = sheet;
  return {
    sheets,
    variants: layout.variants.map((v) => ({ weight: v.weight, slots: v.slots.filter((s) => s.sheet !== sheetName) })),
  };
}
