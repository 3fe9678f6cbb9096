/**
 * Sealed: each player opens the event's whole pack sequence (WoW TCG sealed: 6 boosters per player,
 * docs/rules.md "Sealed Pack Formats") and builds from every card of them; the start goes straight to
 * deck building, and players may still enter until round 1 is paired (their pools open as they
 * register). Team sealed may pool the team's boosters. The start and late entry are src/sealed
 * (SealedPools, registered with FormatStarters as "sealed").
 */
import type { FormatDefinition } from '../format-definition';

export const SEALED_FORMAT: FormatDefinition<'sealed'> = {
  id: 'sealed',
  startsIn: 'building',
  lateEntryStates: ['building'],
  drafts: false,
  packsPerPlayer: (game) => game.limited.sealedPacksPerPlayer,
  pool: 'opened-boosters',
  pairingScope: 'event',
  pooledTeamPool: true,
  packsLeaveOutHeroSlot: false,
  seatingReplayed: false,
};
