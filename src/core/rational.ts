/**
 * Exact non-negative probabilities as bigint fractions. Dice odds have denominators that are
 * powers of the die sizes, so they stay small; floating point is only used when rendering.
 *
 * Fractions are kept unreduced while they are multiplied and added along the exact walk (a gcd
 * per step dominated the walk's cost); `num`, `den`, `toString` and comparisons see the reduced
 * form. Adding fractions whose denominators divide one another (powers of the same die sizes,
 * the usual case) needs no gcd at all.
 */
export class Rational {
  private reduced = false

  private constructor(
    private n: bigint,
    private d: bigint,
  ) {}

  static readonly ZERO = Rational.raw(0n, 1n)
  static readonly ONE = Rational.raw(1n, 1n)

  /** A fraction from parts that are already valid (positive denominator); no reduction. */
  static raw(num: bigint, den: bigint): Rational {
    return new Rational(num, den)
  }

  static of(num: bigint | number, den: bigint | number = 1n): Rational {
    let n = BigInt(num)
    let d = BigInt(den)
    if (d === 0n) throw new RangeError('Rational with a zero denominator')
    if (d < 0n) {
      n = -n
      d = -d
    }
    return new Rational(n, d).normalise()
  }

  get num(): bigint {
    return this.normalise().n
  }

  get den(): bigint {
    return this.normalise().d
  }

  private normalise(): this {
    if (!this.reduced) {
      const g = gcd(this.n < 0n ? -this.n : this.n, this.d)
      if (g !== 1n) {
        this.n /= g
        this.d /= g
      }
      this.reduced = true
    }
    return this
  }

  add(o: Rational): Rational {
    const a = this.d
    const b = o.d
    if (a === b) return new Rational(this.n + o.n, a)
    if (a > b && a % b === 0n) return new Rational(this.n + o.n * (a / b), a)
    if (b > a && b % a === 0n) return new Rational(this.n * (b / a) + o.n, b)
    return new Rational(this.n * b + o.n * a, a * b).normalise()
  }

  sub(o: Rational): Rational {
    return new Rational(this.n * o.d - o.n * this.d, this.d * o.d).normalise()
  }

  mul(o: Rational): Rational {
    if (o.n === o.d) return this
    if (this.n === this.d) return o
    return new Rational(this.n * o.n, this.d * o.d)
  }

  mulInt(k: number): Rational {
    return new Rational(this.n * BigInt(k), this.d)
  }

  isZero(): boolean {
    return this.n === 0n
  }

  compare(o: Rational): number {
    const l = this.n * o.d
    const r = o.n * this.d
    return l < r ? -1 : l > r ? 1 : 0
  }

  equals(o: Rational): boolean {
    return this.compare(o) === 0
  }

  toNumber(): number {
    const { n, d } = this.normalise()
    if (n === 0n) return 0
    // Plain division is exact to the last bit when both parts fit in a double.
    if (n <= 9007199254740991n && d <= 9007199254740991n && n >= -9007199254740991n) return Number(n) / Number(d)
    const scale = 10n ** 18n
    return Number((n * scale) / d) / 1e18
  }

  toString(): string {
    const { n, d } = this.normalise()
    return d === 1n ? `${n}` : `${n}/${d}`
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
