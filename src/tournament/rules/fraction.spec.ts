import { Fraction } from './fraction';

describe('Fraction (exact arithmetic for standings, docs/rules.md "Standings")', () => {
  it('reduces and keeps the denominator positive', () => {
    expect(Fraction.of(16, 24).toString()).toBe('2/3');
    expect(Fraction.of(3, -6).toString()).toBe('-1/2');
    expect(Fraction.of(0, 5).equals(Fraction.ZERO)).toBe(true);
    expect(Fraction.of(6, 3).toString()).toBe('2');
    expect(() => Fraction.of(1, 0)).toThrow(RangeError);
    expect(() => Fraction.of(0.5, 1)).toThrow(RangeError);
  });

  it('adds, subtracts, multiplies and divides exactly (1/3 + 1/3 + 1/3 is exactly 1)', () => {
    const third = Fraction.of(1, 3);
    expect(third.add(third).add(third).equals(Fraction.ONE)).toBe(true);
    expect(Fraction.of(1, 2).sub(Fraction.of(1, 3)).toString()).toBe('1/6');
    expect(Fraction.of(2, 3).mul(Fraction.of(9, 4)).toString()).toBe('3/2');
    expect(Fraction.of(2, 3).div(Fraction.of(4, 9)).toString()).toBe('3/2');
    expect(() => Fraction.ONE.div(Fraction.ZERO)).toThrow(RangeError);
  });

  it('compares exactly where doubles cannot (0.1 + 0.2 vs 0.3)', () => {
    const sum = Fraction.parse('0.1').add(Fraction.parse('0.2'));
    expect(sum.compare(Fraction.parse('0.3'))).toBe(0);
    expect(Fraction.of(1, 3).compare(Fraction.parse('0.33'))).toBe(1);
    expect(Fraction.parse('0.33').compare(Fraction.of(1, 3))).toBe(-1);
    expect(Fraction.of(1, 3).max(Fraction.parse('0.33')).toString()).toBe('1/3');
  });

  it('parses plain decimals and numbers exactly: 0.33 is 33/100', () => {
    expect(Fraction.parse('0.33').toString()).toBe('33/100');
    expect(Fraction.parse(0.33).toString()).toBe('33/100');
    expect(Fraction.parse('-1.50').toString()).toBe('-3/2');
    expect(Fraction.parse('2').toString()).toBe('2');
    for (const bad of ['', '.5', '1e-3', 'abc', '1.2.3']) expect(() => Fraction.parse(bad)).toThrow(RangeError);
  });

  it('rounds half up for display: 2/3 → 0.667, 3/5 → 0.600, 1/8 → 0.13', () => {
    expect(Fraction.of(16, 24).toFixed(3)).toBe('0.667');
    expect(Fraction.of(9, 15).toFixed(3)).toBe('0.600');
    expect(Fraction.of(1, 8).toFixed(2)).toBe('0.13');
    expect(Fraction.of(-1, 8).toFixed(2)).toBe('-0.13');
    expect(Fraction.of(1, 1000).toFixed(2)).toBe('0.00');
    expect(Fraction.of(7, 2).toFixed(0)).toBe('4');
    expect(Fraction.ONE.toFixed(3)).toBe('1.000');
  });

  it('serialises to JSON as the nearest number (the API shows fractions as numbers 0–1)', () => {
    expect(JSON.stringify({ mwp: Fraction.of(2, 3) })).toBe(`{"mwp":${2 / 3}}`);
    expect(Fraction.of(3, 5).toNumber()).toBe(0.6);
  });
});
