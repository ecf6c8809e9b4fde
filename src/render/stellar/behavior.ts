import { defineText, oddsText, type RenderContext } from '../context.js'
import type { BehaviorRequest } from '../../rules/stellar/behavior.js'
import type { Distribution } from '../../core/distribution.js'
import {
  BEHAVIOR_TABLES,
  type BehaviorResult,
  ORDERS,
  type Order,
  SITUATION_NAMES,
  type Situation,
  BEHAVIOR_DIE,
} from '../../rules/stellar/behavior.js'
import { columns, pct } from '../format.js'

export function renderBehavior(r: BehaviorResult, b: BehaviorRequest, out: RenderContext): string {
  const st = out.style
  const who = b.commander ? 'enemy Commander' : b.returnFire ? 'Return Fire' : ''
  const read = r.readAs !== r.roll ? ` (read as ${r.readAs}: ${who})` : ''
  const L = [
    st.bold(
      `${b.table === 'kaiju' ? 'Kaiju' : 'Enemy mecha'} behaviour, ${SITUATION_NAMES[r.column]}: d${BEHAVIOR_DIE} ${r.roll}${read}`,
    ),
  ]
  if (r.column !== b.situation)
    L.push(st.dim('Indirect Fire units ignore Hidden and read the Behind Cover column.'))
  L.push(`${st.bold(ORDERS[r.order].name)}: the unit ${ORDERS[r.order].text}`)
  return L.join('\n')
}

export function explainBehavior(r: BehaviorResult, b: BehaviorRequest, out: RenderContext): string {
  const col = (BEHAVIOR_TABLES[b.table] as Record<string, readonly Order[]>)[r.column]
  const L = [out.style.bold('How it was worked out')]
  L.push(
    `1. Column: ${SITUATION_NAMES[r.column]}${r.column !== b.situation ? ' (Hidden, read as Behind Cover for Indirect Fire units)' : ''}: 1 ${ORDERS[col[0]].name}, 2-9 ${ORDERS[col[1]].name}, 10 ${ORDERS[col[2]].name}.`,
  )
  L.push(
    `2. Roll ${r.roll}${b.oneIsTen ? (r.roll === 1 ? ', and a 1 reads as 10 for commanders and Return Fire' : ' (a 1 would have read as 10)') : ''}: ${ORDERS[r.order].name}.`,
  )
  return L.join('\n')
}

export function renderBehaviorOdds(
  d: Distribution<string>,
  b: BehaviorRequest,
  column: Situation,
  out: RenderContext,
): string {
  const st = out.style
  const L = [
    st.bold(
      `Exact odds: ${b.table === 'kaiju' ? 'kaiju' : 'enemy mecha'} behaviour, ${SITUATION_NAMES[column]}${b.oneIsTen ? ' (1 reads as 10)' : ''}`,
    ),
  ]
  L.push(
    columns(
      d
        .sorted()
        .sort(([, x], [, y]) => y - x)
        .map(([k, w]) => [ORDERS[k as Order].name, pct(w)]),
      out.width,
    ),
  )
  return L.join('\n')
}

/** The text of `behavior` (src/models's model answers it). */
export const behaviorText = defineText({
  render: renderBehavior,
  explain: explainBehavior,
  odds: oddsText(renderBehaviorOdds),
})
