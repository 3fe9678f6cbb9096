import { thrown } from '../../../test/utils/thrown';
import { assertDistinctProfiles, assertNoSharedEvent } from './profile-merge';

describe('profile merge policy', () => {
  it('a profile cannot be merged into itself', () => {
    expect(thrown(() => assertDistinctProfiles('p1', 'p1'))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'A profile cannot be merged into itself',
      details: [{ field: 'into', rule: 'different', message: 'same profile' }],
    });
    expect(() => assertDistinctProfiles('p1', 'p2')).not.toThrow();
  });

  it('two profiles that played the same event are two people', () => {
    expect(thrown(() => assertNoSharedEvent({ eventId: 'e7' }))).toMatchObject({
      code: 'ALREADY_REGISTERED',
      message: 'Both profiles played the same event: they are two people',
      details: [{ field: 'into', rule: 'noSharedEvent', message: 'both in event e7' }],
    });
  });

  it('profiles that never played the same event can be merged', () => {
    expect(() => assertNoSharedEvent(null)).not.toThrow();
  });
});
