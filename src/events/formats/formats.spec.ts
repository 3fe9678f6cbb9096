import { BERSERK, WOW_TCG } from '../../catalog/games';
import { DomainError } from '../../common/errors/domain-error';
import { assertTeamOptions } from '../rules/event-options';
import { assertAllowed, EVENT_STATES, nextState } from '../rules/event-lifecycle';
import { DRAFT_FORMAT, EVENT_FORMATS, FORMATS, packsLeaveOutHeroSlot, SEALED_FORMAT, type FormatRegistry } from './index';

// Compile-time pins (checked by `tsc --noEmit`, which includes the specs): the registry needs every
// format under its own name, and nothing else.
// @ts-expect-error a format name without its definition does not compile
const _missing: FormatRegistry = { sealed: SEALED_FORMAT };
// @ts-expect-error a definition registered under another format's name does not compile
const _swapped: FormatRegistry = { sealed: DRAFT_FORMAT, draft: SEALED_FORMAT };

describe('event formats', () => {
  it('every format is registered under its own name, in the order of EVENT_FORMATS', () => {
    expect(Object.keys(FORMATS)).toEqual([...EVENT_FORMATS]);
    for (const format of EVENT_FORMATS) expect(FORMATS[format].id).toBe(format);
  });

  it('a sealed event starts straight in deck building; a draft starts drafting', () => {
    expect(FORMATS.sealed.startsIn).toBe('building');
    expect(FORMATS.draft.startsIn).toBe('drafting');
    for (const format of EVENT_FORMATS) expect(nextState('registration', 'start', format)).toBe(FORMATS[format].startsIn);
  });

  it('a format starts drafting exactly when it drafts (only a draft ends in finishDraft)', () => {
    for (const format of EVENT_FORMATS) expect(FORMATS[format].startsIn === 'drafting').toBe(FORMATS[format].drafts);
  });

  it('a sealed event takes late entries until round 1', () => {
    expect(FORMATS.sealed.lateEntryStates).toEqual(['building']);
    expect(() => assertAllowed('building', 'register', 'sealed')).not.toThrow();
    expect(() => assertAllowed('playing', 'register', 'sealed')).toThrow(/register is allowed only in state registration or building/);
  });

  it('a draft takes no late entry: players register only before start', () => {
    expect(FORMATS.draft.lateEntryStates).toEqual([]);
    for (const state of EVENT_STATES.filter((s) => s !== 'registration')) expect(() => assertAllowed(state, 'register', 'draft')).toThrow(DomainError);
  });

  it('late entry states come after the start and before the event is over', () => {
    for (const format of EVENT_FORMATS) {
      for (const state of FORMATS[format].lateEntryStates) expect(['drafting', 'building', 'playing']).toContain(state);
    }
  });

  it('only a draft has pods, picks, pauses and finishDraft', () => {
    expect(FORMATS.draft.drafts).toBe(true);
    expect(FORMATS.sealed.drafts).toBe(false);
    for (const action of ['pick', 'pause', 'finishDraft'] as const) {
      expect(() => assertAllowed('drafting', action, 'draft')).not.toThrow();
      expect(() => assertAllowed('building', action, 'sealed')).toThrow(`a sealed event has no ${action}`);
    }
  });

  it('packs per player: WoW sealed 6; WoW draft 4 whatever the booster size (the rule text asks four boosters of every player)', () => {
    expect(FORMATS.sealed.packsPerPlayer(WOW_TCG, 15)).toBe(6);
    expect(FORMATS.draft.packsPerPlayer(WOW_TCG, 15)).toBe(4);
    expect(FORMATS.draft.packsPerPlayer(WOW_TCG, 19)).toBe(4);
  });

  it('packs per player: none when the game publishes no number (the organizer lists every pack)', () => {
    expect(FORMATS.sealed.packsPerPlayer(BERSERK, 12)).toBeNull();
    expect(FORMATS.draft.packsPerPlayer(BERSERK, 12)).toBeNull();
    expect(FORMATS.draft.packsPerPlayer(WOW_TCG, 12)).toBeNull();
  });

  it('a sealed pool is the opened boosters; a draft pool is the picks', () => {
    expect(FORMATS.sealed.pool).toBe('opened-boosters');
    expect(FORMATS.draft.pool).toBe('draft-picks');
  });

  it('a draft pairs inside its pods first; sealed pairs the whole event', () => {
    expect(FORMATS.draft.pairingScope).toBe('pod-first');
    expect(FORMATS.sealed.pairingScope).toBe('event');
  });

  it('a pooled team pool is allowed only in team sealed', () => {
    expect(FORMATS.sealed.pooledTeamPool).toBe(true);
    expect(FORMATS.draft.pooledTeamPool).toBe(false);
    expect(() => assertTeamOptions('sealed', 2, true)).not.toThrow();
    expect(() => assertTeamOptions('draft', 2, true)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });

  it('draft packs leave the hero slot out unless the event keeps it', () => {
    expect(packsLeaveOutHeroSlot({ format: 'draft', keepHeroSlot: false })).toBe(true);
    expect(packsLeaveOutHeroSlot({ format: 'draft', keepHeroSlot: true })).toBe(false);
  });

  it('sealed packs keep the hero slot', () => {
    expect(packsLeaveOutHeroSlot({ format: 'sealed', keepHeroSlot: false })).toBe(false);
    expect(packsLeaveOutHeroSlot({ format: 'sealed', keepHeroSlot: true })).toBe(false);
  });

  it("the verifier replays a draft's seating, also of real boosters; a sealed event has none", () => {
    expect(FORMATS.draft.seatingReplayed).toBe(true);
    expect(FORMATS.sealed.seatingReplayed).toBe(false);
  });
});
