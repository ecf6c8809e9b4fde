import { defineText, oddsText, type RenderContext } from '../context.js'
import type { Distribution } from '../../core/distribution.js'
import { CRIT_FROM, MELEE_DIE } from '../../rules/stellar/melee.js'
import type { StrikeOutcome } from '../../rules/stellar/melee-odds.js'
import type { TitanThrow, TitanThrowResult } from '../../rules/stellar/titan-throw.js'
import { penText } from '../../rules/stellar/weapon.js'
import type {
  TitanThrowFields,
  TitanThrowOddsTerms,
  TitanThrowRoll,
} from '../../models/stellar/titan-throw.js'
import { columns, histogram, num, pct, plural } from '../format.js'
import { hpText, strikeLines } from './melee.js'
import { traitEffectLines } from './traits.js'
import type { TraitEffect } from '../../rules/stellar/traits.js'

type Traced = { traitEffects?: readonly TraitEffect[] }

/** What the throw cost from its pool, as its answer says (undefined when free). */
const spendOf = (t: TitanThrow, f: TitanThrowFields) => (t.pool ? f.spend[t.pool] : undefined)

/** "Size 3 thrower, Size 3 target (up to your size: Power 2)". */
function throwLine(t: TitanThrow, f: TitanThrowFields): string {
  const { atk, def } = t.melee
  const sp = spendOf(t, f)
  const paid = sp
    ? `${t.pool === 'power' ? 'Power' : 'Havoc'} ${sp.cost} (${sp.upgrades.join(', ')})`
    : 'free'
  const n = f.throwNumber
  return `Titan Throw${n > 1 ? ` #${n} this round` : ''}: Size ${atk.unit.size} thrower, Size ${def.unit.size} target; reach ${reachText(f.reach)}; ${paid}${t.lowGravity ? '; low gravity: the throw deals no DMG' : ''}`
}

function reachText(reach: number): string {
  if (reach < 0) return `${-reach} sizes smaller`
  return reach === 0 ? 'its own size' : `${plural(reach, 'size')} larger`
}

function thrownText(r: TitanThrowResult): string {
  return r.thrown
    ? `Thrown: ${plural(r.attack.save.failedSaves, 'failed save')}, each a push of the weapon's distance (the thrower picks the direction)`
    : 'Not thrown: no failed save'
}

export function renderTitanThrow(r: TitanThrowRoll, t: TitanThrow, out: RenderContext): string {
  const st = out.style
  const L = [
    st.bold(throwLine(t, r.terms)),
    ...strikeLines(r.attack, 'Throw (the attack strike; no counter-attack)', st),
  ]
  L.push(st.bold(thrownText(r)), `Target ${hpText(r.defender, st)}`)
  return L.join('\n')
}

export function explainTitanThrow(r: TitanThrowRoll, t: TitanThrow & Traced, out: RenderContext): string {
  const sp = spendOf(t, r.terms)
  const { atk, def } = t.melee
  const s = r.attack.strike
  const L = [out.style.bold('How it was worked out'), ...traitEffectLines(t.traitEffects)]
  let n = 1
  const step = (x: string) => L.push(`${n++}. ${x}`)
  step(
    `Reach: free against a target at least 2 sizes smaller; ${sp ? `${t.upgrades.join(', ')} paid ${sp.cost} ${t.pool === 'power' ? 'Power' : 'Havoc'}` : 'nothing paid'}, so up to ${reachText(r.terms.reach)}: the Size ${def.unit.size} target is ${def.unit.size - atk.unit.size >= 0 ? `${def.unit.size - atk.unit.size} larger than` : `${atk.unit.size - def.unit.size} smaller than`} the Size ${atk.unit.size} thrower.`,
  )
  step(
    `The free attack is the clash's attack strike alone: ${plural(s.attackDice, 'attack die', 'attack dice')} against ${plural(s.defenseDice, 'defense die', 'defense dice')} (the target Guards), no overwatch, counter-attack or Finishing Blow.`,
  )
  step(
    `Hits ${r.attack.hits} (${r.attack.rolledHits} rolled, hit ${s.hitOn}+, ${CRIT_FROM}-${MELEE_DIE} critical) - blocks ${r.attack.blocks} (${r.attack.rolledBlocks} rolled, block ${s.blockOn}+) = ${r.attack.hitsLeft}${r.attack.momentumSpent ? `, ${r.attack.momentumSpent} Momentum of Skill Defense` : ''}: ${plural(r.attack.unblockedHits, 'unblocked hit')} x DMG ${s.dmg}.`,
  )
  step(
    `Armor saves against PEN ${penText(s.pen)}: ARM Sv ${s.armSv} + 2 x Size ${s.size} against a push weapon; ${r.attack.save.owed ? `needs ${r.attack.save.targetNumber}+, ${plural(r.attack.save.failedSaves, 'failure')}` : 'none owed'}.`,
  )
  step(`${thrownText(r)}. Target ${hpText(r.defender, out.style)}.`)
  return L.join('\n')
}

export function renderTitanThrowOdds(
  o: Distribution<StrikeOutcome>,
  t: TitanThrow,
  f: TitanThrowOddsTerms,
  out: RenderContext,
): string {
  const st = out.style
  const { atk, def } = t.melee
  const L = [
    st.bold(`Exact odds: ${throwLine(t, f)}`),
    `Thrower rolls ${plural(t.melee.atkSplit.attack, 'attack die', 'attack dice')} (DMG ${atk.weapon.dmg}, PEN ${penText(atk.weapon.pen)}); the target ${plural(t.melee.defSplit.defense, 'defense die', 'defense dice')} and Guards.`,
  ]
  const rows: string[][] = [
    ['Chance the target is thrown', st.bold(pct(o.where((x) => x.pushedOut)))],
    [
      'Expected damage to the target',
      num(
        o.expected((x) => x.damage),
        2,
      ),
    ],
    [
      'Expected failed saves (pushes)',
      num(
        o.expected((x) => x.failedSaves),
        2,
      ),
    ],
  ]
  if (def.unit.hp !== undefined && f.destroyed !== undefined)
    rows.push([`Target destroyed (HP ${def.unit.hp})`, st.bold(pct(f.destroyed))])
  L.push(columns(rows, out.width), '')
  L.push(
    histogram(
      o.map((x) => x.failedSaves),
      st,
      out.width,
      { title: 'Failed saves (each a push)' },
    ),
  )
  L.push('')
  const cutoff =
    def.unit.hp === undefined ? undefined : { at: def.unit.hp, label: `destroyed at HP ${def.unit.hp}` }
  L.push(
    histogram(
      o.map((x) => x.damage),
      st,
      out.width,
      { title: 'Damage to the target', cutoff },
    ),
  )
  return L.join('\n')
}

export function explainTitanThrowOdds(t: TitanThrow, out: RenderContext): string {
  return [
    out.style.bold('How these odds are worked out'),
    '1. The throw is the melee attack strike alone: the odds are the strike odds of mecha melee',
    '   (attack dice, defense dice, Skill Defense, armor saves), walked exactly.',
    `2. Each failed save against the push weapon throws the target (PEN ${penText(t.melee.atk.weapon.pen)},`,
    `   saves +2 per Size: +${2 * t.melee.def.unit.size}).`,
  ].join('\n')
}

/** The text of `titan-throw` (src/models's model answers it). */
export const titanThrowText = defineText({
  render: renderTitanThrow,
  explain: explainTitanThrow,
  odds: oddsText(renderTitanThrowOdds),
  explainOdds: ([, t], out) => explainTitanThrowOdds(t, out),
})
