/**
 * When teams register or form, who may act for a team, and when a team pool is there to split.
 * Pure: the service passes what it loaded (the event's team size, state and pooledTeamSealed, the
 * team's members, the player a token belongs to, the team pool).
 * - Team play (WoW TCG team play, 2v2 / 3v3) seats and pairs whole teams: teams exist only in an
 *   event created with a teamSize, register with exactly that many members, and register or are
 *   formed before the event starts (Podium's rule: a team event takes no late entries).
 * - A team's own business (its pool, its split, unregistering it) is for its members and the
 *   organizer; other teams never see it (Podium's rule).
 * - Pooled team sealed: the team opens every member's boosters into one pool when the event starts
 *   and shares it out (team-split.ts); the split must give out the whole pool exactly.
 */
import { DomainError, type ErrorDetail } from '../../common/errors/domain-error';
import { checkTeamSplit, type CardCount, type MemberShare } from './team-split';

/** The refusal of an action the event's state or options do not allow (field state). */
function conflict(message: string, rule: string): DomainError {
  return new DomainError('EVENT_STATE_CONFLICT', message, [{ field: 'state', rule, message }]);
}

/**
 * Podium's rule: teams exist only in a team event (WoW TCG team play, teams of 2 or 3).
 * @param teamSize the event's team size, null when it is not a team event.
 * @throws DomainError EVENT_STATE_CONFLICT (field state, rule teamEvent) without a team size.
 */
export function assertTeamEvent(teamSize: number | null): void {
  if (teamSize === null) throw conflict('This is not a team event (create it with "teamSize": 2 or 3)', 'teamEvent');
}

/**
 * Podium's rule: teams register (`register`) or are formed from the solo players (`form`) before
 * the event starts — a team event takes no late entries, its seats and pairings are whole teams.
 * @param state the event's state.
 * @throws DomainError EVENT_STATE_CONFLICT (field state, rule registration) once the event has started,
 *   the message saying which action.
 */
export function assertTeamsOpen(state: string, action: 'register' | 'form'): void {
  if (state !== 'registration') throw conflict(action === 'register' ? 'Teams register before the event starts' : 'Teams are formed before the event starts', 'registration');
}

/**
 * WoW TCG team play: a team is exactly the event's team size; a team registers complete.
 * @param teamSize the event's team size; `members` how many members the registration names.
 * @throws DomainError VALIDATION_FAILED (field members, rule teamSize) for any other count.
 */
export function assertTeamSize(teamSize: number, members: number): void {
  if (members !== teamSize) {
    throw new DomainError('VALIDATION_FAILED', `This event plays teams of ${teamSize}: give exactly ${teamSize} members`, [
      { field: 'members', rule: 'teamSize', message: `${teamSize} members expected, got ${members}` },
    ]);
  }
}

/**
 * Podium's rule: a team's pool, split and registration are for its members and the organizer.
 * @param members the team's members; `self` the player whose token was sent, or null for the
 *   organizer (who needs no token).
 * @throws DomainError FORBIDDEN (field authorization, rule teamMember) when `self` is not a member.
 */
export function assertTeamMemberOrOrganizer(members: readonly { id: string }[], self: { id: string } | null): void {
  if (self && !members.some((m) => m.id === self.id)) {
    throw new DomainError('FORBIDDEN', 'Only members of the team (or the organizer) may do this', [
      { field: 'authorization', rule: 'teamMember', message: 'not a member of this team' },
    ]);
  }
}

/**
 * Pooled team sealed: only such an event has a team pool (event-options.ts), and its boosters open
 * when the event starts — checked in that order.
 * @param event the event's pooledTeamSealed and state.
 * @throws DomainError EVENT_STATE_CONFLICT (field state) — rule pooledTeamSealed when the event
 *   pools no boosters, then rule started during registration.
 */
export function assertTeamPoolOpen(event: { pooledTeamSealed: boolean; state: string }): void {
  if (!event.pooledTeamSealed) throw conflict('Only a pooled team sealed event has a team pool to split', 'pooledTeamSealed');
  if (event.state === 'registration') throw conflict('The boosters open when the event starts', 'started');
}

/**
 * Pooled team sealed (team-split.ts checkTeamSplit): a split shares out the team pool exactly,
 * every card to one member.
 * @param pool the team pool; `members` the team's member ids; `shares` the split asked for.
 * @throws DomainError TEAM_SPLIT_INVALID whose details are every problem checkTeamSplit finds
 *   (rules member, uniqueCard, inTeamPool, exactSplit), the message counting them.
 */
export function assertTeamSplit(pool: readonly CardCount[], members: readonly string[], shares: readonly MemberShare[]): void {
  const problems: ErrorDetail[] = checkTeamSplit(pool, members, shares);
  if (problems.length > 0) throw new DomainError('TEAM_SPLIT_INVALID', `The split does not share out the team pool exactly (${problems.length} problem(s))`, problems);
}
