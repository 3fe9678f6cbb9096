import { Injectable, OnModuleInit } from '@nestjs/common';
import { sealedPackPurpose } from '../common/random/stream-purposes';
import { EventPacks } from '../events/event-packs';
import { pinnedPacks, type EventRow, type PlayerRow, type Tx } from '../events/events.repository';
import { FormatStarters, type FormatStarter } from '../events/format-starters';

/**
 * Sealed: each player opens the event's whole pack sequence (WoW TCG sealed: 6 boosters per
 * player); the pool is every card of those packs. Player n's pack k comes from the stream
 * `pack/player-<n>/pack-<k>`, so a late entry's pool does not depend on anyone else's.
 * Registered with the events' format starters as "sealed": the start and every late entry open pools.
 */
@Injectable()
export class SealedPools implements FormatStarter, OnModuleInit {
  constructor(
    private readonly packs: EventPacks,
    private readonly starters: FormatStarters,
  ) {}

  onModuleInit(): void {
    this.starters.register('sealed', this);
  }

  start(tx: Tx, event: EventRow, players: PlayerRow[]): Promise<void> {
    return this.open(tx, event, players);
  }

  lateEntry(tx: Tx, event: EventRow, players: PlayerRow[]): Promise<void> {
    return this.open(tx, event, players);
  }

  /** Opens every pack of the event's sequence for each of `players`, in the caller's transaction. */
  async open(tx: Tx, event: EventRow, players: PlayerRow[]): Promise<void> {
    // Real boosters are opened at the table (start and late entry alike): nothing to open here.
    if (event.packSource === 'physical') return;
    const count = pinnedPacks(event).length;
    await this.packs.open(
      tx,
      event,
      players.flatMap((player) => Array.from({ length: count }, (_, i) => ({ packNumber: i + 1, purpose: sealedPackPurpose(player.number, i + 1), playerId: player.id }))),
    );
  }
}
