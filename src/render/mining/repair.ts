import { defineText, oddsText, type RenderContext } from '../context.js'
import type { RepairOdds } from '../../rules/mining/odds.js'
import { REPAIR_DIE, REPAIR_MIN_DAMAGE, REPAIR_ON, type RepairResult } from '../../rules/mining/repair.js'
import { columns, num, pct } from '../format.js'

export function renderRepair(r: RepairResult, out: RenderContext): string {
  const st = out.style
  if (!r.allowed) {
    return [
      st.bold(
        `No repair: the unit has ${r.damage} damage and needs ${REPAIR_MIN_DAMAGE} or more to attempt one`,
      ),
      `Damage stays at ${r.damageAfter}; no die rolled.`,
    ].join('\n')
  }
  const verdict = r.repaired ? st.bold(st.green('REPAIRED')) : st.yellow('no repair')
  return [
    st.bold(`Repair: ${REPAIR_ON}+ on a d6 removes 1 damage point`),
    `Roll: ${r.roll} -> ${verdict}`,
    `Damage: ${r.damage} -> ${st.bold(String(r.damageAfter))}`,
  ].join('\n')
}

export function explainRepair(r: RepairResult, out: RenderContext): string {
  const L = [out.style.bold('How it was worked out')]
  L.push(
    `1. A unit may attempt 1 repair per turn, only while it carries ${REPAIR_MIN_DAMAGE} or more damage points: it has ${r.damage}, so ${r.allowed ? 'it may' : 'it may not (no die is rolled)'}.`,
  )
  if (r.allowed) {
    L.push(
      `2. Roll a d${REPAIR_DIE}: ${REPAIR_ON}+ removes one damage point (${REPAIR_DIE - REPAIR_ON + 1} of ${REPAIR_DIE} faces, ${pct((REPAIR_DIE - REPAIR_ON + 1) / REPAIR_DIE)}).`,
    )
    L.push(
      `3. Rolled ${r.roll}: ${r.repaired ? `${REPAIR_ON} or more, damage ${r.damage} - 1 = ${r.damageAfter}` : `under ${REPAIR_ON}, damage stays ${r.damageAfter}`}.`,
    )
  }
  return L.join('\n')
}

export function renderRepairOdds(o: RepairOdds, damage: number, out: RenderContext): string {
  const st = out.style
  return [
    st.bold(
      `Exact odds: repair with ${damage} damage (${REPAIR_ON}+ on a d6, only with ${REPAIR_MIN_DAMAGE}+ damage)`,
    ),
    columns(
      [
        ['Chance to repair', st.bold(pct(o.repaired.prob('true')))],
        ['Expected damage after', num(o.expected.damageAfter, 3)],
      ],
      out.width,
    ),
  ].join('\n')
}

/** The text of `repair` (src/models's model answers it). */
export const miningRepairText = defineText({
  render: (r: RepairResult, _i, out) => renderRepair(r, out),
  explain: (r, _i, out) => explainRepair(r, out),
  odds: oddsText(renderRepairOdds),
})
