/**
 * Exact non-negative probabilities as bigint fractions. Dice odds have denominators that are
 * powers of the die sizes, so they stay small; floating point is only used when rendering.
 */
export class Rational {
  private constructor(
    readonly num: bigint,
    readonly den: bigint,
  ) {}

  static readonly ZERO = new Rational(0n, 1n)
  static readonly ONE = new Rational(1n, 1n)

  static of(num: bigint | number, den: bigint | number = 1n): Rational {
    let n = BigInt(num)
    let d = BigInt(den)
    if (d === 0n) throw new RangeError('Rational with a zero denominator')
    if (d < 0n) {
      n = -n
      d = -d
    }
    const g = gcd(n < 0n ? -n : n, d)
    return g === 1n ? new Rational(n, d) : new Rational(n / g, d / g)
  }

  add(o: Rational): Rational {
    if (this.den === o.den) return Rational.of(this.num + o.num, this.den)
    return Rational.of(this.num * o.den + o.num * this.den, this.den * o.den)
  }

  sub(o: Rational): Rational {
    return Rational.of(this.num * o.den - o.num * this.den, this.den * o.den)
  }

  mul(o: Rational): Rational {
    return Rational.of(this.num * o.num, this.den * o.den)
  }

  mulInt(k: number): Rational {
    return Rational.of(this.num * BigInt(k), this.den)
  }

  isZero(): boolean {
    return this.num === 0n
  }

  compare(o: Rational): number {
    const l = this.num * o.den
    const r = o.num * this.den
    return l < r ? -1 : l > r ? 1 : 0
  }

  toNumber(): number {
    // Scale before dividing so large numerators and denominators keep their precision.
    const scale = 10n ** 18n
    return Number((this.num * scale) / this.den) / 1e18
  }

  toString(): string {
    return this.den === 1n ? `${this.num}` : `${this.num}/${this.den}`
  }
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) {
    const t = a % b
    a = b
    b = t
  }
  return a === 0n ? 1n : a
}
