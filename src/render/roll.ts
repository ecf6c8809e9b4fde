import type { Distribution } from '../core/distribution.js'
import type { Expression, RollResult } from '../rules/roll/expression.js'
import type { DiceTermOdds } from '../models/roll.js'
import { type RenderContext, defineText } from './context.js'
import { classLines, exactText, faceChance, poolRowText, poolRows } from './explain-odds.js'
import { columns, histogram, num, pct, pctFixed, wrapText } from './format.js'

/**
 * roll --odds --explain: how each dice term's distribution is counted (a sum, a count of
 * successes, dice kept from one end), with a worked row from the term's own distribution
 * (termOdds, what the odds add up, in the terms the report worked out), then how the terms and
 * constants combine.
 */
export function explainRollOdds(
  e: Expression,
  total: Distribution<number>,
  dice: readonly DiceTermOdds[],
  out: RenderContext,
): string {
  const st = out.style
  const L: string[] = [st.bold('How these odds are worked out')]
  let step = 1
  for (const { term: t, odds: d, kept: end, faces } of dice) {
    const n = t.count
    const all = BigInt(t.sides) ** BigInt(n)
    const name = t.text.replace(/^[+-]/, '')
    if (t.count_if && !(end && end.n < n)) {
      const { classes, lines } = classLines(
        t.sides,
        (f) => faces[f - 1],
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

/** The text of `roll`: the total with each term's dice; the odds with their mean and spread. */
export const rollText = defineText({
  render(r: RollResult, _e: Expression, out) {
    const st = out.style
    const parts = r.terms.map((t) => {
      if (!t.rolls.length) return t.text
      const dropped =
        t.rolls.length !== t.kept.length ? st.dim(` dropped ${dropSet(t.rolls, t.kept).join(',')}`) : ''
      return `${t.text} [${t.rolls.join(', ')}]${dropped} = ${t.value}`
    })
    return `${st.bold(`${r.expression}: ${r.total}`)}\n${st.dim(parts.join('   '))}`
  },
  odds(
    [e, d, total, mean]: readonly [
      Expression,
      Distribution<number>,
      Record<string, number>,
      number,
      () => DiceTermOdds[],
    ],
    out,
  ) {
    const rows = d.sortedWays()
    const chances = rows.map(([k]) => [k, total[String(k)]] as const)
    return [
      out.style.bold(`Exact odds of ${e.text}`),
      columns([
        ['Mean', num(mean, 4)],
        ['Standard deviation', num(Math.sqrt(variance(chances)), 4)],
        ['Range', `${rows[0][0]} to ${rows[rows.length - 1][0]}`],
        ['Most likely', `${mostLikely(chances)}`],
      ]),
      '',
      histogram(chances, out.style, out.width, { title: 'Total' }),
    ].join('\n')
  },
  explainOdds: ([e, d, , , dice], out) => explainRollOdds(e, d, dice(), out),
})

/**
 * The variance of the outcomes, Σ p (k - mean)², from their chances as decimals, measured from
 * the lowest outcome: near 2^53 the mean itself is rounded to a whole number (d6+9007199254740000
 * has the mean ...003.5), which moved the deviation of a d6 from 1.7078 to 1.7795.
 */
function variance(chances: ReadonlyArray<readonly [number, number]>): number {
  const low = chances[0][0]
  let mean = 0
  for (const [k, p] of chances) mean += p * (k - low)
  let v = 0
  for (const [k, p] of chances) v += p * (k - low - mean) ** 2
  return v
}

function mostLikely(rows: ReadonlyArray<readonly [number, number]>): string {
  let best = rows[0]
  for (const r of rows) if (r[1] > best[1]) best = r
  return `${best[0]} (${pct(best[1])})`
}

function dropSet(all: number[], kept: number[]): number[] {
  const rest = [...kept]
  const out: number[] = []
  for (const f of all) {
    const i = rest.indexOf(f)
    if (i >= 0) rest.splice(i, 1)
    else out.push(f)
  }
  return out
}
