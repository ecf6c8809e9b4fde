import { faceClasses } from '../../core/exact.js'
import type { RenderContext } from '../context.js'
import { FAILED_SAVE_DMG, SAVE_DIE } from '../../rules/stellar/armor-save.js'
import {
  type EvadeClass,
  type EvadeDie,
  type Shot,
  type ShotResult,
  MAX_SHOTS,
  EVADE_DIE,
  ALWAYS_MISS_FROM,
} from '../../rules/stellar/shoot.js'
import type { ShotSpend, Spend, UpgradeSide } from '../../rules/stellar/upgrades.js'
import type { ShotOdds } from '../../rules/stellar/shoot-odds.js'
import type { Bonus } from '../../rules/stellar/weapon.js'
import { penText } from '../../rules/stellar/weapon.js'
import type { ShotOddsTerms, ShotRoll, ShotTerms } from '../../models/stellar/shot-terms.js'
import { classLines, poolRowText, poolRows } from '../explain-odds.js'
import { columns, histogram, num, pct, pctFixed, plural, wrapText } from '../format.js'
import type { Style } from '../style.js'
import { failedSaveText, saveOddsSteps, saveReactionLines } from './save.js'
import { traitEffectLines } from './traits.js'
import type { TraitEffect } from '../../rules/stellar/traits.js'

/** The natural evade faces that always miss: "9-10". */
const MISSES = `${ALWAYS_MISS_FROM}-${EVADE_DIE}`

/** An input that may say what its traits did (the CLI's requests do). */
type Traced = { traitEffects?: readonly TraitEffect[] }

/** A die with its outcome: marked by symbol as well as colour, so plain output reads the same. */
export function dieGlyph(d: EvadeDie, st: Style): string {
  switch (d.outcome) {
    case 'crit':
      return st.bold(st.red(`${d.roll}!`))
    case 'hit':
      return st.yellow(`${d.roll}${d.critAsHit ? '*' : '•'}`)
    case 'evade':
      return st.green(`${d.roll}`)
    case 'auto-miss':
      return d.downed ? st.green(`${d.roll}↓`) : st.dim(`${d.roll}×`)
  }
}

/** A shot as the command reports it: with what each side spent, when anything was. */
type ReportedShot = Shot & { chosenBy?: Record<string, string>; spend?: ShotSpend; rangeGiven?: boolean }

/**
 * The note of an answer of several shots (a plan's odds, a matrix) when one has a Rapid Fire
 * weapon fired at the default range; none when every range was given.
 */
export function rangeNote(ranges: ReadonlyArray<{ from: string } | undefined>): string[] {
  return ranges.some((r) => r?.from === 'default')
    ? ['Rapid Fire is counted within half range (the default; --range beyond-half if the target is not).']
    : []
}

/**
 * Where the target was taken to be for a Rapid Fire weapon, said whenever the weapon has Rapid
 * Fire, as the default (within half range) is not always the table's.
 */
function rangeLines(s: ReportedShot): string[] {
  if (s.weapon.rapidFire === 0 && s.attacker.barrageRapidFire === undefined) return []
  const rf = s.weapon.rapidFire
  const name = rf ? `Rapid Fire ${rf > 0 ? '+' : ''}${rf}` : 'Rapid Fire'
  if (s.weapon.range === 'beyond-half')
    return [`${name} not counted: the target is beyond half range (--range beyond-half).`]
  return [
    s.rangeGiven
      ? `${name} counted: the target is within half range (--range half).`
      : `${name} counted: the target is taken within half range (the default; --range beyond-half if it is not).`,
  ]
}

/** What a side spent: "Power 4 (dmg, pen, pen); Momentum 1 (remote weapon...)"; '' when nothing. */
function spendText(sp: ShotSpend | undefined, side: UpgradeSide): string {
  if (!sp) return ''
  const pools: Array<[string, Spend | undefined]> =
    side === 'attacker'
      ? [
          ['Power', sp.power],
          ['Havoc', sp.havoc],
        ]
      : [
          ['Power', sp.defPower],
          ['Havoc', sp.defHavoc],
        ]
  const parts = pools.flatMap(([name, x]) => (x ? [`${name} ${x.cost} (${x.upgrades.join(', ')})`] : []))
  if (side === 'attacker' && sp.remote?.firing === 'momentum')
    parts.push(`Momentum ${sp.remote.momentum} (a remote weapon fired instead of an action)`)
  return parts.join('; ')
}

/** The spend lines of the text: one a side, only for a side that spent something. */
function spendLines(s: ReportedShot): string[] {
  const out: string[] = []
  const atk = spendText(s.spend, 'attacker')
  const def = spendText(s.spend, 'defender')
  if (atk) out.push(`Attacker spent: ${atk}.`)
  if (def) out.push(`Defender spent: ${def}.`)
  return out
}

/** Remote weapons an Ace shot down, as a line. */
function downedLine(n: number): string {
  return `Remote weapons shot down: ${n}${n ? ` (each natural ${EVADE_DIE}: the remote weapon's attack -1, at least 0, for the rest of the battle)` : ''}`
}

/** The weapon's value and what was added to it: "weapon 200 + Mechanics Expert 100". */
function weaponSum(base: number, terms: readonly Bonus[]): string {
  // A penalty (energy weapons through a building, underwater) is taken away: "- underwater 5".
  return [
    `weapon ${base}`,
    ...terms.map((t) => (t.amount < 0 ? `- ${t.source} ${-t.amount}` : `+ ${t.source} ${t.amount}`)),
  ].join(' ')
}

/** A sum with its terms: "300 (weapon 200 + Mechanics Expert 100)", or the plain value. */
function termed(value: number, base: number, terms: readonly Bonus[]): string {
  return terms.length ? `${value} (${weaponSum(base, terms)})` : String(value)
}

/** The defender's evade rerolls: what it could reroll, what it rerolled and what came up. */
function rerollLine(r: ShotResult, st: Style): string {
  const x = r.reroll!
  const took = x.dice.map((i) => `${r.dice[i].rerolledFrom} -> ${dieGlyph(r.dice[i], st)}`)
  const dice = `${x.allowed} evade ${x.allowed === 1 ? 'die' : 'dice'}`
  return `Rerolled: ${took.length ? took.join(', ') : 'none'} (the defender may reroll ${dice})`
}

function choiceLine(s: ReportedShot, t: ShotTerms): string {
  const by = (k: string) => (s.chosenBy?.[k] && s.chosenBy[k] !== 'flag' ? ` (${s.chosenBy[k]})` : '')
  const bonus = s.bonus === 'none' ? 'no bonus' : `${s.bonus} +${t.attackerBonus}`
  // Seeking Shot: the target may not improve its Evade, so its Dodge (only with Guard) gives nothing.
  const guard = `guard +${t.guard}`
  const dodge = `dodge +${t.dodge}`
  const seeking = s.attacker.seekingShot && t.dodging ? ' (a Dodge gives nothing against a Seeking Shot)' : ''
  const defense =
    s.defense === 'none'
      ? 'no reaction'
      : s.defense === 'both'
        ? seeking
          ? guard + seeking
          : `${dodge} and ${guard}`
        : s.defense === 'dodge'
          ? (seeking ? 'dodge +0' : dodge) + seeking
          : guard
  return `Attacker: ${bonus}${by('bonus')}. Defender: ${defense}${by('defense')}.`
}

export function renderShot(r: ShotRoll, s: ReportedShot, out: RenderContext): string {
  const st = out.style
  const t = r.text()
  const lines: string[] = []
  lines.push(
    st.bold(
      `Shooting: ${plural(r.shotsFired, 'shot')} at Acc ${s.weapon.acc} vs Evade ${s.target.evade}: evade on ${r.targetNumber}+`,
    ),
  )
  lines.push(...rangeLines(s), choiceLine(s, t), ...spendLines(s))
  const legend = st.dim(
    `(! critical, • hit,${r.dice.some((d) => d.critAsHit) ? ' * critical counted as a hit,' : ''} × ${t.critsMiss ? `1-${t.critMax} and ` : ''}${MISSES} always misses,${s.situation.remoteShootDown ? ` ↓ ${EVADE_DIE} shoots a remote weapon down,` : ''} plain: evaded)`,
  )
  lines.push(
    `Evade dice: ${r.dice.length ? r.dice.map((d) => dieGlyph(d, st)).join(' ') : 'none'}  ${r.dice.length ? legend : ''}`.trimEnd(),
  )
  if (r.reroll) lines.push(rerollLine(r, st))
  if (r.remoteDowned !== undefined) lines.push(downedLine(r.remoteDowned))
  const plain = r.hits - 2 * r.crits
  lines.push(
    `Hits: ${st.bold(String(r.hits))}${r.crits ? ` (${plural(r.crits, 'critical')} x2${plain ? ` + ${plain}` : ''})` : ''}`,
  )
  lines.push(`Blocks: ${blockText(r)}${r.momentumSpent ? `; Momentum spent: ${r.momentumSpent}` : ''}`)
  const { dmg, perHit } = t
  const persevered = perHit !== dmg ? ` (Persevere: ${dmg} - ${dmg - perHit})` : ''
  const upgraded =
    s.attacker.dmgBonuses.length && perHit === dmg
      ? ` (${weaponSum(s.weapon.dmg, s.attacker.dmgBonuses)})`
      : ''
  lines.push(
    `Unblocked hits: ${st.bold(String(r.unblockedHits))} x ${perHit} DMG${persevered}${upgraded} = ${r.hitDamage}`,
  )
  if (r.save.owed > 0) {
    if (r.save.targetNumber <= 1)
      lines.push(
        `Armor saves: ${r.save.owed} vs PEN ${penText(t.pen)}, passed automatically (needs ${r.save.targetNumber}+)`,
      )
    else {
      const rolls = r.save.saves
        .map((x) => (x.passed ? st.green(String(x.roll)) : st.red(`${x.roll}x`)))
        .join(' ')
      const result = `${plural(r.save.failedSaves, 'failed save')}${saveEffect(r, t)}`
      const reactions = saveReactionLines(r.save, st)
      // Rerolls and "It's not over yet!" come between the dice and what is left of them.
      if (reactions.length)
        lines.push(`Armor saves (${r.save.targetNumber}+ to pass): ${rolls}`, ...reactions, `-> ${result}`)
      else lines.push(`Armor saves (${r.save.targetNumber}+ to pass): ${rolls} -> ${result}`)
    }
  }
  lines.push(
    st.bold(`Damage: ${r.damage}`) +
      (r.remainingHp !== undefined ? `  (HP left ${hpLeft(r.remainingHp, st)})` : ''),
  )
  lines.push(
    st.dim(
      `Luck: this is the attacker's ${ordinal(Math.round(t.luck * 100))} percentile (0 = worst possible, 100 = best)`,
    ),
  )
  return lines.join('\n')
}

/**
 * The blocks and where they came from: as before traits when only Guard, a shield or cover gave
 * them ("2 (shield + guard)"), else each term ("4 (Guard 1 + shield 1 + Unyielding 2)").
 */
function blockText(r: ShotResult): string {
  if (!r.blocks) return '0'
  const guard = r.blockTerms.some((t) => t.source === 'Guard')
  const plain = r.blockTerms.every((t) => t.source === 'Guard' || t.source === r.blockSource)
  if (plain && (r.blockSource === 'shield' || r.blockSource === 'cover'))
    return `${r.blocks} (${r.blockSource}${guard ? ' + guard' : ''})`
  if (plain && r.blockSource === 'guard') return `${r.blocks} (guard)`
  return `${r.blocks} (${termsText(r.blockTerms)})`
}

/** Terms as a sum: "Guard 1 + shield 2 + Unyielding 2". */
function termsText(terms: readonly Bonus[]): string {
  return terms.map((t) => `${t.source} ${t.amount}`).join(' + ')
}

function saveEffect(r: ShotResult, t: ShotTerms): string {
  if (!r.save.failedSaves) return ''
  const kind = t.failedSave
  if (kind === 'stun') return ` (${plural(r.save.actionsLost, 'action')} lost)`
  if (kind === 'push') return ` (pushed ${r.save.pushes}x)`
  return ` (+${r.save.damage} DMG)`
}

function ordinal(n: number): string {
  const s = ['th', 'st', 'nd', 'rd']
  const v = n % 100
  return n + (s[(v - 20) % 10] || s[v] || s[0])
}

/** Step 1 of --explain: the target number and its terms. */
function targetLine(s: Shot, t: ShotTerms, targetNumber: number): string {
  const prec = s.bonus === 'precision' ? t.attackerBonus : 0
  const dodge = t.dodging && !s.attacker.seekingShot ? t.dodge : 0
  const ignored =
    t.dodging && s.attacker.seekingShot ? ' (Seeking Shot: the Dodge does not improve the Evade)' : ''
  const acc = s.attacker.accBonuses.map((b) => ` + ${b.source} ${b.amount}`).join('')
  return `1. Target number = Acc ${s.weapon.acc}${acc}${prec ? ` + Precision ${prec}` : ''} - Evade ${s.target.evade}${dodge ? ` - Dodge ${dodge}` : ''} = ${targetNumber}${ignored}. The defender evades a shot on a d10 of ${targetNumber}+.`
}

/** Step 2 of --explain: the shots fired and their terms. */
function shotsLine(s: Shot, t: ShotTerms, fired: number): string {
  const barrage = s.bonus === 'barrage' ? t.attackerBonus : 0
  const raw = t.shotsBeforeCap
  const rf = t.rapidFire
  const fs = t.focusShots
  return `2. Shots = ${s.weapon.shots}${rf ? ` ${rf > 0 ? '+' : '-'} Rapid Fire ${Math.abs(rf)}${rf !== s.weapon.rapidFire ? ` (${s.weapon.rapidFire} eased by ${rf - s.weapon.rapidFire})` : ''}` : s.weapon.rapidFire ? ` (Rapid Fire ${s.weapon.rapidFire} ${s.weapon.range === 'beyond-half' ? 'not counted: beyond half range' : s.attacker.ignoreRapidFirePenalty && !s.weapon.indirect ? 'ignored: Take the Shot' : 'eased to 0'})` : ''}${barrage ? ` + Barrage ${barrage}` : ''}${fs ? ` + Focus ${fs} (${s.attacker.warship ? `a warship locks on${s.attacker.lockOn > 1 ? ', Ship Hunter' : ''}` : 'Indirect Fire'})` : ''} = ${raw}${raw > MAX_SHOTS ? `, capped at ${MAX_SHOTS}` : ''}: ${fired} evade dice.`
}

/** The hits the dice do not decide: Tactical Advantage's critical, Focus, Bullseye, traits. */
function hitExtras(s: Shot, t: ShotTerms): string[] {
  const extras: string[] = []
  if (s.situation.advantage || t.blindsided)
    extras.push(
      `Tactical Advantage${t.blindsided ? ' (Blindside)' : ''} +1 critical${t.critsMiss ? ', which misses (Untouchable)' : s.weapon.indirect || t.critsAsHits ? ', counted as a hit' : ''}`,
    )
  const fh = t.focusHits
  if (s.situation.bonusCrits)
    extras.push(
      `${plural(s.situation.bonusCrits, 'bonus critical')}${t.critsMiss ? ', which miss (Untouchable)' : ' (within the cap of 3, else plain hits)'}`,
    )
  if (fh) extras.push(`Focus +${fh}${s.attacker.focus > 1 ? ` (${s.attacker.focus} actions)` : ''}`)
  if (s.attacker.bullseye) extras.push('Bullseye +1')
  if (s.attacker.extraHits) extras.push(`other +${s.attacker.extraHits}`)
  for (const b of s.attacker.hitBonuses) extras.push(`${b.source} +${b.amount}`)
  return extras
}

/** --explain: the arithmetic behind every number above. */
export function explainShot(r: ShotRoll, s: ReportedShot & Traced, out: RenderContext): string {
  const st = out.style
  const t = r.text()
  const L: string[] = [st.bold('How it was worked out'), ...traitEffectLines(s.traitEffects)]
  L.push(targetLine(s, t, r.targetNumber), shotsLine(s, t, r.shotsFired))
  const cm = t.critMax
  const remote = remoteNote(s)
  const p = (k: number) => pct(Math.max(0, k) / EVADE_DIE)
  const critP = cm
  const missFrom = Math.max(cm + 1, Math.min(ALWAYS_MISS_FROM, r.targetNumber))
  const hitP = Math.max(0, missFrom - (cm + 1))
  const evadeP = Math.max(0, ALWAYS_MISS_FROM - missFrom)
  const critText = t.critsMiss
    ? 'a miss (Untouchable: criticals miss)'
    : s.weapon.indirect
      ? 'hit (critical, counted as a hit under Indirect Fire)'
      : t.critsAsHits
        ? 'hit (critical, counted as a hit: Invincible)'
        : 'critical hit'
  L.push(
    `3. Each evade die: ${critText} on 1-${cm} (${p(critP)}), hit on ${hitP ? `${cm + 1}-${missFrom - 1}` : 'nothing else'} (${p(hitP)}), evaded on ${evadeP ? `${missFrom}-${ALWAYS_MISS_FROM - 1}` : 'nothing'} (${p(evadeP)}), always a miss on ${MISSES} (${p(EVADE_DIE + 1 - ALWAYS_MISS_FROM)})${s.situation.remoteShootDown ? `; an Ace shoots a remote weapon down on each natural ${EVADE_DIE}` : ''}.${remote}`,
  )
  // With evade rerolls: the dice as rolled, then the reroll as a step of its own, then the dice
  // as they are read (the final faces).
  let step = 4
  const rerolled = r.reroll !== undefined && r.reroll.dice.length > 0
  if (rerolled) {
    L.push(`   Rolled: ${rolledGlyphs(r, t, st)}`)
    L.push(...rerollSteps(r, s, t, st, step++))
    L.push(`${step++}. The dice as read after the reroll:`)
  }
  let crits = 0
  r.dice.forEach((d, i) => {
    let why: string
    if (d.outcome === 'crit') why = `natural 1-${cm}: critical hit (#${++crits}), counts as 2 hits`
    else if (d.critAsHit)
      why = s.weapon.indirect
        ? `natural 1-${cm}, but Indirect Fire counts criticals as 1 hit`
        : t.critsAsHits
          ? `natural 1-${cm}, but Invincible's Guard counts criticals as 1 hit`
          : `natural 1-${cm}, but criticals are capped at 3: counts as 1 hit`
    else if (d.outcome === 'auto-miss' && d.roll <= cm)
      why = `natural 1-${cm}: Untouchable's Dodge, a critical misses`
    else if (d.outcome === 'hit') why = `below ${r.targetNumber}: hit`
    else if (d.outcome === 'evade') why = `${r.targetNumber} or more: evaded`
    else if (d.downed) why = `${EVADE_DIE} always misses, and shoots a remote weapon down`
    else why = `${MISSES} always misses`
    const was = d.rerolledFrom !== undefined ? ` (rerolled from ${d.rerolledFrom})` : ''
    L.push(`   die ${i + 1}: ${dieGlyph(d, st)}  ${why}${was}`)
  })
  // Rerolls allowed but none taken: said after the dice the defender chose to keep.
  if (r.reroll && !rerolled) L.push(...rerollSteps(r, s, t, st, step++))
  const extras = hitExtras(s, t)
  L.push(
    `${step++}. Hits = ${r.hits}${extras.length ? ` (including ${extras.join(', ')})` : ''}; critical hits counted: ${r.crits} of at most 3${s.weapon.indirect ? ' (none under Indirect Fire)' : ''}.`,
  )
  const parts = r.blockTerms.map((t) =>
    t.source === 'cover'
      ? `cover ${t.amount} (${s.weapon.dmg <= 500 ? 'DMG 500 or less' : 'DMG over 500'})`
      : `${t.source} ${t.amount}`,
  )
  const blind = t.blindsided
  const rivals = [s.target.shield > 0, s.situation.cover, s.target.barrier > 0].filter(Boolean).length
  L.push(
    `${step++}. Blocks = ${parts.length ? parts.join(' + ') : 'none'} = ${r.blocks}${blind && (s.target.shield || s.situation.cover) ? ' (Blindside ignores shields and cover)' : t.takeTheShotIgnores && (s.target.shield || s.situation.cover) ? ' (Take the Shot ignores shields and cover)' : rivals > 1 ? (s.target.barrier ? ' (shield, cover and barrier do not stack: the best one counts)' : ' (shield and cover do not stack: the better one counts)') : ''}${s.situation.blindside && s.target.blindsideImmune ? ' (Superior Instincts: immune to Blindside)' : ''}${barrierNote(s, t)}${takeTheShotNote(s, t)}.`,
  )
  if (r.momentumSpent)
    L.push(
      `${step++}. Skill Defense: ${r.momentumSpent} Momentum negates ${t.negated} hit(s)${s.target.warship ? ' (warships pay double)' : ''}.`,
    )
  L.push(`${step++}. Unblocked hits ${r.unblockedHits} x DMG ${dmgText(s, t)} = ${r.hitDamage}.`)
  const n = step
  const pen = t.pen
  const armSvBonus = t.antiBeam
  if (pen.value < 2) L.push(`${n}. Armor saves: PEN ${penTermsText(s, t)} is under 2, so none.`)
  else if (r.unblockedHits === 0) L.push(`${n}. Armor saves: no unblocked hits, so none.`)
  else {
    const cap = t.saveCap
    const sizeBonus = s.weapon.pen.kind === 'push' ? 2 * s.target.size : 0
    L.push(
      `${n}. Armor saves: one per unblocked hit, at most ${cap}: ${r.save.owed}. Target = PEN ${penTermsText(s, t)} - ARM Sv ${s.target.armSv}${armSvBonus ? ` - Anti-Beam Coating ${armSvBonus}` : ''}${sizeBonus ? ` - 2 x Size ${s.target.size}` : ''} = ${r.save.targetNumber}` +
        (r.save.targetNumber <= 1
          ? ': 1 or less passes automatically.'
          : `: each passes on ${r.save.targetNumber}+ (${pct((SAVE_DIE + 1 - r.save.targetNumber) / SAVE_DIE)}), fails ${pct((r.save.targetNumber - 1) / SAVE_DIE)}.`),
    )
    if (r.save.rerolls.length || r.save.negated)
      L.push(
        ...saveReactionLines(r.save, st, '   ').map(
          (l, i) =>
            l +
            (i === 0 && r.save.rerolls.length
              ? ' (each failed save rolled once more; the reroll stands)'
              : ''),
        ),
      )
    if (r.save.failedSaves)
      L.push(
        `   ${plural(r.save.failedSaves, 'failed save')}: ${failedSaveText(t.failedSave, r.save.damage)}.`,
      )
  }
  L.push(totalLine(r, s))
  if (s.target.antiBeam && !s.weapon.energy)
    L.push('Anti-Beam Coating only helps against energy weapons; add --energy if this one is.')
  return L.join('\n')
}

/** The evade dice as rolled, before the defender's reroll: "5• 1!". */
function rolledGlyphs(r: ShotResult, t: ShotTerms, st: Style): string {
  return r.dice
    .map((d) => {
      const roll = d.rerolledFrom ?? d.roll
      const die: EvadeDie = { roll, ...t.firstOutcomes[roll - 1] }
      return dieGlyph(die, st)
    })
    .join(' ')
}

/**
 * Where the defender's evade rerolls come from: each trait's ("improvise 2"), and Spread
 * M-Particles' (the one source that is not a trait: `--m-particles`).
 */
function rerollSources(s: ReportedShot & Traced): string {
  const parts: string[] = []
  let fromTraits = 0
  for (const t of s.traitEffects ?? []) {
    const n = t.side === 'defender' ? t.changes.evadeRerolls : undefined
    if (typeof n !== 'number' || n <= 0) continue
    parts.push(`${t.trait} ${n}`)
    fromTraits += n
  }
  if (s.target.evadeRerolls > fromTraits)
    parts.push(`Spread M-Particles ${s.target.evadeRerolls - fromTraits}`)
  return parts.join(' + ')
}

/**
 * The defender's evade reroll as a step of the walk-through: who rerolls, by what, how the pick
 * was made, and each rerolled die with its old and new face (or that it kept its dice).
 */
function rerollSteps(
  r: ShotResult,
  s: ReportedShot & Traced,
  t: ShotTerms,
  st: Style,
  step: number,
): string[] {
  const x = r.reroll!
  const by = s.chosenBy?.evadeReroll
  const how =
    by === 'flag'
      ? 'the pick given by --reroll'
      : by === 'prompt'
        ? 'the pick answered'
        : 'the automatic pick'
  const head = `${step}. Reroll: the defender may reroll up to ${plural(x.allowed, 'evade die', 'evade dice')} (${rerollSources(s)}), criticals and hits only, each die once; ${how}`
  if (!x.dice.length) return [`${head} rerolls none: it keeps its dice.`]
  const classify = (f: number) => t.evadeClasses[f - 1]
  const name = (c: EvadeClass) => (c === 'crit' ? 'a critical' : 'a hit')
  const picked = [
    ...(x.crits ? [plural(x.crits, 'critical')] : []),
    ...(x.hits ? [plural(x.hits, 'hit')] : []),
  ]
  return [
    `${head} rerolls ${picked.join(' and ')}, in die order (the new face stands):`,
    ...x.dice.map((i) => {
      const d = r.dice[i]
      return `   die ${i + 1}: ${d.rerolledFrom} (${name(classify(d.rerolledFrom!))}) -> ${dieGlyph(d, st)}`
    }),
  ]
}

/**
 * The walk-through's last line, always: the damage dealt (the hits', plus the failed saves'), and
 * with HP what is left.
 */
function totalLine(r: ShotResult, s: Shot): string {
  const sum = r.save.damage ? `${r.hitDamage} + ${r.save.damage} = ${r.damage}` : String(r.damage)
  const why = r.save.damage ? '' : r.save.failedSaves ? '' : r.save.saves.length ? ' (no failed saves)' : ''
  const hp =
    r.remainingHp === undefined
      ? ''
      : ` HP left = ${s.target.hp} - ${r.damage} = ${r.remainingHp}${r.destroyed ? ': destroyed' : ''}.`
  return `Total damage = ${sum}${why}.${hp}`
}

/**
 * A remote weapon fired with Momentum, for step 3: Blindside then Indirect Fire, and what that
 * makes of the criticals ('' for any other shot).
 */
function remoteNote(s: ReportedShot): string {
  if (s.spend?.remote?.firing !== 'momentum') return ''
  return ` A remote weapon fired with Momentum gains Blindside, then Indirect Fire: ${s.target.blindsideImmune ? 'Superior Instincts makes Blindside nothing' : "shields and cover give no blocks, Blindside's critical is a plain hit"}, and every critical rolled counts as 1 hit.`
}

/** Why Take the Shot's choice did nothing to this shot, for step 5 ('' when it did, or was not taken). */
function takeTheShotNote(s: Shot, t: ShotTerms): string {
  if (!s.attacker.ignoreShieldCover || t.takeTheShotIgnores) return ''
  return s.weapon.indirect
    ? ' (Take the Shot: Indirect Fire cannot benefit from Skills)'
    : ` (Take the Shot: PEN ${s.weapon.pen.value} is under 3, so shields and cover count)`
}

/** What Power and Havoc added to the defender's [Barrier], for step 5 ('' when nothing). */
function barrierNote(s: Shot, t: ShotTerms): string {
  if (!s.target.barrierBonuses.length || s.target.barrier === 0) return ''
  return ` (barrier ${t.barrierBlocks} = ${[`its own ${s.target.barrier}`, ...s.target.barrierBonuses.map((b) => `${b.source} ${b.amount}`)].join(' + ')})`
}

/** The DMG per hit with its terms: "300 (weapon 200 + Mechanics Expert 100)", Persevere's cut after. */
function dmgText(s: Shot, t: ShotTerms): string {
  const { dmg, perHit } = t
  const terms = termed(dmg, s.weapon.dmg, s.attacker.dmgBonuses)
  return perHit === dmg ? terms : `${perHit} (${terms} - Persevere ${dmg - perHit})`
}

/** The PEN with its terms: "7 (weapon 5 + Mastermind 2)". */
function penTermsText(s: Shot, t: ShotTerms): string {
  const pen = t.pen
  return s.attacker.penBonuses.length
    ? termed(pen.value, s.weapon.pen.value, s.attacker.penBonuses)
    : penText(pen)
}

export function renderShotOdds(
  o: ShotOdds,
  s: ReportedShot,
  terms: () => ShotTerms,
  out: RenderContext,
): string {
  const st = out.style
  const t = terms()
  const L: string[] = []
  L.push(
    st.bold(
      `Exact odds: ${t.shotsFired} shots at Acc ${s.weapon.acc} vs Evade ${s.target.evade}, DMG ${t.dmg}${t.pen.value ? `, PEN ${penText(t.pen)} vs ARM Sv ${s.target.armSv}` : ''}`,
    ),
  )
  L.push(...rangeLines(s), choiceLine(s, t), ...spendLines(s))
  L.push(
    columns(
      [
        ['Expected damage', num(o.expected.damage, 2)],
        ['Expected unblocked hits', num(o.expected.unblockedHits, 3)],
        ['Expected failed saves', num(o.expected.failedSaves, 3)],
        ['No damage at all', pct(o.damage.prob(0))],
        ...(o.destroyed ? [[`Destroyed (HP ${s.target.hp})`, st.bold(pct(o.destroyed.prob('true')))]] : []),
        ...(o.remoteDowned ? [['Expected remote weapons shot down', num(o.remoteDowned.expected(), 3)]] : []),
      ],
      out.width,
    ),
  )
  L.push('')
  L.push(
    histogram(o.damage, st, out.width, {
      title: 'Damage',
      cutoff: s.target.hp === undefined ? undefined : { at: s.target.hp },
    }),
  )
  L.push('')
  L.push(histogram(o.unblockedHits, st, out.width, { title: 'Unblocked hits' }))
  if (o.remoteDowned) {
    L.push('')
    L.push(
      histogram(o.remoteDowned, st, out.width, { title: `Remote weapons shot down (natural ${EVADE_DIE}s)` }),
    )
  }
  return L.join('\n')
}

/**
 * --odds --explain: how the shot's distributions are built, stage by stage, with the numbers of
 * the rule's own functions: the evade die's classes (evadeClass), one worked row of the pool
 * and the hits it makes (evadeHits), blocks and Skill Defense (blockHits), the saves
 * (saveOddsSteps), damage, and the HP cut-off.
 */
export function explainShotOdds(
  o: ShotOdds,
  s: ReportedShot & Traced,
  terms: () => ShotOddsTerms,
  out: RenderContext,
): string {
  const st = out.style
  const t = terms()
  const e = t.evade
  const L: string[] = [st.bold('How these odds are worked out'), ...traitEffectLines(s.traitEffects)]
  L.push(targetLine(s, t, e.targetNumber), shotsLine(s, t, e.dice))
  const critName = e.critsMiss
    ? 'miss'
    : e.critCap === 0
      ? 'critical, counted as 1 hit'
      : `critical: 2 hits (at most ${e.critCap} criticals)`
  const names: Record<EvadeClass, string> = {
    crit: critName,
    hit: 'hit',
    evade: 'evaded',
    'auto-miss': 'always a miss',
    downed: 'always a miss, and shoots a remote weapon down',
  }
  const classify = (f: number) => t.evadeClasses[f - 1]
  const { classes, lines } = classLines(EVADE_DIE, classify, (c) => names[c], '   ')
  L.push('3. Each evade die, by face (the classes the rule counts):', ...lines)
  const outcomesOf = faceClasses(EVADE_DIE, classify).map((c) => c.name)
  const hits = t.hits
  if (e.dice > 0) {
    const rows = poolRows(e.dice, EVADE_DIE, classes)
    const row = rows[0]
    const counts: Record<EvadeClass, number> = { crit: 0, hit: 0, evade: 0, 'auto-miss': 0, downed: 0 }
    outcomesOf.forEach((c, i) => (counts[c] += row.counts[i]))
    const made = { hits: t.hitsOf(counts) }
    const short: Record<EvadeClass, string> = {
      crit: e.critsMiss ? 'miss' : 'critical',
      hit: 'hit',
      evade: 'evaded',
      'auto-miss': 'miss',
      downed: `natural ${EVADE_DIE}`,
    }
    const countText = outcomesOf
      .flatMap((c, i) => (row.counts[i] ? [`${row.counts[i]} ${short[c]}`] : []))
      .join(', ')
    L.push(
      `4. The pool: the chance of k dice in each class is n!/(k1! k2! ...) x p1^k1 x p2^k2 x ... (the multinomial: the orders the dice can fall in, times each order's chance). ${rows.length} counts are possible; the most likely, ${countText} of ${plural(e.dice, 'die', 'dice')}:`,
      `   ${poolRowText(e.dice, EVADE_DIE, classes, row)}`,
      `   It makes ${plural(made.hits, 'hit')}: 2 for each critical (at most ${e.critCap}), 1 for each other critical and hit${e.bonusHits || e.advantage ? ` and ${hitExtras(s, t).join(', ')}` : ''}.`,
      `   The counts that make the same number of hits are added: hits ${hits
        .sorted()
        .map(([h, p]) => `${h} ${pctFixed(p)}`)
        .join(', ')}.`,
    )
  } else L.push('4. No evade dice: the hits are the bonus hits alone.')
  const typical = t.typicalHits
  const b = { unblockedHits: t.typicalUnblocked }
  const blocks = t.blocks
  const momentum = s.target.momentum
    ? `then Skill Defense: up to ${s.target.momentum} Momentum, each ${s.target.warship ? '2 points negating' : 'point negating'} one more hit`
    : 'no Momentum spent (Skill Defense: give --momentum N)'
  L.push(
    `5. Blocks = ${blocks.terms.length ? blocks.terms.map((t) => `${t.source} ${t.amount}`).join(' + ') : 'none'} = ${blocks.blocks}; ${momentum}. Unblocked hits = hits - blocks${s.target.momentum ? ' - negated' : ''}, never below 0: e.g. ${plural(typical, 'hit')} ${typical === 1 ? 'leaves' : 'leave'} ${b.unblockedHits}. Each number of hits moves its chance to its unblocked hits: ${o.unblockedHits
      .sorted()
      .map(([u, p]) => `${u} ${pctFixed(p)}`)
      .join(', ')}.`,
  )
  let step = 6
  if (s.attacker.penBonuses.length) L.push(`${step++}. PEN = ${penTermsText(s, t)}.`)
  if (!t.saves) L.push(`${step++}. Armor saves: PEN ${penText(t.pen)} is under 2, so none.`)
  else {
    const u = t.saves.unblockedHits
    L.push(
      ...saveOddsSteps(t.saves.spec, t.saves.terms, o.failedSaves, `${step++}.`).map((l, i) =>
        i === 0 ? l + ` The worked row uses ${plural(u, 'unblocked hit')}.` : l,
      ),
    )
  }
  const failEffect =
    s.weapon.pen.kind === 'damage' && t.pen.value >= 2 ? ` + ${FAILED_SAVE_DMG} per failed save` : ''
  L.push(
    `${step++}. Damage = unblocked hits x ${dmgText(s, t)}${failEffect}. Every branch (hits, then saves) has the product of its steps' chances; branches with the same damage are added: the table above. Expected damage = the sum of damage x chance = ${num(o.expected.damage, 2)}.`,
  )
  if (s.target.hp !== undefined && o.destroyed)
    L.push(
      `${step++}. HP ${s.target.hp}: the target is destroyed when the damage reaches ${s.target.hp}, so the chances of ${s.target.hp} and more add up: ${pctFixed(o.destroyed.prob('true'))}.`,
    )
  if (o.remoteDowned)
    L.push(
      `${step}. Remote weapons shot down: the natural ${EVADE_DIE}s of the same evade pool (${EVADE_DIE} is its own class above, the rerolled dice's final faces counted), so k downed has the chance of the pool's counts with k tens: ${o.remoteDowned
        .sorted()
        .map(([k, p]) => `${k} ${pctFixed(p)}`)
        .join(', ')}.`,
    )
  return L.map((l) => wrapText(l, out.width, /^\d/.test(l) ? '   ' : '  ')).join('\n')
}

/**
 * HP left as a game or a plan keeps it, never below 0, and the damage past it: "0, DESTROYED,
 * overkill 100" where the JSON's remainingHp (HP minus the damage) is -100.
 */
export function hpLeft(remaining: number, st: Style): string {
  if (remaining > 0) return String(remaining)
  return `0, ${st.red('DESTROYED')}${remaining < 0 ? `, overkill ${-remaining}` : ''}`
}
