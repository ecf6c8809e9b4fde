import { defineText, type RenderContext } from '../context.js'
import { SECONDARY_CAP, type SecondaryResult } from '../../rules/stellar/secondary.js'
import { columns } from '../format.js'

const CATEGORY = { destruction: 'Destruction', survival: 'Survival', battlespace: 'Control the Battlespace' }
const signed = (n: number) => (n > 0 ? `+${n}` : String(n))

export function renderSecondary(r: SecondaryResult, _req: unknown, out: RenderContext): string {
  const st = out.style
  const L = [st.bold(`Secondary objective: ${r.name} (${CATEGORY[r.category]}): ${r.vp} VP`)]
  if (r.parts.length)
    L.push(
      columns(
        r.parts.map((p) => [`  ${p.reason}`, signed(p.vp)]),
        out.width,
      ),
    )
  else L.push('  nothing scored')
  if (r.uncapped > SECONDARY_CAP)
    L.push(
      st.dim(
        `(${r.uncapped} VP, capped at ${SECONDARY_CAP}: an objective is worth at most ${SECONDARY_CAP})`,
      ),
    )
  return L.join('\n')
}

export function explainSecondary(r: SecondaryResult, _req: unknown, out: RenderContext): string {
  const head = out.style.bold('How it was worked out')
  const sum = r.parts.length
    ? r.parts.map((p, i) => (i === 0 ? String(p.vp) : `${p.vp < 0 ? '-' : '+'} ${Math.abs(p.vp)}`)).join(' ')
    : '0'
  const cap =
    r.uncapped > SECONDARY_CAP ? `, capped at ${SECONDARY_CAP}` : r.uncapped < 0 ? ', not below 0' : ''
  return `${head}\nVP = ${sum} = ${r.uncapped}${cap ? `${cap}: ${r.vp}` : ''}.`
}

/** The text of `secondary` (src/models's model answers it). */
export const secondaryText = defineText({
  render: renderSecondary,
  explain: explainSecondary,
})
