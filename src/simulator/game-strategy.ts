/**
 * What the simulated players do differently per game, by game id: a new GameId does not compile
 * until it has its entry here. Pure: no I/O.
 */
import type { GameId } from '../catalog/card.types';
import type { SimFormat } from './options';
import type { PickCard } from './pick-strategy';

export interface SimGameStrategy {
  /** What the pick strategy (pick-strategy.ts) reads of a card's catalog attributes. */
  pickAttributes(attributes: Record<string, unknown>): Pick<PickCard, 'faction' | 'classes' | 'element'>;
  /** The packs used when --packs is not given. */
  defaultPacks(format: SimFormat): string[];
  /**
   * Team events: a team's heroes must share a faction (WoW TCG), so each team drafts towards one
   * (draft-phase.ts teamFactions) and the deck phase probes a mismatch.
   */
  teamFactions: boolean;
}

export const SIM_GAME_STRATEGIES: Readonly<Record<GameId, SimGameStrategy>> = {
  'wow-tcg': {
    pickAttributes: (a) => ({ faction: typeof a.faction === 'string' ? a.faction : null, classes: Array.isArray(a.classes) ? (a.classes as string[]) : null }),
    // Heroes of Azeroth at the game's default count.
    defaultPacks: () => ['HOA'],
    teamFactions: true,
  },
  berserk: {
    pickAttributes: (a) => ({ element: typeof a.element === 'string' ? a.element : null }),
    // S1 × 6 (sealed) or × 3 (draft).
    defaultPacks: (format) => Array<string>(format === 'sealed' ? 6 : 3).fill('S1'),
    teamFactions: false,
  },
};
