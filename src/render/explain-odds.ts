import { faceClasses, poolCounts } from '../core/exact.js'
import { gcd, probability } from '../core/distribution.js'
import { pctFixed } from './format.js'
import type { SeenPool } from '../runtime/seen-pools.js'

/**
 * The arithmetic of a dice pool written out for --odds --explain: a die's faces in the classes
 * a rule gives them (the rule's own classifier), and one worked row of the pool's distribution,
 * "3 hits from 5 dice = C(5,3) x 0.4^3 x 0.6^2 = 10 x 0.064 x 0.36 = 0.2304". The counting is
 * core's (poolCounts, the same the exact driver does); nothing here knows a rule.
 */

/** Faces as ranges: [1, 2, 5, 6, 7] → "1-2, 5-7". */
export function faceRange(faces: readonly number[]): string {
  if (!faces.length) return 'none'
  const parts: string[] = []
  let start = faces[0]
  let prev = faces[0]
  for (const f of [...faces.slice(1), NaN]) {
    if (f === prev + 1) {
      prev = f
      continue
    }
    parts.push(start === prev ? `${start}` : `${start}-${prev}`)
    start = prev = f
  }
  return parts.join(', ')
}

/** A chance of `ways` out of `den` as the explanation writes it: 0.4 when exact in a few decimals, else 1/6. */
export function exactText(ways: bigint, den: bigint): string {
  if (ways === 0n) return '0'
  if (ways === den) return '1'
  const g = gcd(ways, den)
  const [n, d] = [ways / g, den / g]
  // A decimal that ends: the denominator has no prime factors but 2 and 5.
  let rest = d
  while (rest % 2n === 0n) rest /= 2n
  while (rest % 5n === 0n) rest /= 5n
  const text = String(probability(n, d))
  return rest === 1n && text.length <= 12 ? text : `${n}/${d}`
}

/** A die's chance of a class: its faces out of its sides. */
export function faceChance(faces: number, sides: number): string {
  return exactText(BigInt(faces), BigInt(sides))
}

export interface PoolClass {
  /** How the explanation names a die of this class ("critical", "hit", "failed save"). */
  name: string
  faces: number[]
}

/** The classes of a die with their faces and chance, one line each: "1-2   critical   20.00%". */
export function classLines<C extends string | number>(
  sides: number,
  classify: (face: number) => C,
  name: (c: C) => string,
  indent = '   ',
): { classes: PoolClass[]; lines: string[] } {
  const found = faceClasses(sides, classify)
  const classes = found.map((c) => ({ name: name(c.name), faces: c.faces }))
  const width = Math.max(...classes.map((c) => faceRange(c.faces).length))
  const lines = classes.map(
    (c) =>
      `${indent}${faceRange(c.faces).padEnd(width)}  ${pctFixed(c.faces.length / sides).padStart(7)}  (${faceChance(c.faces.length, sides)})  ${c.name}`,
  )
  return { classes, lines }
}

/** Every count of `n` dice in these classes with its ways out of sides^n, most likely first. */
export function poolRows(n: number, sides: number, classes: readonly PoolClass[]) {
  const den = BigInt(sides) ** BigInt(n)
  return poolCounts(
    n,
    classes.map((c) => c.faces.length),
  )
    .map((r) => Object.assign(r, { den }))
    .sort((a, b) => (a.ways === b.ways ? 0 : a.ways > b.ways ? -1 : 1))
}

/**
 * One count of a pool worked out: a binomial "C(n,k) x p^k x q^(n-k)" for two classes, else the
 * multinomial "n!/(k1! k2! ...) x p1^k1 x ...", each written with its numbers and the result.
 */
export function poolRowText(
  n: number,
  sides: number,
  classes: readonly PoolClass[],
  row: { counts: number[]; orders: bigint; ways: bigint },
): string {
  const power = (c: PoolClass, k: number) => {
    const p = faceChance(c.faces.length, sides)
    const base = p.includes('/') ? `(${p})` : p
    return k === 1 ? base : `${base}^${k}`
  }
  const used = classes.map((c, i) => [c, row.counts[i]] as const).filter(([, k]) => k > 0)
  const coefficient =
    classes.length === 2 ? `C(${n},${row.counts[0]})` : `${n}!/(${used.map(([, k]) => `${k}!`).join(' ')})`
  const product = used.map(([c, k]) => power(c, k)).join(' x ')
  let den = 1n
  let num = 1n
  for (const [c, k] of used) {
    num *= BigInt(c.faces.length) ** BigInt(k)
    den *= BigInt(sides) ** BigInt(k)
  }
  const chance = probability(row.ways, BigInt(sides) ** BigInt(n))
  const rhs = used.length === 0 ? '1' : `${row.orders} x ${exactText(num, den)}`
  return `${coefficient}${product ? ` x ${product}` : ''} = ${rhs} = ${exactText(row.ways, BigInt(sides) ** BigInt(n))} (${pctFixed(chance)})`
}

/**
 * A pool of `n` dice written out: each class of faces with its chance (the rule's classifier),
 * then one worked row, the most likely count among those with at least two classes in it (the
 * most telling), with what `made` says it makes.
 */
export function poolLines<C extends string | number>(opts: {
  n: number
  sides: number
  classify: (face: number) => C
  /** A class as the face table names it, and as counted ("2 hits"). */
  name: (c: C) => string
  count: (c: C, k: number) => string
  /** What a row of counts makes ("5 rolled hits"), from the counts by class. */
  made?: (counts: Map<C, number>) => string
  indent?: string
}): string[] {
  const indent = opts.indent ?? '   '
  const found = faceClasses(opts.sides, opts.classify)
  const { classes, lines } = classLines(opts.sides, opts.classify, opts.name, indent)
  if (opts.n === 0) return [...lines, `${indent}No dice: nothing rolled.`]
  if (opts.n === 1) return lines
  const rows = poolRows(opts.n, opts.sides, classes)
  const row = rows.find((r) => r.counts.filter((k) => k > 0).length >= 2) ?? rows[0]
  const counts = new Map(found.map((c, i) => [c.name, row.counts[i]] as const))
  const said = found.flatMap((c, i) => (row.counts[i] ? [opts.count(c.name, row.counts[i])] : [])).join(', ')
  const formula =
    classes.length === 2
      ? 'C(n,k) x p^k x q^(n-k), a binomial'
      : 'n!/(k1! k2! ...) x p1^k1 x ..., a multinomial'
  return [
    ...lines,
    `${indent}Each count of the ${opts.n === 1 ? 'die' : `${opts.n} dice`} by class has the chance ${formula}; e.g. ${said}${opts.made ? ` (${opts.made(counts)})` : ''}:`,
    `${indent}${poolRowText(opts.n, opts.sides, classes, row)}`,
  ]
}

/**
 * --odds --explain for a command without its own walk-through: the dice its rule rolls, each
 * pool's faces by the classes the rule reads (a worked row where there is more than one die),
 * and how the exact count goes on from there.
 */
export function explainPools(
  command: string,
  pools: readonly SeenPool[],
  bold: (s: string) => string,
): string[] {
  const L: string[] = [bold('How these odds are worked out')]
  let step = 1
  for (const p of pools) {
    const what = `${p.n === 1 ? 'one' : p.n} d${p.sides}${p.n === 1 ? '' : 's'}`
    if (p.classify === 'sum') {
      L.push(
        `${step++}. ${p.label}: the total of ${what}. All ${p.sides}^${p.n} = ${BigInt(p.sides) ** BigInt(p.n)} rolls are equally likely; each total's chance is the number of rolls that make it, counted one die at a time, over that.`,
      )
      continue
    }
    const classify = p.classify ?? ((f: number) => f)
    const found = faceClasses(p.sides, classify)
    if (found.length === p.sides) {
      L.push(
        `${step++}. ${p.label}: ${what}, each face ${faceChance(1, p.sides)} (${pctFixed(1 / p.sides)}); the rule reads the face itself.`,
      )
      continue
    }
    // A number is what the rule counts the die as (a success, two); a word names the class.
    const name = (c: string | number) => (typeof c === 'number' ? `counts as ${c}` : c)
    L.push(
      `${step++}. ${p.label}: ${what}, by face (the classes the rule reads):`,
      ...poolLines({
        n: p.n,
        sides: p.sides,
        classify,
        name,
        count: (c, k) => (typeof c === 'number' ? `${k} counting as ${c}` : `${k} ${c}`),
      }),
    )
  }
  L.push(
    `${step}. Nothing is sampled: every way the dice of ${command} can fall is counted exactly, each class of faces weighted by its number of faces, and every later step worked out once per result before it; results that agree are added. Chances stay exact fractions until they are printed.`,
  )
  return L
}
