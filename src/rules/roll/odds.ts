import { Distribution } from '../../core/distribution.js'
import { type DiceTerm, type Expression, dieValue, keptEnd, signed } from './expression.js'

/**
 * Exact odds of a dice expression (expression.ts), by multiset evaluation as icepool does it:
 * a pool is never walked face arrangement by face arrangement. Each dice term becomes the ways
 * of each of its values (`Ways`, a dense run of consecutive values), and the terms are added up:
 * a product per pair of values, or, for a term of dice totalled where that is cheaper, its dice
 * added to the total before it one at a time (addDice).
 *
 * - Every die counts, totalled: the coefficients of a power of a polynomial, each from the three
 *   before it that the power's differential equation ties it to (about six big-number
 *   operations a total, over half the totals; see sumWays).
 * - Every die counts, successes counted: a binomial over the faces `dieValue` calls a success.
 * - Keep (or drop) from one end: the faces are visited from the kept end inwards (highest
 *   first for kh/dl). The state is (dice kept so far, their running value); while fewer than
 *   the wanted number are kept, every die placed so far was kept, so the dice left to place are
 *   known too. At each face, c of the dice left show it (C(left, c) ways) while fewer than the
 *   wanted number are kept; the ways to reach it at this face (the other dice on this face or
 *   any face not yet visited) finish the state at once. The cost is faces x kept^2 x values,
 *   never sides^n.
 *
 * What a die adds (`dieValue`), which end is kept (`keptEnd`) and a term's sign (`signed`) are
 * the rule's own functions, the same that `resolveRoll` uses on rolled dice.
 */

/**
 * The ways of consecutive values: `ways[i]` rolls give `low + i` (every roll of the dice
 * counted once, so the ways add up to sides^dice).
 */
interface Ways {
  low: number
  ways: bigint[]
}

/** The exact distribution of everything an expression can total. */
export function expressionOdds(e: Expression): Distribution<number> {
  let constant = 0
  for (const t of e.terms) if (t.kind === 'const') constant += signed(t, t.value)
  let total: Ways = { low: constant, ways: [1n] }
  for (const t of e.terms) {
    if (t.kind !== 'dice') continue
    total = diceByDie(t, total) ? addDice(total, t) : addWays(total, signedWays(t, termWays(t)))
  }
  return toDistribution(total)
}

/**
 * Whether a term of dice totalled is cheaper added to `total` one die at a time (two additions a
 * value a die, addDice) than as its own distribution (one product per pair of values, addWays):
 * `50d1000-50d10` (50,000 totals by 451) takes 5 million additions, not 22 million products.
 */
function diceByDie(t: DiceTerm, total: Ways): boolean {
  const end = keptEnd(t.count, t.keep)
  if (t.count_if || (end && end.n < t.count) || total.ways.length === 1) return false
  const values = t.count * (t.sides - 1) + 1
  return 2 * t.count * (total.ways.length + values) < total.ways.length * values
}

/**
 * Each of a term's dice added in turn: the ways to reach a value with one die more are the sum
 * of the ways to reach the `sides` values below it, a window that slides (one addition in, one
 * out). A subtracted term moves the values down instead: its totals' ways are symmetric.
 */
function addDice(a: Ways, t: DiceTerm): Ways {
  const S = t.sides
  let ways = a.ways
  for (let die = 0; die < t.count; die++) {
    const next = new Array<bigint>(ways.length + S - 1)
    let run = 0n
    for (let i = 0; i < next.length; i++) {
      if (i < ways.length) run += ways[i]
      if (i >= S) run -= ways[i - S]
      next[i] = run
    }
    ways = next
  }
  return { low: a.low + signed(t, t.sign > 0 ? t.count : t.count * S), ways }
}

/** The distribution of one dice term's value (before its sign). */
export function termOdds(t: DiceTerm): Distribution<number> {
  return toDistribution(termWays(t))
}

function termWays(t: DiceTerm): Ways {
  const end = keptEnd(t.count, t.keep)
  if (end && end.n < t.count) return keptWays(t, end.from, end.n)
  return t.count_if ? successWays(t) : sumWays(t)
}

/** Values never reached (no ways) are not outcomes. */
function toDistribution(w: Ways): Distribution<number> {
  const out: Array<[number, bigint]> = []
  w.ways.forEach((n, i) => {
    if (n !== 0n) out.push([w.low + i, n])
  })
  return Distribution.weighted(out)
}

/** A term's values with its sign: a subtracted term runs from -high to -low. */
function signedWays(t: DiceTerm, w: Ways): Ways {
  if (t.sign > 0) return w
  return { low: signed(t, w.low + w.ways.length - 1), ways: [...w.ways].reverse() }
}

/** Two independent runs of values added: each pair's ways multiplied into its total's. */
function addWays(a: Ways, b: Ways): Ways {
  if (a.ways.length < b.ways.length) [a, b] = [b, a]
  // a certain value (the constants, before the first term) only moves the other's values
  if (b.ways.length === 1 && b.ways[0] === 1n) return { low: a.low + b.low, ways: a.ways }
  const ways = new Array<bigint>(a.ways.length + b.ways.length - 1).fill(0n)
  b.ways.forEach((wb, j) => {
    if (wb === 0n) return
    for (let i = 0; i < a.ways.length; i++) ways[i + j] += a.ways[i] * wb
  })
  return { low: a.low + b.low, ways }
}

/**
 * A rough count of the big-number operations `expressionOdds` does: the honest price of the
 * request, so that a request too large to answer is refused before any work is done.
 */
export function oddsCost(e: Expression): number {
  let cost = 0
  let outcomes = 1
  for (const t of e.terms) {
    if (t.kind !== 'dice') continue
    const end = keptEnd(t.count, t.keep)
    const top = t.count_if ? 1 : t.sides
    if (end && end.n < t.count) {
      cost += t.sides * end.n * end.n * (end.n * top + 1)
      outcomes *= end.n * top + 1
    } else if (t.count_if) {
      cost += t.count
      outcomes *= t.count + 1
    } else {
      // about six operations per total over half the totals (sumWays), on numbers that grow to
      // sides^count; priced as the running sums once done here (an overestimate, kept so that
      // the same requests are refused)
      cost += 4 * t.count * t.count * t.sides
      outcomes *= t.count * (t.sides - 1) + 1
    }
    // combining with the terms before: one product per pair of outcomes (addDice does fewer
    // operations where it is used; the price is kept so that the same requests are refused)
    if (outcomes > 1) cost += outcomes
  }
  return cost
}

/**
 * n dice of S faces totalled: the ways to total low + k are the coefficients c_k of
 * F = P^n, P = 1 + x + … + x^(S-1) = (1 - x^S) / (1 - x). From F' = n P' P^(n-1),
 * (1 - x)(1 - x^S) F' = n ((1 - x^S) - S x^(S-1) (1 - x)) F, and reading off the coefficient of
 * x^k gives each coefficient from three before it, with a division that is always exact:
 *
 *   (k+1) c_(k+1) = (k + n) c_k + (k + 1 - S - nS) c_(k+1-S) + (nS - n + S - k) c_(k-S)
 *
 * The coefficients are symmetric, so only the lower half is worked out, and mirrored.
 */
function sumWays(t: DiceTerm): Ways {
  const n = t.count
  const S = t.sides
  const length = n * (S - 1) + 1
  const half = Math.ceil(length / 2)
  const c = new Array<bigint>(length)
  c[0] = 1n
  for (let k = 0; k + 1 < half; k++) {
    let next = BigInt(k + n) * c[k]
    if (k + 1 >= S) next += BigInt(k + 1 - S - n * S) * c[k + 1 - S]
    if (k >= S) next += BigInt(n * S - n + S - k) * c[k - S]
    c[k + 1] = next / BigInt(k + 1)
  }
  for (let i = half; i < length; i++) c[i] = c[length - 1 - i]
  return { low: n * dieValue(t, 1), ways: c }
}

function successWays(t: DiceTerm): Ways {
  let hits = 0
  for (let f = 1; f <= t.sides; f++) hits += dieValue(t, f)
  const n = t.count
  const h = BigInt(hits)
  const m = BigInt(t.sides - hits)
  const ways: bigint[] = []
  let choose = 1n
  for (let j = 0; j <= n; j++) {
    ways.push(choose * h ** BigInt(j) * m ** BigInt(n - j))
    choose = (choose * BigInt(n - j)) / BigInt(j + 1)
  }
  return { low: 0, ways }
}

function keptWays(t: DiceTerm, from: 'high' | 'low', keep: number): Ways {
  const n = t.count
  if (keep === 0) return { low: 0, ways: [1n] }
  const faces: number[] = []
  for (let f = 1; f <= t.sides; f++) faces.push(f)
  if (from === 'high') faces.reverse()
  const top = Math.max(...faces.map((f) => dieValue(t, f)))
  const binom = binomials(n)
  // state[k][v]: ways the faces visited so far hold exactly k dice (all kept) worth v in all
  const state: bigint[][] = Array.from({ length: keep }, () => new Array<bigint>(keep * top + 1).fill(0n))
  state[0][0] = 1n
  const done = new Array<bigint>(keep * top + 1).fill(0n)
  faces.forEach((face, i) => {
    const v = dieValue(t, face)
    const rest = BigInt(faces.length - 1 - i)
    const restPow: bigint[] = [1n]
    for (let j = 1; j <= n; j++) restPow.push(restPow[j - 1] * rest)
    // more kept dice only move to higher k, already visited for this face: update in place
    for (let k = keep - 1; k >= 0; k--) {
      const row = state[k]
      const left = n - k
      const need = keep - k
      // ways the `left` dice fill the rest with at least `need` of them on this face: every
      // way over this face and the faces after it, less those with fewer here
      let finish = (rest + 1n) ** BigInt(left)
      for (let c = 0; c < need; c++) finish -= binom[left][c] * restPow[left - c]
      for (let s = 0; s < row.length; s++) {
        const w = row[s]
        if (w === 0n) continue
        for (let c = 1; c < need; c++) state[k + c][s + v * c] += w * binom[left][c]
        done[s + v * need] += w * finish
      }
    }
  })
  return { low: 0, ways: done }
}

/** Pascal's triangle up to n. */
function binomials(n: number): bigint[][] {
  const rows: bigint[][] = [[1n]]
  for (let i = 1; i <= n; i++) {
    const row = [1n]
    for (let j = 1; j < i; j++) row.push(rows[i - 1][j - 1] + rows[i - 1][j])
    row.push(1n)
    rows.push(row)
  }
  return rows
}
