import { defineModel } from '../engine/spec.js'
import { InputError } from '../core/errors.js'
import { type Expression, type RollResult, resolveRoll } from '../rules/roll/expression.js'
import { expressionOdds, oddsCost } from '../rules/roll/odds.js'
import { columns, histogram, num, pct } from '../render/format.js'
import { explainRollOdds, fixedCountWarning } from '../render/roll.js'

/** The most work `roll --odds` takes on (see oddsCost): about a second on a slow machine. */
const MAX_COST = 50_000_000

export const rollModel = defineModel<Expression, RollResult>({
  usesDice: (e) => e.terms.some((t) => t.kind === 'dice'),
  resolve: resolveRoll,
  warnings: (e) => (e.fixed ?? []).map(fixedCountWarning),
  json: (r) => ({
    expression: r.expression,
    total: r.total,
    terms: r.terms
      .filter((t) => t.rolls.length)
      .map((t) => ({ term: t.text, rolls: t.rolls, kept: t.kept, value: t.value })),
  }),
  render(r, _e, out) {
    const st = out.style
    const parts = r.terms.map((t) => {
      if (!t.rolls.length) return t.text
      const dropped =
        t.rolls.length !== t.kept.length ? st.dim(` dropped ${dropSet(t.rolls, t.kept).join(',')}`) : ''
      return `${t.text} [${t.rolls.join(', ')}]${dropped} = ${t.value}`
    })
    return `${st.bold(`${r.expression}: ${r.total}`)}\n${st.dim(parts.join('   '))}`
  },
  odds(e) {
    const cost = oddsCost(e)
    if (cost > MAX_COST)
      throw new InputError(
        'too-large',
        `roll --odds: ${e.text} is too large to work out exactly (about ${cost.toPrecision(2)} steps, the limit is ${MAX_COST.toPrecision(2)}); keep fewer dice or use fewer sides`,
      )
    const d = expressionOdds(e)
    // Each outcome's chance is converted once (the JSON map), and the text reads it from there:
    // at 100d1000 (99,901 totals of ~1,000-bit counts) each pass of conversions costs more than
    // working the counts out.
    const total = d.toJSON()
    const mean = d.expected()
    return {
      json: { total, expected: { total: mean } },
      extra: { expression: e.text },
      explain: (out) => explainRollOdds(e, d, out),
      render(out) {
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
    }
  },
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
