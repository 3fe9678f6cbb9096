/**
 * Team names in an event (Podium's rule). Pure: the service looks names up by their key.
 * - A name is shown trimmed, with runs of white space as one space; two names are the same when
 *   their keys are ("Alpha " = "alpha"): case and extra spaces are ignored.
 * - A name a team chose is unique in the event: a second team cannot register it.
 * - Automatic teams (formed by the organizer from solo players) are named "Team <n>" after their
 *   number, or the first free "Team <n> (2)", "(3)"… when a registered team already chose that name.
 */
import { DomainError } from '../../common/errors/domain-error';

/** A team name as shown: trimmed, runs of white space as one space. */
export function normalizeTeamName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/** The uniqueness key of a team name: normalized and lower-cased. */
export function teamNameKey(name: string): string {
  return normalizeTeamName(name).toLowerCase();
}

/**
 * The name of an automatic team numbered `number`: "Team <n>", then for `attempt` 2, 3… "Team <n> (2)", "(3)"….
 * @param attempt 1 (or absent) for the plain name.
 */
export function autoTeamName(number: number, attempt = 1): string {
  return attempt === 1 ? `Team ${number}` : `Team ${number} (${attempt})`;
}

/**
 * A name a team chose must be free in the event; an automatic team (no name chosen) takes the next
 * free automatic name instead (autoTeamName).
 * @param holder the team already holding the name's key, or null; `chosen` the name the team
 *   asked for, null for an automatic team.
 * @throws DomainError ALREADY_REGISTERED (field name, rule uniqueTeamName) naming the holder, when
 *   a chosen name is taken.
 */
export function assertTeamNameFree(holder: { name: string } | null, chosen: string | null): void {
  if (holder && chosen !== null) {
    throw new DomainError('ALREADY_REGISTERED', `The team "${holder.name}" is already registered (names ignore case and extra spaces)`, [
      { field: 'name', rule: 'uniqueTeamName', message: 'team name taken' },
    ]);
  }
}
