import { defineText, oddsText, type RenderContext } from '../context.js'
import type { InitiativeRequest } from '../../rules/stellar/initiative.js'
import type { InitiativeOdds, InitiativeResult } from '../../rules/stellar/initiative.js'
import { columns, num, pct } from '../format.js'

export function renderInitiative(r: InitiativeResult, req: InitiativeRequest, out: RenderContext): string {
  const st = out.style
  const [a, b] = req.names
  const L = [st.bold(`Initiative roll-off: ${a} vs ${b}`)]
  r.rollOffs.forEach(([x, y], i) => {
    const tie = x === y ? st.dim('  tie, roll again') : ''
    L.push(`${r.rollOffs.length > 1 ? `Roll ${i + 1}: ` : ''}${a} ${x}, ${b} ${y}${tie}`)
  })
  L.push(st.bold(`${req.names[r.winner - 1]} wins and chooses to go first or second.`))
  return L.join('\n')
}

export function renderInitiativeOdds(o: InitiativeOdds, req: InitiativeRequest, out: RenderContext): string {
  const st = out.style
  const L = [st.bold(`Exact odds: initiative roll-off, ${req.names[0]} vs ${req.names[1]}`)]
  L.push(
    columns(
      [
        [`${req.names[0]} wins`, pct(o.winner.prob(1))],
        [`${req.names[1]} wins`, pct(o.winner.prob(2))],
        ['Tie on a roll-off (rolled again)', pct(o.tie)],
        ['Expected roll-offs', num(o.expected.rollOffs, 4)],
      ],
      out.width,
    ),
  )
  L.push('')
  L.push(st.bold('Roll-offs needed'))
  L.push(
    columns(
      o.rollOffs
        .sorted()
        .sort(([x], [y]) => parseInt(x) - parseInt(y))
        .map(([k, w]) => [k, pct(w)]),
      out.width,
    ),
  )
  return L.join('\n')
}

/** The text of `initiative` (src/models's model answers it). */
export const initiativeText = defineText({
  render: renderInitiative,
  odds: oddsText(renderInitiativeOdds),
})
