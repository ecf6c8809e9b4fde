import { defineText, oddsText, type RenderContext } from '../context.js'
import type { Distribution } from '../../core/distribution.js'
import type { BuildingAttack, BuildingResult } from '../../rules/wargroup/building.js'
import { reasonText } from '../../rules/wargroup/opposed.js'
import { columns, histogram, num, pct, plural } from '../format.js'

export function renderBuilding(r: BuildingResult, b: BuildingAttack, out: RenderContext): string {
  const st = out.style
  const L = [
    st.bold(`Building of ${plural(r.tiles, 'tile')}: Arm ${r.arm}, Dam ${r.maxDam}`) +
      (r.dam !== r.maxDam ? ` (Dam left ${r.dam})` : ''),
  ]
  const d = r.damageRoll
  if (!d) return L.join('\n')
  L.push(
    `Damage roll (no to-hit roll against a building): Str ${b.str} + ${d.roll} = ${d.total} vs Arm ${r.arm} + ${d.opposingRoll} = ${d.opposingTotal}: ${st.bold(`${d.damage} damage`)} (${d.fullPower ? 'full power, armor ignored' : reasonText(d.reason)})`,
  )
  L.push(
    st.bold(`Dam left: ${r.remainingDam}`) +
      (r.destroyed ? `  ${st.red('DESTROYED')}: ${plural(r.rubbleTiles, 'rubble tile')} left behind` : ''),
  )
  return L.join('\n')
}

const cap = (t: string): string => t.charAt(0).toUpperCase() + t.slice(1)

export function explainBuilding(r: BuildingResult, b: BuildingAttack, out: RenderContext): string {
  const L = [out.style.bold('How it was worked out'), `Arm = Dam = tiles ${r.tiles} + 2 = ${r.arm}.`]
  const d = r.damageRoll
  if (d) {
    L.push(
      `A building has no Def, so the attack goes straight to the damage roll: d6 + Str ${b.str} against d6 + Arm ${r.arm}, with the 1s-and-6s rule.`,
    )
    if (d.fullPower)
      L.push(
        `${cap(reasonText(d.reason))}: full power, the attacker's total ${d.total} with no armor taken off.`,
      )
    else if (d.automatic) L.push(`${cap(reasonText(d.reason))}: no damage.`)
    else
      L.push(
        `${d.total} - ${d.opposingTotal} = ${d.total - d.opposingTotal}${d.damage ? '' : ': 0 or less, no damage'}.`,
      )
    L.push(
      `Dam ${r.dam} - ${r.damage} = ${r.remainingDam}${r.destroyed ? ': destroyed, rubble on every tile it stood on' : ''}.`,
    )
  }
  return L.join('\n')
}

export function renderBuildingOdds(
  damage: Distribution<number>,
  destroyed: number,
  r: { arm: number; dam: number },
  b: BuildingAttack,
  out: RenderContext,
): string {
  const st = out.style
  return [
    st.bold(
      `Exact odds: Str ${b.str} against a building of ${plural(b.tiles, 'tile')} (Arm ${r.arm}, Dam left ${r.dam})`,
    ),
    columns(
      [
        ['Expected damage', num(damage.expected(), 4)],
        ['Any damage', pct(damage.where((k) => k !== 0))],
        ['Destroyed', st.bold(pct(destroyed))],
      ],
      out.width,
    ),
    '',
    histogram(damage, st, out.width, {
      title: 'Damage',
      cutoff: { at: r.dam, label: `destroyed at Dam ${r.dam} or more` },
    }),
  ].join('\n')
}

/** The text of `building` (src/models's model answers it). */
export const wargroupBuildingText = defineText({
  render: renderBuilding,
  explain: explainBuilding,
  odds: oddsText(renderBuildingOdds),
})
