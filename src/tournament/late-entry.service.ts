import { Injectable } from '@nestjs/common';
import { LiveNotifier } from '../common/notify/live-notifier';
import { DecksService } from '../decks/decks.service';
import { EventsRepository } from '../events/events.repository';
import { FORMATS } from '../events/formats';
import { PlayersService } from '../events/players.service';
import { assertAllowed } from '../events/rules/event-lifecycle';
import { assertNoLateTeamEntry, type EntryStatus } from '../events/rules/registration-policy';
import type { LateEntryDto, LatePlayerDto } from './dto/late-entry.dto';
import { assertBeforeTopCut, assertLateEntryDeck, firstRoundOfEntry, missedRounds } from './rules/late-entry';
import { RoundsRepository } from './rounds.repository';
import { TournamentService } from './tournament.service';
import { AuditRepository } from '../audit/audit.repository';
import { systemActor, type AuditActor } from '../audit/rules/audit-entry';

/**
 * Late entry after round 1 (rules/late-entry.ts; docs/rules.md "Late entry after round 1"): the
 * organizer adds a player while the event is playing; they are paired from the next round and have
 * a match loss for each round they missed. Loads, calls the rules, stores — one transaction with
 * the event row locked (as registration and pairing lock it), so the entry and the next pairing
 * never cross and nothing is half-written.
 */
@Injectable()
export class LateEntryService {
  constructor(
    private readonly events: EventsRepository,
    private readonly rounds: RoundsRepository,
    private readonly players: PlayersService,
    private readonly decks: DecksService,
    private readonly tournament: TournamentService,
    private readonly live: LiveNotifier,
    private readonly audit: AuditRepository,
  ) {}

  /**
   * Adds a late player: allowed at any time while the event is playing (a round with results still
   * missing included): the player is paired from the round after the latest paired one. Sealed with
   * generated packs: their pool opens from the event seed on their own streams
   * (`pack/player-<n>/pack-<k>`), as a late entry before round 1 gets it; a deck list is optional.
   * A draft or real boosters: only with a legal deck list, registered with the entry.
   * @throws DomainError EVENT_NOT_FOUND; EVENT_STATE_CONFLICT (not playing, a team event, the top cut
   *   started); LATE_ENTRY_DECK_REQUIRED (422, a draft or real boosters without `deck`); DECK_ILLEGAL
   *   (422, the list breaks a deck rule: nothing stored); EVENT_FULL; ALREADY_REGISTERED; PLAYER_NOT_FOUND (profileId)
   */
  async enter(eventId: string, dto: LatePlayerDto, actor: AuditActor = systemActor()): Promise<LateEntryDto> {
    const entered = await this.events.transaction(async (tx) => {
      const event = await this.events.lock(tx, eventId);
      assertAllowed(event.state, 'enterLate', event.format);
      assertNoLateTeamEntry(event);
      const rounds = await this.rounds.roundsWithMatches(eventId, tx);
      assertBeforeTopCut(rounds);
      assertLateEntryDeck(FORMATS[event.format].drafts, event.packSource === 'physical', dto.deck !== undefined);
      const firstRound = firstRoundOfEntry(rounds.length) ?? 1;
      const { player, token } = await this.players.enterLate(tx, event, { name: dto.name, profileId: dto.profileId, memberNumber: dto.memberNumber }, firstRound);
      const deck = dto.deck ? await this.decks.registerLateEntryDeck(tx, event, player, dto.deck) : null;
      const standing = (await this.tournament.standings(eventId, tx)).find((s) => s.playerId === player.id)!;
      await this.audit.record(tx, {
        eventId,
        action: 'player.lateEntry',
        actor,
        at: player.registeredAt,
        subject: { playerId: player.id, name: player.name },
        after: { status: player.status, firstRound, deck: deck !== null },
      });
      return {
        playerId: player.id,
        profileId: player.profileId,
        name: player.name,
        token,
        status: player.status as EntryStatus,
        firstRound,
        missedRounds: missedRounds({ firstRound }),
        deck,
        standing,
      };
    });
    await this.live.eventChanged(eventId);
    return entered;
  }
}
