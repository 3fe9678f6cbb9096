/**
 * Exact rational numbers for standings (docs/rules.md, "Standings": "exact fractions until
 * display"). Tiebreakers such as OMW% are means of fractions; comparing them as floating point could
 * order two players differently from the exact values (e.g. 1/3 + 1/3 + 1/3 vs 1). A Fraction is a
 * reduced bigint numerator over a positive bigint denominator, immutable.
 */

function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

function toBigInt(x: bigint | number, name: string): bigint {
  if (typeof x === 'bigint') return x;
  if (!Number.isSafeInteger(x)) throw new RangeError(`${name}: safe integer expected, got ${x}`);
  return BigInt(x);
}

export class Fraction {
  static readonly ZERO = new Fraction(0n, 1n);
  static readonly ONE = new Fraction(1n, 1n);

  /** Use Fraction.of: the constructor trusts that num/den is reduced and den > 0. */
  private constructor(
    readonly num: bigint,
    readonly den: bigint,
  ) {}

  /**
   * The reduced fraction num/den.
   * @throws RangeError when den is 0 or a number argument is not a safe integer.
   */
  static of(num: bigint | number, den: bigint | number = 1n): Fraction {
    let n = toBigInt(num, 'numerator');
    let d = toBigInt(den, 'denominator');
    if (d === 0n) throw new RangeError('denominator: non-zero expected');
    if (d < 0n) {
      n = -n;
      d = -d;
    }
    const g = gcd(n, d);
    return g === 1n ? new Fraction(n, d) : new Fraction(n / g, d / g);
  }

  /**
   * The exact value of a decimal written in base 10: "0.33" → 33/100, "1" → 1, "-0.5" → −1/2. A number
   * is read through its shortest decimal form (0.33 → "0.33"), so `parse(0.33)` is exactly 33/100.
   * @throws RangeError for anything but an optional sign, digits and an optional fraction part.
   */
  static parse(decimal: string | number): Fraction {
    const text = typeof decimal === 'number' ? String(decimal) : decimal.trim();
    const m = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(text);
    if (!m) throw new RangeError(`Not a plain decimal number: "${text}"`);
    const frac = m[3] ?? '';
    const n = BigInt(m[2] + frac) * (m[1] === '-' ? -1n : 1n);
    return Fraction.of(n, 10n ** BigInt(frac.length));
  }

  add(o: Fraction): Fraction {
    return Fraction.of(this.num * o.den + o.num * this.den, this.den * o.den);
  }

  sub(o: Fraction): Fraction {
    return Fraction.of(this.num * o.den - o.num * this.den, this.den * o.den);
  }

  mul(o: Fraction): Fraction {
    return Fraction.of(this.num * o.num, this.den * o.den);
  }

  /** @throws RangeError when dividing by zero. */
  div(o: Fraction): Fraction {
    return Fraction.of(this.num * o.den, this.den * o.num);
  }

  /** −1, 0 or 1 as this is less than, equal to or greater than o. */
  compare(o: Fraction): -1 | 0 | 1 {
    const l = this.num * o.den;
    const r = o.num * this.den;
    return l < r ? -1 : l > r ? 1 : 0;
  }

  equals(o: Fraction): boolean {
    return this.num === o.num && this.den === o.den;
  }

  /** The larger of this and o (this when equal). */
  max(o: Fraction): Fraction {
    return this.compare(o) >= 0 ? this : o;
  }

  /** The nearest double (for JSON and display; never for comparisons). */
  toNumber(): number {
    return Number(this.num) / Number(this.den);
  }

  /**
   * The value rounded half away from zero to `digits` decimals, exactly: 2/3 → "0.667", 3/5 → "0.600",
   * 1/8 (0.125) → "0.13" with 2 digits.
   */
  toFixed(digits: number): string {
    if (!Number.isSafeInteger(digits) || digits < 0 || digits > 100) throw new RangeError(`digits: integer 0..100 expected, got ${digits}`);
    const scale = 10n ** BigInt(digits);
    const neg = this.num < 0n;
    const abs = neg ? -this.num : this.num;
    const scaled = (2n * abs * scale + this.den) / (2n * this.den); // round half up on |x|
    const whole = (scaled / scale).toString();
    const part = digits === 0 ? '' : '.' + (scaled % scale).toString().padStart(digits, '0');
    return (neg && scaled !== 0n ? '-' : '') + whole + part;
  }

  /** "num/den", e.g. "2/3" (or "2" when the denominator is 1). */
  toString(): string {
    return this.den === 1n ? this.num.toString() : `${this.num}/${this.den}`;
  }

  /** JSON holds the nearest double (the API's "fractions as numbers 0–1"); bigints are not JSON. */
  toJSON(): number {
    return this.toNumber();
  }
}
