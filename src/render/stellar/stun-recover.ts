import { defineText, oddsText, type RenderContext } from '../context.js'
import type { StunRecoveryOdds } from '../../rules/stellar/stun-recover-odds.js'
import {
  RECOVERY_TARGET,
  type StunRecovery,
  type StunRecoveryResult,
  RECOVERY_DIE,
  RECOVERY_DICE,
} from '../../rules/stellar/stun-recover.js'
import { columns, histogram, num, pct, plural } from '../format.js'

export function renderStunRecovery(r: StunRecoveryResult, s: StunRecovery, out: RenderContext): string {
  const st = out.style
  const L = [
    st.bold(
      `Stun recovery: ${RECOVERY_DICE}d${RECOVERY_DIE}, each ${RECOVERY_TARGET}+ removes a -1 Action penalty${s.penalty !== undefined ? ` (penalty ${s.penalty})` : ''}`,
    ),
  ]
  L.push(
    `Dice: ${r.dice.map((d) => (d.success ? st.green(String(d.roll)) : st.dim(String(d.roll)))).join(' ')} -> ${plural(r.successes, 'success', 'successes')}`,
  )
  if (s.penalty === undefined) L.push(st.bold(`Up to ${plural(r.removed, 'penalty', 'penalties')} removed.`))
  else {
    L.push(st.bold(`${plural(r.removed, 'penalty', 'penalties')} removed, ${r.penaltyLeft} left.`))
    if (r.actionsLeft !== undefined)
      L.push(
        r.shutdown
          ? st.red(`Actions: ${r.actionsLeft}: still shut down.`)
          : `Actions: ${r.actionsLeft}${r.actionsLeft === 0 ? ' (not shut down, but no actions)' : ''}.`,
      )
  }
  return L.join('\n')
}

export function explainStunRecovery(r: StunRecoveryResult, s: StunRecovery, out: RenderContext): string {
  const L = [out.style.bold('How it was worked out')]
  L.push(
    `1. Each d${RECOVERY_DIE} removes a penalty on ${RECOVERY_TARGET}+ (${Math.round((100 * (RECOVERY_DIE - RECOVERY_TARGET + 1)) / RECOVERY_DIE)}%): ${r.dice.map((d) => `${d.roll} ${d.success ? 'yes' : 'no'}`).join(', ')} = ${r.successes}.`,
  )
  if (s.penalty !== undefined)
    L.push(
      `2. Removed = the smaller of ${r.successes} and the penalty ${s.penalty} = ${r.removed}; ${s.penalty} - ${r.removed} = ${r.penaltyLeft} left.`,
    )
  if (r.actionsLeft !== undefined)
    L.push(`3. Actions = ${s.actions} - ${r.penaltyLeft} = ${r.actionsLeft}; below 0 is a shutdown.`)
  return L.join('\n')
}

export function renderStunRecoveryOdds(o: StunRecoveryOdds, s: StunRecovery, out: RenderContext): string {
  const st = out.style
  const L = [
    st.bold(`Exact odds: stun recovery${s.penalty !== undefined ? ` from a penalty of ${s.penalty}` : ''}`),
  ]
  const rows: string[][] = [['Expected penalties removed', num(o.expected.removed, 3)]]
  if (o.penaltyLeft) rows.push(['All penalties removed', pct(o.penaltyLeft.prob(0))])
  if (o.shutdown) rows.push(['Still shut down', pct(o.shutdown.prob('true'))])
  L.push(columns(rows, out.width))
  L.push('')
  L.push(histogram(o.removed, st, out.width, { title: 'Penalties removed' }))
  return L.join('\n')
}

/** The text of `stun-recover` (src/models's model answers it). */
export const stunRecoverText = defineText({
  render: renderStunRecovery,
  explain: explainStunRecovery,
  odds: oddsText(renderStunRecoveryOdds),
})
