/**
 * NOT_A_HERO: the deck's hero must be a hero card of the game; a game without heroes takes none.
 *
 * Sources:
 * - WoW TCG: every deck is played with one hero, outside the deck (seed
 *   wowtcg-rules-sealed-draft-glossary, "Sealed Pack Formats": "определите, каким героем будете
 *   играть - невзирая на наличие в бустерах, любым из существующих в игре"; the same for draft).
 *   In Limited the hero may be **any** hero of the game, in the pool or not: nothing about the
 *   pool is checked here.
 * - Which card types are heroes comes from GameProfile.heroTypes (WoW TCG: "hero"; master heroes
 *   are deck cards). Berserk's profile (classic Berserk) has none: a hero given is refused. Only
 *   the "Berserk. Heroes" variant has hero cards (docs/rules.md), and its profile would list them.
 */
import { article, type DeckRule } from './deck-context';

export const heroRule: DeckRule = {
  name: 'hero',
  check({ hero, profile, heroIsHero }) {
    if (profile.heroTypes.length === 0) {
      if (!hero) return [];
      return [
        {
          code: 'NOT_A_HERO',
          message: `${profile.name} decks have no hero: remove ${hero.name} from the hero slot (play it in the deck if it is a deck card).`,
          cards: [hero.cardId],
        },
      ];
    }
    if (!hero) {
      return [{ code: 'NOT_A_HERO', message: `Choose a hero: a ${profile.name} deck is played with one hero card, outside the deck.`, cards: [] }];
    }
    if (heroIsHero) return [];
    return [
      {
        code: 'NOT_A_HERO',
        message: `${hero.name} is ${article(hero.type.replace('-', ' '))}, not a hero: choose a hero card as your deck's hero.`,
        cards: [hero.cardId],
      },
    ];
  },
};
