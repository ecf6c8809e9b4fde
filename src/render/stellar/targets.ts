import type { TargetsOdds } from '../../rules/stellar/multi-target.js'
import type { Shot, ShotResult } from '../../rules/stellar/shoot.js'
import type { ShotOdds } from '../../rules/stellar/shoot-odds.js'
import type { OddsReport } from '../../runtime/spec.js'
import type { ChosenShot } from '../../models/stellar/shoot.js'
import type { ShotOddsTerms, ShotRoll, ShotTerms } from '../../models/stellar/shot-terms.js'
import { type RenderContext, defineText, oddsText } from '../context.js'
import { explainShot, explainShotOdds, renderShot, renderShotOdds } from './shoot.js'
import { columns, histogram, num, pct, plural, wrapText } from '../format.js'

/**
 * An attack on several targets (rules/stellar/multi-target.ts) as text: what applies to every
 * target and what to target 1 only, then each target's own text (the one-target command's),
 * then the totals.
 */

/** The improvements that go to target 1 alone, as "Focus +2", "Bullseye +1"... */
function oneTargetTerms(s: Shot, t: ShotTerms): string[] {
  const terms: string[] = []
  const fh = t.focusHits
  const fs = t.focusShots
  if (fh) terms.push(`Focus +${plural(fh, 'hit')}`)
  if (fs) terms.push(`Focus +${plural(fs, 'shot')}`)
  if (s.attacker.bullseye) terms.push('Bullseye +1 hit')
  if (s.attacker.extraHits) terms.push(`other +${plural(s.attacker.extraHits, 'hit')}`)
  for (const b of s.attacker.hitBonuses) terms.push(`${b.source} +${plural(b.amount, 'hit')}`)
  if (s.situation.bonusCrits) terms.push(`+${plural(s.situation.bonusCrits, 'bonus critical')}`)
  return terms
}

/** The attacker's bonus: "Barrage +1", or "no Precision or Barrage". */
function bonusText(s: Shot, t: ShotTerms): string {
  if (s.bonus === 'none') return 'no Precision or Barrage'
  return `${s.bonus === 'precision' ? 'Precision' : 'Barrage'} +${t.attackerBonus}`
}

/**
 * The line that says how the attack is shared: the bonus for all, the improvements for target 1
 * (`first`: target 1's terms).
 */
function sharedLine(shots: readonly Shot[], first: ShotTerms): string {
  const s = shots[0]
  const terms = oneTargetTerms(s, first)
  const one = terms.length ? `; ${terms.join(', ')} for target 1 only` : ''
  return `${shots.length} targets, each rolling its own evade dice: ${bonusText(s, first)}${s.bonus === 'none' ? '' : ' for every target'}${one}.`
}

function heading(i: number, n: number, out: RenderContext): string {
  return out.style.bold(`-- Target ${i + 1} of ${n} --`)
}

/** A roll against several targets: each target's text (`each`), then the total damage (`total`). */
export function renderTargets(
  r: readonly ShotResult[],
  shots: readonly Shot[],
  first: ShotTerms,
  total: number,
  each: readonly string[],
  out: RenderContext,
): string {
  const L: string[] = [wrapText(sharedLine(shots, first), out.width)]
  each.forEach((text, i) => L.push('', heading(i, r.length, out), text))
  const split = r.map((x, i) => `target ${i + 1} ${x.damage}`).join(', ')
  const destroyed = r.flatMap((x, i) => (x.destroyed ? [i + 1] : []))
  const gone =
    shots[0].target.hp === undefined
      ? ''
      : `; destroyed: ${destroyed.length ? `${plural(destroyed.length, 'target')} (${destroyed.join(', ')})` : 'none'}`
  L.push('', out.style.bold(`Total damage: ${total}`) + ` (${split})${gone}`)
  return L.join('\n')
}

/** --explain for several targets: how the attack is shared, then each target's arithmetic. */
export function explainTargets(
  shots: readonly Shot[],
  first: ShotTerms,
  each: readonly string[],
  out: RenderContext,
): string {
  const L: string[] = [
    out.style.bold('Several targets'),
    wrapText(sharingText(shots, first), out.width, '  '),
  ]
  each.forEach((text, i) => L.push('', heading(i, shots.length, out), text))
  return L.join('\n')
}

/** The multi-target rules as they apply here, in words. */
function sharingText(shots: readonly Shot[], first: ShotTerms): string {
  const terms = oneTargetTerms(shots[0], first)
  return `${shots.length} targets: each rolls its own evade dice, rerolls and armor saves, in turn (target 1's dice first). The attacker's choice of Precision or Barrage applies to every target (here: ${bonusText(shots[0], first)}); every other improvement (Focus, Bullseye, bonus hits and criticals) to one target only, target 1 (here: ${terms.length ? terms.join(', ') : 'none'}). Each target picks its own reaction.`
}

/** --odds for several targets: the totals first, then each target's odds (`each`). */
export function renderTargetsOdds(
  o: TargetsOdds,
  shots: readonly Shot[],
  first: ShotTerms,
  each: readonly string[],
  out: RenderContext,
): string {
  const st = out.style
  // Two short lines first: a chart's title and subtitle (OddsReport.headLines).
  const L: string[] = [st.bold(`Exact odds: ${shots.length} targets, each rolling its own evade dice`)]
  L.push(
    `Attacker: ${bonusText(shots[0], first)} for every target. Reactions: ${shots.map((s) => s.defense).join(', ')}.`,
  )
  const terms = oneTargetTerms(shots[0], first)
  if (terms.length) L.push(wrapText(`Target 1 only: ${terms.join(', ')}.`, out.width))
  L.push(
    columns(
      [
        ['Expected total damage', num(o.damage.expected(), 2)],
        ['No damage at all', pct(o.damage.prob(0))],
        ...(o.destroyed
          ? [
              ['Expected targets destroyed', num(o.destroyed.expected(), 3)],
              ['All destroyed', st.bold(pct(o.destroyed.prob(shots.length)))],
            ]
          : []),
      ],
      out.width,
    ),
  )
  L.push('', histogram(o.damage, st, out.width, { title: 'Total damage' }))
  if (o.destroyed) L.push('', histogram(o.destroyed, st, out.width, { title: 'Targets destroyed' }))
  each.forEach((text, i) => L.push('', heading(i, shots.length, out), text))
  return L.join('\n')
}

/** --odds --explain for several targets: each target's walk, then how the totals are composed. */
export function explainTargetsOdds(
  o: TargetsOdds,
  shots: readonly Shot[],
  first: ShotTerms,
  each: readonly string[],
  out: RenderContext,
): string {
  const L: string[] = [explainTargets(shots, first, each, out)]
  L.push(
    '',
    out.style.bold('The totals'),
    wrapText(
      `Once the bonus and the reactions are chosen, the targets' dice are independent: every combination of one outcome per target has the product of their chances, and combinations with the same total are added. Expected total damage = the sum of the targets' expected damage = ${num(o.damage.expected(), 2)}.${o.destroyed ? ' Targets destroyed: each target is destroyed or not with its own chance (above), counted the same way.' : ''}`,
      out.width,
      '  ',
    ),
  )
  return L.join('\n')
}

/**
 * The text of `mecha shoot`: one target is the one-target text itself; several are each
 * target's text in turn with the attack's totals (the model: src/models/stellar/shoot-targets.ts).
 */
export const shootText = defineText({
  render(r: Roll | Roll[], s: ChosenShot, out) {
    if (!Array.isArray(r)) return oneTargetText.render(r, s, out)
    const first = r[0].text()
    const { shots, damage } = first.attack!
    return renderTargets(
      r,
      shots,
      first,
      damage,
      r.map((x, i) => oneTargetText.render(x, shots[i], out)),
      out,
    )
  },
  explain(r, s, out) {
    if (!Array.isArray(r)) return oneTargetText.explain(r, s, out)
    const first = r[0].text()
    const { shots } = first.attack!
    return explainTargets(
      shots,
      first,
      r.map((x, i) => oneTargetText.explain(x, shots[i], out)),
      out,
    )
  },
  odds(detail: OneTargetOdds | SeveralTargetsOdds, out) {
    if (!('each' in detail)) return oneTargetText.odds(detail, out)
    const { o, shots, each } = detail
    return renderTargetsOdds(
      o,
      shots,
      firstTerms(detail),
      each.map((e) => oneTargetText.odds(e.detail as OneTargetOdds, out)),
      out,
    )
  },
  explainOdds(detail, out) {
    if (!('each' in detail)) return oneTargetText.explainOdds(detail, out)
    const { o, shots, each } = detail
    return explainTargetsOdds(
      o,
      shots,
      firstTerms(detail),
      each.map((e) => oneTargetText.explainOdds(e.detail as OneTargetOdds, out)),
      out,
    )
  },
})

type Roll = ShotRoll<ChosenShot>
type OneTargetOdds = [ShotOdds, ChosenShot, () => ShotOddsTerms]
type SeveralTargetsOdds = { o: TargetsOdds; shots: ChosenShot[]; each: OddsReport[] }

/** Target 1's terms at several targets: its odds' own. */
const firstTerms = (d: SeveralTargetsOdds): ShotTerms => (d.each[0].detail as OneTargetOdds)[2]()

/** One shot at one target: its text reads the shot's luck as its answer does. */
const oneTargetText = {
  render: (r: Roll, s: ChosenShot, out: RenderContext) => renderShot(r, s, out),
  explain: explainShot,
  odds: oddsText(renderShotOdds),
  explainOdds: oddsText(explainShotOdds),
}
