/**
 * Which event options go together, and who finishes a draft. Pure: the service passes the options
 * as they will be stored (an edit's values merged over the event's).
 * - A pooled team pool exists only in team sealed (the team opens and splits one pool): a team event
 *   of a format whose definition allows it (pooledTeamPool).
 * - Real boosters at the table (packSource "physical"): Podium opens nothing, so no seat can be a
 *   bot (a bot has no boosters to open), there is no team pool to split, and only the organizer
 *   can tell that the draft at the table is over (a draft of generated packs ends with its last pick).
 * - A capacity (most players) is for solo events.
 */
import { DomainError } from '../../common/errors/domain-error';
import { FORMATS, type EventFormat } from '../formats';

/** Where the boosters come from (the event's packSource): opened by Podium, or real ones at the table. */
export type BoosterSource = 'generated' | 'physical';

/**
 * Podium's rule: pooledTeamSealed needs a team sealed event.
 * @param format the event's format; `teamSize` its team size (null: not a team event); `pooled` whether
 *   the team's boosters form one pool.
 * @throws DomainError VALIDATION_FAILED (field pooledTeamSealed, rule teamSealedOnly) when pooled
 *   without a teamSize or in a draft.
 */
export function assertTeamOptions(format: EventFormat, teamSize: number | null, pooled: boolean): void {
  if (pooled && (teamSize === null || !FORMATS[format].pooledTeamPool)) {
    throw new DomainError('VALIDATION_FAILED', 'pooledTeamSealed needs a team sealed event (format "sealed" and a teamSize)', [
      { field: 'pooledTeamSealed', rule: 'teamSealedOnly', message: 'only for team sealed events' },
    ]);
  }
}

/**
 * Podium's rule: real boosters at the table leave no bot seat and no team pool for Podium to split.
 * @param source the event's packSource; `fillWithBots` and `pooled` (pooledTeamSealed) the options asked.
 * @throws DomainError VALIDATION_FAILED (rule generatedPacksOnly) with packSource "physical", naming
 *   fillWithBots when it is set, else pooledTeamSealed.
 */
export function assertPackSourceOptions(source: BoosterSource, fillWithBots: boolean, pooled: boolean): void {
  if (source !== 'physical') return;
  const field = fillWithBots ? 'fillWithBots' : pooled ? 'pooledTeamSealed' : null;
  if (field === null) return;
  throw new DomainError('VALIDATION_FAILED', `${field} needs generated boosters: with packSource "physical" the boosters are opened at the table`, [
    { field, rule: 'generatedPacksOnly', message: 'not with packSource "physical"' },
  ]);
}

/**
 * Podium's rule: the organizer finishes only a draft of real boosters; a draft of generated packs
 * finishes by itself with its last pick. Call after the lifecycle allowed finishDraft.
 * @param source the event's packSource.
 * @throws DomainError EVENT_STATE_CONFLICT (field packSource, rule physicalDraftOnly) for generated packs.
 */
export function assertOrganizerFinishesDraft(source: BoosterSource): void {
  if (source !== 'physical') {
    throw new DomainError('EVENT_STATE_CONFLICT', 'This draft finishes by itself with its last pick; only a draft of real boosters is finished by the organizer', [
      { field: 'packSource', rule: 'physicalDraftOnly', message: 'packSource is generated' },
    ]);
  }
}

/**
 * Podium's rule: a capacity counts solo players; a team event seats whole teams, so it has none
 * (a waitlisted member would leave a team short).
 * @param teamSize the event's team size (null: not a team event); `capacity` the capacity asked (null: none).
 * @throws DomainError VALIDATION_FAILED (field capacity, rule soloEventsOnly) for a capacity in a team event.
 */
export function assertCapacityOptions(teamSize: number | null, capacity: number | null): void {
  if (teamSize !== null && capacity !== null) {
    throw new DomainError('VALIDATION_FAILED', 'capacity is for solo events: a team event seats whole teams', [
      { field: 'capacity', rule: 'soloEventsOnly', message: 'not with a teamSize' },
    ]);
  }
}

/**
 * Rule SIDEBOARDING_OPTION_WINDOW (docs/rules.md "Sideboarding allowed or not"; Podium's rule): the
 * event says before play whether players may sideboard between games, so the option may change
 * until round 1 is paired — after the start too (the organizer may decide at deck building) — and
 * never once matches are played under it.
 * @throws DomainError EVENT_STATE_CONFLICT (field sideboarding, rule beforeRoundOne) once play began.
 */
export function assertSideboardingEditable(state: string): void {
  if (!['registration', 'drafting', 'building'].includes(state)) {
    throw new DomainError('EVENT_STATE_CONFLICT', 'Sideboarding is decided before round 1: matches are already played under it', [
      { field: 'sideboarding', rule: 'beforeRoundOne', message: `not in state ${state}` },
    ]);
  }
}
