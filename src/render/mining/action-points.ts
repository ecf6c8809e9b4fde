import { defineText, oddsText, type RenderContext } from '../context.js'
import type { ActionPointsResult } from '../../rules/mining/action-points.js'
import type { ActionPointsOdds } from '../../rules/mining/odds.js'
import { ACTION_COSTS } from '../../rules/mining/units.js'
import { columns, histogram, num } from '../format.js'

export function renderActionPoints(r: ActionPointsResult, out: RenderContext): string {
  const st = out.style
  return [
    st.bold(`Action points: ${r.actionPoints}`),
    `${r.units} active unit${r.units === 1 ? '' : 's'} + d6 ${r.roll} = ${r.actionPoints}`,
    st.dim(
      `A unit's 1st, 2nd and 3rd actions cost ${ACTION_COSTS.join(', ')} points; try 'mecha mining plan --ap ${r.actionPoints} …'.`,
    ),
  ].join('\n')
}

export function explainActionPoints(r: ActionPointsResult, out: RenderContext): string {
  return [
    out.style.bold('How it was worked out'),
    `1. Count the active units (eliminated ones do not count): ${r.units}.`,
    `2. Roll a d6: ${r.roll}. Each face 1-6 is equally likely, so the total is ${r.units + 1}-${r.units + 6}, on average ${num(r.units + 3.5, 1)}.`,
    `3. Action points = ${r.units} + ${r.roll} = ${r.actionPoints}.`,
  ].join('\n')
}

export function renderActionPointsOdds(o: ActionPointsOdds, units: number, out: RenderContext): string {
  const st = out.style
  return [
    st.bold(`Exact odds: action points for ${units} active unit${units === 1 ? '' : 's'} (units + d6)`),
    columns([['Expected action points', num(o.expected.actionPoints, 3)]], out.width),
    '',
    histogram(o.actionPoints, st, out.width, { title: 'Action points' }),
  ].join('\n')
}

/** The text of `ap` (src/models's model answers it). */
export const miningApText = defineText({
  render: (r: ActionPointsResult, _a, out) => renderActionPoints(r, out),
  explain: (r, _a, out) => explainActionPoints(r, out),
  odds: oddsText(renderActionPointsOdds),
})
