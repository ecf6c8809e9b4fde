import type { RenderContext } from '../../cli/spec.js'
import { FALL_MAX, type FallResult } from '../../rules/stellar/fall.js'

export function renderFall(r: FallResult, _input: unknown, out: RenderContext): string {
  const st = out.style
  const head = st.bold(`Low-gravity fall check: d10 ${r.roll} (falls on 1-${FALL_MAX})`)
  const verdict = r.fell
    ? st.red('Falls off the high ground') + ' (no damage in low gravity; it loses the High Ground).'
    : st.green('Keeps its footing') + ' on the high ground.'
  return `${head}\n${verdict}`
}
