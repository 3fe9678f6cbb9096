import type { CardDto } from '../../catalog/dto/card.dto';
import type { AutoPickDto, WaitingForDto } from './draft.dto';

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
  /** The pod's draft is over. */
  draftComplete: boolean;
  /** Without a pack: whose pack the player waits for (see MeDto). */
  waitingFor: WaitingForDto | null;
  /** The player's latest pick when the timer made it. */
  autoPicked: AutoPickDto | null;
  /** How many picks the player has made so far. */
  pickCount: number;
}
