import { outcomeText } from '../../models/stellar/outmaneuver.js'
import { defineText, oddsText, type RenderContext } from '../context.js'
import type { OutmaneuverRequest } from '../../rules/stellar/outmaneuver.js'
import {
  BLINDSIDE_MARGIN,
  type OutmaneuverOdds,
  type OutmaneuverResult,
  type Pool,
  type SideResult,
  FACE_SUCCESSES,
  OUTMANEUVER_DIE,
  SUCCESS_FROM,
} from '../../rules/stellar/outmaneuver.js'
import { columns, histogram, num, pct, plural } from '../format.js'
import type { Style } from '../style.js'

/** The successes a face of the die counts (the rule's table). */
const successValue = (f: number) => FACE_SUCCESSES[f - 1]

function face(f: number, st: Style): string {
  const v = successValue(f)
  return v === 2 ? st.bold(st.green(`${f}!`)) : v === 1 ? st.green(String(f)) : st.dim(String(f))
}

function sideLine(name: string, s: SideResult, st: Style): string {
  const rolls = s.rolls.length ? s.rolls.map((f) => face(f, st)).join(' ') : 'no dice'
  const rerolls = s.rerolls.length ? `  rerolled: ${s.rerolls.map((f) => face(f, st)).join(' ')}` : ''
  const momentum = s.momentum ? `${s.diceSuccesses} + ${s.momentum} Momentum = ` : ''
  return `${name} ${s.dice}d${OUTMANEUVER_DIE}: ${rolls}${rerolls} -> ${momentum}${st.bold(plural(s.successes, 'success', 'successes'))}`
}

export function renderOutmaneuver(
  r: OutmaneuverResult,
  _req: OutmaneuverRequest,
  out: RenderContext,
): string {
  const st = out.style
  const L: string[] = []
  L.push(
    st.bold(
      `${r.bridge ? 'Bridge attack' : 'Outmaneuver'}: attacker ${r.attacker.dice}d${OUTMANEUVER_DIE} vs defender ${r.defender.dice}d${OUTMANEUVER_DIE} (${SUCCESS_FROM}+ succeeds, ${OUTMANEUVER_DIE} counts double)`,
    ),
  )
  L.push(sideLine('Attacker', r.attacker, st))
  L.push(sideLine('Defender', r.defender, st))
  const text = outcomeText(r)
  L.push(st.bold(text.charAt(0).toUpperCase() + text.slice(1) + '.'))
  return L.join('\n')
}

function poolText(p: Pool): string {
  if (p.parts.length === 1 && p.parts[0].reason === 'given') return `${p.dice} (given)`
  return `${p.parts.map((x, i) => `${i === 0 ? '' : x.dice < 0 ? '- ' : '+ '}${Math.abs(x.dice)} ${x.reason}`).join(' ')} = ${p.dice}d${OUTMANEUVER_DIE}`
}

export function explainOutmaneuver(
  r: OutmaneuverResult,
  req: OutmaneuverRequest,
  out: RenderContext,
): string {
  const L: string[] = [out.style.bold('How it was worked out')]
  L.push(`1. Attacker's pool: ${poolText(req.pools.attacker)}.`)
  L.push(`2. Defender's pool: ${poolText(req.pools.defender)}.`)
  const [d, from] = [OUTMANEUVER_DIE, SUCCESS_FROM]
  const share = (faces: number) => `${Math.round((100 * faces) / d)}%`
  L.push(
    `3. Each d${d}: 1-${from - 1} fails (${share(from - 1)}), ${from}-${d - 1} is one success (${share(d - from)}), ${d} is two successes (${share(1)}).`,
  )
  let n = 4
  for (const [name, s, side] of [
    ['Attacker', r.attacker, req.attacker],
    ['Defender', r.defender, req.defender],
  ] as const) {
    const all = [...s.rolls, ...s.rerolls]
    const ten = all.filter((f) => successValue(f) === 2).length
    const ok = all.filter((f) => successValue(f) === 1).length
    const parts = [`${ok} at ${SUCCESS_FROM}-${OUTMANEUVER_DIE - 1}`, `${ten} ten${ten === 1 ? '' : 's'} x 2`]
    const rr = side.reroll
      ? ` (rerolled ${plural(s.rerolls.length, 'failed die', 'failed dice')} of up to ${side.reroll})`
      : ''
    const mom = s.momentum ? ` + ${s.momentum} Momentum (level ${side.level}, at most 3)` : ''
    L.push(
      `${n++}. ${name}: ${parts.join(' + ')} = ${s.diceSuccesses}${rr}${mom ? `${mom} = ${s.successes}` : ''}.`,
    )
  }
  if (r.winner === 'tie')
    L.push(`${n}. ${r.attacker.successes} = ${r.defender.successes}: a tie ends the sequence.`)
  else if (r.bridge)
    L.push(
      `${n}. ${r.attacker.successes} vs ${r.defender.successes}: the ${r.winner} wins the bridge attack.`,
    )
  else
    L.push(
      `${n}. ${r.attacker.successes} vs ${r.defender.successes}: the ${r.winner} wins by ${r.margin}` +
        (r.winner === 'attacker' ? ` (${BLINDSIDE_MARGIN}+ turns Tactical Advantage into Blindside).` : '.'),
    )
  return L.join('\n')
}

export function renderOutmaneuverOdds(
  o: OutmaneuverOdds,
  req: OutmaneuverRequest,
  out: RenderContext,
): string {
  const st = out.style
  const L: string[] = []
  L.push(
    st.bold(
      `Exact odds: ${req.bridge ? 'bridge attack' : 'outmaneuver'}, attacker ${req.attacker.dice}d${OUTMANEUVER_DIE} vs defender ${req.defender.dice}d${OUTMANEUVER_DIE}`,
    ),
  )
  const p = (k: string) => pct(o.winner.prob(k))
  L.push(
    columns(
      [
        ['Attacker wins', st.bold(p('attacker'))],
        ['Defender wins', st.bold(p('defender'))],
        ['Tie (sequence ends)', p('tie')],
        [
          'Expected successes',
          `attacker ${num(o.expected.attackerSuccesses, 2)}, defender ${num(o.expected.defenderSuccesses, 2)}`,
        ],
      ],
      out.width,
    ),
  )
  L.push('')
  L.push(st.bold('Outcome'))
  L.push(
    columns(
      o.outcome.sorted().map(([k, w]) => [k, pct(w)]),
      out.width,
    ),
  )
  L.push('')
  // Long tails of tiny chances are folded into their last shown row.
  const shown = o.margin
    .sorted()
    .filter(([, w]) => w >= 0.001)
    .map(([k]) => k)
  const lo = Math.min(0, ...shown)
  const hi = Math.max(0, ...shown)
  const folded = o.margin.map((k) => Math.max(lo, Math.min(hi, k)))
  const sign = (k: number) => (k > 0 ? `+${k}` : String(k))
  const label = (k: number) =>
    k === lo && o.margin.where((m) => m < lo) > 0
      ? `≤${sign(k)}`
      : k === hi && o.margin.where((m) => m > hi) > 0
        ? `≥${sign(k)}`
        : sign(k)
  L.push(histogram(folded, st, out.width, { title: 'Attacker minus defender successes', label }))
  return L.join('\n')
}

/** The text of `outmaneuver` (src/models's model answers it). */
export const outmaneuverText = defineText({
  render: renderOutmaneuver,
  explain: explainOutmaneuver,
  odds: oddsText(renderOutmaneuverOdds),
})
