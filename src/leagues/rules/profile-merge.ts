/**
 * When two player profiles may be merged: they are one person who registered twice (Podium's rule).
 * Pure: the service passes the profile ids and the event, if any, both profiles played.
 * - A profile is not merged into itself.
 * - One person has one entry per event, so two profiles that played the same event are two people.
 */
import { DomainError } from '../../common/errors/domain-error';

/**
 * Podium's rule: a merge moves one profile's entries to another profile.
 * @param from the profile merged away; `into` the profile kept.
 * @throws DomainError VALIDATION_FAILED (field into, rule different) when they are the same profile.
 */
export function assertDistinctProfiles(from: string, into: string): void {
  if (from === into) throw new DomainError('VALIDATION_FAILED', 'A profile cannot be merged into itself', [{ field: 'into', rule: 'different', message: 'same profile' }]);
}

/**
 * Podium's rule: profiles of one person never played the same event (a person has one entry per event).
 * @param shared an entry of `from` in an event `into` played too, or null when there is none.
 * @throws DomainError ALREADY_REGISTERED (field into, rule noSharedEvent) naming that event.
 */
export function assertNoSharedEvent(shared: { eventId: string } | null): void {
  if (shared)
    throw new DomainError('ALREADY_REGISTERED', 'Both profiles played the same event: they are two people', [
      { field: 'into', rule: 'noSharedEvent', message: `both in event ${shared.eventId}` },
    ]);
}
