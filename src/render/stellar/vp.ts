import { defineText, type RenderContext } from '../context.js'
import type { VpRequest, VpResult } from '../../rules/stellar/victory-points.js'
import type { BattleLine, VpPart } from '../../rules/stellar/victory-points.js'
import { columns } from '../format.js'

const signed = (n: number) => (n > 0 ? `+${n}` : String(n))

function partRows(parts: VpPart[]): string[][] {
  return parts.map((p) => [`  ${p.reason}`, signed(p.vp)])
}

function lineRows(title: string, lines: BattleLine[]): string[][] {
  if (!lines.length) return []
  return [
    [title, ''],
    ...lines.map((l) => [
      `  ${l.text}`,
      l.count > 1 ? `${l.count} x ${signed(l.each)} = ${signed(l.vp)}` : signed(l.vp),
    ]),
  ]
}

const MODE_NAMES = {
  simple: 'Simple Battle',
  confrontation: 'Confrontation battle',
  objective: 'Secure the Objective round',
  city: 'Defend the City',
}

export function renderVp(r: VpResult, req: VpRequest, out: RenderContext): string {
  const st = out.style
  if (r.mode === 'unit') {
    const s = r.score
    const L = [st.bold(`Victory points: ${s.vp} VP`)]
    L.push(columns(partRows(s.parts), out.width))
    if (s.penalties.length) {
      const waived = req.mode === 'unit' && req.finale
      L.push(
        `Its owner loses ${-s.penalties.reduce((a, p) => a + p.vp, 0)} VP${waived ? ' (waived: campaign finale)' : ''}:`,
      )
      L.push(columns(partRows(s.penalties), out.width))
    }
    return L.join('\n')
  }
  const s = r.score
  const side =
    req.mode === 'city' && req.city
      ? ` (${req.city.side === 'attacker' ? 'the Attacker' : 'the Defender'})`
      : ''
  const L = [
    st.bold(
      `${MODE_NAMES[r.mode]}${side}: ${s.vp} VP${s.total !== s.vp ? `  (running total ${s.total} VP)` : ''}`,
    ),
  ]
  const rows: string[][] = [
    ...lineRows('Enemies destroyed', s.kills),
    ...lineRows('Enemies under 50% HP (half VP)', s.damaged),
    ...lineRows('Survivors', s.survivors),
    ...(s.battleDamage ? [['Battle Damage', signed(s.battleDamage)]] : []),
    ...(s.objective && s.objective.parts.length
      ? [['Control Points', ''], ...partRows(s.objective.parts)]
      : []),
    ...(s.buildings?.vp
      ? [[`Buildings destroyed: ${s.buildings.destroyed} (1 VP per 2, at most 10)`, signed(s.buildings.vp)]]
      : []),
    ...lineRows('Penalties for your losses', s.penalties),
  ]
  if (rows.length) L.push(columns(rows, out.width))
  else L.push('Nothing scored.')
  return L.join('\n')
}

export function explainVp(r: VpResult, req: VpRequest, out: RenderContext): string {
  const head = out.style.bold('How it was worked out')
  if (r.mode === 'unit') {
    const s = r.score
    const terms = s.parts.map(
      (p, i) => `${i === 0 ? '' : p.vp < 0 ? '- ' : '+ '}${Math.abs(p.vp)} (${p.reason})`,
    )
    return `${head}\nVP = ${terms.join(' ')} = ${s.vp}.`
  }
  const s = r.score
  const sum = (ls: BattleLine[]) => ls.reduce((a, l) => a + l.vp, 0)
  const terms: string[] = []
  if (s.kills.length) terms.push(`${sum(s.kills)} destroyed`)
  if (s.damaged.length) terms.push(`${sum(s.damaged)} under 50% HP`)
  if (s.survivors.length) terms.push(`${sum(s.survivors)} survivors`)
  if (s.battleDamage) terms.push(`${s.battleDamage} Battle Damage`)
  if (s.objective) terms.push(`${s.objective.vp} Control Points`)
  if (s.buildings?.vp)
    terms.push(
      `${s.buildings.vp} buildings (ceil(${s.buildings.destroyed} / 2)${Math.ceil(s.buildings.destroyed / 2) > s.buildings.vp ? `, capped at ${s.buildings.vp}` : ''})`,
    )
  if (s.penalties.length) terms.push(`${sum(s.penalties)} penalties`)
  const L = [head, `VP = ${terms.length ? terms.join(' + ').replace(/\+ -/g, '- ') : '0'} = ${s.vp}.`]
  if (s.total !== s.vp) L.push(`Running total = ${s.vp} + earlier ${s.total - s.vp} = ${s.total}.`)
  if (req.mode === 'city' && req.city?.side === 'defender') {
    L.push(
      'Defend the City: each enemy destroyed in round 1 or 2 (R1, R2, or a Commander at C1, C2) scores double; a Challenge target is not doubled again.',
    )
  }
  return L.join('\n')
}

/** The text of `vp` (src/models's model answers it). */
export const vpText = defineText({
  render: renderVp,
  explain: explainVp,
})
