/**
 * The one exact probability distribution every odds computation uses.
 *
 * Weights are whole numbers of equally likely ways over one common denominator (a dice pool's
 * `sides^n`, a product of those along a resolution). Nothing is rounded until `probability`
 * turns a count into a decimal for JSON or text, so maps sum to 1 exactly and large pools
 * cannot overflow: counts are bigints, and the conversion scales by powers of two itself
 * instead of dividing two huge numbers as floats (which gave Infinity, NaN and lost tails).
 *
 * Outcomes are numbers, strings, or small plain objects (a stage's state: `{damage, spent}`).
 * Objects are told apart by their JSON text, so a stage must build its states with the same
 * key order every time (a literal in one place does that).
 *
 * The algebra is what the rules compose their odds with: `map` (a function of the outcome),
 * `bind` (a next stage per outcome), `product` (an independent second distribution), `repeat`
 * (n independent copies folded together), `mixture`, `cap`, and `absorb` (a process repeated
 * until it stops, "burn until a 1").
 */
export type Outcome = number | string | object

/** Literal types widened (a distribution of `1 | 2 | 3` is a distribution of numbers). */
export type Widen<K> = K extends number ? number : K extends string ? string : K

const keyOf = (v: Outcome): number | string => (typeof v === 'object' ? JSON.stringify(v) : v)

export class Distribution<K extends Outcome = number> {
  /** Distinct outcomes, in the order first reached (see `sorted` for key order). */
  private readonly values: K[] = []
  /** Ways of each outcome, over `den`. */
  private readonly counts: bigint[] = []
  private readonly index = new Map<number | string, number>()
  /** What makes two outcomes the same outcome (by default: equal values, objects by JSON). */
  private readonly keyFn: (v: Outcome) => number | string

  private constructor(
    /** The common denominator: every count is over it, and they add up to it. */
    readonly den: bigint,
    key?: (v: K) => number | string,
  ) {
    this.keyFn = (key as ((v: Outcome) => number | string) | undefined) ?? keyOf
  }

  // -------------------------------------------------------------------------------------------
  // Building

  /** A certain outcome (`key` as in `bind`). */
  static point<K extends Outcome>(value: K, key?: (v: Widen<K>) => number | string): Distribution<Widen<K>> {
    const d = new Distribution<Widen<K>>(1n, key)
    d.put(value as Widen<K>, 1n)
    return d
  }

  /** Each value equally likely (a value listed twice is twice as likely). */
  static uniform<K extends Outcome>(values: readonly K[]): Distribution<Widen<K>> {
    if (values.length === 0) throw new RangeError('Distribution.uniform: no values')
    const d = new Distribution<Widen<K>>(BigInt(values.length))
    for (const v of values) d.put(v as Widen<K>, 1n)
    return d
  }

  /** Outcomes with whole-number weights; the denominator is their total. */
  static weighted<K extends Outcome>(
    entries: Iterable<readonly [K, bigint | number]>,
  ): Distribution<Widen<K>> {
    const list = [...entries].map(([v, w]) => {
      if (typeof w === 'number' && !Number.isSafeInteger(w))
        throw new RangeError('Distribution.weighted: a number weight past 2^53 is not exact; give a bigint')
      return [v, BigInt(w)] as const
    })
    let total = 0n
    for (const [, w] of list) {
      if (w < 0n) throw new RangeError('Distribution.weighted: negative weight')
      total += w
    }
    if (total === 0n) throw new RangeError('Distribution.weighted: no weight')
    const d = new Distribution<Widen<K>>(total)
    for (const [v, w] of list) d.put(v as Widen<K>, w)
    return d
  }

  /**
   * A mixture: each part happens with its whole-number weight, then its distribution applies.
   * The parts' denominators may differ.
   */
  static mixture<K extends Outcome>(
    parts: Iterable<readonly [bigint | number, Distribution<K>]>,
  ): Distribution<K> {
    const list = [...parts]
    return Distribution.weighted(list.map(([w], i) => [i, w] as const)).bind((i) => list[i][1])
  }

  /** Adds `count` ways to an outcome (builders only: a finished distribution is never changed). */
  private put(value: K, count: bigint): void {
    if (count !== 0n) this.counts[this.slot(value)] += count
  }

  /** The position of an outcome, listed (with no ways yet) if it is new. */
  private slot(value: K): number {
    const key = this.keyFn(value)
    let at = this.index.get(key)
    if (at === undefined) {
      at = this.values.length
      this.index.set(key, at)
      this.values.push(value)
      this.counts.push(0n)
    }
    return at
  }

  // -------------------------------------------------------------------------------------------
  // Reading

  /** Number of distinct outcomes. */
  get size(): number {
    return this.values.length
  }

  /** Outcomes with their counts (over `den`), in the order first reached. */
  *entries(): IterableIterator<[K, bigint]> {
    for (let i = 0; i < this.values.length; i++) yield [this.values[i], this.counts[i]]
  }

  /** Each outcome with its ways (over `den`), in the order first reached (entries without the pairs). */
  forEachWays(f: (v: K, ways: bigint) => void): void {
    for (let i = 0; i < this.values.length; i++) f(this.values[i], this.counts[i])
  }

  outcomes(): K[] {
    return [...this.values]
  }

  /** Ways (over `den`) of one outcome. */
  ways(value: K): bigint {
    const at = this.index.get(this.keyFn(value))
    return at === undefined ? 0n : this.counts[at]
  }

  /** Chance of one outcome, as a decimal. */
  prob(value: K): number {
    return probability(this.ways(value), this.den)
  }

  /** Chance of one outcome as a reduced fraction, `"54/125"` (`"1"`, `"0"`). */
  fraction(value: K): string {
    return fraction(this.ways(value), this.den)
  }

  /** Ways (over `den`) that the predicate holds. */
  waysWhere(pred: (v: K) => boolean): bigint {
    let t = 0n
    for (let i = 0; i < this.values.length; i++) if (pred(this.values[i])) t += this.counts[i]
    return t
  }

  /** Chance that the predicate holds. */
  where(pred: (v: K) => boolean): number {
    return probability(this.waysWhere(pred), this.den)
  }

  /**
   * Each outcome with its chance as a decimal, in the order first reached: for sums of many
   * floating-point terms read off a distribution at once (several means in one pass).
   */
  forEach(f: (v: K, chance: number) => void): void {
    for (let i = 0; i < this.values.length; i++) f(this.values[i], probability(this.counts[i], this.den))
  }

  /**
   * The mean of a numeric function of the outcome (the outcome itself by default): whole values
   * summed exactly, others as decimals.
   */
  expected(this: Distribution<number>): number
  expected(f: (v: K) => number): number
  expected(f?: (v: K) => number): number {
    let whole = 0n
    let frac = 0
    for (let i = 0; i < this.values.length; i++) {
      // Without f the outcomes are numbers (the overloads say so): Number() is then the identity.
      const x = f ? f(this.values[i]) : Number(this.values[i])
      if (Number.isSafeInteger(x)) whole += this.counts[i] * BigInt(x)
      else frac += x * probability(this.counts[i], this.den)
    }
    return probability(whole, this.den) + frac
  }

  /** Outcomes in key order (numbers ascending, then strings), each with its decimal chance. */
  sorted(): Array<[K, number]> {
    return this.order().map((i) => [this.values[i], probability(this.counts[i], this.den)])
  }

  /** Outcomes in key order with their counts. */
  sortedWays(): Array<[K, bigint]> {
    return this.order().map((i) => [this.values[i], this.counts[i]])
  }

  private order(): number[] {
    const keys = this.values.map(this.keyFn)
    return keys
      .map((_, i) => i)
      .sort((a, b) => {
        const x = keys[a]
        const y = keys[b]
        if (typeof x === 'number' && typeof y === 'number') return x - y
        if (typeof x === 'number') return -1
        if (typeof y === 'number') return 1
        return x < y ? -1 : x > y ? 1 : 0
      })
  }

  /** `{ "outcome": chance }` in key order: the JSON form of every odds map. */
  toJSON(): Record<string, number> {
    const out: Record<string, number> = {}
    for (const i of this.order())
      out[String(this.keyFn(this.values[i]))] = probability(this.counts[i], this.den)
    return out
  }

  /**
   * Mid-rank percentile of a numeric outcome: P(X < x) + P(X = x) / 2, in [0, 1] (how lucky a
   * rolled result was).
   */
  percentile(this: Distribution<number>, x: number): number {
    let below = 0n
    let at = 0n
    for (let i = 0; i < this.values.length; i++) {
      const v = this.values[i]
      if (v < x) below += this.counts[i]
      else if (v === x) at += this.counts[i]
    }
    return probability(2n * below + at, 2n * this.den)
  }

  // -------------------------------------------------------------------------------------------
  // The algebra

  /** The distribution of `f(outcome)` (`key` as in `bind`). */
  map<J extends Outcome>(f: (v: K) => J, key?: (v: J) => number | string): Distribution<J> {
    const d = new Distribution<J>(this.den, key)
    for (let i = 0; i < this.values.length; i++) d.put(f(this.values[i]), this.counts[i])
    return d
  }

  /**
   * A next stage per outcome: each outcome leads to its own distribution, weighted by the
   * outcome's chance. `f` is called once per distinct outcome. `key`, when given, declares which
   * outcomes are the same for everything that follows (a stage's state, icepool's next_state):
   * outcomes with one key merge, the first standing for them all.
   */
  bind<J extends Outcome>(f: (v: K) => Distribution<J>, key?: (v: J) => number | string): Distribution<J> {
    return this.step(f, (_v, r) => r, key)
  }

  /**
   * A next stage per outcome, read through `combine`: the distribution of
   * `bind((v) => next(v).map((r) => combine(v, r)), key)`, without a distribution built per
   * outcome (for a state advanced by a stage that many states share, as one more attack).
   */
  step<J extends Outcome, R extends Outcome>(
    next: (v: K) => Distribution<J>,
    combine: (v: K, r: J) => R,
    key?: (v: R) => number | string,
  ): Distribution<R> {
    const nexts = this.values.map(next)
    let common = 1n
    for (const n of nexts) common = lcm(common, n.den)
    const d = new Distribution<R>(this.den * common, key)
    for (let i = 0; i < nexts.length; i++)
      d.putAll(this.values[i], nexts[i], this.counts[i] * (common / nexts[i].den), combine)
    return d
  }

  /**
   * Adds `scale` times each of `next`'s counts to `combine(v, its outcome)`: the inner loop of
   * step and product, a small function of its own because V8 optimises a small hot function early,
   * which a cold CLI run feels (melee --odds at its largest inputs, splits given: 252 M -> 225 M
   * instructions, 1.81x -> 1.61x a roll's; callgrind).
   */
  private putAll<V, J extends Outcome>(
    v: V,
    next: Distribution<J>,
    scale: bigint,
    combine: (v: V, r: J) => K,
  ): void {
    for (let j = 0; j < next.values.length; j++) this.put(combine(v, next.values[j]), scale * next.counts[j])
  }

  /** This and an independent `other`, combined outcome by outcome (`key` as in `bind`). */
  product<J extends Outcome, R extends Outcome>(
    other: Distribution<J>,
    f: (a: K, b: J) => R,
    key?: (v: R) => number | string,
  ): Distribution<R> {
    const d = new Distribution<R>(this.den * other.den, key)
    for (let i = 0; i < this.values.length; i++) d.putAll(this.values[i], other, this.counts[i], f)
    return d
  }

  /**
   * `n` independent copies folded with an associative `combine` (a sum of n dice, a count of
   * successes over n dice). Doubling: about log2(n) products, not n.
   */
  repeat(n: number, combine: (a: K, b: K) => K, empty: K): Distribution<K> {
    let result = Distribution.point(empty) as Distribution<K>
    let power: Distribution<K> | undefined // this distribution to the 2^i-th, past the first
    for (let k = n; k > 0; k >>= 1) {
      const p = power ?? this
      if (k & 1) result = result.product(p, combine)
      if (k > 1) power = p.product(p, combine)
    }
    return result
  }

  /** Numeric outcomes held at most `max` (damage past a unit's HP, a pool past its cap). */
  cap(this: Distribution<number>, max: number): Distribution<number> {
    return this.map((v) => Math.min(v, max))
  }

  /**
   * The same distribution, listing `values` too where it lacks them, with chance 0 (a yes/no
   * map that always shows both answers).
   */
  including(values: readonly K[]): Distribution<K> {
    const d = this.map((v) => v)
    for (const v of values) d.slot(v)
    return d
  }

  /** The same distribution over a denominator `den * factor` (counts scaled alike). */
  scaled(factor: bigint): Distribution<K> {
    const d = new Distribution<K>(this.den * factor)
    for (let i = 0; i < this.values.length; i++) d.put(this.values[i], this.counts[i] * factor)
    return d
  }
}

/**
 * A process repeated until it stops: `step` takes a running state to the next, and `stopped`
 * says when a state is final (a burning that went out). States are walked as a distribution, so
 * the same state reached two ways is stepped once. Every step's stopped mass is kept exactly;
 * when the mass still running is at most `tail` (or after `maxSteps` steps), what is left is
 * handed to `rest` (for example one "N+" outcome), so the result always sums to 1.
 */
export function absorb<S extends Outcome, R extends Outcome>(
  start: Distribution<S>,
  opts: {
    step: (s: S, steps: number) => Distribution<S>
    stopped: (s: S, steps: number) => boolean
    /** The outcome reported for a state that stopped after `steps` steps. */
    result: (s: S, steps: number) => R
    /** The outcome reported for the mass still running when the walk is cut off. */
    rest: (s: S, steps: number) => R
    /** Stop walking once the running chance is at most this (default 1e-12). */
    tail?: number
    maxSteps?: number
  },
): Distribution<R> {
  const tail = opts.tail ?? 1e-12
  const maxSteps = opts.maxSteps ?? 10_000
  // Only the running states are stepped; what stops is set aside with its count over the
  // denominator of its step, and everything is brought to one denominator at the end.
  const finished: Array<[R, bigint, bigint]> = []
  let den = start.den
  let running = new Map<number | string, [S, bigint]>()
  for (const [s, count] of start.entries()) {
    if (opts.stopped(s, 0)) finished.push([opts.result(s, 0), count, den])
    else running.set(keyOf(s), [s, count])
  }
  for (let steps = 0; running.size > 0; steps++) {
    let mass = 0n
    for (const [, count] of running.values()) mass += count
    if (probability(mass, den) <= tail || steps >= maxSteps) {
      for (const [s, count] of running.values()) finished.push([opts.rest(s, steps), count, den])
      break
    }
    const nexts = [...running.values()].map(([s, count]) => [opts.step(s, steps + 1), count] as const)
    let common = 1n
    for (const [d] of nexts) common = lcm(common, d.den)
    den *= common
    running = new Map()
    for (const [d, count] of nexts) {
      const scale = count * (common / d.den)
      for (const [s, c] of d.entries()) {
        if (opts.stopped(s, steps + 1)) {
          finished.push([opts.result(s, steps + 1), scale * c, den])
          continue
        }
        const key = keyOf(s)
        const at = running.get(key)
        if (at) at[1] += scale * c
        else running.set(key, [s, scale * c])
      }
    }
  }
  return Distribution.weighted(
    finished.map(([r, count, d]) => [r, count * (den / d)] as const),
  ) as Distribution<R>
}

// ---------------------------------------------------------------------------------------------
// Numbers

/**
 * The one conversion of an exact chance to a decimal, used by every command: `num / den` to
 * double precision, correctly signed, never NaN or Infinity, and keeping tiny chances (1e-200
 * stays 1e-200; only what is below the smallest double, ~5e-324, becomes 0).
 */
export function probability(num: bigint, den: bigint): number {
  if (num === 0n) return 0
  if (den <= 0n) throw new RangeError('probability: the denominator must be positive')
  const neg = num < 0n
  const a = neg ? -num : num
  let v: number
  if (a <= MAX_SAFE && den <= MAX_SAFE) v = Number(a) / Number(den)
  else {
    // a / den = q * 2^-shift, with q an integer of 64-66 bits: exact to well past a double.
    const shift = bitLength(den) - bitLength(a) + 65
    const q = shift >= 0 ? (a << BigInt(shift)) / den : a / (den << BigInt(-shift))
    v = scaleByPowerOfTwo(Number(q), -shift)
  }
  return neg ? -v : v
}

/** A reduced fraction as text: `"3/8"`, `"1"`, `"0"`. */
export function fraction(num: bigint, den: bigint): string {
  if (num === 0n) return '0'
  const g = gcd(num < 0n ? -num : num, den)
  const n = num / g
  const d = den / g
  return d === 1n ? `${n}` : `${n}/${d}`
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER)

/** x * 2^e without overflowing the intermediate power (2^-1100 alone would already be 0). */
function scaleByPowerOfTwo(x: number, e: number): number {
  while (e > 1000) {
    x *= 2 ** 1000
    e -= 1000
  }
  while (e < -1000) {
    x *= 2 ** -1000
    e += 1000
  }
  return x * 2 ** e
}

/** Bits in a positive bigint. */
export function bitLength(x: bigint): number {
  if (x < 0n) x = -x
  const n = Number(x)
  if (n === Infinity) {
    // Past a double's range: toString(16) is exact; the leading hex digit holds 1-4 bits.
    const hex = x.toString(16)
    return 4 * (hex.length - 1) + (32 - Math.clz32(Number.parseInt(hex[0], 16)))
  }
  // The double's exponent, within one of the answer (Number rounds), set right by two shifts:
  // half the time of `roll 100d1000 --odds`'s 99,901 conversions went to toString(16).
  let b = n === 0 ? 0 : Math.floor(Math.log2(n)) + 1
  while (x >> BigInt(b) !== 0n) b++
  while (b > 0 && x >> BigInt(b - 1) === 0n) b--
  return b
}

export function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) {
    const t = a % b
    a = b
    b = t
  }
  return a === 0n ? 1n : a
}

export function lcm(a: bigint, b: bigint): bigint {
  if (a === b || b === 1n) return a
  if (a === 1n) return b
  if (a > b && a % b === 0n) return a
  if (b > a && b % a === 0n) return b
  return (a / gcd(a, b)) * b
}
