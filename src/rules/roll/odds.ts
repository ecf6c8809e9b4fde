import { Distribution } from '../../core/distribution.js'
import { type DiceTerm, type Expression, dieValue, keptEnd, signed } from './expression.js'

/**
 * Exact odds of a dice expression (expression.ts), by multiset evaluation as icepool does it:
 * a pool is never walked die by die nor face arrangement by face arrangement. Each dice term
 * becomes the distribution of its value, and the terms are added up.
 *
 * - Every die counts, totalled: the coefficients of a power of a polynomial, by n running sums
 *   over half the totals (n x range / 2 additions).
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

/** The exact distribution of everything an expression can total. */
export function expressionOdds(e: Expression): Distribution<number> {
  let constant = 0
  for (const t of e.terms) if (t.kind === 'const') constant += signed(t, t.value)
  let total = Distribution.point(constant)
  for (const t of e.terms) {
    if (t.kind !== 'dice') continue
    total = total.product(termOdds(t), (a, b) => a + signed(t, b))
  }
  return total
}

/** The distribution of one dice term's value (before its sign). */
export function termOdds(t: DiceTerm): Distribution<number> {
  const end = keptEnd(t.count, t.keep)
  if (end && end.n < t.count) return keptOdds(t, end.from, end.n)
  return t.count_if ? successOdds(t) : sumOdds(t)
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
      // running sums over half the totals, once per die; the numbers grow to sides^count digits,
      // so each addition costs several of the others' steps
      cost += 4 * t.count * t.count * t.sides
      outcomes *= t.count * (t.sides - 1) + 1
    }
    // combining with the terms before: one product per pair of outcomes
    if (outcomes > 1) cost += outcomes
  }
  return cost
}

function sumOdds(t: DiceTerm): Distribution<number> {
  // A die's values are `sides` consecutive numbers from dieValue(1) (the faces themselves), so
  // the ways to total low + i with n dice are the coefficients of (1 + x + … + x^(S-1))^n =
  // (1 - x^S)^n / (1 - x)^n: the binomial (1 - x^S)^n, then n running sums. The coefficients are
  // symmetric, so only the lower half is worked out, and mirrored.
  const n = t.count
  const S = t.sides
  const low = n * dieValue(t, 1)
  const length = n * (S - 1) + 1
  const half = Math.ceil(length / 2)
  const ways = new Array<bigint>(half).fill(0n)
  let choose = 1n
  for (let j = 0; j <= n && j * S < half; j++) {
    ways[j * S] = j % 2 ? -choose : choose
    choose = (choose * BigInt(n - j)) / BigInt(j + 1)
  }
  for (let pass = 0; pass < n; pass++) {
    let run = 0n
    for (let i = 0; i < half; i++) ways[i] = run += ways[i]
  }
  const out: Array<[number, bigint]> = []
  for (let i = 0; i < length; i++) out.push([low + i, ways[Math.min(i, length - 1 - i)]])
  return Distribution.weighted(out)
}

function successOdds(t: DiceTerm): Distribution<number> {
  let hits = 0
  for (let f = 1; f <= t.sides; f++) hits += dieValue(t, f)
  const n = t.count
  const h = BigInt(hits)
  const m = BigInt(t.sides - hits)
  const out: Array<[number, bigint]> = []
  let choose = 1n
  for (let j = 0; j <= n; j++) {
    out.push([j, choose * h ** BigInt(j) * m ** BigInt(n - j)])
    choose = (choose * BigInt(n - j)) / BigInt(j + 1)
  }
  return Distribution.weighted(out)
}

function keptOdds(t: DiceTerm, from: 'high' | 'low', keep: number): Distribution<number> {
  const n = t.count
  if (keep === 0) return Distribution.point(0)
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
  return Distribution.weighted(done.map((w, s) => [s, w] as const))
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
