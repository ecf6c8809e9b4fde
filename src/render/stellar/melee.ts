import { withArticle } from '../../core/text.js'
import { defineText, oddsText, type RenderContext } from '../context.js'
import {
  type Bonus,
  type Melee,
  type SideOutcome,
  type StrikeDie,
  type StrikeResult,
  type MeleeReroll,
  CRIT_FROM,
  CRIT_HITS,
  DESPERATION_FROM,
  FINISHING_BLOW_DMG,
  MAX_POOL,
  MELEE_DIE,
  bonusTotal,
} from '../../rules/stellar/melee.js'
import type { Distribution } from '../../core/distribution.js'
import type { SaveResult } from '../../rules/stellar/armor-save.js'
import type { MeleeOdds, StrikeOdds } from '../../rules/stellar/melee-flow.js'
import type { MeleeRoll } from '../../models/stellar/melee.js'
import type {
  CounterOddsTerms,
  MeleeOddsTerms,
  MeleeTerms,
  StrikeOddsTerms,
} from '../../models/stellar/melee-terms.js'
import { poolLines } from '../explain-odds.js'
import { penText } from '../../rules/stellar/weapon.js'
import { columns, histogram, num, pct, pctFixed, plural, wrapText } from '../format.js'
import type { Style } from '../style.js'
import { saveOddsSteps, saveReactionLines } from './save.js'
import { dieGlyph, hpLeft } from './shoot.js'
import { traitEffectLines } from './traits.js'
import type { TraitEffect } from '../../rules/stellar/traits.js'

/** The faces of a melee die that are critical hits: "9-10". */
const CRITS = `${CRIT_FROM}-${MELEE_DIE}`

/** An input that may say what its traits did (the CLI's requests do). */
type Traced = { traitEffects?: readonly TraitEffect[] }

type ChoiceInfo = Melee & {
  chosenBy?: Record<string, string>
  overwatchSkipped?: boolean
  expectedChoice?: { dealt: number; taken: number }
}

/**
 * A melee die marked by symbol as well as colour: ! critical (2 hits), • hit or block; a rerolled
 * die shows its first face, `2>5•`.
 */
export function meleeGlyph(d: StrikeDie, st: Style): string {
  const was = d.rerolledFrom !== undefined ? st.dim(`${d.rerolledFrom}>`) : ''
  if (d.outcome === 'crit') return was + st.bold(st.red(`${d.roll}!`))
  if (d.outcome === 'hit') return was + st.yellow(`${d.roll}•`)
  if (d.outcome === 'block') return was + st.green(`${d.roll}•`)
  return was + st.dim(String(d.roll))
}

const splitText = (s: { attack: number; defense: number }) => `${s.attack}/${s.defense}`
const by = (m: ChoiceInfo, k: string) =>
  m.chosenBy?.[k] && m.chosenBy[k] !== 'flag' ? ` (${m.chosenBy[k]})` : ''
const bonusText = (bs: Bonus[]) => bs.map((b) => `${b.amount} ${b.source}`).join(' + ')

/** A clash's choice in short: "atk 6/2, def 3/5 guard". */
const clashText = (c: Pick<Melee, 'atkSplit' | 'defSplit' | 'defChoice'>) =>
  `atk ${splitText(c.atkSplit)}, def ${splitText(c.defSplit)} ${c.defChoice}`

function choiceText(m: ChoiceInfo, t: MeleeTerms): string {
  const c = m.defChoice === 'both' ? 'Counter and Guard' : m.defChoice === 'counter' ? 'Counter' : 'Guard'
  const counter = t.counterBonus
  const guard = t.guardBonus
  const amount =
    m.defChoice === 'counter' || (m.defChoice === 'both' && guard === counter)
      ? `+${counter}`
      : m.defChoice === 'guard'
        ? `+${guard}`
        : `+${counter}/+${guard}`
  return (
    `Attacker splits ${splitText(m.atkSplit)}${by(m, 'atkSplit')} (attack bonus +${t.attackBonus}). ` +
    `Defender splits ${splitText(m.defSplit)}${by(m, 'defSplit')} and takes ${c} ${amount}${by(m, 'defChoice')}.`
  )
}

/** A side's Improvise rerolls: the faces it picked and what came up. */
function improviseLine(x: MeleeReroll, who: string, pool: string): string {
  const took = x.dice.length ? `${x.pick.join(', ')} -> ${x.faces.join(', ')}` : 'none'
  return `  Improvise: the ${who} rerolled ${took} (${pool} dice, up to ${x.allowed})`
}

/** How many of the criticals Desperation Attack made: ", 3 by Desperation Attack", or nothing. */
function desperationNote(r: StrikeResult): string {
  const n = r.attackDice.filter((d) => d.desperation).length
  return n ? `, ${n} by Desperation Attack` : ''
}

export function strikeLines(r: StrikeResult, title: string, st: Style): string[] {
  const s = r.strike
  const [striker, target] = s.striker === 'attacker' ? ['Attacker', 'Defender'] : ['Defender', 'Attacker']
  const L: string[] = [st.bold(title)]
  const atkDice = r.attackDice.length ? r.attackDice.map((d) => meleeGlyph(d, st)).join(' ') : 'none'
  const bonus = r.hits - r.rolledHits
  L.push(
    `  ${striker}'s attack (hit ${s.hitOn}+, critical ${CRITS}${s.desperation ? ` or three of a kind of ${DESPERATION_FROM}+` : ''}${s.critsAsHits ? ', a plain hit (Invincible)' : ''}): ${atkDice}  -> ${r.rolledHits}${r.crits ? ` (${plural(r.crits, 'critical')}${desperationNote(r)})` : ''}${bonus ? ` + ${bonusText(s.bonusHits)}` : ''} = ${st.bold(plural(r.hits, 'hit'))}`,
  )
  if (r.improvise?.attack) L.push(improviseLine(r.improvise.attack, striker.toLowerCase(), 'attack'))
  const defDice = r.defenseDice.length ? r.defenseDice.map((d) => meleeGlyph(d, st)).join(' ') : 'none'
  const bb = r.blocks - r.rolledBlocks
  L.push(
    `  ${target}'s defense (block ${s.blockOn}+): ${defDice}  -> ${r.rolledBlocks}${bb ? ` + ${bonusText(s.bonusBlocks)}` : ''} = ${st.bold(plural(r.blocks, 'block'))}`,
  )
  if (r.improvise?.defense) L.push(improviseLine(r.improvise.defense, target.toLowerCase(), 'defense'))
  if (r.momentumSpent) {
    const negated = r.hitsLeft - r.unblockedHits
    L.push(
      `  Skill Defense: ${r.momentumSpent} Momentum negates ${plural(negated, 'hit')}${s.warship ? ' (a warship pays 2 a hit)' : ''}`,
    )
  }
  L.push(`  Unblocked hits: ${st.bold(String(r.unblockedHits))} x ${s.dmg} DMG = ${r.hitDamage}`)
  if (r.save.owed > 0) {
    if (r.save.targetNumber <= 1)
      L.push(
        `  Armor saves: ${r.save.owed} vs PEN ${penText(s.pen)}, passed automatically (needs ${r.save.targetNumber}+)`,
      )
    else {
      const rolls = r.save.saves
        .map((x) => (x.passed ? st.green(String(x.roll)) : st.red(`${x.roll}x`)))
        .join(' ')
      const kind = failedKind(r.save)
      const effect = !r.save.failedSaves
        ? ''
        : kind === 'stun'
          ? ` (${plural(r.save.actionsLost, 'action')} lost)`
          : kind === 'push'
            ? ` (pushed out of melee)`
            : ` (+${r.save.damage} DMG)`
      const result = `${plural(r.save.failedSaves, 'failed save')}${effect}`
      const reactions = saveReactionLines(r.save, st, '  ')
      // Rerolls and "It's not over yet!" come between the dice and what is left of them.
      if (reactions.length)
        L.push(`  Armor saves (${r.save.targetNumber}+ to pass): ${rolls}`, ...reactions, `  -> ${result}`)
      else L.push(`  Armor saves (${r.save.targetNumber}+ to pass): ${rolls} -> ${result}`)
    }
  }
  L.push(`  ${st.bold(`Damage to the ${target.toLowerCase()}: ${r.damage}`)}`)
  return L
}

/**
 * What the failed saves of a strike did, as its answer says (read only when some failed): actions
 * lost (stun), pushes (push/pull), or DMG (a warship's always).
 */
function failedKind(save: SaveResult): 'stun' | 'push' | 'damage' {
  return save.actionsLost ? 'stun' : save.pushes ? 'push' : 'damage'
}

/** A side's damage taken and, with its HP, what is left of it (a clash's side, a throw's target). */
export function hpText(o: SideOutcome, st: Style): string {
  if (o.hp === undefined) return `took ${o.damageTaken}`
  return `took ${o.damageTaken}, HP ${o.hp} -> ${hpLeft(o.remainingHp!, st)}`
}

export function renderMelee(r: MeleeRoll, given: ChoiceInfo, out: RenderContext): string {
  // The choices the roll made (after the overwatch, when they were left open).
  const m = { ...given, ...r.choice }
  const st = out.style
  const L: string[] = []
  const t = r.terms
  const pool = (side: Melee['atk'], split: Melee['atkSplit'], strikes: boolean) => {
    const used = split.attack + split.defense
    // A warship without a Melee stat defends with its AA DEF dice.
    const stat = strikes ? 'Melee' : 'AA DEF'
    return side.unit.melee !== undefined && side.unit.melee !== used
      ? `${stat} ${side.unit.melee} (${used} dice used)`
      : `${stat} ${used}`
  }
  L.push(
    st.bold(
      `Melee clash: attacker ${pool(m.atk, m.atkSplit, t.strikes.attacker)} vs defender ${pool(m.def, m.defSplit, t.strikes.defender)}`,
    ),
  )
  // Choices left open are made after the overwatch: said after it.
  const after = m.openChoices && r.overwatch
  if (!after) L.push(choiceText(m, t))
  if (m.overwatchSkipped) L.push(st.dim('No overwatch: a blindsided defender cannot fire overwatch.'))
  if (r.overwatch) {
    L.push(st.bold(`Overwatch on the charge (${plural(r.overwatch.shots.length, 'attack')}):`))
    r.overwatch.shots.forEach((s, i) => {
      const dice = s.dice.map((d) => dieGlyph(d, st)).join(' ')
      const saves = s.save.saves.length
        ? `, saves ${s.save.saves.map((x) => (x.passed ? String(x.roll) : `${x.roll}x`)).join(' ')}`
        : ''
      L.push(
        `  #${i + 1} evade ${s.targetNumber}+: ${dice} -> ${plural(s.hits, 'hit')}, ${plural(s.blocks, 'block')}${s.momentumSpent ? `, ${s.momentumSpent} Momentum` : ''}, ${s.unblockedHits} through${saves}: ${s.damage} DMG`,
      )
    })
    L.push(
      `  Overwatch damage to the attacker: ${st.bold(String(r.overwatch.damage))}${r.overwatch.destroyed ? ` (${st.red('destroyed before reaching melee')})` : ''}`,
    )
    if (after && r.clash) L.push(`Then, knowing it: ${choiceText(m, t).replace(/^A/, 'a')}`)
  }
  if (r.attack) L.push(...strikeLines(r.attack, 'Attack', st))
  if (r.counter && !t.strikes.defender)
    L.push(st.bold('Counter-attack: ') + 'none (a warship without a Melee stat never attacks in melee)')
  else if (r.counter) L.push(...strikeLines(r.counter, 'Counter-attack', st))
  else if (r.counterSkipped && r.counterSkipped !== 'no clash')
    L.push(st.bold('Counter-attack: ') + `none (${r.counterSkipped})`)
  if (r.clash) {
    if (r.finishingBlow)
      L.push(st.bold(`Finishing Blow by the ${r.finishingBlow.by}: ${r.finishingBlow.damage} DMG`))
    else L.push(`Finishing Blow: none${finishingBlowWhyNot(r)}`)
  }
  L.push(`Attacker ${hpText(r.attacker, st)}. Defender ${hpText(r.defender, st)}.`)
  if (r.clash && !r.attacker.destroyed && !r.defender.destroyed && !r.counterSkipped) {
    L.push(
      st.dim(
        `Both remain locked in melee (Disengage costs [M-1]${(m.atk.unit.melee ?? 0) >= 10 ? '; with Melee 10+ the attacker may Disengage and move 5"' : ''}).`,
      ),
    )
  }
  return L.join('\n')
}

function finishingBlowWhyNot(r: MeleeRoll): string {
  const a = r.attack?.damage ?? 0
  const c = r.counter?.damage ?? 0
  if (a > 0 && c > 0) return ' (both sides took damage)'
  if (a === 0 && c === 0 && !r.attack?.pushedOut && !r.counter?.pushedOut) return ' (no damage dealt)'
  if (r.defender.destroyed || r.attacker.destroyed) return ' (the enemy is destroyed)'
  const finishes = a > 0 || r.attack?.pushedOut ? r.terms.finishes.attacker : r.terms.finishes.defender
  if (!finishes) return ' (level 0 pilots never strike one)'
  return ''
}

// ---------------------------------------------------------------------------------------------

/** --explain: the arithmetic behind every number. */
export function explainMelee(r: MeleeRoll, given: ChoiceInfo & Traced, out: RenderContext): string {
  const m = { ...given, ...r.choice }
  const t = r.terms
  const st = out.style
  const L: string[] = [st.bold('How it was worked out'), ...traitEffectLines(m.traitEffects)]
  let n = 1
  const step = (s: string) => L.push(`${n++}. ${s}`)
  step(
    `Splits: the attacker rolls ${plural(m.atkSplit.attack, 'attack die', 'attack dice')} and ${plural(m.atkSplit.defense, 'defense die', 'defense dice')}; ` +
      `the defender ${plural(m.defSplit.attack, 'attack die', 'attack dice')} and ${plural(m.defSplit.defense, 'defense die', 'defense dice')} (each pool at most ${MAX_POOL}).`,
  )
  const searched = m.chosenBy && Object.values(m.chosenBy).some((c) => c !== 'flag')
  if (m.expectedChoice && searched) {
    const v = m.expectedChoice
    const after =
      m.openChoices && r.overwatch ? ', made after the overwatch (its damage, the Momentum it left)' : ''
    step(
      `Choices made by the search${after} maximise the attacker's expected damage dealt minus taken (capped at HP), the defender answering with its best: this one is expected to deal ${num(v.dealt, 1)} and take ${num(v.taken, 1)}.`,
    )
  }
  if (r.overwatch) {
    step(
      `Overwatch: ${plural(r.overwatch.shots.length, 'attack')} of ${m.situation.overwatch!.shots} shots at Acc ${m.situation.overwatch!.acc} vs the charger's Evade ${m.atk.unit.evade}: evade on ${r.overwatch.shots[0]?.targetNumber ?? '-'}+ ` +
        `(no Precision, Barrage, Dodge or Guard${m.atk.unit.shield ? `; the charger's shield blocks ${m.atk.unit.shield} per attack` : ''}). Damage ${r.overwatch.damage}${r.overwatch.momentumSpent ? `, ${r.overwatch.momentumSpent} Momentum spent` : ''}${r.overwatch.destroyed ? ': the charger is destroyed before reaching melee' : ''}.`,
    )
  }
  const improviseStep = (x: MeleeReroll, who: string, pool: string) =>
    step(
      `Improvise (once a round, spent on the attack): the ${who} may reroll up to ${x.allowed} of the ${pool} dice it just rolled, and picks the reroll with the best expected outcome of the strike for it (asked in a terminal, or --${who === 'attacker' ? 'atk' : 'def'}-reroll): ${x.dice.length ? `it rerolled ${x.pick.join(', ')} into ${x.faces.join(', ')}` : 'it kept its dice'}.`,
    )
  const strike = (x: StrikeResult, title: string) => {
    const s = x.strike
    const [striker, target] = s.striker === 'attacker' ? ['attacker', 'defender'] : ['defender', 'attacker']
    const hitP = Math.max(0, CRIT_FROM - s.hitOn) / MELEE_DIE
    step(
      `${title}: each of the ${striker}'s attack dice is a critical hit (${plural(CRIT_HITS, 'hit')}) on ${CRITS} (${num((100 * (MELEE_DIE + 1 - CRIT_FROM)) / MELEE_DIE)}%), a hit on ${s.hitOn}-${CRIT_FROM - 1} (${pct(hitP)}), a miss below ${s.hitOn}${s.hitOn !== 5 ? ' (5+ normally; Bold Leader -1, Swordsman +1)' : ''}.`,
    )
    if (s.desperation)
      step(
        `Desperation Attack: a face of 5 or more that three or more of the ${striker}'s attack dice show makes each of those dice a critical hit (melee criticals have no cap).`,
      )
    if (s.critsAsHits)
      step(
        `Invincible: the ${target} guards, so every critical against it (${CRITS}${s.desperation ? ', Desperation Attack' : ''}, Tactical Advantage) is a plain hit, 1 hit.`,
      )
    x.attackDice.forEach((d, i) =>
      L.push(
        `   die ${i + 1}: ${meleeGlyph(d, st)}  ${s.critsAsHits && (d.desperation || d.roll >= CRIT_FROM) ? `${d.desperation ? `three of a kind of ${d.roll}s` : CRITS}: critical, a plain hit (Invincible)` : d.desperation ? `three of a kind of ${d.roll}s (Desperation Attack): critical, ${plural(CRIT_HITS, 'hit')}` : d.outcome === 'crit' ? `${CRITS}: critical, ${plural(CRIT_HITS, 'hit')}` : d.outcome === 'hit' ? `${s.hitOn}+: hit` : `below ${s.hitOn}: miss`}`,
      ),
    )
    if (x.improvise?.attack) improviseStep(x.improvise.attack, striker, 'attack')
    step(
      `Hits = ${x.rolledHits} from the dice${s.bonusHits.length ? ` + ${bonusText(s.bonusHits)}` : ''} = ${x.hits}.`,
    )
    step(
      `The ${target}'s defense dice block on ${s.blockOn}+ (${pct((MELEE_DIE + 1 - s.blockOn) / MELEE_DIE)} each)${s.blockOn !== 5 ? ' (5+ normally; Bold Leader commander -1, against a Master Swordsman +1)' : ''}: ${x.defenseDice.map((d) => meleeGlyph(d, st)).join(' ') || 'none'}.`,
    )
    if (x.improvise?.defense) improviseStep(x.improvise.defense, target, 'defense')
    step(
      `Blocks = ${x.rolledBlocks} from the dice${s.bonusBlocks.length ? ` + ${bonusText(s.bonusBlocks)}` : ''} = ${x.blocks}${t.blindside && s.striker === 'attacker' && m.def.unit.shield ? ' (Blindside: the shield does not count)' : ''}.`,
    )
    step(
      `Hits left = ${x.hits} - ${x.blocks} = ${x.hitsLeft}${x.momentumSpent ? `; Skill Defense spends ${x.momentumSpent} Momentum (of at most ${s.momentum}) to negate ${plural(x.hitsLeft - x.unblockedHits, 'hit')}${s.warship ? ' (a warship pays 2 Momentum a hit)' : ''}` : ''}: ${plural(x.unblockedHits, 'unblocked hit')} x DMG ${s.dmg}${s.dmgBonuses?.length ? ` (with ${bonusText(s.dmgBonuses)} DMG)` : ''} = ${x.hitDamage}.`,
    )
    if (s.pen.value < 2) step(`Armor saves: PEN ${penText(s.pen)} is under 2, so none.`)
    else if (x.unblockedHits === 0) step('Armor saves: no unblocked hits, so none.')
    else {
      const size = s.pen.kind === 'push' ? 2 * s.size : 0
      const pen = s.penBonuses.length
        ? `PEN ${s.pen.value} (${s.pen.value - bonusTotal(s.penBonuses)} + ${bonusText(s.penBonuses)})`
        : `PEN ${s.pen.value}`
      step(
        `Armor saves: one per unblocked hit, at most ${s.warship ? '5 (a warship)' : '3'}: ${x.save.owed}. Target = ${pen} - ARM Sv ${s.armSv}${size ? ` - 2 x Size ${s.size}` : ''} = ${x.save.targetNumber}` +
          (x.save.targetNumber <= 1
            ? ': 1 or less passes automatically.'
            : `: each passes on ${x.save.targetNumber}+; ${plural(x.save.failedSaves, 'failure')}`) +
          (x.save.failedSaves
            ? failedKind(x.save) === 'stun'
              ? ', one action lost each.'
              : failedKind(x.save) === 'push'
                ? `: the ${target} is pushed out of melee.`
                : `, +1000 DMG each = ${x.save.damage}.`
            : x.save.targetNumber <= 1
              ? ''
              : '.'),
      )
    }
    step(`Damage to the ${target}: ${x.damage}.`)
  }
  if (r.attack) strike(r.attack, 'Attack')
  if (r.attack) {
    if (r.counter && !t.strikes.defender)
      step(
        'The defender is a warship without a Melee stat: its AA DEF dice only defend, so no counter-attack.',
      )
    else if (r.counter)
      step(
        `The defender ${m.def.unit.hp !== undefined ? `survives (${r.attack.damage} < HP ${m.def.unit.hp})` : 'survives (no --def-hp given)'} and was not pushed out, so it counter-attacks.`,
      )
    else if (r.counterSkipped === 'defender destroyed')
      step(`The defender is destroyed (${r.attack.damage} >= HP ${m.def.unit.hp}): no counter-attack.`)
    else if (r.counterSkipped === 'pushed out of melee')
      step('The defender was pushed out of melee: no counter-attack.')
  }
  if (r.counter && t.strikes.defender) strike(r.counter, 'Counter-attack')
  if (r.clash) {
    const a = r.attack?.damage ?? 0
    const c = r.counter?.damage ?? 0
    step(
      `Finishing Blow (level 1+ only): a side that dealt damage while taking none, or pushed its enemy out of melee, strikes for 1000 DMG (+1000 per Finisher). ` +
        `Attacker dealt ${a} and took ${c}; defender dealt ${c} and took ${a}. ` +
        (r.finishingBlow
          ? `The ${r.finishingBlow.by} strikes for ${r.finishingBlow.damage} (Finisher ${r.finishingBlow.by === 'attacker' ? m.atk.weapon.finisher : m.def.weapon.finisher}: ${r.finishingBlow.damage}).`
          : 'No Finishing Blow.'),
    )
  }
  step(`Attacker ${hpText(r.attacker, st)}; defender ${hpText(r.defender, st)}.`)
  return L.join('\n')
}

// ---------------------------------------------------------------------------------------------

export function renderMeleeOdds(o: MeleeOdds, m: ChoiceInfo, t: MeleeOddsTerms, out: RenderContext): string {
  const st = out.style
  const L: string[] = []
  L.push(
    st.bold(
      `Exact odds: attacker ${splitText(m.atkSplit)} (DMG ${m.atk.weapon.dmg}${m.atk.weapon.pen.value ? `, PEN ${penText(m.atk.weapon.pen)}` : ''}) vs defender ${splitText(m.defSplit)} (${!t.strikes.defender ? 'never attacks' : `DMG ${m.def.weapon.dmg}${m.def.weapon.pen.value ? `, PEN ${penText(m.def.weapon.pen)}` : ''}`})`,
    ),
  )
  L.push(choiceText(m, t))
  if (o.choices && o.choices.length > 1)
    L.push(
      `Open choices are made after the overwatch, per its outcome (above: when it does nothing): ${o.choices
        .map((x) => `${clashText(x.choice)} ${pct(x.chance)}`)
        .join('; ')}.`,
    )
  if (m.overwatchSkipped) L.push(st.dim('No overwatch: a blindsided defender cannot fire overwatch.'))
  const e = o.expected
  const rows: string[][] = [
    ['Expected damage to the defender (attack)', num(e.attack.damage, 2)],
    ['Expected damage to the attacker (counter)', num(e.counter.damage, 2)],
  ]
  if (o.overwatch)
    rows.push(
      ['Expected overwatch damage to the attacker', num(e.overwatchDamage, 2)],
      ['Chance the charger reaches melee', pct(o.clashChance)],
    )
  // A warship without a Melee stat never counter-attacks (its strike back has no dice, no hits).
  rows.push([
    'Chance of a counter-attack',
    t.strikes.defender ? pct(o.counterChance) : 'none (a warship without a Melee stat)',
  ])
  rows.push(
    ['Finishing Blow by the attacker', pct(o.finishingBlow.prob('attacker'))],
    ['Finishing Blow by the defender', pct(o.finishingBlow.prob('defender'))],
  )
  rows.push(
    ['Expected total damage to the defender', num(e.defenderDamage, 2)],
    ['Expected total damage to the attacker', num(e.attackerDamage, 2)],
  )
  if (o.destroyed.defender !== undefined)
    rows.push([`Defender destroyed (HP ${m.def.unit.hp})`, st.bold(pct(o.destroyed.defender))])
  if (o.destroyed.attacker !== undefined)
    rows.push([`Attacker destroyed (HP ${m.atk.unit.hp})`, st.bold(pct(o.destroyed.attacker))])
  L.push(columns(rows, out.width))
  const hist = (title: string, d: Distribution<number>, hp?: number) => {
    L.push('')
    // A strike alone that reaches the HP destroys (a Finishing Blow may add to it: the totals above).
    const cutoff = hp === undefined ? undefined : { at: hp, label: `this alone destroys at HP ${hp} or more` }
    L.push(histogram(d, st, out.width, { title, cutoff }))
  }
  if (o.overwatch) hist('Overwatch damage to the attacker', o.overwatch.damage, m.atk.unit.hp)
  hist('Attack damage to the defender', o.attack.damage, m.def.unit.hp)
  hist('Counter-attack damage to the attacker', o.counter.damage, m.atk.unit.hp)
  // Totals (with Finishing Blows and overwatch) are in the table above and in the JSON
  // (odds.defender.damage, odds.attacker.damage); their histograms only add length.
  return L.join('\n')
}

/** A distribution as "0 12.00%, 1 30.00%, …" (what a step of the explanation produces). */
function listed(d: Distribution<number>): string {
  return d
    .sorted()
    .map(([k, p]) => `${k} ${pctFixed(p)}`)
    .join(', ')
}

/**
 * Bonus terms, each with its sign, to follow a running sum: "+ attacker bonus 1 + Guard 1" to
 * add them, "- Guard 1 - shield 1" to take them away, or "+ 0" / "- 0".
 */
function signedTerms(sign: '+' | '-', terms: readonly Bonus[]): string {
  const used = terms.filter((t) => t.amount)
  return used.length ? used.map((t) => `${sign} ${t.source} ${t.amount}`).join(' ') : `${sign} 0`
}

const ATTACK_DIE = ['miss', 'hit', 'critical'] as const

/** An attack die class's name: miss, hit, critical, or (Desperation Attack) the face itself. */
const attackClassName = (c: number): string => (c <= 2 ? ATTACK_DIE[c] : withArticle(String(c)))

/**
 * The Momentum Skill Defense has against a strike, as the odds count it: the attack's is the
 * defender's own; the counter-attack's what the overwatch left the charger, which may differ by
 * the overwatch's outcome (then each amount is listed with its chance, given a counter-attack).
 */
function momentumText(t: StrikeOddsTerms | CounterOddsTerms): string {
  const left = 'momentum' in t ? t.momentum : null
  if (left && left.size > 1)
    return `, then the Momentum the overwatch left the charger (${listed(left)}, given a counter-attack) negates one hit each (Skill Defense)`
  const n = t.strike.momentum
  return n ? `, then up to ${n} Momentum negates one hit each (Skill Defense)` : ''
}

/** One strike's odds, stage by stage: its two pools, the tally, the saves, the damage. */
function strikeSteps(
  lead: string,
  title: string,
  t: StrikeOddsTerms | CounterOddsTerms,
  report: StrikeOdds,
  expected: number,
): string[] {
  const s = t.strike
  const [striker, target] = s.striker === 'attacker' ? ['attacker', 'defender'] : ['defender', 'attacker']
  const L: string[] = [
    `${lead} ${title}: the ${striker}'s ${plural(s.attackDice, 'attack die', 'attack dice')} against the ${target}'s ${plural(s.defenseDice, 'defense die', 'defense dice')}.`,
    `   Each attack die, by face (hits on ${s.hitOn}+, criticals on ${CRITS} count ${plural(CRIT_HITS, 'hit')}${s.desperation ? `; with Desperation Attack each face ${DESPERATION_FROM}-${CRIT_FROM - 1} is counted apart, as three of a kind of it are criticals` : ''}):`,
    ...poolLines({
      n: s.attackDice,
      sides: MELEE_DIE,
      classify: (f) => t.attackFaces[f - 1],
      name: (c) => (c === 2 ? `critical: ${plural(CRIT_HITS, 'hit')}` : attackClassName(c)),
      count: (c, k) => `${k} ${attackClassName(c)}${k === 1 ? '' : c === 0 ? 'es' : 's'}`,
      made: (counts) => `${t.rolledHits(counts)} rolled hits`,
    }),
    ...(s.attackRerolls
      ? [
          `   Improvise: the ${striker} then rerolls up to ${s.attackRerolls} of these dice, the pick best for it by the strike's expected damage (then the chance to destroy, then failed saves), counted anew for each way the dice fall; the rerolled dice are a new pool.`,
        ]
      : []),
    `   Each defense die, by face (blocks on ${s.blockOn}+):`,
    ...poolLines({
      n: s.defenseDice,
      sides: MELEE_DIE,
      classify: (f) => t.defenseFaces[f - 1],
      name: (c) => (c === 1 ? 'block' : 'nothing'),
      count: (c, k) => (c === 1 ? plural(k, 'block') : `${k} nothing`),
      made: (counts) => plural(counts.get(1) ?? 0, 'rolled block'),
    }),
    ...(s.defenseRerolls
      ? [
          `   Improvise: the ${target} then rerolls up to ${s.defenseRerolls} dice that did not block${s.defenseReroll ? ' and Unbeaten did not reroll already' : ''}, its best pick against the hits rolled; so the blocks are counted for each number of rolled hits, not independently of them.`,
        ]
      : []),
    `   Unblocked hits = rolled hits ${signedTerms('+', s.bonusHits)} - rolled blocks ${signedTerms('-', s.bonusBlocks)}, never below 0${momentumText(t)}. The two pools are independent: each pair of counts multiplies its chances, and the pairs that leave the same unblocked hits are added: ${listed(report.unblockedHits)}${s.striker === 'defender' ? ' (0 includes no counter-attack at all)' : ''}.`,
  ]
  if (!t.saves) L.push(`   PEN ${penText(s.pen)} is under 2: no armor saves.`)
  else {
    const saves = saveOddsSteps(t.saves.spec, t.saves.terms, report.failedSaves, '  ')
    saves[0] = `   ${saves[0].trim()} The worked row uses ${plural(t.saves.unblockedHits, 'unblocked hit')}.`
    L.push(...saves)
  }
  L.push(
    `   Damage = unblocked hits x ${s.dmg}${s.pen.kind === 'damage' && s.pen.value >= 2 ? ' + 1000 per failed save' : ''}: expected ${num(expected, 2)}.`,
  )
  return L
}

/**
 * melee --odds --explain: each strike's pools by the rule's own face classes (attackDieClass,
 * defenseDieClass, in the terms the report worked out) with a worked row, the tally and saves,
 * then when the counter-attack and a Finishing Blow happen, the totals and the HP cut-offs, with
 * the chances the odds found.
 */
export function explainMeleeOdds(
  o: MeleeOdds,
  m: Melee & Traced,
  t: MeleeOddsTerms,
  out: RenderContext,
): string {
  const st = out.style
  const L: string[] = [st.bold('How these odds are worked out'), ...traitEffectLines(m.traitEffects)]
  let step = 1
  const owAttacks = t.overwatchAttacks
  if (owAttacks > 0)
    L.push(
      `${step++}. Overwatch: the defender first fires ${plural(owAttacks, 'overwatch attack')} at the charger, each a shooting attack counted as shoot --odds --explain shows (evade dice, blocks, saves), one after the other with the Momentum the charger has left. A charger it destroys never strikes: it reaches melee ${pctFixed(o.clashChance)} of the time.`,
    )
  if (o.choices && owAttacks > 0)
    L.push(
      `${step++}. The open choices (splits, Counter/Guard) are made after the overwatch, knowing what it did: after each of its outcomes (the charger's HP left, its Momentum and Improvise left) the search picks them as it would with no overwatch; the strikes below are shown with the choice made when the overwatch does nothing.`,
    )
  L.push(...strikeSteps(`${step++}.`, 'The attack', t.attack, o.attack, o.expected.attack.damage))
  L.push(
    ...strikeSteps(
      `${step++}.`,
      `The counter-attack, which happens only when the defender survives the attack and is not pushed out of melee (${pctFixed(o.counterChance)})`,
      t.counter,
      o.counter,
      o.expected.counter.damage,
    ),
  )
  L.push(
    `${step++}. Finishing Blow: a level 1+ side that dealt damage while taking none back, or pushed its enemy out, strikes once more for ${FINISHING_BLOW_DMG} DMG (+${FINISHING_BLOW_DMG} per Finisher level), never at a unit already destroyed. Each pair of an attack and a counter-attack outcome decides it: by the attacker ${pctFixed(o.finishingBlow.prob('attacker'))}, by the defender ${pctFixed(o.finishingBlow.prob('defender'))}.`,
  )
  L.push(
    `${step++}. Totals: the defender takes the attack and the attacker's Finishing Blow (expected ${num(o.expected.defenderDamage, 2)}); the attacker takes ${owAttacks ? 'overwatch, ' : ''}the counter-attack and the defender's Finishing Blow (expected ${num(o.expected.attackerDamage, 2)}).`,
  )
  for (const [side, hp] of [
    ['defender', m.def.unit.hp],
    ['attacker', m.atk.unit.hp],
  ] as const) {
    const p = o.destroyed[side]
    if (hp !== undefined && p !== undefined)
      L.push(
        `${step++}. The ${side}'s HP ${hp}: destroyed when its total damage reaches ${hp}; the chances of ${hp} and more add up to ${pctFixed(p)}.`,
      )
  }
  return L.map((l) => wrapText(l, out.width, /^\d/.test(l) ? '   ' : '  ')).join('\n')
}

/** The text of `mecha melee` (the model: src/models/stellar/melee.ts). */
export const meleeText = defineText({
  render: renderMelee,
  explain: explainMelee,
  odds: oddsText(renderMeleeOdds),
  explainOdds: oddsText(explainMeleeOdds),
})
