import { defineText, oddsText, type RenderContext } from '../context.js'
import type { DamageRoll } from '../../rules/wargroup/damage.js'
import { type OpposedRoll, reasonText } from '../../rules/wargroup/opposed.js'
import type { WargroupShotRoll } from '../../models/wargroup/shoot.js'
import { AIM_ACU_PENALTY, type WargroupShot, type WargroupShotResult } from '../../rules/wargroup/shoot.js'
import type { WargroupShotOdds } from '../../rules/wargroup/shoot-odds.js'
import { columns, histogram, num, pct, plural } from '../format.js'
import type { Style } from '../style.js'

/** "5 + Acu 3 = 8", marking natural 1s and 6s with "!". */
function dieTotal(roll: number, name: string, mod: number, total: number, st: Style): string {
  const face = roll === 6 || roll === 1 ? st.bold(`${roll}!`) : String(roll)
  return `${face} ${mod < 0 ? '-' : '+'} ${name} ${Math.abs(mod)} = ${total}`
}

function aimText(s: WargroupShot): string {
  if (s.aim === 'module') return `aimed at a module (MtP ${s.mtp}), Acu -2`
  if (s.aim === 'movement') return 'aimed at movement, Acu -1, damage -2'
  return 'not aimed'
}

function who(s: WargroupShot): string {
  const tags = [
    s.commander ? 'attacker is the commander (+1 Acu)' : '',
    s.defCommander ? 'target is the commander (+1 Def, +1 Arm)' : '',
  ].filter(Boolean)
  return tags.length ? ` (${tags.join('; ')})` : ''
}

function toHitLine(t: OpposedRoll, r: WargroupShotResult, st: Style): string {
  const verdict = t.won ? st.bold(st.green('HIT')) : st.bold(st.red('MISS'))
  return `To hit: ${dieTotal(t.roll, 'Acu', r.acu, t.total, st)} vs ${dieTotal(t.opposingRoll, 'Def', r.def, t.opposingTotal, st)}: ${verdict} (${reasonText(t.reason)})`
}

function damageLine(d: DamageRoll, s: WargroupShot, r: WargroupShotResult, st: Style): string {
  const mod = s.str + r.damageModifier
  const how = d.fullPower ? 'full power, armor ignored' : reasonText(d.reason)
  return `Damage roll: ${r.damageModifier ? `${dieTotal(d.roll, 'Str', s.str, d.roll + s.str, st).replace(/ = \d+$/, '')} - ${-r.damageModifier} = ${d.total}` : dieTotal(d.roll, 'Str', mod, d.total, st)} vs ${dieTotal(d.opposingRoll, 'Arm', r.arm, d.opposingTotal, st)}: ${st.bold(plural(d.damage, 'damage', 'damage'))} (${how})`
}

export function renderWargroupShot(r: WargroupShotResult, s: WargroupShot, out: RenderContext): string {
  const st = out.style
  const L: string[] = []
  L.push(
    st.bold(`Wargroup shot: Acu ${s.acu} vs Def ${s.def}, Str ${s.str} vs Arm ${s.arm}, ${aimText(s)}`) +
      who(s),
  )
  L.push(toHitLine(r.toHit, r, st))
  if (r.damageRoll) L.push(damageLine(r.damageRoll, s, r, st))
  if (s.aim === 'module') {
    const m = r.module!
    const text =
      m === 'disabled'
        ? `${st.yellow('DISABLED')} for ${plural(r.disabledTurns!, 'turn')} (d3)`
        : m === 'destroyed'
          ? st.red('DESTROYED for the rest of the game')
          : 'intact'
    L.push(`Module (MtP ${s.mtp}): ${text}`)
  }
  if (s.aim === 'movement')
    L.push(
      `Movement: ${r.immobilizedTurns ? `${st.yellow('IMMOBILISED')} for ${plural(r.immobilizedTurns, 'turn')} (d6)` : 'unaffected'}`,
    )
  const dam =
    r.remainingDam !== undefined
      ? `  (Dam left ${r.remainingDam}${r.destroyed ? `, ${st.red('SHUT DOWN')}` : ''})`
      : ''
  L.push(st.bold(`Damage: ${r.damage}`) + dam)
  return L.join('\n')
}

const cap = (t: string): string => t.charAt(0).toUpperCase() + t.slice(1)

export function explainWargroupShot(r: WargroupShotRoll, s: WargroupShot, out: RenderContext): string {
  const st = out.style
  const L: string[] = [st.bold('How it was worked out')]
  const parts = [
    `Acu ${s.acu}`,
    s.commander ? 'commander +1' : '',
    AIM_ACU_PENALTY[s.aim] ? `aiming -${AIM_ACU_PENALTY[s.aim]}` : '',
  ].filter(Boolean)
  L.push(
    `1. Attacker's to-hit modifier: ${parts.join(', ')} = ${r.acu}. Defender's: Def ${s.def}${s.defCommander ? ' + commander 1' : ''} = ${r.def}.`,
  )
  const c = r.toHitPairs
  L.push(
    `2. The attacker hits when d6 + ${r.acu} is higher than d6 + ${r.def} (a tie misses). A lone natural 6 on either die wins for whoever rolled it and a lone 1 loses; a double 1 or double 6 goes by the totals. ` +
      `Of the 36 pairs of dice, ${c.wins} hit (${c.automaticWins} of them automatically, ${c.automaticLosses} pairs miss automatically): ${pct(c.wins / 36)}.`,
  )
  L.push(
    `   Rolled ${r.toHit.roll} (total ${r.toHit.total}) against ${r.toHit.opposingRoll} (total ${r.toHit.opposingTotal}): ${reasonText(r.toHit.reason)}, ${r.hit ? 'a hit' : 'a miss'}.`,
  )
  if (!r.damageRoll) {
    L.push('3. No hit, so no damage roll.')
    return L.join('\n')
  }
  const d = r.damageRoll
  const mod = s.str + r.damageModifier
  L.push(
    `3. Damage roll: d6 + Str ${s.str}${r.damageModifier ? ` - 2 (aimed at movement)` : ''} = d6 + ${mod} against d6 + Arm ${s.arm}${s.defCommander ? ' + commander 1' : ''} = d6 + ${r.arm}.`,
  )
  if (d.fullPower)
    L.push(
      `   ${cap(reasonText(d.reason))}: the target takes the weapon's full power, the attacker's total ${d.total}, with no armor taken off: ${d.damage} damage.`,
    )
  else if (d.automatic) L.push(`   ${cap(reasonText(d.reason))}: no damage.`)
  else
    L.push(
      `   ${d.total} - ${d.opposingTotal} = ${d.total - d.opposingTotal}${d.damage === 0 ? ': 0 or less, so no damage' : ` damage`}.`,
    )
  if (s.aim === 'module') {
    const mtp = s.mtp ?? 0
    if (r.damage === 0) L.push(`4. No damage reached the module (MtP ${mtp}): it stays intact.`)
    else
      L.push(
        `4. Module: damage ${r.damage} against MtP ${mtp} (over ${mtp}: disabled for d3 turns; over 3 x ${mtp} = ${3 * mtp}: destroyed): ${r.module}${r.module === 'disabled' ? ` for ${plural(r.disabledTurns!, 'turn')}` : ''}.`,
      )
  }
  if (s.aim === 'movement')
    L.push(
      r.damage > 0
        ? `4. Damage was caused, so the mech cannot move for d6 = ${r.immobilizedTurns} turns.`
        : '4. No damage, so movement is unaffected.',
    )
  return L.join('\n')
}

export function renderWargroupShotOdds(
  o: WargroupShotOdds,
  s: WargroupShot,
  acu: number,
  out: RenderContext,
): string {
  const st = out.style
  const L: string[] = []
  L.push(
    st.bold(`Exact odds: Acu ${s.acu} vs Def ${s.def}, Str ${s.str} vs Arm ${s.arm}, ${aimText(s)}`) + who(s),
  )
  const rows: string[][] = [
    [
      'Chance to hit',
      st.bold(pct(o.expected.hit)) +
        st.dim(` (d6 + ${acu} must beat d6 + ${s.def + (s.defCommander ? 1 : 0)})`),
    ],
    ['Expected damage', num(o.expected.damage, 3)],
    ['Any damage', pct(o.damage.where((k) => k !== 0))],
    ['Full-power hit', pct(o.fullPower)],
  ]
  if (o.module) {
    rows.push(['Module disabled', pct(o.module.prob('disabled'))])
    rows.push(['Module destroyed', pct(o.module.prob('destroyed'))])
    rows.push(['Expected turns disabled', num(o.expected.disabledTurns!, 3)])
  }
  if (o.immobilizedTurns) {
    rows.push(['Immobilised', pct(o.immobilizedTurns.where((k) => k !== 0))])
    rows.push(['Expected turns immobilised', num(o.expected.immobilizedTurns!, 3)])
  }
  if (o.destroyed) rows.push([`Shut down (Dam ${s.dam})`, st.bold(pct(o.destroyed))])
  L.push(columns(rows, out.width))
  L.push('')
  L.push(
    histogram(o.damage, st, out.width, {
      title: 'Damage',
      cutoff: s.dam === undefined ? undefined : { at: s.dam, label: `shut down at Dam ${s.dam} or more` },
    }),
  )
  if (o.immobilizedTurns) {
    L.push('')
    L.push(histogram(o.immobilizedTurns, st, out.width, { title: 'Turns immobilised' }))
  }
  return L.join('\n')
}

/** The text of `shoot` (src/models's model answers it). */
export const wargroupShootText = defineText({
  render: renderWargroupShot,
  explain: explainWargroupShot,
  odds: oddsText(renderWargroupShotOdds),
})
