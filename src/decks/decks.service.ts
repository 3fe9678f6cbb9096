import { Injectable } from '@nestjs/common';
import { SetVersionCache } from '../boosters/set-version-cache';
import type { GameId } from '../catalog/card.types';
import { CatalogRepository } from '../catalog/catalog.repository';
import type { CardDto } from '../catalog/dto/card.dto';
import { GAMES } from '../catalog/games';
import { Clock } from '../common/clock/clock';
import { DomainError } from '../common/errors/domain-error';
import { EventsRepository, pinnedPacks, type EventRow, type PlayerRow, type Tx } from '../events/events.repository';
import { FORMATS } from '../events/formats';
import { assertAllowed } from '../events/rules/event-lifecycle';
import type {
  CardCountDto,
  CheckDeckDto,
  DeckCheckResultDto,
  DeckDto,
  DeckSubmissionDto,
  PlayerDeckDto,
  DeckMinimumDto,
  PlayerDeckStatusDto,
  SubmitDeckDto,
  SubmittedDeckDto,
  WorkingCopyDto,
} from './dto/deck.dto';
import { writeDeckList, type DeckList, type DeckListFormat, type ImportedDeckList } from './formats';
import { DeckListReader } from './deck-list-reader';
import { catalogSnapshot, type CatalogSnapshot, type ReadDeckList } from './deck-list-reading';
import { textCandidates, type EncodingSource } from './formats/encoding';
import type { RawTextBody } from '../common/http/request-bodies';
import { DecksRepository, type DeckRow, type WorkingCopyRow, type WorkingCopyWrite } from './decks.repository';
import { assertDeckMinimum, deckMinimumFloor, mainDeckMinimum } from './rules/deck-minimum';
import { checkDeck, placeSubmission, sideboardOf, soloViolations, type CardCount, type DeckCard, type DeckEntry, type SubmissionPlace } from './rules';
import { TeamDecks } from './team-decks';
import type { DeckSuggestionDto, RegisteredSuggestionDto } from './suggestion/deck-suggestion.dto';
import { stringAttribute } from './rules/deck-context';
import { assertCheckSources, assertDeckOpen, assertKnownCards, assertKnownSets, assertSuggestible, teamShare } from './rules/deck-policy';
import { assertOwnMatch, assertSideboardingAllowed, assertSideboardingOpen } from './rules/match-deck-policy';
import { suggestDeck } from './suggestion/suggest-deck';
import { AuditRepository } from '../audit/audit.repository';
import { playerActor, systemActor, type AuditActor } from '../audit/rules/audit-entry';

/** A deck list read, with the encoding it was read in and why (see textCandidates). */
export type ImportedDeckListWithEncoding = ImportedDeckList & { encoding: { name: string; source: EncodingSource; tried: string[] } };

/**
 * How well a reading of a list fits the catalog: copies resolved to cards, less those of lines
 * that did not resolve or read. The wrong encoding turns names into nonsense, so it scores low.
 */
function readingScore(read: ReadDeckList): number {
  const copies = (list: [string, number][]) => list.reduce((n, [, count]) => n + count, 0);
  return (read.hero ? 1 : 0) + copies(read.main) + copies(read.sideboard) - read.unresolved.length - read.errors.length;
}

/** A card as decks need it: what the rules read and what the API shows. */
interface KnownCard extends DeckCard {
  setCode: string;
  number: number;
  rarity: string;
  /** OCTGN GUID, when the set came from an OCTGN file (.o8d exports name it). */
  octgnId?: string;
}

const toCardDto = (c: KnownCard): CardDto => ({ cardId: c.cardId, setCode: c.setCode, number: c.number, name: c.name, rarity: c.rarity, type: c.type });

/** A game's current cards by card id, and their snapshot for the deck list reader. */
interface CurrentGame {
  cards: ReadonlyMap<string, KnownCard>;
  catalog: CatalogSnapshot;
}

/**
 * Deck submission for events (Limited: WoW TCG "Sealed Pack Formats" — at least 30 cards besides
 * the hero, any hero of the game, every other card from the player's own pool, the sideboard is
 * the rest of the pool), stand-alone checks, and deck lists in and out.
 * Loads cards and pools, calls the pure rules (src/decks/rules: the deck rules, and the policies
 * deck-policy.ts and match-deck-policy.ts), stores the result.
 */
@Injectable()
export class DecksService {
  /** Per game: the current cards and name index, with the catalog key they were loaded at. */
  private readonly current = new Map<GameId, { key: string; value: Promise<CurrentGame> }>();

  constructor(
    private readonly events: EventsRepository,
    private readonly decks: DecksRepository,
    private readonly catalog: CatalogRepository,
    private readonly versions: SetVersionCache,
    private readonly clock: Clock,
    private readonly teamDecks: TeamDecks,
    private readonly reader: DeckListReader,
    private readonly audit: AuditRepository,
  ) {}

  /**
   * Checks and stores a player's deck (rule REGISTERED_DECK_KEPT, rules/deck-registration.ts): a
   * deck that passes every rule is registered and clears the working copy; one that breaks a rule
   * never replaces a registered legal deck — it is kept as the working copy — and with no legal deck
   * yet it is the deck of record marked illegal, so the organizer sees who still has to fix theirs.
   * Team events (TEAM_REGISTRATION): the team faction rule is checked against the teammates'
   * registered decks, and a submission may register together with teammates' decks waiting for the
   * team; a refused submission never changes a teammate's registered deck. Real boosters
   * (packSource "physical"): the deck is a list — main-deck cards from the event's sets,
   * Constructed copy limits, the sideboard as given (omitted: none) — as no pool is known.
   * @throws DomainError EVENT_STATE_CONFLICT (before deck building, or locked once round 1 is paired —
   *   a late entry's once their own first round is paired)
   */
  async submit(
    eventId: string,
    player: PlayerRow,
    dto: SubmitDeckDto,
    by: 'player' | 'organizer',
    actor: AuditActor = by === 'player' ? playerActor(player) : systemActor(),
  ): Promise<DeckSubmissionDto> {
    const event = await this.events.get(eventId);
    // A late entry after round 1 submits until their own first round is paired (LATE_DECK_OPEN).
    if (event.state !== 'playing' || player.firstRound === null) assertAllowed(event.state, 'submitDeck', event.format);
    const cards = await this.eventCards(event);
    return this.events.transaction(async (tx) => {
      // The state again, under the event's share lock: a submission checked before round 1 was
      // paired must not commit after it (decks lock at round 1); pairing waits for those in flight.
      const locked = await this.events.lockShared(tx, eventId);
      assertDeckOpen(locked.state, locked.format, player, locked.state === 'playing' ? await this.decks.latestRoundNumber(tx, eventId) : null);
      // One submission of a player (of a whole team: the team rule reads and rewrites teammates' decks) at a time.
      if (player.teamId) await this.decks.lockTeam(tx, player.teamId);
      else await this.decks.lockPlayer(tx, player.id);
      // Real boosters: nobody knows the pool; the list is checked against the event's sets instead.
      const pool = event.packSource === 'physical' ? null : await this.poolOf(event, player, tx, true);
      const sideboard = dto.sideboard ?? (pool ? sideboardOf(pool, dto.main) : []);
      // The organizer's lower minimum, as stored now (under the player's lock).
      const minMainDeck = (await this.events.player(eventId, player.id, tx)).minMainDeck;
      const result = this.check(event.game, 'limited', cards, dto.hero, dto.main, sideboard, pool, physicalSets(event), minMainDeck);
      const copy: WorkingCopyWrite = { hero: dto.hero ?? null, main: dto.main, sideboard, violations: result.violations, submittedBy: by, updatedAt: this.clock.now() };
      const before = await this.decks.decksOfPlayer(player.id, tx);
      let registers = result.legal;
      if (player.teamId) {
        const team = await this.decks.teamWithDecks(tx, player.teamId);
        const outcome = await this.teamDecks.submit(tx, team, player.id, copy.hero, result.violations, this.heroFaction(cards));
        registers = outcome.registers;
        copy.violations = outcome.violations;
      }
      const place = placeSubmission(registers, before.deck?.legal === true);
      await this.store(tx, eventId, player.id, copy, place);
      const after = await this.decks.decksOfPlayer(player.id, tx);
      const submitted = { ...copy, playerId: player.id, legal: place === 'registered' };
      await this.audit.record(tx, {
        eventId,
        action: by === 'organizer' ? 'deck.registeredByStaff' : 'deck.submitted',
        actor,
        at: copy.updatedAt,
        subject: { playerId: player.id, name: player.name },
        before: before.deck ? { legal: before.deck.legal, hero: before.deck.hero, cards: countOf(before.deck.main) } : null,
        after: { storedAs: place, legal: submitted.legal, hero: copy.hero, cards: countOf(copy.main), violations: copy.violations.length },
      });
      return {
        legal: submitted.legal,
        violations: copy.violations,
        deck: this.toDto(submitted, cards),
        storedAs: place,
        registeredDeck: after.deck?.legal ? this.toDto(after.deck, cards) : null,
        ...(result.warnings ? { warnings: result.warnings } : {}),
      };
    });
  }

  /**
   * A late entry's deck list, registered by the organizer in the entry's transaction (event row
   * locked; docs/rules.md "Late entry after round 1"). Where the player has a pool (generated
   * sealed: opened from the seed in this transaction) the list is checked against it; where they
   * have none (a draft, whose packs the pods drafted, or real boosters) it is checked as a list
   * without a pool by the game's rules — main-deck cards from the event's sets, copy limits — as the
   * real-booster lists are. Only a legal list is stored (registered, submitted by the organizer).
   * @throws DomainError DECK_ILLEGAL (details: each violation, field deck) — nothing stored; the caller's transaction rolls back.
   */
  async registerLateEntryDeck(tx: Tx, event: EventRow, player: PlayerRow, dto: SubmitDeckDto): Promise<DeckDto> {
    const cards = await this.eventCards(event);
    const pooled = event.packSource !== 'physical' && !FORMATS[event.format].drafts;
    const pool = pooled ? await this.poolOf(event, player, tx) : null;
    const sideboard = dto.sideboard ?? (pool ? sideboardOf(pool, dto.main) : []);
    const listCheck = pool ? undefined : (physicalSets(event) ?? eventSets(event));
    const result = this.check(event.game, 'limited', cards, dto.hero, dto.main, sideboard, pool, listCheck);
    if (!result.legal) {
      throw new DomainError(
        'DECK_ILLEGAL',
        'The late player’s deck list breaks the deck rules: nothing was registered',
        result.violations.map((v) => ({ field: 'deck', rule: v.code, message: v.message, ...(v.cards[0] ? { card: v.cards[0] } : {}) })),
      );
    }
    const copy: WorkingCopyWrite = { hero: dto.hero ?? null, main: dto.main, sideboard, violations: [], submittedBy: 'organizer', updatedAt: this.clock.now() };
    await this.store(tx, event.id, player.id, copy, 'registered');
    return this.toDto({ ...copy, playerId: player.id, legal: true }, cards);
  }

  /** Stores a checked submission where REGISTERED_DECK_KEPT put it; registering or replacing the deck of record clears the working copy. */
  private async store(tx: Tx, eventId: string, playerId: string, copy: WorkingCopyWrite, place: SubmissionPlace): Promise<void> {
    if (place === 'working-copy') {
      await this.decks.saveWorkingCopy(tx, eventId, playerId, copy);
      return;
    }
    await this.decks.saveDeck(tx, eventId, playerId, { ...copy, legal: place === 'registered' });
    await this.decks.deleteWorkingCopy(tx, playerId);
  }

  /**
   * The player drops their working copy (back to the registered deck). Allowed while decks may be
   * submitted, as nothing about decks changes once round 1 locks them; answers the deck as
   * GET …/deck does, without a working copy (also when there was none).
   * @throws DomainError DECK_NOT_FOUND (no deck at all), EVENT_STATE_CONFLICT (decks locked)
   */
  async discardWorkingCopy(eventId: string, player: PlayerRow): Promise<PlayerDeckDto> {
    const event = await this.events.get(eventId);
    assertAllowed(event.state, 'submitDeck', event.format);
    await this.events.transaction(async (tx) => {
      const locked = await this.events.lockShared(tx, eventId);
      assertAllowed(locked.state, 'submitDeck', locked.format);
      // A teammate's submission may be registering this working copy at the same moment: one at a time.
      if (player.teamId) await this.decks.lockTeam(tx, player.teamId);
      else await this.decks.lockPlayer(tx, player.id);
      await this.decks.deleteWorkingCopy(tx, player.id);
    });
    return this.get(eventId, player);
  }

  /**
   * Rechecks every deck of a team (after a pooled team sealed split changed the members' pools):
   * each deck of record and working copy against the member's current pool, then the team rule
   * (TEAM_REGISTRATION). A registered deck the new share no longer allows stops being registered
   * (illegal, with its violations); a deck that passes now is registered when the team rule lets it.
   */
  async recheckTeam(eventId: string, teamId: string): Promise<void> {
    const event = await this.events.get(eventId);
    const cards = await this.eventCards(event);
    await this.events.transaction(async (tx) => {
      await this.decks.lockTeam(tx, teamId);
      await this.recheckTeamIn(tx, event, cards, teamId);
    });
  }

  /** recheckTeam inside the caller's transaction, under the team's lock. */
  private async recheckTeamIn(tx: Tx, event: EventRow, cards: Map<string, KnownCard>, teamId: string): Promise<void> {
    const team = await this.decks.teamWithDecks(tx, teamId);
    // Real boosters: no pool is known; each list keeps the sideboard it was registered with.
    const physical = physicalSets(event);
    const pools = new Map<string, CardCount[] | null>();
    for (const member of team.members) pools.set(member.id, physical ? null : await this.poolOf(event, member, tx));
    await this.teamDecks.recheck(
      tx,
      team,
      (member, hero, main) => {
        const pool = pools.get(member.id) ?? null;
        const stored = main === member.workingCopy?.main ? member.workingCopy.sideboard : (member.deck?.sideboard ?? []);
        const sideboard = pool ? sideboardOf(pool, main) : stored;
        return { sideboard, violations: this.check(event.game, 'limited', cards, hero ?? undefined, main, sideboard, pool, physical, member.minMainDeck).violations };
      },
      this.heroFaction(cards),
    );
  }

  /** A hero as the team faction rule reads it (WoW TCG: its printed faction); null for no hero or an unknown card. */
  private heroFaction(cards: Map<string, KnownCard>) {
    return (id: string | null) => {
      const card = id ? cards.get(id) : undefined;
      return card ? { cardId: card.cardId, name: card.name, faction: stringAttribute(card, 'faction') } : null;
    };
  }

  /**
   * The player's deck of record (registered when legal) with their working copy, if any.
   * @throws DomainError DECK_NOT_FOUND (nothing submitted yet)
   */
  async get(eventId: string, player: PlayerRow): Promise<PlayerDeckDto> {
    const event = await this.events.get(eventId);
    const { deck, workingCopy } = await this.decks.decksOfPlayer(player.id);
    if (!deck) throw new DomainError('DECK_NOT_FOUND', 'No deck submitted yet', [{ field: 'deck', rule: 'exists', message: 'no deck yet' }]);
    const cards = await this.eventCards(event);
    return { ...this.toDto(deck, cards), workingCopy: workingCopy ? this.toWorkingCopyDto(workingCopy, cards) : null };
  }

  /** The deck of record (the registered deck when legal; never the working copy) as a deck list file (text, CSV, OCTGN .o8d, Magic Workstation .mwDeck). */
  async export(eventId: string, player: PlayerRow, format: DeckListFormat, podiumIds = false): Promise<string> {
    const event = await this.events.get(eventId);
    const row = await this.decks.deckOfPlayer(player.id);
    if (!row) throw new DomainError('DECK_NOT_FOUND', 'No deck submitted yet', [{ field: 'deck', rule: 'exists', message: 'no deck yet' }]);
    const cards = await this.eventCards(event);
    return writeDeckList(format, deckListOf(row.hero, row.main, row.sideboard, cards), { game: event.game, podiumIds });
  }

  /**
   * Any deck as a file (`POST /api/decks/export`): the cards of the game's current sets; OCTGN
   * files name each card by its OCTGN GUID where the set came from an OCTGN file.
   * @throws DomainError VALIDATION_FAILED (rule knownCard) naming the card ids the game does not have;
   *   OCTGN_IDS_MISSING (.o8d of cards without an OCTGN GUID, unless podiumIds)
   */
  async exportStandalone(format: DeckListFormat, dto: { game: GameId; hero?: string; main: CardCount[]; sideboard?: CardCount[] }, podiumIds = false): Promise<string> {
    const named = [...new Set([...(dto.hero ? [dto.hero] : []), ...[...dto.main, ...(dto.sideboard ?? [])].map((c) => c.cardId)])];
    const cards = await this.gameCards(dto.game, named);
    assertKnownCards(dto.game, named, cards);
    return writeDeckList(format, deckListOf(dto.hero ?? null, dto.main, dto.sideboard ?? [], cards), { game: dto.game, podiumIds });
  }

  /**
   * Proposes a Limited deck from the player's own pool (src/decks/suggestion/suggest-deck.ts): the
   * hero that plays the most pool cards (any hero of the game) and the Limited minimum of cards,
   * checked with the same rules as a submission. Nothing is stored.
   */
  async suggest(eventId: string, player: PlayerRow): Promise<DeckSuggestionDto> {
    const event = await this.events.get(eventId);
    assertSuggestible(event.packSource);
    const game = event.game;
    const profile = GAMES[game];
    const cards = await this.eventCards(event);
    const pool = await this.poolOf(event, player, undefined, true);
    let heroes = [...cards.values()].filter((c) => profile.heroTypes.includes(c.type)).sort((a, b) => (a.cardId < b.cardId ? -1 : a.cardId > b.cardId ? 1 : 0));
    const teamFaction = await this.teammatesFaction(player, cards, profile.heroTypes);
    if (teamFaction !== undefined) heroes = heroes.filter((h) => stringAttribute(h, 'faction') === teamFaction);
    const known = pool.flatMap((p) => {
      const card = cards.get(p.cardId);
      return card ? [{ card, count: p.count }] : [];
    });
    const suggestion = suggestDeck({ profile, pool: known, heroes });
    const result = this.check(game, 'limited', cards, suggestion.hero?.cardId, suggestion.main, suggestion.sideboard, pool, undefined, player.minMainDeck);
    return {
      hero: suggestion.hero?.cardId ?? null,
      main: suggestion.main,
      sideboard: suggestion.sideboard,
      explanation: suggestion.explanation,
      reason: suggestion.reason,
      ...result,
    };
  }

  /**
   * Organizer: registers the deck suggestion's best effort for a player (one-click fix of the deck
   * guard, docs/rules.md "The suggested deck as a fix"): every hero of the game is tried (any hero
   * may be chosen; a team event keeps the teammates' faction) and the one with the biggest legal
   * main deck is kept (suggest-deck.ts); the deck is submitted as the organizer's (submittedBy
   * organizer), with the same rules and answers as PUT …/players/:playerId/deck.
   * @throws DomainError SUGGESTION_SHORT (409) when even the best hero gives fewer cards than the
   *   player's minimum — nothing stored; the message gives the count and the next options (a lower
   *   minimum from the floor, a game loss, a drop); PHYSICAL_BOOSTERS (no pool is known);
   *   EVENT_STATE_CONFLICT (decks locked).
   */
  async registerSuggestion(eventId: string, playerId: string, actor: AuditActor = systemActor()): Promise<RegisteredSuggestionDto> {
    return (await this.registerSuggestions(eventId, [playerId], actor))[0];
  }

  /**
   * registerSuggestion for several players (the deck guard's `suggest` choices): every suggestion is
   * made and measured first, so one short of its player's minimum stores nothing for anyone.
   * @throws DomainError SUGGESTION_SHORT naming each player short (playerId, the count in the message).
   */
  async registerSuggestions(eventId: string, playerIds: readonly string[], actor: AuditActor = systemActor()): Promise<RegisteredSuggestionDto[]> {
    const event = await this.events.get(eventId);
    assertAllowed(event.state, 'submitDeck', event.format);
    const gameMinimum = GAMES[event.game].limited.minDeckSize;
    const floor = deckMinimumFloor(gameMinimum);
    const planned: { player: PlayerRow; suggestion: DeckSuggestionDto }[] = [];
    const short: { playerId: string; name: string; count: number; minimum: number }[] = [];
    for (const playerId of playerIds) {
      const player = await this.events.player(eventId, playerId);
      const suggestion = await this.suggest(eventId, player);
      const minimum = mainDeckMinimum(gameMinimum, player.minMainDeck);
      const count = suggestion.main.reduce((n, e) => n + e.count, 0);
      if (count < minimum) short.push({ playerId, name: player.name, count, minimum });
      else planned.push({ player, suggestion });
    }
    if (short.length > 0) {
      const next = (count: number) =>
        count >= floor
          ? `set a lower minimum of ${count} for them (PUT …/deck-minimum), then register the suggestion`
          : `a lower minimum goes down to ${floor} only: give a game loss or drop them`;
      throw new DomainError(
        'SUGGESTION_SHORT',
        short.map((p) => `${p.name}: every hero tried, the best deck has ${p.count} of the ${p.minimum} cards needed. Next: ${next(p.count)}.`).join(' '),
        short.map((p) => ({ field: 'deck', rule: 'minimum', playerId: p.playerId, message: `${p.count} of ${p.minimum} cards; a lower minimum may go down to ${floor}` })),
      );
    }
    const registered: RegisteredSuggestionDto[] = [];
    for (const { player, suggestion } of planned) {
      const submitted = await this.submit(eventId, player, { hero: suggestion.hero ?? undefined, main: suggestion.main, sideboard: suggestion.sideboard }, 'organizer', actor);
      registered.push({ ...submitted, explanation: suggestion.explanation, reason: suggestion.reason });
    }
    return registered;
  }

  /**
   * Organizer: a lower main-deck minimum for one player (rules/deck-minimum.ts, DECK_MINIMUM_RANGE),
   * or null for the game's. The player's decks are checked again with it in the same transaction: a
   * deck of record or working copy that passes now is registered (a working copy replaces the deck
   * of record); one that no longer passes is no longer registered. Team events recheck the whole
   * team (TEAM_REGISTRATION). Allowed while decks may be submitted (until round 1 is paired).
   * @throws DomainError VALIDATION_FAILED (field minMainDeck, rule range), PLAYER_NOT_FOUND,
   *   EVENT_STATE_CONFLICT (decks locked)
   */
  async setMinimum(eventId: string, playerId: string, minMainDeck: number | null, actor: AuditActor = systemActor()): Promise<DeckMinimumDto> {
    const event = await this.events.get(eventId);
    assertAllowed(event.state, 'submitDeck', event.format);
    const gameMinimum = GAMES[event.game].limited.minDeckSize;
    assertDeckMinimum(minMainDeck, gameMinimum);
    const cards = await this.eventCards(event);
    const status = await this.events.transaction(async (tx) => {
      const locked = await this.events.lockShared(tx, eventId);
      assertAllowed(locked.state, 'submitDeck', locked.format);
      const player = await this.events.player(eventId, playerId, tx);
      if (player.teamId) await this.decks.lockTeam(tx, player.teamId);
      else await this.decks.lockPlayer(tx, player.id);
      await this.decks.setMinMainDeck(tx, player.id, minMainDeck);
      await this.audit.record(tx, {
        eventId,
        action: 'deck.minimumLowered',
        actor,
        at: this.clock.now(),
        subject: { playerId: player.id, name: player.name, gameMinimum },
        before: { minMainDeck: player.minMainDeck },
        after: { minMainDeck },
      });
      if (player.teamId) await this.recheckTeamIn(tx, event, cards, player.teamId);
      else await this.recheckPlayer(tx, event, cards, { ...player, minMainDeck });
      const { deck } = await this.decks.decksOfPlayer(player.id, tx);
      return deck ? (deck.legal ? 'legal' : 'illegal') : 'missing';
    });
    return { playerId, minMainDeck, mainDeckMinimum: mainDeckMinimum(gameMinimum, minMainDeck), gameMinimum, floor: deckMinimumFloor(gameMinimum), status };
  }

  /**
   * A solo player's decks against the rules as they stand (their minimum changed): a working copy
   * that passes is registered in place of the deck of record; else the deck of record gets its new
   * verdict. Inside the caller's transaction, under the player's lock.
   */
  private async recheckPlayer(tx: Tx, event: EventRow, cards: Map<string, KnownCard>, player: PlayerRow): Promise<void> {
    const { deck, workingCopy } = await this.decks.decksOfPlayer(player.id, tx);
    const pool = event.packSource === 'physical' ? null : await this.poolOf(event, player, tx);
    const verdict = (d: { hero: string | null; main: CardCount[]; sideboard: CardCount[] }) => {
      const sideboard = pool ? sideboardOf(pool, d.main) : d.sideboard;
      return { sideboard, ...this.check(event.game, 'limited', cards, d.hero ?? undefined, d.main, sideboard, pool, physicalSets(event), player.minMainDeck) };
    };
    if (workingCopy) {
      const r = verdict(workingCopy);
      if (r.legal) {
        await this.decks.saveDeck(tx, event.id, player.id, { ...workingCopy, sideboard: r.sideboard, violations: r.violations, legal: true });
        await this.decks.deleteWorkingCopy(tx, player.id);
        return;
      }
      await this.decks.saveWorkingCopyVerdict(tx, player.id, { sideboard: r.sideboard, violations: r.violations });
    }
    if (deck) {
      const r = verdict(deck);
      await this.decks.saveVerdict(tx, deck.id, { sideboard: r.sideboard, legal: r.legal, violations: r.violations });
    }
  }

  /**
   * Team events: the faction of a teammate's hero (the team rule binds every hero to it), if any.
   * Registered decks first (a deck registers only with their faction); else decks that pass the
   * solo rules (a deck saved illegal, or a non-hero as hero, says nothing about the team's
   * faction); the earliest such deck wins.
   */
  private async teammatesFaction(player: PlayerRow, cards: Map<string, KnownCard>, heroTypes: readonly string[]): Promise<string | null | undefined> {
    if (!player.teamId) return undefined;
    const decks = await this.decks.teammatesDecksWithHero(player.teamId, player.id);
    const soloLegal = (d: DeckRow) => soloViolations(d.violations).length === 0;
    const hero = [...decks.filter((d) => d.legal), ...decks.filter((d) => !d.legal && soloLegal(d))]
      .map((d) => cards.get(d.hero!))
      .find((c) => c !== undefined && heroTypes.includes(c.type));
    return hero ? stringAttribute(hero, 'faction') : undefined;
  }

  /**
   * Between games of a match: the player exchanges cards between main deck and sideboard (same
   * hero). The new configuration must stay legal; it lasts for this match only — the next match
   * starts again from the registered deck.
   * @throws DomainError MATCH_NOT_FOUND, FORBIDDEN (not the player's match), DECK_NOT_FOUND (no
   *   registered deck), EVENT_STATE_CONFLICT (the match has a result), DECK_ILLEGAL (not stored)
   */
  async sideboardForMatch(
    matchId: string,
    authPlayer: (eventId: string) => Promise<PlayerRow>,
    dto: { main: CardCountDto[]; sideboard?: CardCountDto[] },
  ): Promise<SubmittedDeckDto> {
    const { match, event, player, registered } = await this.matchContext(matchId, authPlayer);
    assertSideboardingAllowed(event);
    assertSideboardingOpen(match);
    const cards = await this.eventCards(event);
    // Real boosters: the registered list (main deck and sideboard) is all the player may play from.
    const pool = event.packSource === 'physical' ? registeredPool(registered) : await this.poolOf(event, player);
    const sideboard = dto.sideboard ?? sideboardOf(pool, dto.main);
    const result = this.check(event.game, 'limited', cards, registered.hero ?? undefined, dto.main, sideboard, pool, undefined, player.minMainDeck);
    const deck = this.toDto({ ...registered, main: dto.main, sideboard, legal: result.legal, violations: result.violations, updatedAt: this.clock.now() }, cards);
    if (result.legal) {
      await this.decks.saveMatchDeck(matchId, player.id, { main: dto.main, sideboard, updatedAt: this.clock.now() });
    }
    return { ...result, deck };
  }

  /** The player's deck for this match: after sideboarding, else the registered deck. */
  async deckForMatch(matchId: string, authPlayer: (eventId: string) => Promise<PlayerRow>): Promise<DeckDto> {
    const { event, player, registered } = await this.matchContext(matchId, authPlayer);
    const current = await this.decks.matchDeck(matchId, player.id);
    const cards = await this.eventCards(event);
    return this.toDto(current ? { ...registered, main: current.main, sideboard: current.sideboard, updatedAt: current.updatedAt } : registered, cards);
  }

  private async matchContext(matchId: string, authPlayer: (eventId: string) => Promise<PlayerRow>) {
    const match = await this.decks.match(matchId);
    if (!match) throw new DomainError('MATCH_NOT_FOUND', 'No such match', [{ field: 'matchId', rule: 'exists', message: 'unknown match' }]);
    const player = await authPlayer(match.eventId);
    assertOwnMatch(match, player);
    const event = await this.events.get(match.eventId);
    const registered = await this.decks.deckOfPlayer(player.id);
    if (!registered) throw new DomainError('DECK_NOT_FOUND', 'No registered deck', [{ field: 'deck', rule: 'exists', message: 'no deck registered' }]);
    return { match, event, player, registered };
  }

  /** Organizer: every player's deck status (missing, legal = registered, illegal = none registered), deck of record and working copy. */
  async list(eventId: string): Promise<PlayerDeckStatusDto[]> {
    const event = await this.events.get(eventId);
    const cards = await this.eventCards(event);
    const players = await this.decks.playersWithDecks(eventId);
    const statusOf = (p: (typeof players)[number]) => (p.deck ? (p.deck.legal ? 'legal' : 'illegal') : 'missing');
    const teamStatus = (teamId: string) => {
      const statuses = players.filter((p) => p.teamId === teamId).map(statusOf);
      return statuses.includes('missing') ? 'missing' : statuses.includes('illegal') ? 'illegal' : 'legal';
    };
    return players.map((p) => ({
      playerId: p.id,
      name: p.name,
      status: statusOf(p),
      deck: p.deck ? this.toDto(p.deck, cards) : null,
      workingCopy: p.workingCopy ? this.toWorkingCopyDto(p.workingCopy, cards) : null,
      mainDeckMinimum: mainDeckMinimum(GAMES[event.game].limited.minDeckSize, p.minMainDeck),
      minMainDeck: p.minMainDeck,
      ...(event.teamSize !== null ? { team: p.team ? { teamId: p.team.id, name: p.team.name, status: teamStatus(p.team.id) } : null } : {}),
    }));
  }

  /** Stand-alone check of a Limited or Constructed deck against the game's current sets. */
  async checkStandalone(dto: CheckDeckDto): Promise<DeckCheckResultDto> {
    // Only the cards the deck names: a check costs what the deck costs, not what the catalog costs.
    const named = new Set([...(dto.hero ? [dto.hero] : []), ...[...dto.main, ...(dto.sideboard ?? []), ...(dto.pool ?? [])].map((c) => c.cardId)]);
    const cards = await this.gameCards(dto.game, [...named]);
    assertCheckSources(dto);
    if (dto.sets) {
      assertKnownSets(
        dto.game,
        dto.sets,
        (await this.catalog.listSets(dto.game)).map((s) => s.code),
      );
    }
    return this.check(
      dto.game,
      dto.format,
      cards,
      dto.hero,
      dto.main,
      dto.sideboard ?? null,
      dto.pool ?? null,
      dto.format === 'limited' && dto.sets ? { sets: [...new Set(dto.sets)], boostersOpened: dto.sets.length } : undefined,
    );
  }

  /**
   * Parses and resolves a deck list of a game (off the event loop: DeckListReader); ambiguous or
   * unknown names come back with the closest matches. The file's encoding: `encoding` (the caller's
   * choice), else as textCandidates says; when several are possible (no charset, no BOM, not UTF-8)
   * the list is read in each and the reading whose names resolve best is kept.
   * @throws DomainError PAYLOAD_TOO_LARGE (over 500 lines or cards), MALFORMED_BODY (not of the
   *   format in any candidate encoding), VALIDATION_FAILED (an unknown `encoding`)
   */
  async importList(format: DeckListFormat, body: RawTextBody, encoding: string | undefined, game: GameId, preferredSets: string[]): Promise<ImportedDeckListWithEncoding> {
    const current = await this.currentGame(game);
    const candidates = textCandidates(body.bytes, encoding, body.charset);
    let best: { read: ReadDeckList; encoding: string; score: number } | null = null;
    let refusal: unknown = null;
    for (const candidate of candidates) {
      let read: ReadDeckList;
      try {
        read = await this.reader.read({ format, text: candidate.text, preferredSets, catalog: current.catalog, setAliases: GAMES[game].setCodeAliases });
      } catch (problem) {
        // Another candidate may read (a CSV header in the right encoding); size limits hold for all.
        if (candidates.length === 1 || (problem instanceof DomainError && problem.code === 'PAYLOAD_TOO_LARGE')) throw problem;
        refusal ??= problem;
        continue;
      }
      const score = readingScore(read);
      if (!best || score > best.score) best = { read, encoding: candidate.encoding, score };
    }
    if (!best) throw refusal;
    const { read } = best;
    // Every id comes from the snapshot of these very cards; the answer's cards are catalog cards
    // (the OCTGN GUID is the .o8d writer's business).
    const card = (id: string): Omit<KnownCard, 'octgnId'> => {
      const { octgnId: _octgnId, ...known } = current.cards.get(id)!;
      return known;
    };
    const entries = (list: [string, number][]) => list.map(([id, count]) => ({ card: card(id), count }));
    return {
      deck: { hero: read.hero === null ? null : card(read.hero), main: entries(read.main), sideboard: entries(read.sideboard) },
      unresolved: read.unresolved.map((u) => ({ ...u, candidates: u.candidates.map(card) })),
      errors: read.errors,
      ignored: read.ignored,
      notes: read.notes,
      encoding: { name: best.encoding, source: candidates[0].source, tried: candidates.map((c) => c.encoding) },
    };
  }

  /** @param physical real boosters: the event's set codes and the boosters opened (the pool is unverified). */
  private check(
    game: GameId,
    format: 'limited' | 'constructed',
    cards: Map<string, KnownCard>,
    hero: string | undefined,
    main: CardCountDto[],
    sideboard: CardCount[] | null,
    pool: CardCount[] | null,
    physical?: { sets: string[]; boostersOpened: number },
    minMainDeck: number | null = null,
  ) {
    const unknown = new Set<string>();
    const entry = (c: CardCount): DeckEntry[] => {
      const card = cards.get(c.cardId);
      if (!card) {
        unknown.add(c.cardId);
        return [];
      }
      return [{ card, count: c.count }];
    };
    const heroCard = hero ? (cards.get(hero) ?? null) : null;
    if (hero && !heroCard) unknown.add(hero);
    return checkDeck({
      game,
      format,
      hero: heroCard,
      main: main.flatMap(entry),
      sideboard: sideboard ? sideboard.flatMap(entry) : null,
      pool,
      profile: GAMES[game],
      unknownCards: [...unknown],
      ...(physical ? { unverifiedPool: true, poolSets: physical.sets, boostersOpened: physical.boostersOpened } : {}),
      minMainDeck,
    });
  }

  /**
   * The player's pool, from where the format's definition says (FORMATS[format].pool): sealed, every
   * card of their boosters; pooled team sealed, their share of the team pool; draft, their picks.
   * @param requireSplit pooled team sealed: refuse (EVENT_STATE_CONFLICT) until the team split its pool.
   */
  private async poolOf(event: EventRow, player: PlayerRow, tx?: Tx, requireSplit = false): Promise<CardCount[]> {
    if (event.pooledTeamSealed && player.teamId) {
      return teamShare(await this.decks.poolShare(player.id, tx), requireSplit);
    }
    const ids = FORMATS[event.format].pool === 'opened-boosters' ? await this.decks.sealedPoolCardIds(event.id, player.id, tx) : await this.decks.draftPickCardIds(player.id, tx);
    const counts = new Map<string, number>();
    for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    return [...counts].map(([cardId, count]) => ({ cardId, count }));
  }

  /** Cards of the event's pinned set versions, then any other card of the game (heroes come from anywhere). */
  private async eventCards(event: EventRow): Promise<Map<string, KnownCard>> {
    const cards = new Map((await this.currentGame(event.game)).cards);
    for (const pinned of pinnedPacks(event)) {
      const version = await this.versions.get(event.game, pinned.versionId);
      for (const c of version.cards.values()) cards.set(c.cardId, { ...c });
    }
    return cards;
  }

  /**
   * Every current card of the game and its name index, loaded once per catalog change (one small
   * query per call checks that the sets' current versions are still the same): a request costs
   * what its deck costs, not what the catalog costs.
   */
  private async currentGame(game: GameId): Promise<CurrentGame> {
    const key = await this.catalog.currentVersionsKey(game);
    const known = this.current.get(game);
    if (known?.key === key) return known.value;
    const loading = (async () => {
      const cards = await this.gameCards(game);
      return { cards, catalog: catalogSnapshot(`${game}:${key}`, cards.values()) };
    })();
    this.current.set(game, { key, value: loading });
    loading.catch(() => this.current.delete(game));
    return loading;
  }

  private async gameCards(game: GameId, onlyIds?: readonly string[]): Promise<Map<string, KnownCard>> {
    const rows = await this.catalog.gameCardsFull(game, onlyIds);
    return new Map(rows.map((r) => [r.cardId, { ...r }]));
  }

  private toWorkingCopyDto(row: WorkingCopyRow, cards: Map<string, KnownCard>): WorkingCopyDto {
    const deck: Partial<DeckDto> = this.toDto({ ...row, legal: false }, cards);
    delete deck.playerId;
    return { ...(deck as Omit<DeckDto, 'playerId'>), legal: false };
  }

  private toDto(row: Pick<DeckRow, 'playerId' | 'hero' | 'main' | 'sideboard' | 'legal' | 'violations' | 'submittedBy' | 'updatedAt'>, cards: Map<string, KnownCard>): DeckDto {
    const show = (id: string): CardDto => {
      const card = cards.get(id);
      return card ? toCardDto(card) : { cardId: id, setCode: id.split('-')[0], number: Number(id.split('-')[1]), name: '(unknown card)', rarity: '', type: '' };
    };
    const entries = (list: readonly CardCount[]) => list.map((e) => ({ card: show(e.cardId), count: e.count }));
    const main = entries(row.main);
    return {
      playerId: row.playerId,
      hero: row.hero ? show(row.hero) : null,
      main,
      sideboard: entries(row.sideboard),
      mainCount: main.reduce((n, e) => n + e.count, 0),
      legal: row.legal,
      violations: row.violations,
      submittedBy: row.submittedBy,
      updatedAt: row.updatedAt.toISOString(),
    };
  }
}

/**
 * Real boosters at the table: the event's set codes a deck list is checked against and how many
 * boosters its cards can come from (sealed: the player's own; draft: every booster of the largest
 * pod, the pod's size not being the deck's business); undefined for generated packs.
 */
function physicalSets(event: EventRow): { sets: string[]; boostersOpened: number } | undefined {
  if (event.packSource !== 'physical') return undefined;
  const packs = pinnedPacks(event);
  return {
    sets: [...new Set(packs.map((p) => p.setCode))],
    boostersOpened: packs.length * (FORMATS[event.format].drafts ? (GAMES[event.game].limited.draftPodSize?.max ?? 8) : 1),
  };
}

/**
 * A late draft player's list with generated packs: their cards come from the event's sets, as many
 * boosters as a pod of the largest size opened (the pods drafted them; the player has no picks).
 */
function eventSets(event: EventRow): { sets: string[]; boostersOpened: number } {
  const packs = pinnedPacks(event);
  return { sets: [...new Set(packs.map((p) => p.setCode))], boostersOpened: packs.length * (GAMES[event.game].limited.draftPodSize?.max ?? 8) };
}

/** A registered deck's main deck and sideboard as one card count list (what sideboarding may draw from). */
function registeredPool(deck: Pick<DeckRow, 'main' | 'sideboard'>): CardCount[] {
  const counts = new Map<string, number>();
  for (const e of [...deck.main, ...deck.sideboard]) counts.set(e.cardId, (counts.get(e.cardId) ?? 0) + e.count);
  return [...counts].map(([cardId, count]) => ({ cardId, count }));
}

/** A stored or sent deck as the deck list writers take it: each card with its set, name and OCTGN GUID when known. */
function deckListOf(hero: string | null, main: readonly CardCount[], sideboard: readonly CardCount[], cards: Map<string, KnownCard>): DeckList {
  const ref = (id: string) => {
    const card = cards.get(id);
    const setCode = card?.setCode ?? id.slice(0, id.lastIndexOf('-'));
    return { cardId: id, setCode, name: card?.name ?? '(unknown card)', ...(card?.octgnId ? { octgnId: card.octgnId } : {}) };
  };
  return {
    hero: hero ? ref(hero) : null,
    main: main.map((e) => ({ card: ref(e.cardId), count: e.count })),
    sideboard: sideboard.map((e) => ({ card: ref(e.cardId), count: e.count })),
  };
}

/** How many cards a list holds (the audit shows counts, not the list). */
function countOf(cards: readonly { count: number }[]): number {
  return cards.reduce((n, c) => n + c.count, 0);
}
