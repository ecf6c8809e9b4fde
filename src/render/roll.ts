import type { Distribution } from '../core/distribution.js'
import {
  type Compare,
  type Expression,
  type FixedCount,
  dieValue,
  keptEnd,
} from '../rules/roll/expression.js'
import { termOdds } from '../rules/roll/odds.js'
import type { RenderContext } from './context.js'
import { classLines, exactText, faceChance, poolRowText, poolRows } from './explain-odds.js'
import { num, pctFixed, wrapText } from './format.js'

/**
 * roll --odds --explain: how each dice term's distribution is counted (a sum, a count of
 * successes, dice kept from one end), with a worked row from the term's own distribution
 * (termOdds, what the odds add up), then how the terms and constants combine.
 */
export function explainRollOdds(e: Expression, total: Distribution<number>, out: RenderContext): string {
  const st = out.style
  const L: string[] = [st.bold('How these odds are worked out')]
  let step = 1
  const dice = e.terms.filter((t) => t.kind === 'dice')
  for (const t of e.terms) {
    if (t.kind !== 'dice') continue
    const n = t.count
    const all = BigInt(t.sides) ** BigInt(n)
    const d = termOdds(t)
    const name = t.text.replace(/^[+-]/, '')
    const end = keptEnd(n, t.keep)
    if (t.count_if && !(end && end.n < n)) {
      const { classes, lines } = classLines(
        t.sides,
        (f) => dieValue(t, f),
        (c) => (c === 1 ? 'a success' : 'no success'),
      )
      L.push(`${step++}. ${name}: each d${t.sides} counts as a success or not, by face:`, ...lines)
      const ordered = [...classes].sort((a, b) =>
        a.name === 'a success' ? -1 : b.name === 'a success' ? 1 : 0,
      )
      if (ordered.length === 2) {
        const rows = poolRows(n, t.sides, ordered)
        const row = rows.find((r) => r.counts[0] > 0 && r.counts[1] > 0) ?? rows[0]
        const p = faceChance(ordered[0].faces.length, t.sides)
        const q = faceChance(ordered[1].faces.length, t.sides)
        L.push(
          `   The successes among ${n} dice follow the binomial: k successes = C(${n},k) x ${p}^k x ${q}^(${n}-k) (the ways to choose which k dice succeed, times the chance of one such roll).`,
          `   e.g. ${row.counts[0]} successes from ${n} dice = ${poolRowText(n, t.sides, ordered, row)}`,
        )
      } else L.push(`   Every die gives the same answer, so the count is certain.`)
    } else if (end && end.n < n) {
      const kept = `the ${end.n} ${end.from === 'high' ? 'highest' : 'lowest'}`
      const [best, ways] = likeliest(d)
      L.push(
        `${step++}. ${name}: ${kept} of ${n} dice ${t.count_if ? 'are checked for successes' : 'are added'}. The ${t.sides}^${n} = ${all} rolls are not listed one by one: the faces are visited from the ${end.from === 'high' ? 'top' : 'bottom'} down, counting how many dice show each face (C(dice left, c) ways to pick them) until ${end.n} dice are kept; the dice not yet placed fill the faces not yet visited.`,
        `   e.g. ${best}: ${ways} of ${all} rolls = ${exactText(ways, all)} (${pctFixed(Number(ways) / Number(all))}).`,
      )
    } else {
      const [best, ways] = likeliest(d)
      L.push(
        `${step++}. ${name}: each d${t.sides} shows 1-${t.sides}, each face ${faceChance(1, t.sides)}. All ${t.sides}^${n} = ${all} rolls are equally likely; the rolls that make each total are counted one die at a time (each total is the sum of the ways to reach the ${t.sides} totals below it with one die fewer: the coefficients of (x + x^2 + ... + x^${t.sides})^${n}).`,
        `   e.g. ${best}: ${ways} of ${all} rolls = ${exactText(ways, all)} (${pctFixed(Number(ways) / Number(all))}).`,
      )
    }
    if (t.sign < 0) L.push(`   The term is subtracted: its values count negative.`)
  }
  const constant = e.terms.reduce((c, t) => (t.kind === 'const' ? c + t.sign * t.value : c), 0)
  if (dice.length > 1)
    L.push(
      `${step++}. The terms roll independently: each value of one paired with each of the other, their chances multiplied and added into their sum's chance (a convolution).`,
    )
  if (constant) L.push(`${step++}. ${constant > 0 ? '+' : ''}${constant} moves every total by ${constant}.`)
  L.push(`${step}. Mean = the sum of each total x its chance = ${num(total.expected(), 4)}.`)
  return L.map((l) => wrapText(l, out.width, /^\d/.test(l) ? '   ' : '  ')).join('\n')
}

/** The most likely value with its ways (over the distribution's denominator). */
function likeliest(d: Distribution<number>): [number, bigint] {
  let best: [number, bigint] = [0, -1n]
  for (const [v, w] of d.sortedWays()) if (w > best[1]) best = [v, w]
  return best
}

const SHOWING: Record<Compare, (n: number) => string> = {
  '>=': (n) => `${n} or more`,
  '>': (n) => `more than ${n}`,
  '<=': (n) => `${n} or less`,
  '<': (n) => `less than ${n}`,
  '=': (n) => `exactly ${n}`,
}

/**
 * The warning for a counting term whose threshold fixes its count (`3d6>=10`: always 0): the
 * comparison is made on each die, not on the total, which the expression cannot compare.
 */
export function fixedCountWarning(f: FixedCount): string {
  const showing = SHOWING[f.op](f.n)
  const plain = f.term.replace(/(>=|<=|>|<|=)\d+$/, '')
  const head = `${f.term} counts the dice showing ${showing} on each die, not the total`
  if (f.meets === 'all')
    return `${head}; every d${f.sides} shows ${showing}, so the count is always ${f.count}`
  const where =
    f.op === '>=' || f.op === '>'
      ? `the "at least" column at ${f.op === '>=' ? f.n : f.n + 1} of \`mecha roll ${plain} --odds\``
      : `the chance of each total in \`mecha roll ${plain} --odds\``
  return `${head}; a d${f.sides} never shows ${showing}, so the count is always 0. A roll expression cannot compare the total: for that, read ${where}`
}
