import { Injectable } from '@nestjs/common';
import { AuditRepository } from '../audit/audit.repository';
import { actorOfCaller, systemActor, type AuditActor } from '../audit/rules/audit-entry';
import { ANONYMOUS, type Caller, playerTokenOf } from '../common/auth/caller';
import { Clock } from '../common/clock/clock';
import { rngFor } from '../common/random/seeded-rng';
import { DecksService } from '../decks/decks.service';
import { toCardDto } from '../boosters/set-version-cache';
import { EventPacks } from '../events/event-packs';
import { EventsRepository, type EventRow, type Tx } from '../events/events.repository';
import { NO_HTTP_CLIENT, PlayersService } from '../events/players.service';
import { assertAllowed } from '../events/rules/event-lifecycle';
import { assertJoinCode, type EntryStatus } from '../events/rules/registration-policy';
import type { AutoTeamsDto, RegisteredTeamDto, RegisterTeamDto, TeamDto, TeamPoolDto, TeamSplitDto } from './dto/team.dto';
import { autoTeamsPurpose, groupIntoTeams } from './rules/auto-teams';
import { assertTeamNameFree, autoTeamName, normalizeTeamName, teamNameKey } from './rules/team-names';
import { assertTeamEvent, assertTeamMemberOrOrganizer, assertTeamPoolOpen, assertTeamsOpen, assertTeamSize, assertTeamSplit } from './rules/team-policy';
import { teamPool, type CardCount } from './rules/team-split';
import { TeamsRepository, type TeamWithMembers } from './teams.repository';

/**
 * Team events (WoW TCG team play, 2v2 / 3v3): teams register with their members, the organizer
 * groups solo players into teams, and in pooled team sealed a team splits its pool among members.
 * Seating, decks and pairings read the teams from the database (draft, decks, tournament services).
 * The policies are rules/team-policy.ts and rules/team-names.ts.
 */
@Injectable()
export class TeamsService {
  constructor(
    private readonly events: EventsRepository,
    private readonly teams: TeamsRepository,
    private readonly players: PlayersService,
    private readonly decks: DecksService,
    private readonly packs: EventPacks,
    private readonly clock: Clock,
    private readonly audit: AuditRepository,
  ) {}

  /**
   * Registers a team and its members (each member an event entry with their own player token,
   * shown once). Anyone with the event id (and its join code, if set); before start only.
   * @param caller who registers: the organizer needs no join code.
   * @param clientAddress the request's client address: wrong join codes count per client (PlayersService.withJoinCode).
   * @throws DomainError RATE_LIMITED (too many wrong codes from this client), EVENT_STATE_CONFLICT (not a team event, or started), JOIN_CODE_INVALID,
   *   VALIDATION_FAILED (members ≠ team size), ALREADY_REGISTERED (team name, or a member's profile)
   */
  async register(eventId: string, dto: RegisterTeamDto, caller: Caller = ANONYMOUS, clientAddress = NO_HTTP_CLIENT): Promise<RegisteredTeamDto> {
    return this.players.withJoinCode(dto.joinCode, caller, clientAddress, () => this.registerOnce(eventId, dto, caller));
  }

  private async registerOnce(eventId: string, dto: RegisterTeamDto, caller: Caller): Promise<RegisteredTeamDto> {
    return this.events.transaction(async (tx) => {
      const event = await this.teamEvent(tx, eventId);
      assertAllowed(event.state, 'register', event.format);
      assertTeamsOpen(event.state, 'register');
      assertJoinCode(event, dto.joinCode, caller);
      assertTeamSize(event.teamSize!, dto.members.length);
      const team = await this.createTeam(tx, eventId, dto.name);
      const members = [];
      for (const [i, member] of dto.members.entries()) {
        const { player, token } = await this.players.createEntry(tx, event, member, team.id, `members[${i}].`);
        members.push({ playerId: player.id, profileId: player.profileId, name: player.name, token, status: player.status as EntryStatus });
      }
      // A team's own registration is made by its first member (the phone that sent it).
      await this.audit.record(tx, {
        eventId,
        action: 'team.registered',
        actor: actorOfCaller(caller, { id: members[0].playerId, name: members[0].name }),
        at: this.clock.now(),
        subject: { teamId: team.id, name: team.name, members: members.map((m) => m.name) },
      });
      return { teamId: team.id, name: team.name, members };
    });
  }

  /** The event's teams with their members, by team number. Public, like the pods. @throws EVENT_NOT_FOUND */
  async list(eventId: string): Promise<TeamDto[]> {
    const event = await this.events.get(eventId);
    return (await this.teams.teamsWithMembers(eventId)).map((t) => toTeamDto(t, event.teamSize));
  }

  /**
   * Organizer: groups the solo players (registered without a team) into teams of the event's size,
   * shuffled from the stream `teams/auto/from-team-<n>` (n = the first new team's number): they
   * first fill the places of teams a member left, then form new teams named "Team <n>". Players left
   * over when the count does not divide stay solo and are listed.
   * @throws DomainError EVENT_STATE_CONFLICT (not a team event, or started)
   */
  async auto(eventId: string, actor: AuditActor = systemActor()): Promise<AutoTeamsDto> {
    return this.events.transaction(async (tx) => {
      const event = await this.teamEvent(tx, eventId);
      assertTeamsOpen(event.state, 'form');
      const solo = await this.teams.soloPlayers(tx, eventId);
      const next = await this.teams.nextTeamNumber(tx, eventId);
      const short = (await this.teams.teamsWithMembers(eventId, tx)).filter((t) => t.members.length < event.teamSize!);
      const { filled, teams, leftover } = groupIntoTeams(
        solo,
        event.teamSize!,
        rngFor(event.seed, autoTeamsPurpose(next)),
        short.map((t) => event.teamSize! - t.members.length),
      );
      const completed: TeamDto[] = [];
      for (const [i, team] of short.entries()) {
        if (filled[i].length === 0) continue;
        await this.teams.assignMembers(
          tx,
          team.id,
          filled[i].map((m) => m.id),
        );
        const members = [...team.members, ...filled[i]].sort((a, b) => a.number - b.number);
        completed.push(toTeamDto({ ...team, members }, event.teamSize));
      }
      const created: TeamDto[] = [];
      for (const members of teams) {
        const team = await this.createTeam(tx, eventId, null);
        await this.teams.assignMembers(
          tx,
          team.id,
          members.map((m) => m.id),
        );
        const sorted = [...members].sort((a, b) => a.number - b.number);
        created.push(toTeamDto({ ...team, members: sorted }, event.teamSize));
      }
      if (completed.length + created.length > 0) {
        await this.audit.record(tx, {
          eventId,
          action: 'team.formed',
          actor,
          at: this.clock.now(),
          subject: { teams: [...completed, ...created].map((t) => ({ teamId: t.teamId, name: t.name })) },
        });
      }
      return { completed, created, unassigned: leftover.map((p) => ({ playerId: p.id, name: p.name })) };
    });
  }

  /**
   * Unregisters a team and all its members before start: the organizer or a member (own token).
   * @throws DomainError TEAM_NOT_FOUND, UNAUTHORIZED/FORBIDDEN, EVENT_STATE_CONFLICT
   */
  async remove(eventId: string, teamId: string, caller: Caller): Promise<void> {
    await this.events.transaction(async (tx) => {
      const event = await this.teamEvent(tx, eventId);
      const team = await this.teams.teamWithMembers(eventId, teamId, tx);
      await this.assertMemberOrOrganizer(tx, eventId, team, caller);
      assertAllowed(event.state, 'unregister', event.format);
      await this.teams.deleteTeamWithMembers(tx, team.id);
    });
  }

  /**
   * Pooled team sealed: the team pool (every member's boosters) and the current split. Members of
   * the team and the organizer only — other teams never see it.
   * @throws DomainError TEAM_NOT_FOUND, UNAUTHORIZED/FORBIDDEN, EVENT_STATE_CONFLICT (not pooled, or not opened yet)
   */
  async pool(eventId: string, teamId: string, caller: Caller): Promise<TeamPoolDto> {
    await this.events.get(eventId);
    const team = await this.teams.teamWithMembers(eventId, teamId);
    await this.assertMemberOrOrganizer(undefined, eventId, team, caller); // who may ask, before what state the event is in
    const event = await this.pooledEvent(undefined, eventId);
    return this.poolDto(undefined, event, team);
  }

  /**
   * Pooled team sealed: shares the team pool out among the members; each member then builds from
   * their share (their sideboard is the rest of it). The split must give out the whole pool exactly
   * (see team-split.ts). Allowed until round 1 is paired; a new split rechecks the members' decks
   * against their new shares.
   * @throws DomainError TEAM_SPLIT_INVALID (details per share and card), TEAM_NOT_FOUND,
   *   UNAUTHORIZED/FORBIDDEN, EVENT_STATE_CONFLICT (not pooled team sealed, not building)
   */
  async split(eventId: string, teamId: string, dto: TeamSplitDto, caller: Caller): Promise<TeamPoolDto> {
    const result = await this.events.transaction(async (tx) => {
      await this.events.get(eventId, tx);
      await this.teams.lockTeam(tx, teamId);
      const team = await this.teams.teamWithMembers(eventId, teamId, tx);
      await this.assertMemberOrOrganizer(tx, eventId, team, caller);
      const event = await this.pooledEvent(tx, eventId);
      assertAllowed(event.state, 'submitDeck', event.format);
      const pool = await this.teamPoolOf(tx, eventId, team);
      assertTeamSplit(
        pool,
        team.members.map((m) => m.id),
        dto.shares,
      );
      for (const share of dto.shares) {
        const cards = [...share.cards].sort((a, b) => (a.cardId < b.cardId ? -1 : a.cardId > b.cardId ? 1 : 0));
        await this.teams.setPoolShare(tx, share.playerId, cards);
      }
      return this.poolDto(tx, event, team);
    });
    await this.decks.recheckTeam(eventId, teamId);
    return result;
  }

  /** `tx` undefined: outside a transaction. */
  private async poolDto(tx: Tx | undefined, event: EventRow, team: TeamWithMembers): Promise<TeamPoolDto> {
    const rows = await this.teams.poolShares(team.id, tx);
    const split = rows.every((r) => r.cards !== null);
    const find = await this.packs.pinnedCards(event);
    const cardOf = (cardId: string) => {
      const card = find(cardId);
      return card ? toCardDto(card) : { cardId, setCode: cardId.split('-')[0], number: Number(cardId.split('-')[1]), name: '(unknown card)', rarity: '', type: '' };
    };
    return {
      teamId: team.id,
      pool: (await this.teamPoolOf(tx, event.id, team)).map((c) => ({ ...c, card: cardOf(c.cardId) })),
      shares: split ? rows.map((r) => ({ playerId: r.playerId, cards: r.cards! })) : null,
    };
  }

  private async teamPoolOf(tx: Tx | undefined, eventId: string, team: TeamWithMembers): Promise<CardCount[]> {
    const cardIds = await this.teams.boosterCardIds(
      eventId,
      team.members.map((m) => m.id),
      tx,
    );
    return teamPool([cardIds.map((cardId) => ({ cardId, count: 1 }))]);
  }

  /**
   * A new team numbered after the last one. Names compare trimmed, with inner spaces collapsed and
   * case ignored ("Alpha " = "alpha"). Automatic teams (name null) take "Team <n>", or the first
   * free "Team <n> (2)", "(3)"… when a registered team already chose that name.
   * @throws DomainError ALREADY_REGISTERED (a given name is taken)
   */
  private async createTeam(tx: Tx, eventId: string, name: string | null) {
    const number = await this.teams.nextTeamNumber(tx, eventId);
    const holder = (n: string) => this.teams.teamByNameKey(tx, eventId, teamNameKey(n));
    const taken = async (n: string) => (await holder(n)) !== null;
    let teamName = name === null ? autoTeamName(number) : normalizeTeamName(name);
    const existing = await holder(teamName);
    assertTeamNameFree(existing, name);
    if (existing) for (let k = 2; await taken(teamName); k++) teamName = autoTeamName(number, k);
    return this.teams.createTeam(tx, eventId, { number, name: teamName, nameKey: teamNameKey(teamName), createdAt: this.clock.now() });
  }

  private async teamEvent(tx: Tx, eventId: string): Promise<EventRow> {
    const event = await this.events.lock(tx, eventId);
    assertTeamEvent(event.teamSize);
    return event;
  }

  private async pooledEvent(tx: Tx | undefined, eventId: string): Promise<EventRow> {
    const event = await this.events.get(eventId, tx);
    assertTeamPoolOpen(event);
    return event;
  }

  /** @throws DomainError UNAUTHORIZED (no/unknown player token), FORBIDDEN (another event's token; `teamMember`: not in this team) */
  private async assertMemberOrOrganizer(tx: Tx | undefined, eventId: string, team: TeamWithMembers, caller: Caller): Promise<void> {
    const self = caller.kind === 'organizer' ? null : await this.players.authenticate(eventId, playerTokenOf(caller), tx);
    assertTeamMemberOrOrganizer(team.members, self);
  }
}

function toTeamDto(team: TeamWithMembers, teamSize: number | null): TeamDto {
  return {
    teamId: team.id,
    number: team.number,
    name: team.name,
    members: team.members.map((m) => ({ playerId: m.id, name: m.name })),
    complete: team.members.length === teamSize,
    droppedAfterRound: team.droppedAfterRound,
  };
}
