import { defineText, type RenderContext } from '../context.js'
import { MOMENTUM_CAP, type MomentumResult } from '../../rules/stellar/momentum.js'
import { columns } from '../format.js'

const signed = (n: number) => (n > 0 ? `+${n}` : String(n))

export function renderMomentum(r: MomentumResult, _m: unknown, out: RenderContext): string {
  const L = [out.style.bold(`Starting Momentum: ${r.momentum}`)]
  L.push(
    columns(
      r.parts.map((p, i) => [`  ${p.reason}`, i === 0 ? String(p.momentum) : signed(p.momentum)]),
      out.width,
    ),
  )
  if (r.capped)
    L.push(out.style.dim(`(kept within 0-${MOMENTUM_CAP}: the pool never exceeds ${MOMENTUM_CAP})`))
  return L.join('\n')
}

export function explainMomentum(r: MomentumResult, _m: unknown, out: RenderContext): string {
  const raw = r.parts.reduce((s, p) => s + p.momentum, 0)
  const sum = r.parts
    .map((p, i) => (i === 0 ? String(p.momentum) : `${p.momentum < 0 ? '-' : '+'} ${Math.abs(p.momentum)}`))
    .join(' ')
  return `${out.style.bold('How it was worked out')}\nMomentum = ${sum} = ${raw}${r.capped ? `, kept within 0-${MOMENTUM_CAP}: ${r.momentum}` : ''}.`
}

/** The text of `momentum` (src/models's model answers it). */
export const momentumText = defineText({
  render: renderMomentum,
  explain: explainMomentum,
})
