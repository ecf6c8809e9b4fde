import { defineText, oddsText, type RenderContext } from '../context.js'
import type { ShotOdds } from '../../rules/mining/odds.js'
import { HIT_ON, type MiningShot, type ShootModifier } from '../../rules/mining/shoot.js'
import type { MiningShotOddsTerms, MiningShotRoll } from '../../models/mining/shoot.js'
import { ELIMINATED_AT, MAX_SUPPRESSION } from '../../rules/mining/units.js'
import { columns, num, pct } from '../format.js'
import { explainResolveLines, renderResolveTest } from './resolve.js'

const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`)

export function modifierText(mods: ShootModifier[]): string {
  if (mods.length === 0) return 'no modifiers'
  return mods.map((m) => `${m.reason} ${signed(m.value)}`).join(', ')
}

function kindOfFire(s: MiningShot): string {
  return s.suppress ? 'Suppressive fire' : 'Shooting'
}

export function renderMiningShot(r: MiningShotRoll, s: MiningShot, out: RenderContext): string {
  const st = out.style
  const L: string[] = []
  L.push(
    st.bold(
      `${kindOfFire(s)}: ${HIT_ON}+ on a d6 after modifiers (${modifierText(r.modifiers)}), so a natural ${r.needs}+`,
    ),
  )
  const verdict = r.hit ? st.bold(st.yellow('HIT')) : st.green('miss')
  L.push(`Roll: ${r.roll} ${signed(r.modifier)} = ${r.total} -> ${verdict}`)
  if (s.suppress) {
    L.push(
      r.suppression
        ? `Suppression marker placed: the target now carries ${r.markersAfter} of at most ${MAX_SUPPRESSION}.`
        : `No marker placed; the target carries ${r.markersAfter}.`,
    )
  } else L.push(st.bold(`Damage: ${r.damage}`))
  if (r.lockUsed) L.push(st.dim('The target lock marker was used up and is removed.'))
  if (r.targetDamageAfter !== undefined) {
    const eliminated = r.eliminated ? `: ${st.bold(st.red('ELIMINATED'))}` : ''
    L.push(`Target damage: ${s.targetDamage} -> ${r.targetDamageAfter}${eliminated}`)
    if (r.eliminated && !r.resolve)
      L.push(st.dim("Its force must now test its resolve: 'mecha mining resolve --eliminated N'."))
  }
  if (r.resolve) L.push(renderResolveTest(r.resolve, out))
  return L.join('\n')
}

export function explainMiningShot(r: MiningShotRoll, s: MiningShot, out: RenderContext): string {
  const st = out.style
  const L: string[] = [st.bold('How it was worked out')]
  const total = r.modifiers.length
    ? `${r.modifiers.map((m) => `${m.reason} ${signed(m.value)}`).join(', ')} = ${signed(r.modifier)}`
    : 'none, so +0'
  L.push(`1. Modifiers: ${total}.`)
  L.push(
    `2. A shot hits when the d6 plus modifiers reaches ${HIT_ON}: a natural ${r.needs}+ (${7 - r.needs} of 6 faces, ${pct((7 - r.needs) / 6)}).`,
  )
  L.push(
    `3. Rolled ${r.roll}: ${r.roll} ${signed(r.modifier)} = ${r.total}, ${r.hit ? `${HIT_ON} or more: a hit` : `under ${HIT_ON}: a miss`}.`,
  )
  let n = 4
  if (s.suppress) {
    L.push(
      `${n++}. Suppressive fire deals no damage; a hit places 1 suppression marker (${s.markers} -> ${r.markersAfter}, at most ${MAX_SUPPRESSION} per unit). The target must spend an action per marker before it can act.`,
    )
  } else L.push(`${n++}. A hit deals 1 damage point: ${r.damage}.`)
  if (r.lockUsed) L.push(`${n++}. The target lock gave +1 and is removed now that a shot used it.`)
  if (r.targetDamageAfter !== undefined) {
    L.push(
      `${n++}. Target damage ${s.targetDamage} + ${r.damage} = ${r.targetDamageAfter}; ${ELIMINATED_AT} or more eliminates it: ${r.eliminated ? 'eliminated' : 'still in play'}.`,
    )
  }
  if (r.resolve) L.push(...explainResolveLines(r.resolve, r.retreatsOnOrBelow ?? 0, n))
  return L.join('\n')
}

export function renderMiningShotOdds(
  o: ShotOdds,
  s: MiningShot,
  t: MiningShotOddsTerms,
  out: RenderContext,
): string {
  const st = out.style
  const needs = t.needs
  const L: string[] = []
  L.push(
    st.bold(
      `Exact odds: ${kindOfFire(s).toLowerCase()}, ${modifierText(t.modifiers)}: a natural ${needs}+ hits`,
    ),
  )
  const rows: string[][] = [['Chance to hit', st.bold(pct(o.hitChance))]]
  rows.push(['Faces', faceLine(needs)])
  if (s.suppress) rows.push(['Expected markers placed', num(o.expected.suppression, 4)])
  else rows.push(['Expected damage', num(o.expected.damage, 4)])
  if (o.eliminated)
    rows.push([`Target eliminated (has ${s.targetDamage} damage)`, pct(o.eliminated.prob('true'))])
  if (o.retreat) {
    const worst = t.retreatsOnOrBelow ?? 0
    rows.push([
      `Its force retreats (${s.lost} lost before)`,
      st.bold(pct(o.retreat.prob('true'))) +
        st.dim(
          worst
            ? ` (resolve test fails on ${worst >= 6 ? 'any roll' : `1${worst > 1 ? `-${worst}` : ''}`})`
            : ' (resolve cannot fail)',
        ),
    ])
  }
  L.push(columns(rows, out.width))
  return L.join('\n')
}

function faceLine(needs: number): string {
  const miss = needs > 1 ? `1${needs > 2 ? `-${needs - 1}` : ''} miss` : ''
  const hit = needs <= 6 ? `${needs}${needs < 6 ? '-6' : ''} hit` : ''
  return [miss, hit].filter(Boolean).join(', ')
}

/** The text of `shoot` (src/models's model answers it). */
export const miningShootText = defineText({
  render: renderMiningShot,
  explain: explainMiningShot,
  odds: oddsText(renderMiningShotOdds),
})
