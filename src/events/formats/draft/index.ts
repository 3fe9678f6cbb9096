/**
 * Booster draft: the start seats pods of 4–8 from the seed and opens every pack of every round
 * (WoW TCG: 4 boosters of a 15-card set, 3 of a 19-card set; docs/rules.md), players pick in their
 * pods, and the draft's end moves the event to deck building. No late entry. Players build from their
 * picks and meet the people they drafted with first. Draft packs leave the hero slot out unless the
 * event keeps it, and the verifier replays the seating. The start is src/draft (DraftStartService,
 * registered with FormatStarters as "draft").
 */
import { draftPacksFor } from '../../../catalog/games';
import type { FormatDefinition } from '../format-definition';

export const DRAFT_FORMAT: FormatDefinition<'draft'> = {
  id: 'draft',
  startsIn: 'drafting',
  lateEntryStates: [],
  drafts: true,
  packsPerPlayer: (game, boosterSize) => draftPacksFor(game, boosterSize),
  pool: 'draft-picks',
  pairingScope: 'pod-first',
  pooledTeamPool: false,
  packsLeaveOutHeroSlot: true,
  seatingReplayed: true,
};
