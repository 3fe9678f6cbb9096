import { TIEBREAKER_ORDER, TIEBREAKERS } from './tiebreakers';

describe('tiebreakers as data', () => {
  it('MTR_3_1_TIEBREAKER_ORDER: after match points come OMW%, then GW%, then OGW%', () => {
    expect(TIEBREAKERS.map((t) => t.key)).toEqual(['omwp', 'gwp', 'ogwp']);
    expect(TIEBREAKER_ORDER).toBe('match points, then OMW%, GW%, OGW%');
  });
});
