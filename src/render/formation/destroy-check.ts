import { defineText, oddsText, type RenderContext } from '../context.js'
import type { DestroyCheck, DestroyCheckResult } from '../../rules/formation/destroy-check.js'
import { columns, pct, plural } from '../format.js'
import { neededText, signed } from '../../models/formation/strike.js'

function headline(c: DestroyCheck): string {
  return `Destruction roll: ${plural(c.stars, '* box', '* boxes')}${c.mod ? `, hero modifier ${signed(c.mod)}` : ''}`
}

export function renderDestroyCheck(r: DestroyCheckResult, c: DestroyCheck, out: RenderContext): string {
  const st = out.style
  const L = [st.bold(headline(c))]
  r.rolls.forEach((x, i) => {
    const mod = c.mod ? ` ${c.mod > 0 ? '+' : '-'} ${Math.abs(c.mod)} = ${x.roll + c.mod}` : ''
    L.push(
      `* box ${i + 1}: d6 ${x.roll}${mod} -> ${x.destroyed ? st.bold(st.red('DESTROYED outright')) : 'holds'}`,
    )
  })
  L.push(st.bold(r.destroyed ? 'The unit is destroyed' : 'The unit survives'))
  return L.join('\n')
}

export function explainDestroyCheck(r: DestroyCheckResult, c: DestroyCheck, out: RenderContext): string {
  const L = [out.style.bold('How it was worked out')]
  const p = Math.min(6, Math.max(0, 7 - r.needed)) / 6
  L.push(
    `1. Each * box crossed: a d6${c.mod ? ` ${signed(c.mod)}` : ''} of 6 or more destroys the unit outright: a natural ${neededText(r.needed)} (${pct(p)}).`,
  )
  L.push(
    `2. The boxes are rolled in order and the rolling stops at a destruction: ${plural(r.rolls.length, 'die', 'dice')} rolled.`,
  )
  return L.join('\n')
}

export function renderDestroyOdds(p: number, c: DestroyCheck, out: RenderContext): string {
  return [
    out.style.bold(`Exact odds: ${headline(c)}`),
    columns(
      [
        ['Destroyed', pct(p)],
        ['Survives', pct(1 - p)],
      ],
      out.width,
    ),
  ].join('\n')
}

/** The text of `destroy-check` (src/models's model answers it). */
export const destroyCheckText = defineText({
  render: renderDestroyCheck,
  explain: explainDestroyCheck,
  odds: oddsText(renderDestroyOdds),
})
