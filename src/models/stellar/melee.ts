import { withArticle } from '../../core/text.js'
import { InputError } from '../../core/errors.js'
import {
  type AttackOutcome,
  type CounterSkipped,
  type DefChoice,
  type FinishingBlow,
  type Melee,
  type MeleeResult,
  type MeleeReroll,
  type MeleeRerollQuestion,
  type MomentumQuestion,
  type SideOutcome,
  type Split,
  type Strike,
  type StrikeDie,
  type StrikeResult,
  OVERWATCH_START,
  meleeGuard,
  momentumLeft,
  overwatchAttacks,
  strikeSaveSpec,
} from '../../rules/stellar/melee.js'
import { resolveMelee } from '../../rules/stellar/melee-flow.js'
import { walk } from '../../core/exact.js'
import { type SaveRoll, resolveArmorSaves } from '../../rules/stellar/armor-save.js'
import { splitsOf } from '../../rules/stellar/melee-odds.js'
import { type MeleeOdds as ChargeOdds, meleeOdds } from '../../rules/stellar/melee-flow.js'
import {
  type ChoiceSpace,
  type ClashQuestion,
  type ClashValue,
  type Option,
  MeleeChoice,
  clashChoice,
  clashSearch,
  clashSpace,
} from '../../rules/stellar/melee-choice.js'
import { type Bonus, attackerBonus, defenderBonus } from '../../rules/stellar/weapon.js'
import type { EvadeReroll } from '../../rules/stellar/shoot.js'
import { type TraitEffect } from '../../rules/stellar/traits.js'
import { num, pct } from '../../core/numbers.js'
import {
  type ChoiceContext,
  type ChoiceOption,
  type ChosenBy,
  type CompareReport,
  type ComparedChoice,
  type ComparedOption,
  type OddsReport,
  isOpen,
  runSteps,
  modelOf,
} from '../../runtime/spec.js'
import type {
  Chances,
  CompareAnswerOf,
  NamedAnswer,
  OddsAnswerOf,
  RolledAnswerOf,
} from '../../runtime/answer.js'
import { momentumOptions } from './momentum-options.js'
import { type MeleeOddsTerms, type MeleeTerms, meleeOddsTerms, meleeTerms } from './melee-terms.js'
import { type SaveFields, saveFields } from './save-fields.js'
import type { ShotDie } from './shoot.js'

/** A split or reaction left open: asked in a terminal ('ask'), or chosen automatically. */
type Open = 'ask' | 'auto' | undefined
export type OpenSplit = Split | 'ask' | 'auto'

/** A clash with every choice made, and how each was made. */
export interface MeleeRequest extends Melee {
  chosenBy: {
    atkSplit: ChosenBy
    defSplit: ChosenBy
    defChoice: ChosenBy
    atkMomentum: ChosenBy
    defMomentum: ChosenBy
    /** A side's Improvise pick, when it has Improvise. */
    atkReroll?: ChosenBy
    defReroll?: ChosenBy
  }
  /** Which sides gave a Momentum flag (the others may be asked after the dice). */
  momentumGiven: { atk: boolean; def: boolean }
  /** The defender may take both Counter and Guard (Solo Operative). */
  soloOperative: boolean
  /** Overwatch was asked for but the defender is blindsided. */
  overwatchSkipped: boolean
  /** Expected outcome of the chosen splits and choice (from the choice search), when searched. */
  expectedChoice?: ClashValue
  /** Each side's traits as NAME or NAME=CHOICE, its switches included; their effects are in its fields. */
  traits: Record<'attacker' | 'defender', string[]>
  /** What each of those traits did to its side. */
  traitEffects: TraitEffect[]
  /** --atk-trait, --def-trait or "It's not over yet!" was given: the JSON lists the traits and the saves' rerolls. */
  traitFieldsUsed: boolean
}

/** The clash as the command line gives it: the splits and the defender's reaction may be open. */
export type MeleeQuery = Omit<MeleeRequest, 'atkSplit' | 'defSplit' | 'defChoice'> & {
  atkSplit: OpenSplit
  defSplit: OpenSplit
  defChoice: DefChoice | 'ask' | 'auto'
}

// ---------------------------------------------------------------------------------------------
// The answers' types

/** The choices of a clash as every answer of it lists them (choicesJson). */
export interface MeleeChoicesFields {
  atkSplit: Split
  defSplit: Split
  defChoice: DefChoice
  chosenBy: MeleeRequest['chosenBy']
  atkBonus: number
  defBonus: number
  /** With a trait flag or "It's not over yet!" (traitFieldsUsed): every trait of each side. */
  traits?: MeleeRequest['traits']
  traitEffects?: TraitEffect[]
  /** With a warship on either side. */
  warship?: { attacker: boolean; defender: boolean }
}

/** A die of a strike's `attackDice` or `defenseDice`. */
export interface PoolDie {
  roll: number
  outcome: AttackOutcome | 'block'
  /** A critical by Desperation Attack. */
  desperation?: true
  /** Its face before it was rerolled (Unbeaten, Improvise). */
  rerolledFrom?: number
}

/** The dice a side rerolled by Improvise: how many it could, which (indexes in the pool), their new faces. */
export interface ImproviseReroll {
  allowed: number
  dice: number[]
  faces: number[]
}

/** One strike as its answer lists it: melee's attack and counter-attack, titan-throw's attack. */
export interface StrikeFields extends SaveFields {
  /** Every die, the attack's then the defense's. */
  dice: StrikeDie[]
  attackDice: PoolDie[]
  defenseDice: PoolDie[]
  hitOn: number
  blockOn: number
  crits: number
  rolledHits: number
  /** Every trait's and the situation's hits. */
  bonusHits: Bonus[]
  hits: number
  rolledBlocks: number
  bonusBlocks: Bonus[]
  blocks: number
  momentumSpent: number
  unblockedHits: number
  hitDamage: number
  /** The target was pushed out of melee. */
  pushedOut: boolean
  damage: number
  /** With the trait fields: the failed saves rolled again, and those "It's not over yet!" cancelled. */
  rerolls?: SaveRoll[]
  negated?: number
  /** The PEN the weapon gained (Giant Slayer, Mechanics Expert, Mastermind, Havoc). */
  penBonuses?: Bonus[]
  /** The DMG the weapon gained (Mechanics Expert or Mastermind `=dmg`), already in its DMG. */
  dmgBonuses?: Bonus[]
  /** Against Invincible guarding: its criticals counted as hits. */
  critsAsHits?: true
  /** With Improvise on either side. */
  improvise?: { attack: ImproviseReroll | null; defense: ImproviseReroll | null }
}

/** One overwatch attack at the charger. */
export interface OverwatchAttack {
  targetNumber: number
  dice: ShotDie[]
  /** The charger's evade rerolls, when it had any. */
  reroll?: EvadeReroll
  hits: number
  blocks: number
  momentumSpent: number
  unblockedHits: number
  saves: SaveRoll[]
  failedSaves: number
  damage: number
}

/** One roll of a charge: its answer's own fields. */
export interface MeleeFields extends MeleeChoicesFields {
  blindside: boolean
  /** null when the defender fired none. */
  overwatch: {
    attacks: OverwatchAttack[]
    damage: number
    momentumSpent: number
    destroyed: boolean
  } | null
  /** Overwatch asked for but the defender is blindsided. */
  overwatchSkipped: 'blindside' | null
  /** False when overwatch destroyed the charger. */
  clash: boolean
  attack: StrikeFields | null
  counter: StrikeFields | null
  counterSkipped: CounterSkipped | null
  finishingBlow: FinishingBlow | null
  attacker: SideOutcome
  defender: SideOutcome
}

/** A strike's odds. */
export interface StrikeOddsJson {
  damage: Chances
  unblockedHits: Chances
  failedSaves: Chances
}

/** A yes/no chance as a map, like every other entry under `odds`. */
interface YesNo {
  false: number
  true: number
}

/** The exact odds of a charge: the answer's `odds`. */
export interface MeleeOddsJson {
  /** The attack's strike (0 when there is no clash). */
  attack: StrikeOddsJson
  /** The counter-attack (0 when there is none). */
  counter: StrikeOddsJson
  finishingBlow: Chances
  /** All the damage each side takes. */
  defender: { damage: Chances }
  attacker: { damage: Chances }
  expected: ChargeOdds['expected'] & {
    counterChance: number
    /** With overwatch: the chance the charger reaches melee. */
    clashChance?: number
    /** With a side's HP: the chance it is destroyed. */
    destroyed?: ChargeOdds['destroyed']
  }
  /** With overwatch. */
  overwatch?: { damage: Chances }
  /** With a side's HP. */
  destroyed?: { attacker?: YesNo; defender?: YesNo }
}

/** A choice of the clash made after the overwatch, and its chance over the overwatch's outcomes. */
export interface OverwatchChoice {
  atkSplit: Split
  defSplit: Split
  defChoice: DefChoice
  chance: number
}

/** The fields beside a charge's odds. */
export interface MeleeOddsExtra extends MeleeChoicesFields {
  blindside: boolean
  overwatchSkipped: 'blindside' | null
  /**
   * With choices left open and overwatch fired: they are made after it, per overwatch outcome;
   * each choice made with its chance, most often first (they add up to the chance of a clash).
   * `atkSplit`, `defSplit` and `defChoice` are then the choice made when the overwatch does nothing.
   */
  overwatchChoices?: OverwatchChoice[]
}

/** The fields beside a charge's `--compare` (every option names its own splits and reaction). */
export interface MeleeCompareExtra {
  atkBonus: number
  defBonus: number
  blindside: boolean
  overwatchSkipped: 'blindside' | null
  traits?: MeleeRequest['traits']
  traitEffects?: TraitEffect[]
}

/** The choices an option of a charge's `--compare` makes. */
export interface MeleeCompareChoices {
  atkSplit: Split
  defSplit: Split
  defChoice: DefChoice
}

// ---------------------------------------------------------------------------------------------
// Choices

const splitText = (s: Split) => `${s.attack}/${s.defense}`
const choiceLabel = (c: DefChoice, m: Melee) => {
  const counter = defenderBonus(m.def.unit.pilot)
  const guard = meleeGuard(m.def)
  if (c === 'counter') return `Counter (+${counter} hit)`
  if (c === 'guard') return `Guard (+${guard} block)`
  return guard === counter
    ? `Counter and Guard (+${counter} each)`
    : `Counter and Guard (+${counter} hit, +${guard} blocks)`
}

/**
 * What an option is worth from the chooser's side: first the value the automatic choice ranks
 * by, the net expected damage (dealt minus taken, each capped at the target's HP when known:
 * damage past destruction is worth nothing), with its two parts; then the chances of destroying
 * and of being destroyed (the next thing ranked), where the HP is known.
 */
function sideView(v: ClashValue, m: Melee, side: 'attacker' | 'defender') {
  const atkView = side === 'attacker'
  const enemyHp = atkView ? m.def.unit.hp : m.atk.unit.hp
  const ownHp = atkView ? m.atk.unit.hp : m.def.unit.hp
  return {
    dealt: atkView ? v.dealtCapped : v.takenCapped,
    taken: atkView ? v.takenCapped : v.dealtCapped,
    capped: m.def.unit.hp !== undefined || m.atk.unit.hp !== undefined,
    destroys: enemyHp === undefined ? [] : [`destroys ${pct(atkView ? v.defDestroyed : v.atkDestroyed)}`],
    destroyed: ownHp === undefined ? [] : [`destroyed ${pct(atkView ? v.atkDestroyed : v.defDestroyed)}`],
  }
}

/** An option's value written out in full, as --compare lists it. */
export function hint(v: ClashValue, m: Melee, side: 'attacker' | 'defender'): string {
  const w = sideView(v, m, side)
  return [
    `net ${signed(w.dealt - w.taken)} DMG expected (deals ${num(w.dealt, 1)} - takes ${num(w.taken, 1)}${w.capped ? ', capped at HP' : ''})`,
    ...w.destroys,
    ...w.destroyed,
  ].join('; ')
}

/** An option's value at a prompt: short beside it (the line fits 80 columns), its parts under the list. */
function promptHint(
  v: ClashValue,
  m: Melee,
  side: 'attacker' | 'defender',
): { hint: string; detail: string } {
  const w = sideView(v, m, side)
  return {
    hint: [`net ${signed(w.dealt - w.taken)} DMG`, ...w.destroys, ...w.destroyed].join(', '),
    detail: `net: deals ${num(w.dealt, 1)} - takes ${num(w.taken, 1)} DMG expected${w.capped ? ', each capped at HP' : ''}`,
  }
}

/** The net value from one side, as hints write it: +362.2, -40. */
function signed(x: number): string {
  const t = num(x, 1)
  return t.startsWith('-') || t === '0' ? t : `+${t}`
}

/**
 * The clash with a stand-in for each open choice (the first split, Counter), which the search
 * replaces: a copy of the request, every choice made.
 */
function standIn(req: MeleeQuery): MeleeRequest {
  return {
    ...req,
    atkSplit: isOpen(req.atkSplit) ? splitsOf(req.atk.unit.melee!)[0] : req.atkSplit,
    defSplit: isOpen(req.defSplit) ? splitsOf(req.def.unit.melee!)[0] : req.defSplit,
    defChoice: isOpen(req.defChoice) ? 'counter' : req.defChoice,
    chosenBy: { ...req.chosenBy },
  }
}

/** The options of each choice: every split of an open pool, every reaction the defender may take. */
function choiceSpace(m: MeleeRequest, atkSplit: Open, defSplit: Open, defChoice: Open): ChoiceSpace {
  return {
    atkSplits: atkSplit ? splitsOf(m.atk.unit.melee!) : [m.atkSplit],
    defSplits: defSplit ? splitsOf(m.def.unit.melee!) : [m.defSplit],
    defChoices: defChoice
      ? m.soloOperative
        ? ['counter', 'guard', 'both']
        : ['counter', 'guard']
      : [m.defChoice],
  }
}

/**
 * --compare: the options of each open choice, in the order they are made (the attacker's split
 * against the defender's best reply to each; then, against the best split, the defender's
 * reaction with its best split, and its split for the best reaction), ranked by MeleeChoice as
 * the automatic choice ranks them, each with the exact odds of its charge (meleeOddsReport).
 */
function compareMelee(req: MeleeQuery): CompareReport<MeleeCompareExtra, MeleeCompareChoices, MeleeOddsJson> {
  const open = (c: unknown): Open => (isOpen(c) ? c : undefined)
  const [atkOpen, defSplitOpen, defChoiceOpen] = [open(req.atkSplit), open(req.defSplit), open(req.defChoice)]
  if (!atkOpen && !defSplitOpen && !defChoiceOpen)
    throw new InputError(
      'bad-usage',
      '--compare: --atk-split, --def-split and --def-choice are all given, so no choice is left to compare; leave one out',
    )
  const m = standIn(req)
  const space = choiceSpace(m, atkOpen, defSplitOpen, defChoiceOpen)
  const search = new MeleeChoice(m)
  const hp = m.def.unit.hp !== undefined || m.atk.unit.hp !== undefined
  const quantity = 'net expected damage'
  const ranking = (side: 'attacker' | 'defender') =>
    `damage the ${side} deals minus damage it takes in the clash${hp ? ', each capped at the HP' : ''}` +
    `${m.situation.overwatch && !m.overwatchSkipped ? ' (overwatch left out)' : ''}; more is better for the ${side}; ties: the chance of destroying minus being destroyed`
  const option = (
    o: Option,
    side: 'attacker' | 'defender',
    best: boolean,
    label: string,
  ): ComparedOption<MeleeCompareChoices, MeleeOddsJson> => {
    const chosen = { ...m }
    chosen.atkSplit = o.atkSplit
    chosen.defSplit = o.defSplit
    chosen.defChoice = o.defChoice
    return {
      name: `atk ${splitText(o.atkSplit)} def ${splitText(o.defSplit)} ${o.defChoice}`,
      label,
      value: side === 'attacker' ? o.value.score[0] : -o.value.score[0],
      valueText: hint(o.value, m, side),
      best,
      choices: { atkSplit: { ...o.atkSplit }, defSplit: { ...o.defSplit }, defChoice: o.defChoice },
      odds: meleeOddsReport(chosen),
    }
  }
  const reply = (o: Option) =>
    `${choiceLabel(o.defChoice, m).replace(/ \(.*\)$/, '')} ${splitText(o.defSplit)}`
  const choices: Array<ComparedChoice<MeleeCompareChoices, MeleeOddsJson>> = []
  if (atkOpen) {
    const ranked = search.rankAttacker(space)
    const vs = defSplitOpen || defChoiceOpen ? ", each against the defender's best reply" : ''
    choices.push({
      question: `Attacker's split of Melee ${m.atk.unit.melee}${vs}`,
      quantity,
      ranking: ranking('attacker'),
      options: ranked.map((o, i) =>
        option(o, 'attacker', i === 0, `${splitText(o.atkSplit)} (defender: ${reply(o)})`),
      ),
    })
    m.atkSplit = ranked[0].atkSplit
    space.atkSplits = [m.atkSplit]
  }
  if (defChoiceOpen || defSplitOpen) {
    const ranked = search.rankDefender(m.atkSplit, space)
    if (defChoiceOpen) {
      // Each reaction with its best split, in the ranking's order.
      const perChoice = ranked.filter((o, i) => ranked.findIndex((x) => x.defChoice === o.defChoice) === i)
      choices.push({
        question: `Defender's reaction to ${withArticle(splitText(m.atkSplit))} attack${defSplitOpen ? ', each with its best split' : ''}`,
        quantity,
        ranking: ranking('defender'),
        options: perChoice.map((o, i) =>
          option(o, 'defender', i === 0, `${choiceLabel(o.defChoice, m)}, split ${splitText(o.defSplit)}`),
        ),
      })
      space.defChoices = [perChoice[0].defChoice]
    }
    if (defSplitOpen) {
      const forChoice = ranked.filter((o) => o.defChoice === space.defChoices[0])
      choices.push({
        question: `Defender's split of Melee ${m.def.unit.melee} with ${space.defChoices[0]} against ${withArticle(splitText(m.atkSplit))} attack`,
        quantity,
        ranking: ranking('defender'),
        options: forChoice.map((o, i) => option(o, 'defender', i === 0, splitText(o.defSplit))),
      })
    }
  }
  // What every option shares; each option names its own splits and reaction.
  const extra: MeleeCompareExtra = {
    atkBonus: attackerBonus(m.atk.unit.pilot),
    defBonus: defenderBonus(m.def.unit.pilot),
    blindside: m.situation.blindside,
    overwatchSkipped: overwatchSkipped(m),
  }
  if (m.traitFieldsUsed) extra.traits = { attacker: [...m.traits.attacker], defender: [...m.traits.defender] }
  if (m.traitEffects.length) extra.traitEffects = m.traitEffects
  return { extra, choices }
}

/**
 * Settle the open choices: the attacker's split first (against the defender's best answer), then
 * the defender's Counter/Guard and split against that split. In a terminal each missing flag is
 * asked, options shown with their exact expected damage dealt and taken.
 */
/** The choices of a clash: at once when nobody is asked (batch, the library), else after the prompts. */
export function chooseMelee(req: MeleeQuery, ctx: ChoiceContext): MeleeRequest | Promise<MeleeRequest> {
  return runSteps(meleeChoices(req, ctx))
}

function* meleeChoices(req: MeleeQuery, ctx: ChoiceContext): Generator<unknown, MeleeRequest, any> {
  const openAtkSplit: Open = isOpen(req.atkSplit) ? req.atkSplit : undefined
  const openDefSplit: Open = isOpen(req.defSplit) ? req.defSplit : undefined
  const openDefChoice: Open = isOpen(req.defChoice) ? req.defChoice : undefined
  const m = standIn(req)
  // Skill Defense without a Momentum flag, and an Improvise pick without --atk-reroll or
  // --def-reroll, are asked after the dice, when someone can answer.
  const asked: string[] = []
  if (ctx.interactive && (!m.momentumGiven.atk || !m.momentumGiven.def)) {
    m.momentumAsked = { atk: !m.momentumGiven.atk, def: !m.momentumGiven.def }
    asked.push('atk-momentum', 'def-momentum')
  }
  if (ctx.interactive) {
    if (m.chosenBy.atkReroll === 'auto') asked.push('atk-reroll')
    if (m.chosenBy.defReroll === 'auto') asked.push('def-reroll')
  }
  if (!openAtkSplit && !openDefSplit && !openDefChoice) {
    if (asked.length) m.askDecisions = asked
    return m
  }
  const ask = (o: Open) => o === 'ask' && ctx.interactive
  if (overwatchAttacks(m) > 0) {
    // Overwatch comes first: the open choices are made in the charge after it (its clash stage),
    // asked then or chosen per overwatch outcome. The request holds the choice made when the
    // overwatch does nothing (the odds' head, and the stand-in until the roll).
    m.openChoices = { atkSplit: !!openAtkSplit, defSplit: !!openDefSplit, defChoice: !!openDefChoice }
    Object.assign(m, clashChoice(m, OVERWATCH_START))
    m.expectedChoice = clashSearch(m).value(m.atkSplit, m.defSplit, m.defChoice)
    if (ask(openAtkSplit)) asked.push('atk-split')
    if (ask(openDefChoice)) asked.push('def-choice')
    if (ask(openDefSplit)) asked.push('def-split')
    if (asked.length) m.askDecisions = asked
    return m
  }
  if (asked.length) m.askDecisions = asked
  const space = choiceSpace(m, openAtkSplit, openDefSplit, openDefChoice)
  const search = new MeleeChoice(m)
  let chosen: Option | undefined

  if (openAtkSplit) {
    // The whole ranking only when a prompt shows it; otherwise just the best split.
    if (ask(openAtkSplit)) {
      const q = atkSplitQuestion(m, search, space, !!(openDefSplit || openDefChoice))
      const pick = yield ctx.select(q.message, q.options, q.best)
      m.chosenBy.atkSplit = 'prompt'
      m.atkSplit = pick
      chosen = q.bySplit.find((o) => o.atkSplit === pick)
    } else {
      chosen = search.bestAttacker(space)
      m.atkSplit = chosen.atkSplit
    }
    space.atkSplits = [m.atkSplit]
  }

  if (openDefChoice || openDefSplit) {
    const ranked = search.rankDefender(m.atkSplit, space)
    if (openDefChoice) {
      if (ask(openDefChoice)) {
        const q = defChoiceQuestion(m, ranked, space, !!openDefSplit)
        m.defChoice = yield ctx.select(q.message, q.options, q.best)
        m.chosenBy.defChoice = 'prompt'
      } else m.defChoice = ranked[0].defChoice
      space.defChoices = [m.defChoice]
    }
    const forChoice = ranked.filter((o) => o.defChoice === m.defChoice)
    if (openDefSplit) {
      if (ask(openDefSplit)) {
        const q = defSplitQuestion(m, forChoice, space)
        m.defSplit = yield ctx.select(q.message, q.options, q.best)
        m.chosenBy.defSplit = 'prompt'
      } else m.defSplit = forChoice[0].defSplit
    }
    chosen = forChoice.find((o) => o.defSplit === m.defSplit)
  }
  m.expectedChoice = chosen?.value ?? search.value(m.atkSplit, m.defSplit, m.defChoice)
  return m
}

/** A prompt of one of the clash's choices: its question, its options with their values, the best. */
interface ClashPrompt<T> {
  message: string
  options: Array<ChoiceOption<T>>
  best: T
}

/** The attacker's split, each against the defender's best reply (when the defender has a choice left). */
function atkSplitQuestion(
  m: MeleeRequest,
  search: MeleeChoice,
  space: ChoiceSpace,
  replies: boolean,
): ClashPrompt<Split> & { bySplit: Option[] } {
  const ranked = search.rankAttacker(space)
  const best = ranked[0]
  const bySplit = space.atkSplits.map((s) => ranked.find((o) => o.atkSplit === s)!)
  return {
    message: `Attacker's split of Melee ${m.atk.unit.melee} (attack/defense dice)${replies ? ' vs the best reply' : ''}`,
    options: bySplit.map((o) => ({
      value: o.atkSplit,
      label: `${splitText(o.atkSplit)}${o === best ? ' (best)' : ''}`,
      ...promptHint(o.value, m, 'attacker'),
    })),
    best: best.atkSplit,
    bySplit,
  }
}

/** The defender's reaction, each with its best split when its split is open too (`ranked`: rankDefender). */
function defChoiceQuestion(
  m: MeleeRequest,
  ranked: Option[],
  space: ChoiceSpace,
  splitOpen: boolean,
): ClashPrompt<DefChoice> {
  const perChoice = space.defChoices.map((c) => ranked.find((o) => o.defChoice === c)!)
  const best = ranked[0]
  return {
    message: `Defender's reaction to ${withArticle(splitText(ranked[0].atkSplit))} attack: ${choiceLabel('counter', m)}, ${choiceLabel('guard', m)}${splitOpen ? '; each with its best split' : ''}`,
    options: perChoice.map((o) => ({
      value: o.defChoice,
      label: `${choiceLabel(o.defChoice, m).replace(/ \(.*\)$/, '')}${o === best ? ' (best)' : ''}`,
      ...promptHint(o.value, m, 'defender'),
    })),
    best: best.defChoice,
  }
}

/** The defender's split with its reaction (`forChoice`: the ranking's options with that reaction). */
function defSplitQuestion(m: MeleeRequest, forChoice: Option[], space: ChoiceSpace): ClashPrompt<Split> {
  const best = forChoice[0]
  const bySplit = space.defSplits.map((s) => forChoice.find((o) => o.defSplit === s)!)
  return {
    message: `Defender's split of Melee ${m.def.unit.melee} (attack/defense dice) with ${best.defChoice}`,
    options: bySplit.map((o) => ({
      value: o.defSplit,
      label: `${splitText(o.defSplit)}${o === best ? ' (best)' : ''}`,
      ...promptHint(o.value, m, 'defender'),
    })),
    best: best.defSplit,
  }
}

/** The clash's choices that are asked after the overwatch, in the order they are asked. */
const CLASH_DECISIONS = ['atk-split', 'def-choice', 'def-split'] as const
type ClashDecision = (typeof CLASH_DECISIONS)[number]

/**
 * What the overwatch did, as the first of the clash's prompts says before its question: each
 * attack's dice and damage, then the charger's HP left, Momentum and Improvise.
 */
function overwatchText(q: ClashQuestion, m: MeleeRequest): string {
  const attacks = q.shots
    .map((r, i) => `#${i + 1} ${r.dice.map((d) => d.roll).join(' ')}: ${r.damage} DMG`)
    .join('; ')
  const hp =
    m.atk.unit.hp === undefined
      ? `took ${q.ow.damage} DMG`
      : `took ${q.ow.damage} DMG, ${m.atk.unit.hp - q.ow.damage} HP left`
  const momentum = m.atk.unit.momentum ? `, ${momentumLeft(m, q.ow)} Momentum left` : ''
  const improvise = m.atk.mods.improvise ? `, Improvise ${q.ow.improvised ? 'spent' : 'kept'}` : ''
  // A stun weapon's failed saves cost actions (the clash reads none of them: clashChoice).
  const lost = q.shots.reduce((n, r) => n + r.save.actionsLost, 0)
  const stun = lost ? `, ${lost} action${lost === 1 ? '' : 's'} lost to stun` : ''
  return `Overwatch (${attacks}): the charger ${hp}${momentum}${improvise}${stun}.`
}

/**
 * One of the clash's choices asked after the overwatch (Melee.openChoices): the options ranked by
 * the search after what the overwatch did, as the automatic choice ranks them; the first question
 * asked shows the overwatch.
 */
async function decideClash(
  id: ClashDecision,
  q: ClashQuestion,
  m: MeleeRequest,
  ctx: ChoiceContext,
): Promise<unknown> {
  const search = clashSearch(m, q.ow)
  const space = clashSpace(m)
  const asked = Array.isArray(m.askDecisions) ? m.askDecisions : []
  const first = CLASH_DECISIONS.find((d) => asked.includes(d)) === id
  const ask = <T>(p: ClashPrompt<T>) =>
    ctx.select(first ? `${overwatchText(q, m)} ${p.message}` : p.message, p.options, p.best)
  if (id === 'atk-split') {
    const open = m.openChoices!
    const answer = await ask(atkSplitQuestion(m, search, space, open.defSplit || open.defChoice))
    m.chosenBy.atkSplit = 'prompt'
    return answer
  }
  const ranked = search.rankDefender(q.atkSplit!, { ...space, atkSplits: [q.atkSplit!] })
  if (id === 'def-choice') {
    const answer = await ask(defChoiceQuestion(m, ranked, space, m.openChoices!.defSplit))
    m.chosenBy.defChoice = 'prompt'
    return answer
  }
  const answer = await ask(
    defSplitQuestion(
      m,
      ranked.filter((o) => o.defChoice === q.defChoice),
      space,
    ),
  )
  m.chosenBy.defSplit = 'prompt'
  return answer
}

/** Expected damage of `unblocked` hits of a strike: their DMG plus the armor saves to come. */
function expectedStrikeDamage(s: Strike, unblocked: number): number {
  const saves = walk((dice) => resolveArmorSaves(dice, strikeSaveSpec(s, unblocked)).damage)
  return unblocked * s.dmg + saves.expected()
}

/**
 * A side's Improvise pick, in a terminal: the dice just rolled and each sensible pick with the
 * strike's expected damage after it (the quantity the automatic pick ranks by), best first.
 */
async function decideReroll(
  id: 'atk-reroll' | 'def-reroll',
  q: MeleeRerollQuestion,
  m: MeleeRequest,
  ctx: ChoiceContext,
): Promise<number[]> {
  const capped = q.strike.targetHp !== undefined
  const options = q.options.map((o, i) => ({
    value: o.pick,
    label: `${o.pick.length ? `Reroll ${o.pick.join(' and ')}` : 'Keep the dice'}${i === 0 ? ' (best)' : ''}`,
    // In the order the automatic pick ranks by (choice.ts).
    hint:
      (capped ? `destroys ${pct(o.expected.destroyed)}, ` : '') +
      `strike deals ${num(o.expected.capped, 1)} DMG expected`,
    detail: capped ? 'damage capped at HP' : undefined,
  }))
  m.chosenBy[id === 'atk-reroll' ? 'atkReroll' : 'defReroll'] = 'prompt'
  const who = q.side === 'attacker' ? 'Attacker' : 'Defender'
  return ctx.select(
    `${who}'s ${q.pool} dice ${q.faces.join(' ')}: reroll up to ${q.allowed} (Improvise)?`,
    options,
    options[0].value,
  )
}

// ---------------------------------------------------------------------------------------------
// JSON

/** A die of `attackDice`/`defenseDice`: its face and outcome, with `desperation` and `rerolledFrom` when they apply. */
function poolDieJson(d: StrikeDie): PoolDie {
  const die: PoolDie = { roll: d.roll, outcome: d.outcome }
  if (d.desperation) die.desperation = true
  if (d.rerolledFrom !== undefined) die.rerolledFrom = d.rerolledFrom
  return die
}

export function strikeJson(r: StrikeResult, traitFields = false): StrikeFields {
  const out: StrikeFields = {
    dice: [...r.attackDice, ...r.defenseDice],
    attackDice: r.attackDice.map(poolDieJson),
    defenseDice: r.defenseDice.map(poolDieJson),
    hitOn: r.strike.hitOn,
    blockOn: r.strike.blockOn,
    crits: r.crits,
    rolledHits: r.rolledHits,
    bonusHits: r.strike.bonusHits,
    hits: r.hits,
    rolledBlocks: r.rolledBlocks,
    bonusBlocks: r.strike.bonusBlocks,
    blocks: r.blocks,
    momentumSpent: r.momentumSpent,
    unblockedHits: r.unblockedHits,
    hitDamage: r.hitDamage,
    ...saveFields(r.save),
    pushedOut: r.pushedOut,
    damage: r.damage,
  }
  if (traitFields) {
    out.rerolls = r.save.rerolls
    out.negated = r.save.negated
  }
  // Giant Slayer: the PEN the weapon gained (the save target already reads it).
  if (r.strike.penBonuses.length) out.penBonuses = r.strike.penBonuses
  if (r.strike.dmgBonuses?.length) out.dmgBonuses = r.strike.dmgBonuses
  if (r.strike.critsAsHits) out.critsAsHits = true
  if (r.improvise) {
    const x = (p: MeleeReroll | undefined): ImproviseReroll | null =>
      p ? { allowed: p.allowed, dice: p.dice, faces: p.faces } : null
    out.improvise = { attack: x(r.improvise.attack), defense: x(r.improvise.defense) }
  }
  return out
}

/** Why overwatch asked for was not fired: the defender is blindsided. */
function overwatchSkipped(m: MeleeRequest): 'blindside' | null {
  return m.overwatchSkipped ? 'blindside' : null
}

function choicesJson(m: MeleeRequest): MeleeChoicesFields {
  const out: MeleeChoicesFields = {
    atkSplit: { ...m.atkSplit },
    defSplit: { ...m.defSplit },
    defChoice: m.defChoice,
    chosenBy: { ...m.chosenBy },
    atkBonus: attackerBonus(m.atk.unit.pilot),
    defBonus: defenderBonus(m.def.unit.pilot),
  }
  if (m.traitFieldsUsed) out.traits = { attacker: [...m.traits.attacker], defender: [...m.traits.defender] }
  if (m.traitEffects.length) out.traitEffects = m.traitEffects
  if (m.atk.unit.warship || m.def.unit.warship)
    out.warship = { attacker: m.atk.unit.warship, defender: m.def.unit.warship }
  return out
}

/** One roll of a charge, with the terms its text reads (never in the JSON). */
export type MeleeRoll = MeleeResult & { terms: MeleeTerms }

export const meleeModel = modelOf<MeleeRequest, MeleeRoll, MeleeQuery>()({
  choose: chooseMelee,
  async decide(id, context, m, ctx) {
    if (id === 'atk-reroll' || id === 'def-reroll')
      return decideReroll(id, context as MeleeRerollQuestion, m, ctx)
    if ((CLASH_DECISIONS as readonly string[]).includes(id))
      return decideClash(id as ClashDecision, context as ClashQuestion, m, ctx)
    if (id !== 'atk-momentum' && id !== 'def-momentum') throw new Error(`unknown decision ${id}`)
    const q = context as MomentumQuestion
    // A warship pays 2 Momentum a hit: only whole pairs are offered.
    const options = momentumOptions(q, q.attack.warship, (_p, through) =>
      expectedStrikeDamage(q.attack, through),
    )
    const who = q.side === 'defender' ? 'Defender' : 'Attacker'
    const answer = await ctx.select(
      `${who}'s Skill Defense: ${q.hits} hits vs ${q.blocks} blocks, ${q.hitsLeft} get through. Spend Momentum (${q.attack.warship ? 'two per hit: a warship' : 'one per hit'})?`,
      options,
      0,
    )
    m.chosenBy[id === 'atk-momentum' ? 'atkMomentum' : 'defMomentum'] = 'prompt'
    return answer
  },
  resolve(dice, m): MeleeRoll {
    const r = resolveMelee(dice, m)
    // Choices made after the overwatch: the value --explain gives is the one they were made by.
    if (m.openChoices && r.overwatch && r.clash)
      m.expectedChoice = clashSearch(m, r.overwatch).value(
        r.choice.atkSplit,
        r.choice.defSplit,
        r.choice.defChoice,
      )
    return Object.assign(r, { terms: meleeTerms(m) })
  },
  json(r, m): MeleeFields {
    const side = (o: SideOutcome): SideOutcome => ({ ...o })
    return Object.assign(choicesJson({ ...m, ...r.choice }), {
      blindside: m.situation.blindside,
      overwatch: r.overwatch
        ? {
            attacks: r.overwatch.shots.map((s) => ({
              targetNumber: s.targetNumber,
              dice: s.dice.map((d) => {
                const die: ShotDie = { roll: d.roll, outcome: d.outcome }
                if (d.critAsHit) die.critAsHit = true
                if (d.rerolledFrom !== undefined) die.rerolledFrom = d.rerolledFrom
                return die
              }),
              // The charger's evade rerolls, when it had any.
              ...(s.reroll ? { reroll: s.reroll } : {}),
              hits: s.hits,
              blocks: s.blocks,
              momentumSpent: s.momentumSpent,
              unblockedHits: s.unblockedHits,
              saves: s.save.saves,
              failedSaves: s.save.failedSaves,
              damage: s.damage,
            })),
            damage: r.overwatch.damage,
            momentumSpent: r.overwatch.momentumSpent,
            destroyed: r.overwatch.destroyed,
          }
        : null,
      overwatchSkipped: overwatchSkipped(m),
      clash: r.clash,
      attack: r.attack ? strikeJson(r.attack, m.traitFieldsUsed) : null,
      counter: r.counter ? strikeJson(r.counter, m.traitFieldsUsed) : null,
      counterSkipped: r.counterSkipped,
      finishingBlow: r.finishingBlow ? { ...r.finishingBlow } : null,
      attacker: side(r.attacker),
      defender: side(r.defender),
    })
  },
  replayFlags(m, r) {
    const flags: string[] = []
    // The choices the roll made (after the overwatch, when they were asked then).
    const c = r.choice
    if (m.chosenBy.atkSplit === 'prompt') flags.push('--atk-split', splitText(c.atkSplit))
    if (m.chosenBy.defSplit === 'prompt') flags.push('--def-split', splitText(c.defSplit))
    if (m.chosenBy.defChoice === 'prompt') flags.push('--def-choice', c.defChoice)
    // Momentum answered at a prompt is at most the hits left, so a flag of that amount, spent
    // greedily, spends it again. The defender's goes to the attack only. The attacker's flag is
    // also offered to overwatch hits first, which spend nothing while the answer is asked: with
    // overwatch hits through, no flag replays that (a known gap; the seed still replays the dice).
    if (m.chosenBy.defMomentum === 'prompt' && r.attack)
      flags.push('--def-momentum', String(r.attack.momentumSpent))
    if (m.chosenBy.atkMomentum === 'prompt' && r.counter)
      flags.push('--atk-momentum', String(r.counter.momentumSpent))
    // Improvise is used in the attack: the attacker's on its attack dice, the defender's on its defense dice.
    const picked = (x: MeleeReroll | undefined) => (x && x.pick.length ? x.pick.join(',') : 'none')
    if (m.chosenBy.atkReroll === 'prompt' && r.attack)
      flags.push('--atk-reroll', picked(r.attack.improvise?.attack))
    if (m.chosenBy.defReroll === 'prompt' && r.attack)
      flags.push('--def-reroll', picked(r.attack.improvise?.defense))
    return flags
  },
  odds: meleeOddsReport,
  compare: compareMelee,
})

/** The exact odds of a charge with every choice made (--odds, and each option of --compare). */
function meleeOddsReport(
  m: MeleeRequest,
): OddsReport<MeleeOddsJson, MeleeOddsExtra, [ChargeOdds, MeleeRequest, MeleeOddsTerms]> {
  const o = meleeOdds(m)
  const strikes = (d: typeof o.attack): StrikeOddsJson => ({
    damage: d.damage.toJSON(),
    unblockedHits: d.unblockedHits.toJSON(),
    failedSaves: d.failedSaves.toJSON(),
  })
  const expected: MeleeOddsJson['expected'] = Object.assign({}, o.expected, {
    counterChance: o.counterChance,
  })
  const json: MeleeOddsJson = {
    attack: strikes(o.attack),
    counter: strikes(o.counter),
    finishingBlow: o.finishingBlow.toJSON(),
    defender: { damage: o.defenderDamage.toJSON() },
    attacker: { damage: o.attackerDamage.toJSON() },
    expected,
  }
  // Every object under `odds` is a map that sums to 1; chances of single events are means of
  // yes/no outcomes and sit in `expected`.
  const yesNo = (p: number): YesNo => ({ false: 1 - p, true: p })
  if (o.overwatch) {
    json.overwatch = { damage: o.overwatch.damage.toJSON() }
    expected.clashChance = o.clashChance
  }
  if (o.destroyed.attacker !== undefined || o.destroyed.defender !== undefined) {
    const destroyed: NonNullable<MeleeOddsJson['destroyed']> = {}
    for (const side of ['attacker', 'defender'] as const) {
      const p = o.destroyed[side]
      if (p !== undefined) destroyed[side] = yesNo(p)
    }
    json.destroyed = destroyed
    expected.destroyed = { ...o.destroyed }
  }
  return {
    json,
    extra: Object.assign(
      choicesJson(m),
      {
        blindside: m.situation.blindside,
        overwatchSkipped: overwatchSkipped(m),
      },
      o.choices
        ? {
            overwatchChoices: o.choices.map((x): OverwatchChoice => ({
              atkSplit: { ...x.choice.atkSplit },
              defSplit: { ...x.choice.defSplit },
              defChoice: x.choice.defChoice,
              chance: x.chance,
            })),
          }
        : {},
    ),
    detail: [o, m, meleeOddsTerms(m, o)],
    headLines: 2,
    cutoffs: meleeCutoffs(m),
    charted: [
      ...(o.overwatch ? ['overwatch.damage'] : []),
      'attack.damage',
      'counter.damage',
      'defender.damage',
      'attacker.damage',
      'finishingBlow',
      ...Object.keys(o.destroyed).map((side) => `destroyed.${side}`),
    ],
  }
}

/** Where each side's total damage destroys it, when its HP is known. */
function meleeCutoffs(m: MeleeRequest): Record<string, { at: number; label: string }> {
  const out: Record<string, { at: number; label: string }> = {}
  if (m.def.unit.hp !== undefined)
    out['defender.damage'] = { at: m.def.unit.hp, label: `defender's HP ${m.def.unit.hp}: destroyed` }
  if (m.atk.unit.hp !== undefined)
    out['attacker.damage'] = { at: m.atk.unit.hp, label: `attacker's HP ${m.atk.unit.hp}: destroyed` }
  return out
}

/** `mecha melee … --json`, `melee.resolve(…)`: one roll of a charge. */
export type MeleeAnswer = RolledAnswerOf<'melee', typeof meleeModel, NamedAnswer>

/** `mecha melee … --odds --json`, `melee.odds(…)`: the exact odds of a charge. */
export type MeleeOdds = OddsAnswerOf<'melee', typeof meleeModel, NamedAnswer>

/** `mecha melee … --compare --json`, `melee.compare(…)`: the open splits and reaction compared. */
export type MeleeCompare = CompareAnswerOf<'melee', typeof meleeModel, NamedAnswer>
