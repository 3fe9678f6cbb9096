import { thrown } from '../../../test/utils/thrown';
import { assertClaimable, CLAIM_CODE_PATTERN, claimCodeFrom, normalizeClaimCode } from './claim-code';
import { EVENT_CODE_ALPHABET } from './event-code';

describe('claim codes', () => {
  it('CLAIM_CODE_FROM_RANDOM_BYTES: 8 symbols of the unambiguous alphabet, each byte picking one by its low 5 bits', () => {
    expect(claimCodeFrom(Uint8Array.from([0, 1, 2, 3, 31, 32, 255, 64]))).toBe('2345Z2Z2');
    const code = claimCodeFrom(Uint8Array.from({ length: 8 }, (_, i) => i * 37));
    expect(code).toHaveLength(8);
    expect([...code].every((c) => EVENT_CODE_ALPHABET.includes(c))).toBe(true);
    expect(code).toMatch(CLAIM_CODE_PATTERN);
    expect(() => claimCodeFrom(new Uint8Array(7))).toThrow();
  });

  it('CLAIM_CODE_AS_TYPED: any case, with or without the dash and spaces', () => {
    expect(normalizeClaimCode(' k7q2-px9m ')).toBe('K7Q2PX9M');
    expect('k7q2 px9m').toMatch(CLAIM_CODE_PATTERN);
    expect('K7Q2-PX9M').toMatch(CLAIM_CODE_PATTERN);
    expect('K7Q2-PX9').not.toMatch(CLAIM_CODE_PATTERN);
    expect('K7Q2-PX90').not.toMatch(CLAIM_CODE_PATTERN);
  });

  it('CLAIM_CODE_WORKS_ONCE: unknown codes are CLAIM_CODE_INVALID, used ones CLAIM_CODE_USED', () => {
    expect(() => assertClaimable({ claimedAt: null })).not.toThrow();
    expect(thrown(() => assertClaimable(null))).toMatchObject({ code: 'CLAIM_CODE_INVALID', details: [{ field: 'claimCode', rule: 'exists' }] });
    expect(thrown(() => assertClaimable({ claimedAt: new Date(0) }))).toMatchObject({ code: 'CLAIM_CODE_USED', details: [{ field: 'claimCode', rule: 'once' }] });
  });
});
