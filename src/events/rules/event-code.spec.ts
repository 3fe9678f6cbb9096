import { EVENT_CODE_ALPHABET, EVENT_CODE_PATTERN, eventCodeCandidates } from './event-code';

describe('event codes', () => {
  it('are 6 symbols of the unambiguous alphabet (no 0, O, 1, I)', () => {
    expect(EVENT_CODE_ALPHABET).toHaveLength(32);
    expect(EVENT_CODE_ALPHABET).not.toMatch(/[01OI]/);
    const codes = eventCodeCandidates('seed-one');
    for (let i = 0; i < 200; i++) {
      const code = codes.next().value as string;
      expect(code).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{6}$/);
      expect(code).toMatch(EVENT_CODE_PATTERN);
    }
  });

  it('follow from the seed (replayable): the same seed, the same candidates; another seed, others', () => {
    const take = (seed: string) => {
      const g = eventCodeCandidates(seed);
      return [g.next().value, g.next().value, g.next().value];
    };
    expect(take('seed-one')).toEqual(take('seed-one'));
    expect(take('seed-one')).not.toEqual(take('seed-two'));
    expect(new Set(take('seed-one')).size).toBe(3);
  });
});
