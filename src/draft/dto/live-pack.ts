import type { CardDto } from '../../catalog/dto/card.dto';

/** Data of a `pack` event: /me without the pool (fetch /me for it), plus the own pick count. */
export interface LivePack {
  podId: string | null;
  seat: number | null;
  /** Event state. */
  state: string;
  packNumber: number | null;
  pickNumber: number | null;
  direction: 'left' | 'right' | null;
  deadline: string | null;
  currentPack: { cards: CardDto[] } | null;
  preselected: string | null;
  /** How many picks the player has made so far. */
  pickCount: number;
}
