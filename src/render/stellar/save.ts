import type { Distribution } from '../../core/distribution.js'
import { defineText, oddsText, type RenderContext } from '../context.js'
import type { SaveOdds } from '../../rules/stellar/armor-save-odds.js'
import type { SaveRequest, SaveSpec } from '../../rules/stellar/armor-save.js'
import { FAILED_SAVE_DMG, SAVE_DIE, type SaveResult, type SaveRoll } from '../../rules/stellar/armor-save.js'
import { type Penetration, penText } from '../../rules/stellar/weapon.js'
import type { SaveRoll as SaveAnswerRoll, SaveTerms } from '../../models/stellar/save.js'
import { classLines, exactText, faceChance, poolRowText, poolRows } from '../explain-odds.js'
import { columns, histogram, num, pct, pctFixed, plural, wrapText } from '../format.js'
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

/**
 * What the failed saves did, in a sentence's words: "one action lost each", "one push each" or
 * "+1000 DMG each = 2000" (a warship's always the last: failedSaveKind).
 */
export function failedSaveText(kind: Penetration['kind'], damage: number): string {
  if (kind === 'stun') return 'one action lost each'
  if (kind === 'push') return 'one push each'
  return `+${FAILED_SAVE_DMG} DMG each = ${damage}`
}

/** What `n` failed saves of this kind did. */
function failedSaveEffect(kind: Penetration['kind'], n: number): string {
  if (kind === 'stun') return plural(n, 'action') + ' lost'
  if (kind === 'push') return `pushed ${n}x`
  return `+${n * FAILED_SAVE_DMG} DMG`
}

/** Chance one d10 reaches the target number. */
function passChance(tn: number): number {
  return Math.min(1, Math.max(0, (SAVE_DIE + 1 - tn) / SAVE_DIE))
}

export function renderSave(r: SaveAnswerRoll, s: SaveRequest, out: RenderContext): string {
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
    const capped = s.hits > r.owed ? st.dim(` (capped at ${r.terms.cap})`) : ''
    L.push(`${plural(r.owed, 'save')}${capped}, each passes on ${r.targetNumber}+: ${saveDice(r.saves, st)}`)
    L.push(...saveReactionLines(r, st))
  }
  const effect = r.failedSaves ? ` (${failedSaveEffect(r.terms.failed, r.failedSaves)})` : ''
  L.push(
    st.bold(`Failed saves: ${r.failedSaves}${effect}`) +
      (s.pen.kind === 'damage' ? st.bold(`  Damage: ${r.damage}`) : ''),
  )
  return L.join('\n')
}

export function explainSave(r: SaveAnswerRoll, s: SaveRequest, out: RenderContext): string {
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
  const cap = r.terms.cap
  const why = s.warship ? (s.aoe ? 'a warship against an AOE weapon' : 'a warship') : 'per weapon'
  L.push(`1. Saves = unblocked hits ${s.hits}, at most ${cap} (${why}) = ${r.owed}.`)
  const sizeBonus = s.pen.kind === 'push' ? 2 * (s.size ?? 0) : 0
  L.push(
    `2. Target number = PEN ${s.pen.value} - ARM Sv ${s.armSv}${s.armSvBonus ? ` - Anti-Beam Coating ${s.armSvBonus}` : ''}${sizeBonus ? ` - 2 x Size ${s.size} (push/pull)` : ''} = ${r.targetNumber}` +
      (r.targetNumber <= 1
        ? ': 1 or less passes automatically.'
        : `: each d${SAVE_DIE} passes on ${r.targetNumber}+ (${pct(passChance(r.targetNumber))}) and fails on ${r.targetNumber === 2 ? '1' : `1-${r.targetNumber - 1}`} (${pct(1 - passChance(r.targetNumber))}).`),
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
  L.push(`${step}. ${plural(r.failedSaves, 'failed save')}: ${failedSaveText(r.terms.failed, r.damage)}.`)
  return L.join('\n')
}

export function renderSaveOdds(o: SaveOdds, s: SaveRequest, t: SaveTerms, out: RenderContext): string {
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
  const kind = t.failed
  if (kind === 'damage') rows.push(['Expected damage', num(o.expected.damage, 2)])
  if (kind === 'stun') rows.push(['Expected actions lost', num(o.expected.actionsLost, 3)])
  if (kind === 'push') rows.push(['Expected pushes', num(o.expected.pushes, 3)])
  if (s.notOverYet) rows.push(["It's not over yet!", `up to ${s.notOverYet} Momentum spent on failed saves`])
  L.push(columns(rows, out.width))
  L.push('')
  L.push(histogram(o.failedSaves, st, out.width, { title: 'Failed saves' }))
  return L.join('\n')
}

/**
 * --odds --explain for a set of saves (save, and the save stage of shoot and melee): the target
 * number, the save die's two classes as the rule gives them (the terms' faces, saveClass), the
 * binomial row of failed saves among the saves the worked row owes (the terms' `owed`), and how
 * rerolls, "It's not over yet!" and the weapon's effect fold in.
 */
export function saveOddsSteps(
  spec: Omit<SaveSpec, 'hits'>,
  terms: SaveTerms,
  failedRows: Distribution<number>,
  lead: string,
): string[] {
  const L: string[] = []
  const { targetNumber: tn, cap, owed } = terms
  const sizeBonus = spec.pen.kind === 'push' ? 2 * (spec.size ?? 0) : 0
  L.push(
    `${lead} Armor saves: one d${SAVE_DIE} per unblocked hit, at most ${cap}${spec.warship ? (spec.aoe ? ' (a warship against AOE)' : ' (a warship)') : ''}. Target = PEN ${spec.pen.value} - ARM Sv ${spec.armSv}${spec.armSvBonus ? ` - ${spec.armSvBonus} (Anti-Beam Coating)` : ''}${sizeBonus ? ` - 2 x Size ${spec.size}` : ''} = ${tn}.`,
  )
  if (tn <= 1) {
    L.push('   A target of 1 or less passes without a roll: no save ever fails.')
    return L
  }
  const { classes, lines } = classLines(
    SAVE_DIE,
    (f) => terms.faces[f - 1],
    (c) => (c === 1 ? 'passed' : 'failed'),
  )
  L.push('   Each save die, by face:', ...lines)
  const fail = classes.find((c) => c.name === 'failed')
  if (!fail || owed === 0) return L
  const ordered = [fail, ...classes.filter((c) => c !== fail)]
  // The most likely count with a failed save in it (a row of nothing but passes teaches little).
  const rows = poolRows(owed, SAVE_DIE, ordered)
  const row = rows.find((r) => r.counts[0] > 0) ?? rows[0]
  L.push(
    `   Failed saves among ${plural(owed, 'save')} follow the binomial: k failed = C(${owed},k) x ${faceChance(fail.faces.length, SAVE_DIE)}^k x ${faceChance(SAVE_DIE - fail.faces.length, SAVE_DIE)}^(${owed}-k).`,
    `   e.g. ${row.counts[0]} failed of ${owed} = ${poolRowText(owed, SAVE_DIE, ordered, row)}`,
  )
  if (spec.reroll)
    L.push(
      `   Unyielding: each failed save is rolled once more and the reroll stands, so a save fails for good only if both dice fail: ${faceChance(fail.faces.length, SAVE_DIE)} x ${faceChance(fail.faces.length, SAVE_DIE)} = ${exactText(BigInt(fail.faces.length ** 2), BigInt(SAVE_DIE ** 2))} a save.`,
    )
  if (spec.notOverYet)
    L.push(
      `   It's not over yet!: up to ${spec.notOverYet} Momentum is spent, each point cancelling one failed save (after any rerolls).`,
    )
  const kind = terms.failed
  const effect =
    kind === 'stun' ? 'one action lost' : kind === 'push' ? 'one push' : `+${FAILED_SAVE_DMG} DMG`
  L.push(
    `   Each failed save that stands: ${effect}. Failed saves: ${failedRows
      .sorted()
      .map(([k, p]) => `${k} ${pctFixed(p)}`)
      .join(', ')}.`,
  )
  return L
}

/** save --odds --explain. */
export function explainSaveOdds(o: SaveOdds, s: SaveRequest, t: SaveTerms, out: RenderContext): string {
  const st = out.style
  const L: string[] = [st.bold('How these odds are worked out')]
  if (s.pen.value < 2) {
    L.push(
      `Only weapons with PEN 2 or more call for armor saves; PEN ${s.pen.value} does not: nothing can fail.`,
    )
    return L.join('\n')
  }
  L.push(`1. ${plural(s.hits, 'hit')}: ${plural(t.owed, 'save')} rolled (at most ${t.cap}).`)
  L.push(...saveOddsSteps(s, t, o.failedSaves, '2.'))
  if (s.pen.kind === 'damage')
    L.push(`3. Damage = ${FAILED_SAVE_DMG} x failed saves; expected ${num(o.expected.damage, 2)}.`)
  return L.map((l) => wrapText(l, out.width, /^\d/.test(l) ? '   ' : '  ')).join('\n')
}

/** The text of `save` (src/models's model answers it). */
export const saveText = defineText({
  render: renderSave,
  explain: explainSave,
  odds: oddsText(renderSaveOdds),
  explainOdds: oddsText(explainSaveOdds),
})
