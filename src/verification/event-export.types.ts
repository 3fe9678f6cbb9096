/**
 * The event export file: everything an independent verifier needs to regenerate every random choice
 * of an event from its revealed seed, with no server and no database (`npm run verify -- <file>`,
 * GET /api/events/:id/export). Pure types: no Nest, no Prisma.
 *
 * The file is JSON. Readers must check `format` and `formatVersion`; a change that removes or
 * changes the meaning of a field needs a new formatVersion (adding fields does not).
 *
 * ```json
 * { "format": "podium-event-export", "formatVersion": 1, "exportedAt": "2026-11-30T18:00:00.000Z",
 *   "event": { "id": "…", "game": "wow-tcg", "format": "draft", "seed": "…", "seedCommitment": "…", … },
 *   "pinnedPacks": [ { "packNumber": 1, "setCode": "HOA", "dataVersion": "9f…" }, … ],
 *   "setVersions": [ { "setCode": "HOA", "dataVersion": "9f…", "name": "Heroes of Azeroth", "boosterLayout": {…}, "cards": [ … ] } ],
 *   "players": [ { "playerId": "…", "number": 1, "name": "Alice" } ],
 *   "pods": [ { "number": 1, "seats": [ { "seat": 0, "playerId": "…" }, { "seat": 1, "playerId": null } ] } ],
 *   "packs": [ { "purpose": "pack/pod-1/seat-0/round-1", "packNumber": 1, "podNumber": 1, "seat": 0, "playerId": "…", "cards": ["HOA-284", …] } ],
 *   "picks": [ { "podNumber": 1, "packNumber": 1, "pickNumber": 1, "seat": 1, "cardId": "HOA-284", "source": "bot", "madeAt": "…" } ] }
 * ```
 */
import type { AuditEntryDto } from '../audit/dto/audit.dto';
import type { BoosterLayout } from '../catalog/layouts/booster-layout';
import type { CardAttributes, GameId, Printing } from '../catalog/card.types';
import type { EventFormat } from '../events/formats';

/** Value of `format`: identifies the file kind. */
export const EVENT_EXPORT_FORMAT = 'podium-event-export';
/** Value of `formatVersion` this code writes and reads. */
export const EVENT_EXPORT_FORMAT_VERSION = 1;

/** Who made a draft pick: the player, the timer on the player's behalf, or a bot (empty or absent seat). */
export type ExportPickSource = 'player' | 'timeout' | 'bot';

/** The event's settings that random choices depend on. */
export interface ExportEvent {
  /** Event id (UUID). */
  id: string;
  /** Display name. */
  name: string;
  /** Game id ("wow-tcg" | "berserk"): selects the hero types that WoW draft packs leave out. */
  game: GameId;
  /** "sealed" | "draft" (EVENT_FORMATS): its definition in FORMATS says what the verifier regenerates. */
  format: EventFormat;
  /** Lifecycle state at export time (registration | drafting | building | playing | complete | cancelled). */
  state: string;
  /** Lower-case hex SHA-256 of the seed's UTF-8 bytes, published at creation. */
  seedCommitment: string;
  /** The event seed; null until the organizer revealed it (then nothing can be regenerated). */
  seed: string | null;
  /** When the seed was revealed (ISO 8601), or null. */
  seedRevealedAt: string | null;
  /** WoW draft: draft packs keep the hero slot (by default they drop every hero-only sheet). */
  keepHeroSlot: boolean;
  /**
   * Where the boosters came from: "physical" (real boosters at the table: no packs or picks are
   * recorded, only the seating) or "generated"; absent = generated (files of earlier versions).
   */
  packSource?: 'generated' | 'physical';
  /** Draft: pods were filled up to 8 seats with bots (team draft: a lone team sat between bots). */
  fillWithBots: boolean;
  /** Team event: members per team (2 or 3); absent or null = solo. Team drafts seat whole teams, alternating. */
  teamSize?: number | null;
  /** Players may sideboard between games (docs/rules.md "Sideboarding allowed or not"); absent = true (earlier files). Informational. */
  sideboarding?: boolean;
  /** Base pick time in seconds (0 = no timer); informational, no random choice depends on it. */
  pickTimeSeconds: number;
  /** ISO 8601 timestamps; informational. */
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
}

/** One booster of the event's pack sequence, pinned at creation. */
export interface ExportPinnedPack {
  /** 1-based position in the sequence (draft: the round). */
  packNumber: number;
  /** Set code, upper case ("HOA"). */
  setCode: string;
  /** The data version pinned at creation: names one entry of `setVersions` (with setCode). */
  dataVersion: string;
}

/**
 * One card of a pinned set version, with every field of the catalog's SetCard plus its id, so that
 * the version's dataVersion can be recomputed (src/catalog/data-version.ts) and packs regenerated.
 */
export interface ExportCard {
  /** Stable id "<SETCODE>-<number>" ("HOA-218"): what packs and picks name. */
  cardId: string;
  /** Collector number within the set. */
  number: number;
  name: string;
  /** Normalized rarity (common | uncommon | rare | epic | ultra-rare): booster sheets and bots read it. */
  rarity: string;
  /** Normalized type (ally, hero, creature…): booster sheets and bots read it. */
  type: string;
  /** Game-specific attributes as stored (faction / element are what bots read). */
  attributes: CardAttributes | Record<string, unknown>;
  /** Special printings of the card (part of the data version only). */
  printings: Printing[] | unknown[];
}

/** One distinct set version pinned by the event (several pinned packs may share it). */
export interface ExportSetVersion {
  /** Set code, upper case. */
  setCode: string;
  /** Hex SHA-256 of the canonical set content, as published when the event pinned it. */
  dataVersion: string;
  /** The set's name in this version (part of the data version). */
  name: string;
  /** The booster layout stored with the version (src/catalog/layouts/booster-layout.ts), unmodified: draft packs derive theirs from it. */
  boosterLayout: BoosterLayout;
  /** Every card of the version, by collector number. */
  cards: ExportCard[];
}

/** A registered player. */
export interface ExportPlayer {
  /** EventPlayer id (UUID): what seats, packs and pools refer to. */
  playerId: string;
  /** Registration order, 1-based: seating shuffles players in this order; sealed streams are named by it. */
  number: number;
  /** Display name; informational. */
  name: string;
  /** Team events: the number (registration order) of the player's team; absent or null = no team. Team seating shuffles teams in this order. */
  teamNumber?: number | null;
  /**
   * Late entry by the organizer after round 1 was paired: the first Swiss round the player was paired
   * in (1 when round 1 was undone since); absent = an entry before round 1 was paired.
   * Such a player entered after the pods were seated: seating is replayed without them (a draft
   * takes them only with a deck list: they have no seat, packs or picks); a sealed one's pool comes
   * from their own streams like everyone's.
   */
  firstRound?: number;
  /**
   * The organizer's lower main-deck minimum for this player (docs/rules.md "A lower minimum for one
   * player"); absent = the game's. Informational: no random choice depends on it.
   */
  minMainDeck?: number;
}

/** A draft pod and who sat where. */
export interface ExportPod {
  /** 1-based pod number. */
  number: number;
  /** Every seat 0..n-1 in order; `playerId` null for a bot seat. */
  seats: { seat: number; playerId: string | null }[];
}

/** A booster as opened. */
export interface ExportPack {
  /** The random stream it was drawn from (`seed + "/" + purpose`): `pack/pod-<p>/seat-<s>/round-<r>` or `pack/player-<n>/pack-<k>`. */
  purpose: string;
  /** 1-based position in the pinned sequence (draft: the round); selects the pinned set version. */
  packNumber: number;
  /** Draft: the pod of the opening seat; sealed: null. */
  podNumber: number | null;
  /** Draft: the opening seat 0..n-1; sealed: null. */
  seat: number | null;
  /** Sealed: the owner; draft: the player at the opening seat (null for a bot seat). */
  playerId: string | null;
  /** Card ids in opened (slot) order. */
  cards: string[];
}

/** One draft pick. */
export interface ExportPick {
  podNumber: number;
  /** The round, 1-based. */
  packNumber: number;
  /** 1-based pick number within the round. */
  pickNumber: number;
  /** The picking seat, 0..n-1. */
  seat: number;
  cardId: string;
  /** player | timeout | bot: bot picks (and timeout picks without a preselected card) are recomputable. */
  source: ExportPickSource | string;
  /** When the pick was stored (ISO 8601); informational: verification never depends on time. */
  madeAt: string;
}

/** The whole export file (see the file comment). */
export interface EventExport {
  format: typeof EVENT_EXPORT_FORMAT;
  formatVersion: typeof EVENT_EXPORT_FORMAT_VERSION;
  /** When the file was written (ISO 8601); informational. */
  exportedAt: string;
  event: ExportEvent;
  /** The pack sequence in opening order. */
  pinnedPacks: ExportPinnedPack[];
  /** Each distinct pinned set version once, with its layout and cards. */
  setVersions: ExportSetVersion[];
  /** Every registered player, by number. */
  players: ExportPlayer[];
  /** Draft pods by number (empty for sealed and before a draft starts). */
  pods: ExportPod[];
  /** Every opened pack: draft by pod, round, seat; sealed by player number, pack number. */
  packs: ExportPack[];
  /** Every draft pick by pod, round, pick number, seat (empty for sealed). */
  picks: ExportPick[];
  /**
   * Draft: the organizer's seat swaps before picking, in order (docs/rules.md "Seat swaps"): the
   * seating the seed gives, with each pair of players trading seats, is the seating as played.
   * Absent when there were none (and in files of earlier versions).
   */
  seatSwaps?: ExportSeatSwap[];
  /**
   * Staff exports only: the event's audit trail, oldest first (src/audit/). Private (it names staff
   * and players' changes); the verifier ignores it. Absent in public exports.
   */
  audit?: AuditEntryDto[];
}

/** Two players who traded seats before either picked. */
export interface ExportSeatSwap {
  playerA: string;
  playerB: string;
  /** ISO 8601; informational. */
  at: string;
}
