import { defineText, oddsText, type RenderContext } from '../context.js'
import { type StrikeRoll, type StrikeTerms, neededText, signed } from '../../models/formation/strike.js'
import {
  type Answer,
  type AttackRoll,
  type Strike,
  type StrikeResult,
  type TargetResult,
  HARM_STRAY_ON,
  KNOCKDOWN_KEEP,
} from '../../rules/formation/strike.js'
import { qualityName, type Quality } from '../../rules/formation/pilot-quality.js'
import type { StrikeOdds } from '../../rules/formation/strike-odds.js'
import { columns, histogram, num, pct, plural } from '../format.js'
import type { Style } from '../style.js'

type StrikeView = Strike & { quality?: Quality; defQuality?: Quality }

/** "d6 4 + 2 = 6" */
function sumText(roll: number, mod: number, total: number): string {
  return mod === 0 ? `d6 ${roll}` : `d6 ${roll} ${mod > 0 ? '+' : '-'} ${Math.abs(mod)} = ${total}`
}

function answerVerb(a: Answer): string {
  switch (a) {
    case 'dodge':
      return 'dodges'
    case 'auto-dodge':
      return 'auto-dodges'
    case 'parry':
      return 'parries'
    case 'roll-with':
      return 'rolls with damage'
    case 'none':
      return 'makes no answer'
  }
}

function attackLine(a: AttackRoll, st: Style): string {
  const verdict = a.hit ? st.bold(st.red('hits')) : st.green('misses')
  const why =
    a.natural === 'miss'
      ? ' (natural 1: always misses)'
      : a.natural === 'hit'
        ? ' (natural 6: always hits)'
        : a.hit
          ? ''
          : ' (needs 2+)'
  return `${sumText(a.roll, a.modifier, a.total)} -> ${verdict}${why}`
}

function byText(t: TargetResult): string {
  return t.chosenBy === 'flag' ? '' : ` (${t.chosenBy})`
}

/** What happened to one target after the attack roll. */
function targetLines(t: TargetResult, s: Strike, st: Style, indent: string): string[] {
  const L: string[] = []
  if (!t.hit) return L
  if (t.defense === 'none' || !t.defenseRoll)
    L.push(`${indent}Defender ${answerVerb(t.defense)}${byText(t)}.`)
  else {
    const d = t.defenseRoll
    const outcome = d.success
      ? t.defense === 'roll-with'
        ? st.green('damage halved')
        : st.green(t.defense === 'parry' ? 'parried' : 'dodged')
      : st.red('fails')
    L.push(
      `${indent}Defender ${answerVerb(t.defense)} ${signed(d.bonus)}${byText(t)}: ${sumText(d.roll, d.bonus, d.total)} vs ${t.attack.total} -> ${outcome}${t.actionSpent ? st.dim(' (an action spent)') : ''}`,
    )
  }
  if (!t.connected) return L
  if (s.targets > 1 || t.halved)
    L.push(
      `${indent}Damage: ${st.bold(String(t.damage))}${t.halved ? ` (${t.baseDamage} halved, rounded down)` : ''}`,
    )
  for (const r of t.starRolls) {
    L.push(
      `${indent}* box ${r.box}: d6 ${r.roll}${s.destroyMod ? ` ${s.destroyMod > 0 ? '+' : '-'} ${Math.abs(s.destroyMod)}` : ''} -> ${r.destroyed ? st.bold(st.red('DESTROYED outright')) : 'holds'}`,
    )
  }
  if (t.destroyed && t.destroyedBy === 'damage')
    L.push(
      `${indent}${st.bold(st.red('DESTROYED'))}: every box crossed out${t.infantry ? '; a Zentraedi infantry unit appears here next turn' : ''}`,
    )
  else if (t.boxesLeft !== null && !t.destroyed) L.push(`${indent}Boxes left: ${t.boxesLeft}`)
  if (t.knockdown)
    L.push(
      `${indent}Knockdown: d6 ${t.knockdown.roll} -> ${t.knockdown.actionLost ? st.red('loses an action') : 'keeps its action'}`,
    )
  return L
}

function weaponText(s: Strike): string {
  const parts: string[] = []
  if (s.meleePlus !== undefined) parts.push(`Melee ${s.meleePlus}+`)
  else parts.push(`DMG ${s.dmg}${s.volley > 1 ? ` x Volley ${s.volley}` : ''}`)
  if (s.mode === 'burst') parts.push(`Burst ${s.spread}`)
  if (s.mode === 'split') parts.push(`Split fire ${s.spread}`)
  if (s.missile) parts.push('missile')
  if (s.melee && s.meleePlus === undefined) parts.push('melee')
  if (s.ai) parts.push('AI')
  if (s.knockdown) parts.push('Knockdown')
  if (s.harmStray) parts.push('HARM at a target that is not a radar')
  return parts.join(', ')
}

function modifierText(s: StrikeView, t: StrikeTerms): string {
  const parts = [`STR ${signed(s.str)}${s.quality ? ` (${qualityName(s.quality)})` : ''}`]
  if (s.accurate) parts.push(`Accurate ${signed(s.accurate)}`)
  if (s.harm) parts.push('HARM +2')
  if (s.vulnerable) parts.push(`vulnerable spot ${signed(s.vulnerable)}`)
  if (s.jamCounters) parts.push(`jammed ${signed(-t.jamPenalty)}`)
  return parts.join(', ')
}

/** HARM at a target that is not a radar: the d6 that decides whether it stays on it. */
function harmLine(r: StrikeResult, st: Style): string | undefined {
  if (!r.harm) return undefined
  return r.harm.retargeted
    ? `HARM: d6 ${r.harm.roll} -> ${st.bold('ignores this target')} and flies at the nearest radar (${HARM_STRAY_ON}+): no attack here`
    : `HARM: d6 ${r.harm.roll} -> stays on this target (it strays on ${HARM_STRAY_ON}+)`
}

export function renderStrike(r: StrikeRoll, s: StrikeView, out: RenderContext): string {
  const st = out.style
  const L: string[] = []
  if (r.harm?.retargeted) {
    L.push(st.bold(`Strike: ${weaponText(s)}; ${modifierText(s, r.terms)}`))
    L.push(harmLine(r, st)!)
    L.push(st.bold('Damage: 0') + st.dim('  (HARM flew at a radar)'))
    return L.join('\n')
  }
  const spreadNote =
    s.targets > 1
      ? `, ${plural(s.targets, 'target')} at ${num(r.terms.damage!.num / r.terms.damage!.den, 2)} damage each`
      : ''
  L.push(st.bold(`Strike: ${weaponText(s)}${spreadNote}; ${modifierText(s, r.terms)}`))
  if (s.mode !== 'single' && s.targets === 1)
    L.push(
      st.dim(
        `${s.mode === 'burst' ? 'Burst' : 'Split fire'} at one target: full damage (give --targets 2-${s.spread} to spread it)`,
      ),
    )
  if (s.vsInfantry)
    L.push(
      st.dim(
        s.ai ? 'Infantry target: AI weapon, full damage' : 'Infantry target: half damage (not an AI weapon)',
      ),
    )
  const harm = harmLine(r, st)
  if (harm) L.push(harm)
  if (s.targets === 1) {
    const t = r.targets[0]
    L.push(`Attack: ${attackLine(t.attack, st)}`)
    L.push(...targetLines(t, s, st, ''))
  } else {
    if (s.mode === 'burst') L.push(`Attack (one roll for all): ${attackLine(r.targets[0].attack, st)}`)
    for (const t of r.targets) {
      L.push(
        st.bold(`Target ${t.target}:`) +
          (s.mode === 'split' ? ` attack ${attackLine(t.attack, st)}` : t.hit ? '' : ' missed'),
      )
      L.push(...targetLines(t, s, st, '  '))
    }
  }
  const summary = !r.hit
    ? 'missed'
    : r.defended
      ? r.damage
        ? 'defended (damage halved)'
        : 'defended'
      : 'hit'
  L.push(st.bold(`${s.targets > 1 ? 'Total damage' : 'Damage'}: ${r.damage}`) + st.dim(`  (${summary})`))
  return L.join('\n')
}

/** --explain: every number above, worked out. */
export function explainStrike(r: StrikeRoll, s: StrikeView, out: RenderContext): string {
  const st = out.style
  const L: string[] = [st.bold('How it was worked out')]
  if (r.harm) {
    L.push(
      `0. HARM fired at a target that is not a radar ignores it on a d6 of ${HARM_STRAY_ON}+ (50%) and flies at the nearest radar. Rolled ${r.harm.roll}: ${r.harm.retargeted ? 'it flies off, and nothing else is rolled for this target.' : 'it stays on this target.'}`,
    )
    if (r.harm.retargeted) return L.join('\n')
  }
  const m = r.terms.modifier
  L.push(
    `1. Attack modifier = ${modifierText(s, r.terms).replace(/, /g, ' + ').replace(/\+ -/g, '- ')} = ${signed(m)}.`,
  )
  const hitsFrom = Math.min(6, Math.max(2, 2 - m))
  L.push(
    `2. The attack d6 hits when d6 ${signed(m)} is 2 or more (${hitsFrom === 2 ? 'any roll but a natural 1' : `${hitsFrom}+`}); a natural 1 always misses, a natural 6 always hits: ${pct((7 - hitsFrom) / 6)} to hit.`,
  )
  const f = r.terms.damage!
  const steps: string[] = []
  if (s.meleePlus !== undefined)
    steps.push(`Melee ${s.meleePlus}+: 1 damage if the natural attack die is ${s.meleePlus} or more, else 0`)
  else steps.push(`DMG ${s.dmg}${s.volley > 1 ? ` x Volley ${s.volley} = ${s.dmg * s.volley}` : ''}`)
  if (r.terms.spread)
    steps.push(
      `/ ${s.mode === 'burst' ? 'Burst' : 'Split fire'} ${s.spread} (spread over ${s.targets} targets)`,
    )
  if (s.vsInfantry && !s.ai) steps.push('/ 2 (infantry, not an AI weapon)')
  const exact = f.num / f.den
  const worked =
    steps.length === 1 && s.volley === 1 && s.meleePlus === undefined
      ? ''
      : ` = ${num(exact, 3)}${Number.isInteger(exact) ? '' : `, rounded down: ${Math.floor(exact)}`}`
  L.push(
    `3. Damage of a strike that gets through: ${steps.join(' ')}${worked}.${s.missile ? ' Rolling with damage halves it (all halvings and divisions are rounded down once, at the end).' : ''}`,
  )
  let n = 4
  for (const t of r.targets) {
    const who = s.targets > 1 ? `Target ${t.target}: ` : ''
    if (!t.hit) {
      L.push(`${n++}. ${who}the attack missed, so there is nothing to answer.`)
      continue
    }
    if (!t.defenseRoll) {
      L.push(
        `${n++}. ${who}no answer${t.chosenBy === 'default' ? ' (the defender has no known skills; give --def-quality or --dodge/--parry/--roll-with)' : t.chosenBy === 'auto' ? ' (none of its answers could help against this roll)' : ''}: it takes the strike.`,
      )
    } else {
      const d = t.defenseRoll
      const chance = Math.min(6, Math.max(0, 7 - d.needed)) / 6
      L.push(
        `${n++}. ${who}${answerVerb(t.defense)} ${signed(d.bonus)}${t.chosenBy === 'auto' ? ' (the best answer against this roll)' : ''}: needs d6 ${signed(d.bonus)} >= attack total ${t.attack.total}, a natural ${neededText(d.needed)} (${pct(chance)}). Rolled ${d.roll}: ${d.success ? 'success' : 'failure'}.`,
      )
    }
    if (t.starRolls.length)
      L.push(
        `${n++}. ${who}the damage crosses * box${t.starRolls.length > 1 ? 'es' : ''} ${t.starRolls.map((x) => x.box).join(', ')}: each d6 ${s.destroyMod ? signed(s.destroyMod) + ' ' : ''}of 6 or more destroys the unit (natural ${neededText(6 - s.destroyMod)}).`,
      )
    if (t.destroyedBy === 'damage')
      L.push(
        `${n++}. ${who}${t.damage} damage against ${s.boxes} boxes left: destroyed${t.infantry ? ', and exactly all of them, so Zentraedi infantry appear' : s.zentraedi ? ' (more damage than boxes, so no infantry)' : ''}.`,
      )
    if (t.knockdown)
      L.push(`${n++}. ${who}Knockdown: d6 ${t.knockdown.roll}, keeps its action on ${KNOCKDOWN_KEEP}+ (50%).`)
  }
  return L.join('\n')
}

export function renderStrikeOdds(o: StrikeOdds, s: StrikeView, t: StrikeTerms, out: RenderContext): string {
  const st = out.style
  const L: string[] = []
  L.push(
    st.bold(
      `Exact odds: ${weaponText(s)}${s.targets > 1 ? ` at ${plural(s.targets, 'target')}` : ''}; ${modifierText(s, t)}`,
    ),
  )
  const answer =
    s.answer === 'auto'
      ? "the defender's best answer to each attack roll"
      : s.answer === 'none'
        ? 'no answer'
        : `${answerVerb(s.answer)} ${signed(t.answerBonus ?? 0)}`
  L.push(`Defender: ${answer}`)
  const rows: string[][] = [
    [s.targets > 1 ? 'Strike lands on at least one' : 'Strike lands', pct(o.expected.hit)],
    ['Defended', pct(o.expected.defended)],
    ['Expected damage', num(o.expected.damage, 3)],
    ['No damage at all', pct(o.damage.prob(0))],
  ]
  if (s.targets > 1) rows.push(['Expected targets hit', num(o.expected.targetsHit, 3)])
  if (s.knockdown) rows.push(['Expected actions lost to knockdown', num(o.expected.knockdowns, 3)])
  if (s.boxes !== undefined || s.starBoxes.length)
    rows.push([
      s.targets > 1 ? 'Expected targets destroyed' : 'Destroyed',
      s.targets > 1 ? num(o.expected.destroyed, 3) : pct(o.expected.destroyed),
    ])
  if (s.zentraedi) rows.push(['Zentraedi infantry appear', pct(1 - o.infantry.prob(0))])
  if (o.harmRetargeted !== null) rows.unshift(['HARM flies at a radar instead', pct(o.harmRetargeted)])
  L.push(columns(rows, out.width))
  L.push('')
  L.push(histogram(o.damage, st, out.width, { title: 'Damage' }))
  return L.join('\n')
}

/** The text of `strike` (src/models's model answers it). */
export const strikeText = defineText({
  render: renderStrike,
  explain: explainStrike,
  odds: oddsText(renderStrikeOdds),
})
