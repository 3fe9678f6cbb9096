/**
 * Which events a league counts. Pure: the service passes the league and the event as stored.
 * - A season runs from its first day to its last, both included; it cannot end before it starts.
 * - A league counts events of its own game held within its season: an event's day is the day it
 *   started, or the day it was created when it has not started (days compared in UTC).
 * - A cancelled event was never played: it gives nobody league points, participation included, so
 *   a league does not count it (Podium's rule) — neither when it is added, nor when it is
 *   cancelled after it joined the league.
 */
import { DomainError } from '../../common/errors/domain-error';

/** What assertLeagueEvent reads of a league. */
export interface LeagueSeason {
  game: string;
  seasonStart: Date;
  seasonEnd: Date;
}

/** What assertLeagueEvent reads of an event. */
export interface LeagueEvent {
  state: string;
  game: string;
  /** null until the event starts. */
  startedAt: Date | null;
  createdAt: Date;
}

/** A date's day (UTC) as YYYY-MM-DD. */
const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * Podium's rule: a season ends on or after the day it starts.
 * @param seasonStart the first day, `seasonEnd` the last, as YYYY-MM-DD (compared as such).
 * @throws DomainError VALIDATION_FAILED (field seasonEnd, rule afterStart) when it ends before it starts.
 */
export function assertSeason(seasonStart: string, seasonEnd: string): void {
  if (seasonEnd < seasonStart) {
    throw new DomainError('VALIDATION_FAILED', 'The season ends before it starts', [
      { field: 'seasonEnd', rule: 'afterStart', message: 'seasonEnd must not be before seasonStart' },
    ]);
  }
}

/**
 * Podium's rule: a league counts an event that was not cancelled, of the league's game, held
 * within the season (its start day, else its creation day, between the season's first and last
 * day included) — checked in that order.
 * @throws DomainError EVENT_STATE_CONFLICT (field eventId, rule notCancelled) for a cancelled event,
 *   then VALIDATION_FAILED (field eventId) — rule sameGame for another game, rule inSeason (the
 *   message naming the event's day) outside the season.
 */
export function assertLeagueEvent(league: LeagueSeason, event: LeagueEvent): void {
  // A cancelled event was never played: it gives nobody league points (participation included).
  if (event.state === 'cancelled')
    throw new DomainError('EVENT_STATE_CONFLICT', 'A cancelled event does not count in a league', [{ field: 'eventId', rule: 'notCancelled', message: 'the event was cancelled' }]);
  if (event.game !== league.game)
    throw new DomainError('VALIDATION_FAILED', `The event is ${event.game}, the league ${league.game}`, [{ field: 'eventId', rule: 'sameGame', message: 'another game' }]);
  const day = dayOf(event.startedAt ?? event.createdAt);
  if (day < dayOf(league.seasonStart) || day > dayOf(league.seasonEnd)) {
    throw new DomainError('VALIDATION_FAILED', `The event (${day}) is outside the season`, [{ field: 'eventId', rule: 'inSeason', message: 'outside the season' }]);
  }
}

/**
 * Podium's rule: whether a league event's results count in the standings. A cancelled event gives
 * nobody league points (participation included), also when it was cancelled after it joined the
 * league: it stays listed in the league, and counts again nowhere.
 */
export function countsInStandings(event: Pick<LeagueEvent, 'state'>): boolean {
  return event.state !== 'cancelled';
}
