/**
 * Whether a team event can start: every entrant plays for a complete team (WoW TCG team play
 * seats and pairs whole teams). Pure.
 */
import { DomainError, type ErrorDetail } from '../../common/errors/domain-error';

/**
 * @param teams each team's name and member count.
 * @param solo players registered without a team (their names).
 * @param teamSize members per team.
 * @throws DomainError TEAMS_INCOMPLETE (409) naming each incomplete team (rule `teamSize`) and
 *   each player without a team (rule `hasTeam`: group them with POST …/teams/auto or unregister them).
 */
export function assertTeamsReady(teams: readonly { name: string; members: number }[], solo: readonly { playerId: string; name: string }[], teamSize: number): void {
  const details: ErrorDetail[] = [
    ...teams.filter((t) => t.members !== teamSize).map((t) => ({ field: 'teams', rule: 'teamSize', message: `team ${t.name} has ${t.members} of ${teamSize} members` })),
    ...solo.map((p) => ({
      field: 'players',
      rule: 'hasTeam',
      message: `${p.name} (${p.playerId}) has no team: group solo players with POST /api/events/:id/teams/auto or unregister them`,
    })),
  ];
  if (details.length > 0)
    throw new DomainError('TEAMS_INCOMPLETE', `Every player must be in a complete team of ${teamSize} before the event starts (${details.length} problem(s))`, details);
}
