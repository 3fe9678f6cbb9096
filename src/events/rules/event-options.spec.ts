import { thrown } from '../../../test/utils/thrown';
import { assertOrganizerFinishesDraft, assertPackSourceOptions, assertSideboardingEditable, assertTeamOptions } from './event-options';

describe('event options', () => {
  it('a pooled team pool exists only in a team sealed event', () => {
    expect(() => assertTeamOptions('sealed', 2, true)).not.toThrow();
    expect(thrown(() => assertTeamOptions('sealed', null, true))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'pooledTeamSealed needs a team sealed event (format "sealed" and a teamSize)',
      details: [{ field: 'pooledTeamSealed', rule: 'teamSealedOnly', message: 'only for team sealed events' }],
    });
    expect(thrown(() => assertTeamOptions('draft', 3, true)).details[0].rule).toBe('teamSealedOnly');
  });

  it('without a pooled pool, any format and team size goes', () => {
    for (const format of ['sealed', 'draft'] as const) for (const size of [null, 2, 3]) expect(() => assertTeamOptions(format, size, false)).not.toThrow();
  });

  it('real boosters at the table leave no seat to a bot', () => {
    expect(thrown(() => assertPackSourceOptions('physical', true, false))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'fillWithBots needs generated boosters: with packSource "physical" the boosters are opened at the table',
      details: [{ field: 'fillWithBots', rule: 'generatedPacksOnly', message: 'not with packSource "physical"' }],
    });
  });

  it('real boosters at the table leave no team pool to split', () => {
    expect(thrown(() => assertPackSourceOptions('physical', false, true))).toMatchObject({
      message: 'pooledTeamSealed needs generated boosters: with packSource "physical" the boosters are opened at the table',
      details: [{ field: 'pooledTeamSealed', rule: 'generatedPacksOnly' }],
    });
  });

  it('with both bots and a pooled pool on real boosters, the bots are named first', () => {
    expect(thrown(() => assertPackSourceOptions('physical', true, true)).details).toEqual([
      { field: 'fillWithBots', rule: 'generatedPacksOnly', message: 'not with packSource "physical"' },
    ]);
  });

  it('generated boosters allow bots and pooled pools; real ones without either are fine', () => {
    expect(() => assertPackSourceOptions('generated', true, true)).not.toThrow();
    expect(() => assertPackSourceOptions('physical', false, false)).not.toThrow();
  });

  it('only a draft of real boosters is finished by the organizer; generated packs finish with the last pick', () => {
    expect(() => assertOrganizerFinishesDraft('physical')).not.toThrow();
    expect(thrown(() => assertOrganizerFinishesDraft('generated'))).toMatchObject({
      code: 'EVENT_STATE_CONFLICT',
      message: 'This draft finishes by itself with its last pick; only a draft of real boosters is finished by the organizer',
      details: [{ field: 'packSource', rule: 'physicalDraftOnly', message: 'packSource is generated' }],
    });
  });

  it('SIDEBOARDING_OPTION_WINDOW: the sideboarding option changes until round 1 is paired', () => {
    for (const state of ['registration', 'drafting', 'building']) expect(() => assertSideboardingEditable(state)).not.toThrow();
    for (const state of ['playing', 'complete', 'cancelled']) {
      expect(thrown(() => assertSideboardingEditable(state))).toMatchObject({ code: 'EVENT_STATE_CONFLICT', details: [{ field: 'sideboarding', rule: 'beforeRoundOne' }] });
    }
  });
});
