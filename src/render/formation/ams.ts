import { defineText, oddsText, type RenderContext } from '../context.js'
import type { Distribution } from '../../core/distribution.js'
import type { Ams, AmsResult } from '../../rules/formation/ams.js'
import { columns, histogram, num, pct, plural } from '../format.js'

function headline(a: Ams): string {
  return `AMS ${a.ams} against ${plural(a.missiles, 'missile')}${a.longRange ? ' (long-range: -1)' : ''}${a.shots > 1 ? `, ${a.shots} shots` : ''}`
}

export function renderAms(r: AmsResult, a: Ams, out: RenderContext): string {
  const st = out.style
  const L = [st.bold(headline(a))]
  r.rolls.forEach((x, i) => {
    const mod = r.modifier ? ` - 1 = ${x.modified}` : ''
    L.push(
      `${a.shots > 1 ? `Shot ${i + 1}` : 'AMS'}: d6 ${x.roll}${mod} -> ${x.destroyed ? st.green(`${plural(x.destroyed, 'missile')} destroyed`) : 'none destroyed'}`,
    )
  })
  L.push(st.bold(`Destroyed: ${r.destroyed}; still incoming: ${r.remaining}`))
  return L.join('\n')
}

export function explainAms(r: AmsResult, a: Ams, out: RenderContext): string {
  const L = [out.style.bold('How it was worked out')]
  L.push(
    `1. The AMS destroys a missile on ${a.ams} or more${a.longRange ? ', after -1 for long-range missiles (over 12 damage): a natural ' + r.needed + '+' : ''}; each point over destroys one more.`,
  )
  const per: string[] = []
  for (let f = 1; f <= 6; f++) {
    const m = f + r.modifier
    per.push(`${f}: ${m >= a.ams ? 1 + m - a.ams : 0}`)
  }
  L.push(`2. Missiles destroyed by each face (before the cap of what is left): ${per.join(', ')}.`)
  L.push(
    `3. ${plural(r.rolls.length, 'die', 'dice')} rolled${a.shots > 1 ? ', one per AMS shot until the salvo is gone' : ''}; ${r.destroyed} of ${a.missiles} destroyed, ${r.remaining} still incoming.`,
  )
  return L.join('\n')
}

export function renderAmsOdds(destroyed: Distribution<number>, a: Ams, out: RenderContext): string {
  const st = out.style
  return [
    st.bold(`Exact odds: ${headline(a)}`),
    columns(
      [
        ['Expected missiles destroyed', num(destroyed.expected(), 3)],
        ['Whole salvo destroyed', pct(destroyed.prob(a.missiles))],
        ['None destroyed', pct(destroyed.prob(0))],
      ],
      out.width,
    ),
    '',
    histogram(destroyed, st, out.width, { title: 'Destroyed' }),
  ].join('\n')
}

/** The text of `ams` (src/models's model answers it). */
export const amsText = defineText({
  render: renderAms,
  explain: explainAms,
  odds: oddsText(renderAmsOdds),
})
