import { defineText, oddsText, type RenderContext } from '../context.js'
import type { Distribution } from '../../core/distribution.js'
import type { Knockdown, KnockdownResult } from '../../rules/formation/knockdown.js'
import { columns, histogram, num, pct, plural } from '../format.js'

export function renderKnockdown(r: KnockdownResult, k: Knockdown, out: RenderContext): string {
  const st = out.style
  const L = [st.bold(`Knockdown: ${plural(k.hits, 'hit')}, 4+ keeps the action`)]
  L.push(`Dice: ${r.rolls.map((x) => (x.kept ? st.green(String(x.roll)) : st.red(`${x.roll}x`))).join(' ')}`)
  L.push(
    st.bold(r.actionLost ? `Actions lost: ${r.actionsLost}` : 'No action lost') +
      (r.actionsLeft !== null ? `  (actions left ${r.actionsLeft})` : ''),
  )
  return L.join('\n')
}

export function explainKnockdown(r: KnockdownResult, k: Knockdown, out: RenderContext): string {
  const L = [out.style.bold('How it was worked out')]
  L.push('1. Each Knockdown hit: a d6 of 4, 5 or 6 keeps the action (50%); 1-3 loses one.')
  L.push(`2. ${r.rolls.map((x) => `${x.roll} ${x.kept ? 'keeps' : 'loses'}`).join(', ')}.`)
  if (k.actions !== undefined)
    L.push(
      `3. Never more than the ${plural(k.actions, 'action')} left: ${r.actionsLost} lost, ${r.actionsLeft} left.`,
    )
  return L.join('\n')
}

export function renderKnockdownOdds(lost: Distribution<number>, k: Knockdown, out: RenderContext): string {
  const st = out.style
  return [
    st.bold(`Exact odds: knockdown, ${plural(k.hits, 'hit')}`),
    columns(
      [
        ['At least one action lost', pct(1 - lost.prob(0))],
        ['Expected actions lost', num(lost.expected(), 3)],
      ],
      out.width,
    ),
    '',
    histogram(lost, st, out.width, { title: 'Actions lost' }),
  ].join('\n')
}

/** The text of `knockdown` (src/models's model answers it). */
export const knockdownText = defineText({
  render: renderKnockdown,
  explain: explainKnockdown,
  odds: oddsText(renderKnockdownOdds),
})
