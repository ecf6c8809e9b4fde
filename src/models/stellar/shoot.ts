import { InputError } from '../../core/errors.js'

import {
  type AttackBonus,
  type BlockSource,
  type DefenseChoice,
  type DieOutcome,
  type MomentumQuestion,
  type RerollQuestion,
  type Shot,
  type ShotRange,
  type ShotResult,
  rerollsAllowed,
  resolveShot,
  shotAttackerBonus,
  shotDodge,
  shotGuard,
  shotDmg,
  shotPen,
  shotAntiBeam,
  shotTargetNumber,
  shotWith,
} from '../../rules/stellar/shoot.js'
import { type ShotSpend } from '../../rules/stellar/upgrades.js'
import { type TraitEffect } from '../../rules/stellar/traits.js'
import type { SaveRoll } from '../../rules/stellar/armor-save.js'
import type { Bonus } from '../../rules/stellar/weapon.js'
import {
  type ShotOdds as ShotOddsMaps,
  type Weighed,
  ATTACK_BONUSES,
  AUTO_DEFENSES,
  DEFENSES,
  expectedDamageFrom,
  rankBonuses,
  rankDefenses,
  shotDamagePercentile,
  shotOdds,
} from '../../rules/stellar/shoot-odds.js'
import type { Outlook } from '../../rules/stellar/choice.js'
import { penText } from '../../rules/stellar/weapon.js'
import { num, pct } from '../../core/numbers.js'
import { momentumOptions } from './momentum-options.js'
import { type ShotOddsTerms, type ShotRoll, shotOddsTerms, withShotText } from './shot-terms.js'
import { type SaveFields, saveFields } from './save-fields.js'

import {
  type ChoiceContext,
  type ChosenBy,
  type CompareReport,
  type ComparedChoice,
  type ComparedOption,
  type OddsReport,
  type Open,
  isOpen,
  modelOf,
} from '../../runtime/spec.js'
import type {
  Chances,
  CompareAnswerOf,
  NamedAnswer,
  OddsAnswerOf,
  RolledAnswerOf,
} from '../../runtime/answer.js'

export interface ShotChoices {
  chosenBy: { bonus: ChosenBy; defense: ChosenBy; momentum: ChosenBy; evadeReroll?: ChosenBy }
  momentumGiven: boolean
  /** Whether `--range` was given (else the target is taken within half range: the default). */
  rangeGiven: boolean
  /** The traits each side gave, as NAME or NAME=CHOICE (their effects are in the shot's fields). */
  traits: Record<'attacker' | 'defender', string[]>
  /** What each of those traits did to the shot. */
  traitEffects: TraitEffect[]
  /** Power, Havoc and Momentum spent on the shot (their effects are in the shot's fields). */
  spend: ShotSpend
  /** Targets the attack strikes, alike but for target 1's improvements (shoot-targets.ts). */
  targets: number
  /** Each target's reaction, target 1 first, once chosen for several targets. */
  targetDefenses?: DefenseChoice[]
  /** Each target's Momentum offered, target 1 first, when `--momentum` gives a list. */
  targetMomentum?: number[]
  /** Each target's own request, target 1 first, when several defenders are named. */
  targetRequests?: ShotRequest[]
  /** In a terminal, with several targets: the decisions asked of each target once its dice are seen. */
  targetAsks?: string[][]
  /** With several targets asked mid-way: how each target's choices were made, target 1 first. */
  targetChosenBy?: Array<ShotChoices['chosenBy']>
}

/** A shot as the command line gives it: the bonus and the reaction may be left open. */
export type ShotRequest = Omit<Shot, 'bonus' | 'defense'> &
  ShotChoices & { bonus: Open<AttackBonus>; defense: Open<DefenseChoice> }

/** A shot with every choice made. */
export type ChosenShot = Shot & ShotChoices

/** A term of a sum as the answer lists it: where it came from and how much. */
interface Term {
  source: string
  amount: number
}

/**
 * What the weapon upgrades, Anti-Beam Coating, the spends and remote weapons bring to a shot's
 * answer, each only when used (upgradeFields).
 */
export interface UpgradeFields {
  /** The weapon's Acc, then each term added to it. */
  accTerms?: Bonus[]
  dmgPerHit?: number
  /** The weapon's DMG, then each upgrade. */
  dmgTerms?: Term[]
  /** The PEN after the upgrades: "5", "6P". */
  pen?: string
  penTerms?: Term[]
  /** Anti-Beam Coating's ARM Sv bonus. */
  armSvBonus?: number
  spend?: ShotSpend
}

/** The fields a trait flag brings (and only then: answers recorded before them stay as they were). */
interface TraitFields {
  traits?: ShotChoices['traits']
  traitEffects?: TraitEffect[]
  /** Where each block came from; they sum to `blocks`. */
  blockTerms?: Bonus[]
  /** The failed saves rolled again (Unyielding). */
  rerolls?: SaveRoll[]
  /** Failed saves "It's not over yet!" cancelled. */
  negated?: number
}

/** An evade die as the answer lists it. */
export interface ShotDie {
  roll: number
  outcome: DieOutcome
  /** A natural critical counted as a plain hit (the cap of 3, or Indirect Fire). */
  critAsHit?: true
  /** Its face before the defender rerolled it. */
  rerolledFrom?: number
  /** A natural 10 that shot a remote weapon down. */
  downed?: true
}

/**
 * Where the target was taken to be for the weapon's Rapid Fire, and whether `--range` said so or it
 * is the default (within half range): in the answer of a shot whose weapon has Rapid Fire.
 */
export interface RangeField {
  value: ShotRange
  from: 'flag' | 'default'
}

/** The answer's `range`, for a weapon with Rapid Fire (Furious Fusillade's RF+1 included). */
export function rangeField(
  s: Pick<Shot, 'weapon' | 'attacker'> & { rangeGiven?: boolean },
): RangeField | undefined {
  if (s.weapon.rapidFire === 0 && s.attacker.barrageRapidFire === undefined) return undefined
  return { value: s.weapon.range, from: s.rangeGiven ? 'flag' : 'default' }
}

/** One roll of a shot at one target: its answer's own fields. */
export interface ShotFields extends SaveFields, TraitFields, UpgradeFields {
  /** With a Rapid Fire weapon: the range it was fired at (see RangeField). */
  range?: RangeField
  targetNumber: number
  shotsFired: number
  dice: ShotDie[]
  crits: number
  /** After criticals and bonus hits, before blocks. */
  hits: number
  blocks: number
  blockSource: BlockSource
  momentumSpent: number
  /** After blocks and Momentum. */
  unblockedHits: number
  hitDamage: number
  /** The total, failed saves included. */
  damage: number
  bonus: AttackBonus
  defense: DefenseChoice
  chosenBy: ShotChoices['chosenBy']
  /** 0 worst for the attacker, 1 best. */
  luck: { percentile: number }
  /** With the target's HP (and `destroyed` with it). */
  remainingHp?: number
  destroyed?: boolean
  /** Remote weapons an Ace shot down, when one was shot at with them. */
  remoteDowned?: number
  /** When the defender could reroll evade dice: how many, the criticals and hits it rerolled, their new faces. */
  evadeReroll?: { allowed: number; crits: number; hits: number; faces: number[] }
}

/** The exact odds of a shot at one target: the answer's `odds`. */
export interface ShotOddsJson {
  damage: Chances
  unblockedHits: Chances
  failedSaves: Chances
  /** With the target's HP. */
  destroyed?: { false: number; true: number }
  /** Against an Ace shot at with a remote weapon. */
  remoteDowned?: Chances
  expected: {
    damage: number
    unblockedHits: number
    failedSaves: number
    /** The chance the target is destroyed, with its HP. */
    destroyed?: number
    remoteDowned?: number
  }
}

/** The fields beside a shot's odds: the target number and the choices made. */
export interface ShotOddsExtra extends UpgradeFields {
  range?: RangeField
  targetNumber: number
  bonus: AttackBonus
  defense: DefenseChoice
  chosenBy: ShotChoices['chosenBy']
  traits?: ShotChoices['traits']
  traitEffects?: TraitEffect[]
}

/** The odds report of a shot at one target (its text reads the odds and the shot). */
type ShotOddsReport = OddsReport<ShotOddsJson, ShotOddsExtra, [ShotOddsMaps, ChosenShot, () => ShotOddsTerms]>

/** The fields beside a shot's `--compare` (what every option shares). */
export interface ShotCompareExtra extends UpgradeFields {
  traits?: ShotChoices['traits']
}

/** The choices an option of a shot's `--compare` makes. */
export interface ShotCompareChoices {
  bonus: AttackBonus
  defense: DefenseChoice
}

/**
 * Whether a shot uses anything the trait flags brought (traits, --extra-blocks, --barrier,
 * "It's not over yet!"): its JSON then lists the block terms, rerolls and negated saves. Shots
 * without them answer exactly as before (test/frozen/seeds.json).
 */
function usesTraitFields(s: ChosenShot): boolean {
  return (
    s.traits.attacker.length > 0 ||
    s.traits.defender.length > 0 ||
    s.target.blockBonuses.length > 0 ||
    s.target.barrier > 0 ||
    s.target.notOverYet > 0 ||
    s.target.evadeRerolls > 0
  )
}

/**
 * The fields the weapon upgrades, Anti-Beam Coating, the spends and remote weapons bring, each
 * only when used (a shot without them answers as before): the terms of the Accuracy, DMG and PEN
 * they changed, the ARM Sv added, and what each side spent.
 */
function upgradeFields(s: ChosenShot): UpgradeFields {
  const termJson = (b: Term): Term => ({ source: b.source, amount: b.amount })
  const out: UpgradeFields = {}
  if (s.attacker.accBonuses.length)
    out.accTerms = [{ source: 'Acc', amount: s.weapon.acc }, ...s.attacker.accBonuses]
  if (s.attacker.dmgBonuses.length) {
    out.dmgPerHit = shotDmg(s)
    out.dmgTerms = [{ source: 'weapon', amount: s.weapon.dmg }, ...s.attacker.dmgBonuses.map(termJson)]
  }
  if (s.attacker.penBonuses.length) {
    out.pen = penText(shotPen(s))
    out.penTerms = [{ source: 'weapon', amount: s.weapon.pen.value }, ...s.attacker.penBonuses.map(termJson)]
  }
  if (s.target.antiBeam) out.armSvBonus = shotAntiBeam(s)
  if (Object.keys(s.spend).length) out.spend = s.spend
  return out
}

/** The traits each side gave, as NAME or NAME=CHOICE. */
function traitsJson(s: ChosenShot): ShotChoices['traits'] {
  return { attacker: [...s.traits.attacker], defender: [...s.traits.defender] }
}

/** One shot at one target; shootModel takes it to several (shoot-targets.ts). */
export const shotModel = modelOf<ChosenShot, ShotRoll<ChosenShot>, ShotRequest>()({
  choose: chooseShot,

  async decide(id, context, s, ctx) {
    if (id === 'evade-reroll') {
      const q = context as RerollQuestion
      const dice = (n: number, what: string) => (n ? `${n} ${what}${n === 1 ? '' : 's'}` : '')
      const options = q.options.map((o, i) => ({
        value: o.pick,
        label:
          o.pick.crits + o.pick.hits === 0
            ? 'Keep the dice'
            : `Reroll ${[dice(o.pick.crits, 'critical'), dice(o.pick.hits, 'hit')].filter(Boolean).join(' and ')}`,
        // The quantities the automatic pick ranks by come first (choice.ts).
        hint: `${outlookHint(o.expected, s.target.hp !== undefined)}, ${num(o.expected.unblockedHits, 2)} hits through${i === 0 ? ' (best)' : ''}`,
      }))
      s.chosenBy.evadeReroll = 'prompt'
      return ctx.select(
        `Evade dice ${q.faces.join(' ')}: reroll up to ${q.allowed}? (criticals and hits are worth rerolling)`,
        options,
        options[0].value,
      )
    }
    if (id !== 'momentum') throw new Error(`unknown decision ${id}`)
    const q = context as MomentumQuestion
    const options = momentumOptions(q, s.target.warship, (p) =>
      expectedDamageFrom({ ...s, askDecisions: false, decisions: { momentum: p } }, q.hits),
    )
    s.chosenBy.momentum = 'prompt'
    return ctx.select(
      `Skill Defense: ${q.hitsLeft === 1 ? '1 hit gets' : `${q.hitsLeft} hits get`} through your blocks. Spend Momentum?`,
      options,
      0,
    )
  },

  resolve(dice, s) {
    const r = resolveShot(dice, s)
    return withShotText(r, s, () => shotLuck(r, s))
  },

  replayFlags(s, r) {
    const flags: string[] = []
    if (s.chosenBy.bonus === 'prompt') flags.push('--bonus', s.bonus)
    if (s.chosenBy.defense === 'prompt') flags.push('--defense', s.defense)
    // Momentum offered = Momentum spent: the automatic policy then spends exactly that.
    if (s.chosenBy.momentum === 'prompt') flags.push('--momentum', String(r.momentumSpent))
    if (s.chosenBy.evadeReroll === 'prompt' && r.reroll)
      flags.push('--reroll', `${r.reroll.crits},${r.reroll.hits}`)
    return flags
  },

  json(r, s): ShotFields {
    const luck = shotLuck(r, s)
    const range = rangeField(s)
    const out: ShotFields = {
      ...(range ? { range } : {}),
      targetNumber: r.targetNumber,
      shotsFired: r.shotsFired,
      dice: r.dice.map((d) => {
        const die: ShotDie = d.critAsHit
          ? { roll: d.roll, outcome: d.outcome, critAsHit: true }
          : { roll: d.roll, outcome: d.outcome }
        if (d.rerolledFrom !== undefined) die.rerolledFrom = d.rerolledFrom
        if (d.downed) die.downed = true
        return die
      }),
      crits: r.crits,
      hits: r.hits,
      blocks: r.blocks,
      blockSource: r.blockSource,
      momentumSpent: r.momentumSpent,
      unblockedHits: r.unblockedHits,
      hitDamage: r.hitDamage,
      ...saveFields(r.save),
      damage: r.damage,
      bonus: s.bonus,
      defense: s.defense,
      chosenBy: s.chosenBy,
      luck: { percentile: round6(luck) },
    }
    if (r.remainingHp !== undefined) {
      out.remainingHp = r.remainingHp
      out.destroyed = r.destroyed
    }
    if (usesTraitFields(s)) {
      out.traits = traitsJson(s)
      if (s.traitEffects.length) out.traitEffects = s.traitEffects
      out.blockTerms = r.blockTerms
      out.rerolls = r.save.rerolls
      out.negated = r.save.negated
    }
    Object.assign(out, upgradeFields(s))
    if (r.remoteDowned !== undefined) out.remoteDowned = r.remoteDowned
    if (r.reroll)
      out.evadeReroll = {
        allowed: r.reroll.allowed,
        crits: r.reroll.crits,
        hits: r.reroll.hits,
        faces: r.reroll.faces,
      }
    return out
  },
  odds: shotOddsReport,
  compare: compareShot,
})

/** The exact odds of a shot with both choices made (--odds, and each option of --compare). */
function shotOddsReport(s: ChosenShot): ShotOddsReport {
  const o = shotOdds(s)
  const expected: ShotOddsJson['expected'] = { ...o.expected }
  const json: ShotOddsJson = {
    damage: o.damage.toJSON(),
    unblockedHits: o.unblockedHits.toJSON(),
    failedSaves: o.failedSaves.toJSON(),
    expected,
  }
  if (o.destroyed) {
    // A map like every other entry under `odds`; the plain chance sits with the means.
    json.destroyed = { false: o.destroyed.prob('false'), true: o.destroyed.prob('true') }
    expected.destroyed = o.destroyed.prob('true')
  }
  if (o.remoteDowned) {
    json.remoteDowned = o.remoteDowned.toJSON()
    expected.remoteDowned = o.remoteDowned.expected()
  }
  const range = rangeField(s)
  const extra: ShotOddsExtra = {
    ...(range ? { range } : {}),
    targetNumber: shotTargetNumber(s),
    bonus: s.bonus,
    defense: s.defense,
    chosenBy: s.chosenBy,
  }
  if (usesTraitFields(s)) extra.traits = traitsJson(s)
  if (s.traitEffects.length) extra.traitEffects = s.traitEffects
  Object.assign(extra, upgradeFields(s))
  const report: ShotOddsReport = {
    json,
    extra,
    // As the odds play it: the automatic Momentum policy, nobody asked.
    detail: [o, s, () => shotOddsTerms({ ...s, askDecisions: false, decisions: undefined }, o)],
    headLines: 2,
  }
  if (s.target.hp !== undefined)
    report.cutoffs = { damage: { at: s.target.hp, label: `HP ${s.target.hp}: destroyed` } }
  return report
}

/** A bonus as a prompt names it: "Barrage (+1 shot)". */
export function bonusLabel(s: ChosenShot, bonus: AttackBonus): string {
  const size = shotAttackerBonus(s)
  if (bonus === 'precision') return `Precision (+${size} Acc)`
  if (bonus === 'barrage') return `Barrage (+${size} shot${size > 1 ? 's' : ''})`
  return 'No bonus'
}

/** A reaction as a prompt names it: "Guard (+1 Block)". */
export function defenseLabel(s: ChosenShot, defense: DefenseChoice): string {
  if (defense === 'both') return `Dodge and Guard (+${shotDodge(s)} Evade, +${shotGuard(s)} Block)`
  if (defense === 'dodge') return `Dodge (+${shotDodge(s)} Evade)`
  if (defense === 'guard') return `Guard (+${shotGuard(s)} Block)`
  return 'No reaction'
}

/**
 * --compare: the attacker's bonuses (each against the defender's best reaction to it, when the
 * reaction is open too), then the defender's reactions to the best bonus, ranked by rankBonuses
 * and rankDefenses as the automatic choice and the prompts rank them (every option a prompt
 * lists, "none" included), each with the exact odds of its shot (shotOddsReport).
 */
function compareShot(req: ShotRequest): CompareReport<ShotCompareExtra, ShotCompareChoices, ShotOddsJson> {
  const bonusOpen = isOpen(req.bonus)
  const defenseOpen = isOpen(req.defense)
  if (!bonusOpen && !defenseOpen)
    throw new InputError(
      'bad-usage',
      '--compare: --bonus and --defense are both given, so no choice is left to compare; leave one out',
    )
  const base = withChoices(
    req,
    bonusOpen ? 'precision' : (req.bonus as AttackBonus),
    defenseOpen ? 'dodge' : (req.defense as DefenseChoice),
  )
  // The policy (choice.ts): with the target's HP known, its chance of being destroyed first.
  const hp = req.target.hp !== undefined
  const quantity = hp ? 'chance the target is destroyed' : 'expected damage'
  const option = (
    bonus: AttackBonus,
    defense: DefenseChoice,
    expected: Outlook,
    best: boolean,
    label: string,
  ): ComparedOption<ShotCompareChoices, ShotOddsJson> => ({
    name: `${bonus}/${defense}`,
    label,
    value: hp ? expected.destroyed : expected.damage,
    valueText: outlookHint(expected, hp),
    best,
    choices: { bonus, defense },
    odds: shotOddsReport(withChoices(req, bonus, defense)),
  })
  const ranking = (side: 'attacker' | 'defender') =>
    `${side === 'attacker' ? 'more' : 'less'} is better for the ${side}; ties: ${hp ? 'expected damage capped at HP, then ' : ''}failed saves, then unblocked hits`
  const choices: Array<ComparedChoice<ShotCompareChoices, ShotOddsJson>> = []
  let bonus = base.bonus
  if (bonusOpen) {
    const ranked = rankBonuses(base, !defenseOpen, ATTACK_BONUSES, DEFENSES)
    choices.push({
      question: `Attacker's bonus (Acc ${base.weapon.acc}, ${base.weapon.shots} shots, DMG ${base.weapon.dmg})${defenseOpen ? ", each against the defender's best reaction" : ''}`,
      quantity,
      ranking: ranking('attacker'),
      options: ranked.map((o, i) =>
        option(
          o.value,
          o.defense,
          o.expected,
          i === 0,
          `${bonusLabel(base, o.value)}${defenseOpen ? ` vs ${defenseLabel(base, o.defense)}` : ''}`,
        ),
      ),
    })
    bonus = ranked[0].value
  }
  if (defenseOpen) {
    const ranked = rankDefenses(withChoices(req, bonus, 'dodge'), DEFENSES)
    choices.push({
      question: `Defender's reaction to ${bonus === 'none' ? 'no bonus' : bonusLabel(base, bonus)}`,
      quantity,
      ranking: ranking('defender'),
      options: ranked.map((o, i) => option(bonus, o.value, o.expected, i === 0, defenseLabel(base, o.value))),
    })
  }
  const extra: ShotCompareExtra = {}
  if (usesTraitFields(base)) extra.traits = traitsJson(base)
  Object.assign(extra, upgradeFields(base))
  return { extra, choices }
}

/**
 * The shot with both choices made, for the ranking functions: where a choice is still open, the
 * value given here is only a starting point (rankBonuses tries each bonus, and each defence
 * when the defence is open).
 */
function withChoices(req: ShotRequest, bonus: AttackBonus, defense: DefenseChoice): ChosenShot {
  return { ...req, bonus, defense } // a copy, its choices made
}

function chooseShot(req: ShotRequest, ctx: ChoiceContext): Promise<ChosenShot> | ChosenShot {
  // Synchronous when nobody is asked (batch resolves thousands of lines a second).
  const asking = ctx.interactive && (req.bonus === 'ask' || req.defense === 'ask')
  return asking ? chooseAsking(req, ctx) : chooseAuto(req, ctx)
}

/** The open choices, asked in a terminal (each option with its exact expected damage). */
async function chooseAsking(req: ShotRequest, ctx: ChoiceContext): Promise<ChosenShot> {
  const bonusOpen = isOpen(req.bonus)
  const defenseOpen = isOpen(req.defense)
  const s = withChoices(
    req,
    isOpen(req.bonus) ? 'precision' : req.bonus,
    isOpen(req.defense) ? 'dodge' : req.defense,
  )
  if (bonusOpen) {
    const asking = req.bonus === 'ask'
    const ranked = asking
      ? rankBonuses(s, !defenseOpen, ATTACK_BONUSES, DEFENSES)
      : rankBonuses(s, !defenseOpen)
    if (asking) {
      const vs = defenseOpen ? " vs the defender's best reply" : ''
      s.bonus = await ctx.select(
        `Attacker's bonus (Acc ${s.weapon.acc}, ${s.weapon.shots} shots, DMG ${s.weapon.dmg})`,
        ranked.map((o) => ({
          value: o.value,
          label: bonusLabel(s, o.value),
          hint: `${outlookHint(o.expected, s.target.hp !== undefined)}${vs}`,
        })),
        ranked[0].value,
      )
      s.chosenBy.bonus = 'prompt'
    } else s.bonus = ranked[0].value
  }
  if (defenseOpen) {
    const asking = req.defense === 'ask'
    const ranked = rankDefenses(s, asking ? DEFENSES : AUTO_DEFENSES)
    if (asking) {
      s.defense = await ctx.select(
        `Defender's reaction to ${s.bonus === 'none' ? 'no bonus' : s.bonus}`,
        ranked.map((o) => ({
          value: o.value,
          label: defenseLabel(s, o.value),
          hint: outlookHint(o.expected, s.target.hp !== undefined),
        })),
        ranked[0].value,
      )
      s.chosenBy.defense = 'prompt'
    } else s.defense = ranked[0].value
  }
  return withMidwayAsks(s)
}

/**
 * What is asked after the dice are seen, when a person is there to answer: the evade dice to
 * reroll (unless --reroll gave the pick) and the Momentum to spend (unless --momentum gave it).
 */
function withMidwayAsks(s: ChosenShot): ChosenShot {
  const ask: string[] = []
  if (s.chosenBy.evadeReroll === 'auto' && rerollsAllowed(s) > 0) ask.push('evade-reroll')
  if (!s.momentumGiven) ask.push('momentum')
  return ask.length ? Object.assign({}, s, { askDecisions: ask }) : s
}

/** The open choices, settled without asking: the same picks chooseAsking offers first. */
function chooseAuto(req: ShotRequest, ctx: ChoiceContext): ChosenShot {
  const bonusOpen = isOpen(req.bonus)
  const defenseOpen = isOpen(req.defense)
  const s = withChoices(
    req,
    isOpen(req.bonus) ? 'precision' : req.bonus,
    isOpen(req.defense) ? 'dodge' : req.defense,
  )
  let weighedBy: Weighed | undefined
  if (bonusOpen) {
    // Ranked against the defender's best reply to each bonus, when the defence is open too.
    const top = rankBonuses(s, !defenseOpen)[0]
    s.bonus = top.value
    s.defense = top.defense
    weighedBy = top.weighed
  } else if (defenseOpen) {
    const top = rankDefenses(s, AUTO_DEFENSES)[0]
    s.defense = top.value
    weighedBy = top.weighed
  }
  if (weighedBy) weighed.set(s, weighedBy)
  return ctx.interactive ? withMidwayAsks(s) : s
}

/**
 * The later stages the automatic choice weighed a chosen shot with: its luck reads the same ones
 * (a shot changed after the choice is another object, and reads its own). Shot lines of the
 * bench's batch -10% CPU.
 */
const weighed = new WeakMap<ChosenShot, Weighed>()

export function shotLuck(r: ShotResult, s: ChosenShot): number {
  // Measured against the same choices and Momentum policy. Momentum answered at a prompt has
  // no policy: the amount spent stands in for it (the odds ignore answers and prompts).
  const shot = s.chosenBy.momentum === 'prompt' ? shotWith(s, { target: { momentum: r.momentumSpent } }) : s
  return shotDamagePercentile(shot, r.damage, weighed.get(shot))
}

/** Expected values and percentiles in JSON: six decimals are plenty and stay readable. */
function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6
}

/** A shot at one target (no `targets` above 1, one defender named): ShootAnswer's usual member. */
export type ShotAnswer = RolledAnswerOf<'shoot', typeof shotModel, NamedAnswer>

/** The odds of a shot at one target: ShootOdds's usual member. */
export type ShotOdds = OddsAnswerOf<'shoot', typeof shotModel, NamedAnswer>

/** `mecha shoot … --compare --json`, `shoot.compare(…)`: the open choices, at one target only. */
export type ShootCompare = CompareAnswerOf<'shoot', typeof shotModel, NamedAnswer>

const exp = (x: number) => `expected ${num(x, 1)} DMG`

/**
 * An option's outlook as a prompt or --compare shows it, in the order the automatic choice ranks
 * by (choice.ts): with the target's HP known, the chance it is destroyed, then the expected
 * damage capped at HP; without, the expected damage. `destroyed` is a count with several targets.
 */
export function outlookHint(o: Outlook, hp: boolean, targets = 1): string {
  if (!hp) return exp(o.damage)
  const destroyed = targets > 1 ? `${num(o.destroyed, 2)} targets destroyed` : `destroyed ${pct(o.destroyed)}`
  return `${destroyed}, ${exp(o.capped)} (capped at HP)`
}
