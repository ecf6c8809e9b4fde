import { type Classify, type Dice, type Equivalence, SUM } from './dice.js'
import { Distribution, type Outcome as Value, type Widen } from './distribution.js'

/**
 * The exact driver: walks every branch of a resolution with its exact probability.
 *
 * A rule is an ordinary synchronous function of its dice, and JavaScript cannot fork a running
 * function, so the walk re-runs it from the start with a prefix of already-chosen outcomes. The
 * first pool past the prefix throws a Branch listing its distinct outcomes; each becomes a new
 * prefix. A pool branches over how many dice fell in each class its rule cares about (or over
 * distinct totals for SUM pools), never die by die, so 10 shots are 66 branches, not 10^10.
 */

/** One branch of a pool: the faces handed to the rule, and its ways out of sides^n. */
interface Outcome {
  faces: number[]
  ways: bigint
  /** sides^n */
  den: bigint
  /** `ways` as a number (exact while sides^n is below 2^53, as for every pool a rule rolls). */
  waysN: number
}

class Branch {
  constructor(readonly outcomes: Outcome[]) {}
}

/** The deepest chain of pools a resolution may ask for; deeper means a rule that never stops. */
const MAX_DEPTH = 200

class ReplayDice implements Dice {
  private i = 0
  constructor(private readonly prefix: number[][]) {}

  pool(n: number, sides: number, _label: string, equiv?: Equivalence): number[] {
    if (this.i < this.prefix.length) return this.prefix[this.i++]
    if (this.i >= MAX_DEPTH)
      throw new Error(`exact driver: more than ${MAX_DEPTH} dice pools in one resolution`)
    throw new Branch(poolOutcomes(n, sides, equiv))
  }

  roll(sides: number, label: string, equiv?: Equivalence): number {
    return this.pool(1, sides, label, equiv)[0]
  }
}

// ---------------------------------------------------------------------------------------------
// Pool outcomes, cached by (dice, sides, class signature): a rule's classifier closures differ
// per call, but their signatures (which faces fall together) repeat.

const cache = new Map<string, Outcome[]>()

export function poolOutcomes(n: number, sides: number, equiv?: Equivalence): Outcome[] {
  if (n === 0) return [{ faces: [], ways: 1n, waysN: 1, den: 1n }]
  if (equiv === SUM) {
    const key = `${n}|${sides}|sum`
    let hit = cache.get(key)
    if (!hit) cache.set(key, (hit = sumOutcomes(n, sides)))
    return hit
  }
  const classify: Classify = equiv ?? ((f) => f)
  const classOf: Array<string | number> = []
  for (let f = 1; f <= sides; f++) classOf.push(classify(f))
  const key = `${n}|${sides}|${classOf.join(',')}`
  let hit = cache.get(key)
  if (!hit) cache.set(key, (hit = classOutcomes(n, sides, classOf)))
  return hit
}

function classOutcomes(n: number, sides: number, classOf: Array<string | number>): Outcome[] {
  // Classes in order of their first face; each keeps its face count and its smallest face,
  // which stands for the whole class in the faces handed back to the rule.
  const reps: number[] = []
  const counts: number[] = []
  const index = new Map<string | number, number>()
  classOf.forEach((c, i) => {
    const at = index.get(c)
    if (at === undefined) {
      index.set(c, reps.length)
      reps.push(i + 1)
      counts.push(1)
    } else counts[at]++
  })
  const m = reps.length
  const denom = BigInt(sides) ** BigInt(n)
  const fact = factorials(n)
  const out: Outcome[] = []
  const ks = new Array<number>(m).fill(0)
  const walk = (c: number, left: number): void => {
    if (c === m - 1) {
      ks[c] = left
      let ways = fact[n]
      for (let j = 0; j < m; j++) ways = (ways / fact[ks[j]]) * BigInt(counts[j]) ** BigInt(ks[j])
      if (ways === 0n) return
      const faces: number[] = []
      for (let j = 0; j < m; j++) for (let t = 0; t < ks[j]; t++) faces.push(reps[j])
      out.push({ faces, ways, waysN: Number(ways), den: denom })
      return
    }
    for (let k = left; k >= 0; k--) {
      ks[c] = k
      walk(c + 1, left - k)
    }
  }
  walk(0, n)
  return out
}

function sumOutcomes(n: number, sides: number): Outcome[] {
  // ways[s] = ordered rolls of n dice totalling s, one die at a time: each new total is a
  // window sum of `sides` earlier totals, kept as a running sum (n x range, not n x range x sides).
  let ways: bigint[] = [1n]
  for (let d = 0; d < n; d++) {
    const next = new Array<bigint>(ways.length + sides).fill(0n)
    let window = 0n
    for (let t = 1; t < next.length; t++) {
      if (t - 1 < ways.length) window += ways[t - 1]
      if (t - 1 - sides >= 0 && t - 1 - sides < ways.length) window -= ways[t - 1 - sides]
      next[t] = window
    }
    ways = next
  }
  const denom = BigInt(sides) ** BigInt(n)
  const out: Outcome[] = []
  ways.forEach((w, s) => {
    if (w === 0n) return
    // One arrangement of faces with this total, for rules that also look at the faces.
    const faces = new Array<number>(n).fill(1)
    let extra = s - n
    for (let i = 0; i < n && extra > 0; i++) {
      const add = Math.min(sides - 1, extra)
      faces[i] += add
      extra -= add
    }
    out.push({ faces, ways: w, waysN: Number(w), den: denom })
  })
  return out
}

const factCache: bigint[] = [1n]
function factorials(n: number): bigint[] {
  for (let i = factCache.length; i <= n; i++) factCache.push(factCache[i - 1] * BigInt(i))
  return factCache
}

/**
 * The exact distribution of everything `fn` can return, walking its dice. A pool branches over
 * how many dice fell in each class its rule declared (or over distinct totals for SUM pools),
 * each with its count of ways out of sides^n; the walk is `bind` over those branches, so counts
 * stay exact whatever the depth. `key`, when given, says which results are the same for everything
 * read from them later (results that record their dice differ in faces alone): results with one
 * key merge, the first standing for them. `fn` must be pure apart from its dice.
 */
export function walk<R extends Value>(
  fn: (dice: Dice) => R,
  key?: (result: R) => number | string,
): Distribution<R> {
  const explore = (prefix: number[][]): Distribution<R> => {
    let result: R
    try {
      result = fn(new ReplayDice(prefix))
    } catch (e) {
      if (!(e instanceof Branch)) throw e
      const branches = e.outcomes
      return poolBranches(branches).bind((i) => explore([...prefix, branches[i].faces]), key)
    }
    return Distribution.point(
      result,
      key as ((v: Widen<R>) => number | string) | undefined,
    ) as Distribution<R>
  }
  return explore([])
}

/** A pool's branches as a distribution over their index (counts over sides^n), cached. */
const branchCache = new WeakMap<Outcome[], Distribution<number>>()
function poolBranches(outcomes: Outcome[]): Distribution<number> {
  let d = branchCache.get(outcomes)
  if (!d) branchCache.set(outcomes, (d = Distribution.weighted(outcomes.map((o, i) => [i, o.ways] as const))))
  return d
}

/**
 * A pool of `n` dice as the distribution of how many fell in each class (in the order of each
 * class's smallest face), without running a rule: for odds composed by hand from counts.
 */
export function classCounts(n: number, sides: number, classify: Classify): Distribution<number[]> {
  const outcomes = poolOutcomes(n, sides, classify)
  const classes: Array<string | number> = []
  for (let f = 1; f <= sides; f++) {
    const c = classify(f)
    if (!classes.includes(c)) classes.push(c)
  }
  return poolBranches(outcomes).map((i) => {
    const counts = new Array<number>(classes.length).fill(0)
    for (const f of outcomes[i].faces) counts[classes.indexOf(classify(f))]++
    return counts
  })
}

/**
 * Several maps read off one walk of `fn`: each reader picks one field of the result (the walk
 * merges results that agree on every field read).
 */
export function walkMaps<R, T extends Record<string, number | string>>(
  fn: (dice: Dice) => R,
  readers: { [N in keyof T]: (result: R) => T[N] },
): { [N in keyof T]: Distribution<T[N]> } {
  const names = Object.keys(readers) as Array<keyof T & string>
  const joint = walk(
    (dice) => {
      const r = fn(dice)
      return names.map((n) => readers[n](r))
    },
    (fields) => fields.join('\u0000'),
  )
  const out = {} as { [N in keyof T]: Distribution<T[N]> }
  names.forEach((n, i) => (out[n] = joint.map((fields) => fields[i])))
  return out
}

// ---------------------------------------------------------------------------------------------
// Pools by hand, for explanations: the same counting poolOutcomes does, term by term.

/** The faces of one die grouped by the class a rule gives them, in the order of each class's smallest face. */
export function faceClasses<C extends string | number>(
  sides: number,
  classify: (face: number) => C,
): Array<{ name: C; faces: number[] }> {
  const out: Array<{ name: C; faces: number[] }> = []
  for (let f = 1; f <= sides; f++) {
    const c = classify(f)
    const at = out.find((x) => x.name === c)
    if (at) at.faces.push(f)
    else out.push({ name: c, faces: [f] })
  }
  return out
}

/**
 * Every way `n` dice can fall into classes of `sizes[i]` faces each, as counts per class, with
 * the orders the dice can fall in (the multinomial coefficient n! / (k1! k2! ...)) and the ways
 * out of sides^n (the orders times each class's faces to the power of its count).
 */
export function poolCounts(
  n: number,
  sizes: readonly number[],
): Array<{ counts: number[]; orders: bigint; ways: bigint }> {
  const fact = factorials(n)
  const out: Array<{ counts: number[]; orders: bigint; ways: bigint }> = []
  const ks = new Array<number>(sizes.length).fill(0)
  const visit = (c: number, left: number): void => {
    if (c === sizes.length - 1) {
      ks[c] = left
      let orders = fact[n]
      let ways = 1n
      for (let j = 0; j < ks.length; j++) {
        orders /= fact[ks[j]]
        ways *= BigInt(sizes[j]) ** BigInt(ks[j])
      }
      if (ways > 0n) out.push({ counts: [...ks], orders, ways: orders * ways })
      return
    }
    for (let k = left; k >= 0; k--) {
      ks[c] = k
      visit(c + 1, left - k)
    }
  }
  if (sizes.length) visit(0, n)
  return out
}
