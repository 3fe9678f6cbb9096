import { rngFor } from './seeded-rng';
import { botPickPurpose, draftPackPurpose, pairingPurpose, PODS_PURPOSE, sealedPackPurpose, seedCommitment } from './stream-purposes';

describe('stream purposes', () => {
  it('spell the documented names', () => {
    expect(PODS_PURPOSE).toBe('pods');
    expect(draftPackPurpose(2, 5, 3)).toBe('pack/pod-2/seat-5/round-3');
    expect(sealedPackPurpose(12, 6)).toBe('pack/player-12/pack-6');
    expect(botPickPurpose(2, 5, 3, 7)).toBe('bot/pod-2/seat-5/round-3/pick-7');
    expect(pairingPurpose(1)).toBe('pairing/round-1');
    expect(pairingPurpose(3, 0)).toBe('pairing/round-3');
    expect(pairingPurpose(3, 2)).toBe('pairing/round-3/repair-2');
  });

  it('seat 0 is valid (seat indexes are 0-based) but pods, rounds, picks and players start at 1', () => {
    expect(draftPackPurpose(1, 0, 1)).toBe('pack/pod-1/seat-0/round-1');
    expect(() => draftPackPurpose(0, 0, 1)).toThrow(RangeError);
    expect(() => botPickPurpose(1, 0, 1, 0)).toThrow(RangeError);
    expect(() => sealedPackPurpose(0, 1)).toThrow(RangeError);
    expect(() => draftPackPurpose(1, -1, 1)).toThrow(RangeError);
    expect(() => pairingPurpose(1.5)).toThrow(RangeError);
    expect(() => pairingPurpose(1, -1)).toThrow(RangeError);
  });

  it('are all distinct, so no two decisions share a stream', () => {
    const names = [PODS_PURPOSE, pairingPurpose(1)];
    for (let p = 1; p <= 3; p++)
      for (let s = 0; s < 8; s++)
        for (let r = 1; r <= 4; r++) {
          names.push(draftPackPurpose(p, s, r));
          for (let k = 1; k <= 15; k++) names.push(botPickPurpose(p, s, r, k));
        }
    for (let pl = 1; pl <= 24; pl++) for (let k = 1; k <= 6; k++) names.push(sealedPackPurpose(pl, k));
    expect(new Set(names).size).toBe(names.length);
  });

  it('are accepted by rngFor', () => {
    expect(() => rngFor('00112233445566778899aabbccddeeff', botPickPurpose(1, 0, 1, 1)).uint32()).not.toThrow();
  });
});

describe('seedCommitment', () => {
  it('is the lower-case hex SHA-256 of the seed’s UTF-8 bytes (FIPS 180-2 vector "abc")', () => {
    expect(seedCommitment('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('hashes non-ASCII seeds as UTF-8 (é = bytes c3 a9), not UTF-16 or Latin-1', () => {
    expect(seedCommitment('é')).toBe('4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c');
    expect(seedCommitment('é')).toMatch(/^[0-9a-f]{64}$/);
  });
});
