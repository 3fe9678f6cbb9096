/**
 * The event lifecycle as a pure state machine (states and what moves them):
 *
 *   registration ──start──▶ drafting (draft) ──draft done──▶ building ──round 1 paired──▶ playing ──complete──▶ complete
 *                                                            building ◀──round 1 undone── playing
 *                └─start (sealed)────────────────────────────▶ building ──complete──▶ complete
 *   cancelled: from any state before complete.
 *
 * What differs by format (the start's state, late entry, the draft's actions) is the format's
 * definition (src/events/formats, FORMATS).
 * No Nest, no database: services ask `assertAllowed` before acting and store `nextState`.
 */
import { DomainError } from '../../common/errors/domain-error';
import { FORMATS, type EventFormat } from '../formats';

export type { EventFormat } from '../formats';

export const EVENT_STATES = ['registration', 'drafting', 'building', 'playing', 'complete', 'cancelled'] as const;
export type EventState = (typeof EVENT_STATES)[number];

/**
 * A state read from the database (a text column) as an EventState.
 * @throws Error for a value no migration writes (a corrupt row: a 500, not a guess).
 */
export function asEventState(value: string): EventState {
  if ((EVENT_STATES as readonly string[]).includes(value)) return value as EventState;
  throw new Error(`unknown event state in the database: ${value}`);
}

export type EventAction =
  | 'edit'
  | 'register'
  | 'checkIn'
  | 'importPlayers'
  | 'claimSeat'
  | 'unregister'
  | 'start'
  | 'pick'
  | 'pause'
  | 'finishDraft'
  | 'pairFirstRound'
  | 'undoFirstRound'
  | 'complete'
  | 'cancel'
  | 'reveal'
  | 'submitDeck'
  | 'pairRound'
  | 'drop'
  | 'penalize'
  | 'enterLate'
  | 'editPairings'
  | 'fixTable';

/**
 * States in which each action is allowed, per format. Late entry: registration, then the format's
 * lateEntryStates (sealed events accept players until round 1); the draft's actions only in a format
 * that drafts.
 */
function allowedStates(action: EventAction, format: EventFormat): readonly EventState[] {
  switch (action) {
    case 'edit':
    case 'unregister':
    case 'start':
    case 'checkIn':
    case 'importPlayers':
      return ['registration'];
    case 'claimSeat':
      // An imported player who arrives late still takes their seat while the event runs.
      return ['registration', 'drafting', 'building', 'playing'];
    case 'register':
      return ['registration', ...FORMATS[format].lateEntryStates];
    case 'pick':
    case 'pause':
    case 'finishDraft':
      return FORMATS[format].drafts ? ['drafting'] : [];
    case 'pairFirstRound':
      return ['building'];
    case 'undoFirstRound':
    case 'penalize':
    case 'enterLate': // late entry after round 1: the organizer adds the player, a match loss for each round missed
    case 'editPairings':
      return ['playing'];
    case 'fixTable':
      // A player who cannot move is known at registration or found once the rounds run.
      return ['registration', 'drafting', 'building', 'playing'];
    case 'pairRound':
    case 'drop':
      return ['building', 'playing'];
    case 'submitDeck':
      // Registered decks lock when round 1 is paired (the event moves to playing).
      return ['building'];
    case 'complete':
      return ['building', 'playing'];
    case 'cancel':
      return ['registration', 'drafting', 'building', 'playing'];
    case 'reveal':
      return ['complete'];
  }
}

/**
 * @throws DomainError EVENT_STATE_CONFLICT (409) naming the current state and the states that allow the action.
 */
export function assertAllowed(state: EventState, action: EventAction, format: EventFormat): void {
  const allowed = allowedStates(action, format);
  if (!allowed.includes(state)) {
    const where = allowed.length ? `${action} is allowed only in state ${allowed.join(' or ')}` : `a ${format} event has no ${action}`;
    throw new DomainError('EVENT_STATE_CONFLICT', `Cannot ${action} the event: it is ${state}; ${where}`, [
      { field: 'state', rule: action, message: `state is ${state}; allowed: ${allowed.join(', ') || 'none'}` },
    ]);
  }
}

/** The state after a successful action (unchanged for actions that do not move the event). */
export function nextState(state: EventState, action: EventAction, format: EventFormat): EventState {
  assertAllowed(state, action, format);
  switch (action) {
    case 'start':
      return FORMATS[format].startsIn;
    case 'finishDraft':
      return 'building';
    case 'pairFirstRound':
      return 'playing';
    case 'undoFirstRound':
      return 'building';
    case 'complete':
      return 'complete';
    case 'cancel':
      return 'cancelled';
    default:
      return state;
  }
}
