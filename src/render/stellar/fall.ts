import type { Distribution } from '../../core/distribution.js'
import { columns, pct } from '../format.js'
import { defineText, oddsText, type RenderContext } from '../context.js'
import { FALL_DIE, FALL_MAX, type FallResult } from '../../rules/stellar/fall.js'

export function renderFall(r: FallResult, _input: unknown, out: RenderContext): string {
  const st = out.style
  const head = st.bold(`Low-gravity fall check: d${FALL_DIE} ${r.roll} (falls on 1-${FALL_MAX})`)
  const verdict = r.fell
    ? st.red('Falls off the high ground') + ' (no damage in low gravity; it loses the High Ground).'
    : st.green('Keeps its footing') + ' on the high ground.'
  return `${head}\n${verdict}`
}

export function renderFallOdds(d: Distribution<string>, out: RenderContext): string {
  return [
    out.style.bold('Exact odds: low-gravity fall check'),
    columns(
      [
        [`Falls off (1-${FALL_MAX})`, pct(d.prob('true'))],
        [`Stays on the high ground (${FALL_MAX + 1}-${FALL_DIE})`, pct(d.prob('false'))],
      ],
      out.width,
    ),
  ].join('\n')
}

/** The text of `fall` (src/models's model answers it). */
export const fallText = defineText({
  render: renderFall,
  odds: oddsText(renderFallOdds),
})
