import { Rational } from './rational.js'

/**
 * An exact probability distribution over outcome keys (numbers or strings).
 * Keys keep their insertion order; `sorted` orders numeric keys ascending.
 */
export class Dist<K extends string | number = number> {
  readonly weights = new Map<K, Rational>()

  static point<K extends string | number>(k: K): Dist<K> {
    const d = new Dist<K>()
    d.weights.set(k, Rational.ONE)
    return d
  }

  add(k: K, w: Rational): void {
    const prev = this.weights.get(k)
    this.weights.set(k, prev ? prev.add(w) : w)
  }

  get size(): number {
    return this.weights.size
  }

  prob(k: K): Rational {
    return this.weights.get(k) ?? Rational.ZERO
  }

  total(): Rational {
    let t = Rational.ZERO
    for (const w of this.weights.values()) t = t.add(w)
    return t
  }

  /** Entries sorted by key (numeric keys ascending, strings lexically). */
  sorted(): Array<[K, Rational]> {
    return [...this.weights.entries()].sort(([a], [b]) =>
      typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b)),
    )
  }

  map<J extends string | number>(f: (k: K) => J): Dist<J> {
    const out = new Dist<J>()
    for (const [k, w] of this.weights) out.add(f(k), w)
    return out
  }

  /** Probability that the predicate holds. */
  where(pred: (k: K) => boolean): Rational {
    let t = Rational.ZERO
    for (const [k, w] of this.weights) if (pred(k)) t = t.add(w)
    return t
  }

  /** Expected value of a numeric function of the outcome, exact. */
  expectedExact(f: (k: K) => number = (k) => Number(k)): Rational {
    let t = Rational.ZERO
    for (const [k, w] of this.weights) {
      const v = f(k)
      if (v !== 0) t = t.add(w.mul(numberToRational(v)))
    }
    return t
  }

  expected(f?: (k: K) => number): number {
    return this.expectedExact(f).toNumber()
  }

  /** `{ "outcome": probability }` with numeric probabilities, keys sorted. */
  toJSON(): Record<string, number> {
    const out: Record<string, number> = {}
    for (const [k, w] of this.sorted()) out[String(k)] = w.toNumber()
    return out
  }

  /**
   * Mid-rank percentile of `k` in this distribution: P(X < k) + P(X = k) / 2, in [0, 1].
   * Used to say how lucky a rolled result was.
   */
  percentile(k: number): number {
    let below = Rational.ZERO
    for (const [key, w] of this.weights) if ((key as number) < k) below = below.add(w)
    return below.toNumber() + this.prob(k as K).toNumber() / 2
  }
}

/** Integers and simple decimals (as used for damage, hits and VP) as exact rationals. */
export function numberToRational(v: number): Rational {
  if (Number.isInteger(v)) return Rational.of(BigInt(v))
  const s = 1_000_000
  return Rational.of(BigInt(Math.round(v * s)), BigInt(s))
}

/**
 * The number of tries up to and including the first success, each succeeding with chance
 * `success` (a re-rolled tie, a burning that goes out), counted from `first`. Counts are listed
 * exactly until the chance of going on is at most `tailMass`, or `horizon` counts are listed;
 * what is left becomes one key `"N+"` (N the first count not listed), so the map sums to 1.
 * The mean is (first - 1) + 1 / success.
 */
export function geometricDist(
  success: Rational,
  opts: { first: number; tailMass?: Rational; horizon?: number },
): { dist: Dist<number | string>; tailFrom: number; tailMass: Rational } {
  const dist = new Dist<number | string>()
  let rest = Rational.ONE // chance the k-th try happens
  let k = opts.first
  const done = () => (opts.horizon !== undefined ? k - opts.first >= opts.horizon : rest.compare(opts.tailMass!) <= 0)
  while (!done()) {
    const p = rest.mul(success)
    dist.add(k, p)
    rest = rest.sub(p)
    k++
  }
  dist.add(`${k}+`, rest)
  return { dist, tailFrom: k, tailMass: rest }
}
