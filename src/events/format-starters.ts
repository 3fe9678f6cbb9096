import { Injectable } from '@nestjs/common';
import type { EventRow, PlayerRow, Tx } from './events.repository';
import type { EventFormat } from './formats';

/** What a format does when its event starts, in the start transaction (event row locked). */
export interface FormatStarter {
  start(tx: Tx, event: EventRow, players: PlayerRow[]): Promise<void>;
  /**
   * After the start committed (what `start` wrote is visible to players now): e.g. a draft's pick
   * clocks start here, not while the start transaction was still writing.
   */
  opened?(eventId: string): Promise<void>;
  /**
   * A player who registers once the event is past its start (sealed accepts late entries while
   * decks are built), in the registration's transaction (event row locked): e.g. their pool opens.
   */
  lateEntry?(tx: Tx, event: EventRow, players: PlayerRow[]): Promise<void>;
}

/**
 * The formats' start steps, registered by their own modules at start-up (draft registers "draft",
 * sealed "sealed"), so events need not know its formats' modules. The rules of each format (start
 * state, late entry states, pool, pairing scope…) are its definition in FORMATS (./formats); this is
 * only the runtime hook of the steps that need Nest and the database.
 */
@Injectable()
export class FormatStarters {
  private readonly starters = new Map<EventFormat, FormatStarter>();

  /** Registers the start steps of `format` (one of FORMATS' names); a later registration replaces an earlier one. */
  register(format: EventFormat, starter: FormatStarter): void {
    this.starters.set(format, starter);
  }

  /** @throws Error when no module registered the format (a wiring bug). */
  get(format: EventFormat): FormatStarter {
    const starter = this.starters.get(format);
    if (!starter) throw new Error(`no starter registered for format ${format}`);
    return starter;
  }
}
