import { InputError } from '../../core/errors.js'
import { exactDist } from '../../core/exact.js'
import { type Expression, type RollResult, oddsBranches, parseExpression, resolveRoll } from '../../rules/roll/expression.js'
import { columns, histogram, num, pct } from '../../render/format.js'
import type { CommandSpec } from '../spec.js'

const MAX_BRANCHES = 300_000

export const rollSpec: CommandSpec<Expression, RollResult> = {
  name: 'roll',
  summary: 'roll a dice expression: 3d6+2, d10, 5d10>=5 (count successes), 4d6kh3 (keep highest)',
  diceOrder: 'the dice of each term, left to right',
  examples: ['mecha roll 3d6+2', 'mecha roll 5d10>=5 --odds', 'mecha roll 4d6kh3 --rolls 6,2,5,3'],
  args: [{ name: 'expression', description: 'dice expression, e.g. 3d6+2', required: true }],
  options: [],
  build(v) {
    if (typeof v.expression !== 'string') throw new InputError('missing', 'roll: give a dice expression, e.g. mecha roll 3d6+2')
    return parseExpression(v.expression)
  },
  usesDice: (e) => e.terms.some((t) => t.kind === 'dice'),
  resolve: resolveRoll,
  json: (r) => ({ expression: r.expression, total: r.total, terms: r.terms.filter((t) => t.rolls.length).map((t) => ({ term: t.text, rolls: t.rolls, kept: t.kept, value: t.value })) }),
  render(r, _e, out) {
    const st = out.style
    const parts = r.terms.map((t) => {
      if (!t.rolls.length) return t.text
      const dropped = t.rolls.length !== t.kept.length ? st.dim(` dropped ${dropSet(t.rolls, t.kept).join(',')}`) : ''
      return `${t.text} [${t.rolls.join(', ')}]${dropped} = ${t.value}`
    })
    return `${st.bold(`${r.expression}: ${r.total}`)}\n${st.dim(parts.join('   '))}`
  },
  odds(e) {
    const branches = oddsBranches(e)
    if (branches > MAX_BRANCHES) throw new InputError('too-large', `roll --odds: ${e.text} has too many outcomes to enumerate exactly; use fewer dice or sides`)
    const d = exactDist((dice) => resolveRoll(dice, e), (r) => r.total)
    const mean = d.expected()
    const variance = d.expected((k) => (k - mean) ** 2)
    return {
      json: { total: d.toJSON(), expected: { total: mean } },
      extra: { expression: e.text },
      render: (out) =>
        [
          out.style.bold(`Exact odds of ${e.text}`),
          columns([
            ['Mean', num(mean, 4)],
            ['Standard deviation', num(Math.sqrt(variance), 4)],
            ['Range', `${d.sorted()[0][0]} to ${d.sorted()[d.size - 1][0]}`],
            ['Most likely', `${mostLikely(d.sorted())}`],
          ]),
          '',
          histogram(d, out.style, out.width, { title: 'Total' }),
        ].join('\n'),
    }
  },
}

function mostLikely(rows: Array<[number, { toNumber(): number }]>): string {
  let best = rows[0]
  for (const r of rows) if (r[1].toNumber() > best[1].toNumber()) best = r
  return `${best[0]} (${pct(best[1].toNumber())})`
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
