/**
 * An event format as the product knows it: one folder `src/events/formats/<id>/` whose index.ts
 * exports one FormatDefinition, registered in FORMATS (./index.ts, keyed by EventFormat). Everything
 * that differs from format to format and can be said as plain data at the events layer is here, so
 * that a new EventFormat fails to compile until its folder supplies every part. Pure: no Nest, no
 * Prisma, no I/O.
 *
 * The parts that need Nest or higher layers read the definition: the lifecycle (rules/event-lifecycle.ts),
 * the pack sequence (rules/pack-sequence.ts), the event options (rules/event-options.ts), the pack
 * drawing (event-packs.ts), the pairings (tournament), the pool (decks, draft views), the seat lookup
 * (draft/seat-directory.ts) and the verifier (verification). What a format does when its event
 * starts or a player enters late is its Nest module's FormatStarter (format-starters.ts), registered
 * at start-up for the same EventFormat (src/draft, src/sealed).
 */
import type { GameProfile } from '../../catalog/games';
import type { EventState } from '../rules/event-lifecycle';

/**
 * The event formats, in the order they are listed (the API's EventFormat enum). A name here without
 * its entry in FORMATS (./index.ts) does not compile.
 */
export const EVENT_FORMATS = ['sealed', 'draft'] as const;
export type EventFormat = (typeof EVENT_FORMATS)[number];

/**
 * Where a player's Limited pool comes from:
 * - `opened-boosters`: every card of the boosters the player opened (pooled team sealed: their share
 *   of the team's pool once split);
 * - `draft-picks`: the cards the player picked in their pod.
 */
export type PoolSource = 'opened-boosters' | 'draft-picks';

/**
 * Whom the Swiss rounds pair:
 * - `event`: the whole event as one field (pairSwissRound);
 * - `pod-first`: players meet the people they drafted with, inside their pods first, the odd pods'
 *   leftovers across pods (pairDraftRound; docs/rules.md).
 */
export type PairingScope = 'event' | 'pod-first';

/** One event format: its rules as the lifecycle, the pairings, the pools and the verifier read them. */
export interface FormatDefinition<F extends EventFormat = EventFormat> {
  /** The format's name: what an event stores in `format`, the API accepts and shows. */
  id: F;
  /**
   * The state `start` moves the event to from registration: `drafting` for a format that drafts
   * (the draft's end then moves it to building), else straight to `building`.
   */
  startsIn: Extract<EventState, 'drafting' | 'building'>;
  /**
   * Late entry: the states past the start in which players may still register (each such entry runs
   * the format starter's `lateEntry` in the registration's transaction, e.g. their pool opens).
   * Empty: players register only before start. Sealed: `['building']`, i.e. until round 1 is paired.
   * Team events take no late entry whatever their format (players.service.ts).
   */
  lateEntryStates: readonly EventState[];
  /**
   * Whether the event drafts: pods are seated at the start, and picking, pausing and finishing the
   * draft (pick, pause, finishDraft) exist, allowed in `drafting`. Without it the event has none of
   * them (EVENT_STATE_CONFLICT "a <format> event has no <action>").
   */
  drafts: boolean;
  /**
   * Boosters each player gets when the organizer names a single set (rules/pack-sequence.ts): the
   * game's published number for this format, for boosters of `boosterSize` cards.
   * @returns the number, or null when the game publishes none (the organizer lists every pack).
   */
  packsPerPlayer(game: GameProfile, boosterSize: number): number | null;
  /** Where a player's pool (the cards a Limited deck is checked against) comes from. */
  pool: PoolSource;
  /** Whom the Swiss rounds pair (tournament.service.ts). */
  pairingScope: PairingScope;
  /**
   * Whether a team event of this format may pool its boosters into one team pool that the team
   * splits (the event option pooledTeamSealed; rules/event-options.ts).
   */
  pooledTeamPool: boolean;
  /**
   * Whether the format's packs are drawn without the game's hero-only sheets (WoW draft: players
   * choose any hero) unless the event keeps the hero slot (keepHeroSlot). Read alike by the server
   * (event-packs.ts) and the verifier (verification/set-data.ts).
   */
  packsLeaveOutHeroSlot: boolean;
  /**
   * Whether the event's seating (pods and seats, from the seed's stream "pods") is a random choice
   * the verifier replays (verification/verify-event.ts), also with real boosters at the table.
   */
  seatingReplayed: boolean;
}
