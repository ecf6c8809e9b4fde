import type { RenderContext } from '../context.js'
import type { SaveOdds } from '../../rules/stellar/armor-save-odds.js'
import type { SaveRequest } from '../../rules/stellar/armor-save.js'
import { FAILED_SAVE_DMG, type SaveResult, type SaveRoll, saveCap } from '../../rules/stellar/armor-save.js'
import { penText } from '../../rules/stellar/weapon.js'
import { columns, histogram, num, pct, plural } from '../format.js'
import type { Style } from '../style.js'

function saveDice(rolls: SaveRoll[], st: Style): string {
  return rolls.map((x) => (x.passed ? st.green(String(x.roll)) : st.red(`${x.roll}x`))).join(' ')
}

/** The rerolls of failed saves (Unyielding) and the saves "It's not over yet!" negated, a line each. */
export function saveReactionLines(r: SaveResult, st: Style, indent = ''): string[] {
  const L: string[] = []
  if (r.rerolls.length) L.push(`${indent}Unyielding rerolls: ${saveDice(r.rerolls, st)}`)
  if (r.negated)
    L.push(`${indent}It's not over yet!: ${r.negated} Momentum negates ${plural(r.negated, 'failed save')}`)
  return L
}

/** What one failed save does with this weapon. */
export function failedSaveEffect(s: Pick<SaveRequest, 'pen'>, n: number): string {
  if (s.pen.kind === 'stun') return plural(n, 'action') + ' lost'
  if (s.pen.kind === 'push') return `pushed ${n}x`
  return `+${n * FAILED_SAVE_DMG} DMG`
}

/** Chance one d10 reaches the target number. */
function passChance(tn: number): number {
  return Math.min(1, Math.max(0, (11 - tn) / 10))
}

export function renderSave(r: SaveResult, s: SaveRequest, out: RenderContext): string {
  const st = out.style
  const L: string[] = []
  L.push(
    st.bold(
      `Armor saves: ${plural(s.hits, 'hit')} at PEN ${penText(s.pen)} vs ARM Sv ${s.armSv}${s.armSvBonus ? ` +${s.armSvBonus} (Anti-Beam Coating)` : ''}`,
    ),
  )
  if (s.pen.value < 2) L.push(`PEN ${penText(s.pen)} is under 2: no saves needed.`)
  else if (r.owed === 0) L.push('No hits: no saves needed.')
  else if (r.targetNumber <= 1)
    L.push(`${plural(r.owed, 'save')} needed at ${r.targetNumber}+: passed automatically, no dice rolled.`)
  else {
    const capped = s.hits > r.owed ? st.dim(` (capped at ${saveCap(s)})`) : ''
    L.push(`${plural(r.owed, 'save')}${capped}, each passes on ${r.targetNumber}+: ${saveDice(r.saves, st)}`)
    L.push(...saveReactionLines(r, st))
  }
  const effect = r.failedSaves ? ` (${failedSaveEffect(s, r.failedSaves)})` : ''
  L.push(
    st.bold(`Failed saves: ${r.failedSaves}${effect}`) +
      (s.pen.kind === 'damage' ? st.bold(`  Damage: ${r.damage}`) : ''),
  )
  return L.join('\n')
}

export function explainSave(r: SaveResult, s: SaveRequest, out: RenderContext): string {
  const st = out.style
  const L: string[] = [st.bold('How it was worked out')]
  const penNotes: string[] = []
  if (s.throughWall) penNotes.push('- 3 through a building')
  if (s.underwater) penNotes.push('- 5 underwater')
  if (penNotes.length)
    L.push(
      `0. PEN ${s.printedPen.value} ${penNotes.join(' ')} = ${s.pen.value} (energy weapon penalties, never below 0).`,
    )
  if (s.pen.value < 2) {
    L.push(`1. Only weapons with PEN 2 or more call for armor saves; PEN ${s.pen.value} does not.`)
    return L.join('\n')
  }
  const cap = saveCap(s)
  const why = s.warship ? (s.aoe ? 'a warship against an AOE weapon' : 'a warship') : 'per weapon'
  L.push(`1. Saves = unblocked hits ${s.hits}, at most ${cap} (${why}) = ${r.owed}.`)
  const sizeBonus = s.pen.kind === 'push' ? 2 * (s.size ?? 0) : 0
  L.push(
    `2. Target number = PEN ${s.pen.value} - ARM Sv ${s.armSv}${s.armSvBonus ? ` - Anti-Beam Coating ${s.armSvBonus}` : ''}${sizeBonus ? ` - 2 x Size ${s.size} (push/pull)` : ''} = ${r.targetNumber}` +
      (r.targetNumber <= 1
        ? ': 1 or less passes automatically.'
        : `: each d10 passes on ${r.targetNumber}+ (${pct(passChance(r.targetNumber))}) and fails on ${r.targetNumber === 2 ? '1' : `1-${r.targetNumber - 1}`} (${pct(1 - passChance(r.targetNumber))}).`),
  )
  if (s.antiBeam && !s.energy)
    L.push('   Anti-Beam Coating only helps against energy weapons; add --energy if this one is.')
  if (r.saves.length) {
    r.saves.forEach((x, i) =>
      L.push(
        `   save ${i + 1}: ${x.roll} ${x.passed ? `is ${r.targetNumber}+: passed` : `is under ${r.targetNumber}: failed`}`,
      ),
    )
  }
  let step = 3
  if (s.reroll) {
    const first = r.saves.filter((x) => !x.passed).length
    L.push(
      `${step++}. Unyielding: ${first ? `${first === 1 ? 'the failed save is' : `the ${first} failed saves are`} rerolled once: ${r.rerolls.map((x) => `${x.roll} ${x.passed ? 'passed' : 'failed'}`).join(', ')}` : 'no failed saves to reroll'}.`,
    )
  }
  if (r.negated)
    L.push(
      `${step++}. It's not over yet!: ${r.negated} Momentum negates ${plural(r.negated, 'failed save')}.`,
    )
  else if (s.notOverYet === undefined && s.pilot >= 1 && s.pen.kind === 'push')
    L.push(`${step++}. It's not over yet! cannot be used against push/pull weapons.`)
  L.push(
    `${step}. ${plural(r.failedSaves, 'failed save')}: ${s.pen.kind === 'stun' ? 'one action lost each' : s.pen.kind === 'push' ? 'one push each' : `+${FAILED_SAVE_DMG} DMG each = ${r.damage}`}.`,
  )
  return L.join('\n')
}

export function renderSaveOdds(o: SaveOdds, s: SaveRequest, out: RenderContext): string {
  const st = out.style
  const L: string[] = []
  L.push(
    st.bold(
      `Exact odds: ${plural(s.hits, 'hit')} at PEN ${penText(s.pen)} vs ARM Sv ${s.armSv}${s.armSvBonus ? ` +${s.armSvBonus}` : ''}`,
    ),
  )
  const rows: string[][] = [
    ['Expected failed saves', num(o.expected.failedSaves, 3)],
    ['No failed save', pct(o.failedSaves.prob(0))],
  ]
  if (s.pen.kind === 'damage') rows.push(['Expected damage', num(o.expected.damage, 2)])
  if (s.pen.kind === 'stun') rows.push(['Expected actions lost', num(o.expected.actionsLost, 3)])
  if (s.pen.kind === 'push') rows.push(['Expected pushes', num(o.expected.pushes, 3)])
  if (s.notOverYet) rows.push(["It's not over yet!", `up to ${s.notOverYet} Momentum spent on failed saves`])
  L.push(columns(rows, out.width))
  L.push('')
  L.push(histogram(o.failedSaves, st, out.width, { title: 'Failed saves' }))
  return L.join('\n')
}
