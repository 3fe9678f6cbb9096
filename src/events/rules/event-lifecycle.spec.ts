import { DomainError } from '../../common/errors/domain-error';
import { assertAllowed, nextState } from './event-lifecycle';

describe('event lifecycle', () => {
  it('a draft event goes registration → drafting → building → playing → complete', () => {
    let s = nextState('registration', 'start', 'draft');
    expect(s).toBe('drafting');
    s = nextState(s, 'finishDraft', 'draft');
    expect(s).toBe('building');
    s = nextState(s, 'pairFirstRound', 'draft');
    expect(s).toBe('playing');
    expect(nextState(s, 'complete', 'draft')).toBe('complete');
  });

  it('undoing round 1 takes a playing event back to building, and only a playing one', () => {
    expect(nextState('playing', 'undoFirstRound', 'sealed')).toBe('building');
    expect(nextState('playing', 'undoFirstRound', 'draft')).toBe('building');
    expect(() => nextState('building', 'undoFirstRound', 'sealed')).toThrow(expect.objectContaining({ code: 'EVENT_STATE_CONFLICT' }));
    expect(() => nextState('complete', 'undoFirstRound', 'draft')).toThrow(expect.objectContaining({ code: 'EVENT_STATE_CONFLICT' }));
  });

  it('a sealed event goes straight from registration to building on start', () => {
    expect(nextState('registration', 'start', 'sealed')).toBe('building');
  });

  it('cancelled from any state before complete, never after', () => {
    for (const state of ['registration', 'drafting', 'building', 'playing'] as const) expect(nextState(state, 'cancel', 'draft')).toBe('cancelled');
    expect(() => nextState('complete', 'cancel', 'draft')).toThrow(DomainError);
    expect(() => nextState('cancelled', 'cancel', 'draft')).toThrow(DomainError);
  });

  it('late entry: a sealed event accepts players until round 1, a draft only before start', () => {
    expect(() => assertAllowed('building', 'register', 'sealed')).not.toThrow();
    expect(() => assertAllowed('playing', 'register', 'sealed')).toThrow(DomainError);
    expect(() => assertAllowed('drafting', 'register', 'draft')).toThrow(DomainError);
  });

  it('late entry after round 1: the organizer adds a player only while the event is playing, any format', () => {
    for (const format of ['sealed', 'draft'] as const) {
      expect(() => assertAllowed('playing', 'enterLate', format)).not.toThrow();
      for (const state of ['registration', 'drafting', 'building', 'complete', 'cancelled'] as const) expect(() => assertAllowed(state, 'enterLate', format)).toThrow(DomainError);
    }
  });

  it('editing and unregistering only before start', () => {
    expect(() => assertAllowed('registration', 'edit', 'draft')).not.toThrow();
    expect(() => assertAllowed('building', 'edit', 'sealed')).toThrow(/it is building/);
    expect(() => assertAllowed('drafting', 'unregister', 'draft')).toThrow(DomainError);
  });

  it('the seed is revealed only after the event is complete', () => {
    expect(() => assertAllowed('playing', 'reveal', 'draft')).toThrow(DomainError);
    expect(() => assertAllowed('complete', 'reveal', 'draft')).not.toThrow();
  });

  it('the conflict names the state and what allows the action', () => {
    try {
      assertAllowed('registration', 'pick', 'draft');
      throw new Error('expected a conflict');
    } catch (e) {
      expect(e).toMatchObject({ code: 'EVENT_STATE_CONFLICT', details: [{ field: 'state', rule: 'pick' }] });
    }
  });
});
