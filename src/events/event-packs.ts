import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { drawPack } from '../boosters/booster-generator';
import { SetVersionCache, type PreparedVersion, type VersionCard } from '../boosters/set-version-cache';
import { rngFor } from '../common/random/seeded-rng';
import { EventsRepository, pinnedPacks, type EventRow, type Tx } from './events.repository';
import { packsLeaveOutHeroSlot } from './formats';

export interface PackToOpen {
  /** 1-based position in the event's pack sequence (draft: the round). */
  packNumber: number;
  /** Random stream: the pack is drawn from seed + "/" + purpose (src/common/random/stream-purposes.ts). */
  purpose: string;
  podId?: string;
  seat?: number;
  playerId?: string | null;
}

/**
 * Opens an event's boosters: each from its own stream of the event seed, against the set data
 * version pinned at creation, so the verification can regenerate every pack alone.
 */
@Injectable()
export class EventPacks {
  constructor(
    private readonly versions: SetVersionCache,
    private readonly events: EventsRepository,
  ) {}

  /** The prepared set version of pack `packNumber` of the event. */
  versionOf(event: EventRow, packNumber: number): Promise<PreparedVersion> {
    return this.versions.get(event.game, pinnedPacks(event)[packNumber - 1].versionId);
  }

  /**
   * A lookup of any card of the event's pinned set versions by card id (undefined: not in them).
   * For card lists that are not tied to one pack number, like a pooled team sealed share.
   */
  async pinnedCards(event: EventRow): Promise<(cardId: string) => VersionCard | undefined> {
    const versions = await Promise.all(pinnedPacks(event).map((_, i) => this.versionOf(event, i + 1)));
    return (cardId) => versions.map((v) => v.cards.get(cardId)).find((c) => c !== undefined);
  }

  /**
   * Card ids of a pack, drawn exactly as at opening (used by opening and by verification): without
   * the game's hero-only sheets when the event's format leaves the hero slot out and the event does
   * not keep it (packsLeaveOutHeroSlot, as the verifier reads it).
   */
  async draw(event: EventRow, pack: Pick<PackToOpen, 'packNumber' | 'purpose'>): Promise<string[]> {
    const version = await this.versionOf(event, pack.packNumber);
    const compiled = packsLeaveOutHeroSlot(event) ? version.compiledWithoutHeroes : version.compiled;
    return drawPack(compiled, rngFor(event.seed, pack.purpose));
  }

  /** A sealed player's boosters as opened: card ids in slot order, by pack number. */
  playerPacks(eventId: string, playerId: string): Promise<{ packNumber: number; cards: string[] }[]> {
    return this.events.playerPacks(eventId, playerId);
  }

  /**
   * Draws and stores packs in the caller's transaction.
   * @returns the packs as stored (id, cards in slot order), in the order asked.
   */
  async open(tx: Tx, event: EventRow, packs: PackToOpen[]): Promise<{ id: string; packNumber: number; seat: number | null; purpose: string; cards: string[] }[]> {
    const pinned = pinnedPacks(event);
    const rows = [];
    const opened = [];
    const cards: { packId: string; position: number; cardId: string }[] = [];
    for (const pack of packs) {
      const id = randomUUID();
      const cardIds = await this.draw(event, pack);
      rows.push({
        id,
        eventId: event.id,
        podId: pack.podId ?? null,
        seat: pack.seat ?? null,
        playerId: pack.playerId ?? null,
        packNumber: pack.packNumber,
        setCode: pinned[pack.packNumber - 1].setCode,
        versionId: pinned[pack.packNumber - 1].versionId,
        purpose: pack.purpose,
      });
      cardIds.forEach((cardId, position) => cards.push({ packId: id, position, cardId }));
      opened.push({ id, packNumber: pack.packNumber, seat: pack.seat ?? null, purpose: pack.purpose, cards: cardIds });
    }
    await this.events.storePacks(tx, rows, cards);
    return opened;
  }
}
