import { defineText, type RenderContext } from '../context.js'
import type { PlannedAction, TurnPlan } from '../../rules/mining/plan.js'
import { ACTION_COSTS, KIND_NAMES } from '../../rules/mining/units.js'
import { columns } from '../format.js'
import type { Style } from '../style.js'

function actionText(a: PlannedAction, st: Style): string {
  const label = `${a.action}${a.added ? '*' : ''} ${a.cost}`
  return a.fits ? st.green(`${label} ✓`) : st.red(`${label} ✗`)
}

export function renderTurnPlan(p: TurnPlan, out: RenderContext): string {
  const st = out.style
  const L: string[] = [
    st.bold(
      `Turn plan: ${p.actionPoints} action point${p.actionPoints === 1 ? '' : 's'} (a unit's actions cost ${ACTION_COSTS.join(', ')})`,
    ),
  ]
  L.push(
    columns(
      p.units.map((u) => [
        `Unit ${u.unit}`,
        KIND_NAMES[u.kind] + (u.suppression ? ` (${u.suppression} suppression)` : ''),
        u.actions.length ? u.actions.map((a) => actionText(a, st)).join(', ') : st.dim('no actions'),
        st.dim(`spent ${u.spent}, left ${u.left}`),
      ]),
      out.width,
    ),
  )
  const summary = `Cost ${p.cost}, spent ${p.spent}, left ${p.left}.`
  if (p.allFit) L.push(st.bold(`${summary} Everything fits.`))
  else {
    L.push(
      st.bold(
        `${summary} ${p.notFitted.length} action${p.notFitted.length === 1 ? ' does' : 's do'} not fit${p.short ? `; ${p.short} more point${p.short === 1 ? '' : 's'} would fit everything` : ''}.`,
      ),
    )
    L.push(`Not fitted: ${p.notFitted.map((n) => `unit ${n.unit} ${n.action} (${n.cost})`).join(', ')}`)
  }
  const t = p.tally
  const counts = [
    t.moves && `${t.moves} move${t.moves === 1 ? '' : 's'}`,
    t.shots && `${t.shots} shot${t.shots === 1 ? '' : 's'}`,
    t.suppressiveFire && `${t.suppressiveFire} suppressive fire`,
    t.targetLocks && `${t.targetLocks} target lock${t.targetLocks === 1 ? '' : 's'} placed`,
    t.repairs && `${t.repairs} repair${t.repairs === 1 ? '' : 's'}`,
    t.suppressionRemoved &&
      `${t.suppressionRemoved} suppression marker${t.suppressionRemoved === 1 ? '' : 's'} removed`,
  ].filter(Boolean)
  if (counts.length) L.push(`This turn: ${counts.join(', ')}.`)
  if (p.units.some((u) => u.actions.some((a) => a.added)))
    L.push(st.dim('* recover action added for a suppression marker'))
  for (const n of p.notes) L.push(st.dim(n))
  return L.join('\n')
}

export function explainTurnPlan(p: TurnPlan, out: RenderContext): string {
  const st = out.style
  const L: string[] = [st.bold('How it was worked out')]
  L.push(
    `Start with ${p.actionPoints} points. Units act one at a time in the order given; a unit's 1st, 2nd and 3rd actions cost ${ACTION_COSTS.join(', ')}.`,
  )
  let left = p.actionPoints
  for (const u of p.units) {
    const steps: string[] = []
    for (const a of u.actions) {
      const nth = ['1st', '2nd', '3rd'][a.order - 1]
      if (a.fits) {
        steps.push(
          `${nth} ${a.action}${a.added ? ' (suppressed: must recover)' : ''} costs ${a.cost}: ${left} - ${a.cost} = ${left - a.cost}`,
        )
        left -= a.cost
      } else
        steps.push(
          `${nth} ${a.action} costs ${a.cost}${u.actions[a.order - 2]?.fits === false ? ', and the unit has already stopped' : `, but only ${left} left`}: does not fit`,
        )
    }
    L.push(`Unit ${u.unit} (${KIND_NAMES[u.kind]}): ${steps.length ? steps.join('; ') : 'no actions'}.`)
  }
  L.push(
    `Everything asked for costs ${p.units.map((u) => u.cost).join(' + ')} = ${p.cost}; spent ${p.spent}, ${p.left} left${p.short ? `, ${p.short} short of fitting it all` : ''}.`,
  )
  return L.join('\n')
}

/** The text of `plan` (src/models's model answers it). */
export const miningPlanText = defineText({
  render: (p: TurnPlan, _i, out) => renderTurnPlan(p, out),
  explain: (p, _i, out) => explainTurnPlan(p, out),
})
