import { isValidUsername, keepsAnOwner, LOGIN_LOCKOUT, lockoutEndsAt, loginLimitKeys, normalizeUsername } from './account-rules';

describe('account rules', () => {
  describe('username rule', () => {
    it('takes 3–40 characters of a–z, 0–9, dot, underscore and dash', () => {
      for (const ok of ['ann', 'store.owner_1-x', 'a'.repeat(40)]) expect(isValidUsername(ok)).toBe(true);
    });
    it('refuses too short, too long, capitals, spaces, @ and non-Latin letters', () => {
      for (const bad of ['ab', 'a'.repeat(41), 'Ann', 'an n', 'ann@shop', 'анна', '']) expect(isValidUsername(bad)).toBe(false);
    });
    it('input is trimmed and lower-cased before the rule (so "Ann " signs in as "ann")', () => {
      expect(normalizeUsername('  Ann.Lee ')).toBe('ann.lee');
      expect(normalizeUsername(42)).toBe(42);
    });
  });

  describe('lockout window', () => {
    it('counts per account (10 in 15 min) and per address (50 in 15 min), under separate keys', () => {
      expect(LOGIN_LOCKOUT.account).toEqual({ name: 'loginAccount', windowMs: 900_000, blockAt: 10, blockMs: 900_000 });
      expect(LOGIN_LOCKOUT.address).toEqual({ name: 'loginAddress', windowMs: 900_000, blockAt: 50, blockMs: 900_000 });
      const keys = loginLimitKeys('ann', '10.0.0.1');
      expect(keys.account).not.toBe(keys.address);
      expect(loginLimitKeys('ann', '10.0.0.2').account).toBe(keys.account);
    });
    it('a lockout ends by itself 15 minutes after it started', () => {
      expect(lockoutEndsAt(new Date('2026-12-01T10:00:00Z'), LOGIN_LOCKOUT.account)).toEqual(new Date('2026-12-01T10:15:00Z'));
    });
  });

  describe('last owner rule', () => {
    const staff = [
      { accountId: 'a', role: 'owner' as const },
      { accountId: 'b', role: 'organizer' as const },
    ];
    it('refuses demoting or removing the only owner', () => {
      expect(keepsAnOwner(staff, 'a', 'organizer')).toBe(false);
      expect(keepsAnOwner(staff, 'a', null)).toBe(false);
    });
    it('allows it when another owner stays, and any change of others', () => {
      expect(keepsAnOwner([...staff, { accountId: 'c', role: 'owner' }], 'a', null)).toBe(true);
      expect(keepsAnOwner(staff, 'b', null)).toBe(true);
      expect(keepsAnOwner(staff, 'b', 'owner')).toBe(true);
    });
  });
});
