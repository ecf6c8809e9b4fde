/**
 * The model of `mecha plan DEFENDER ATTACKER[:WEAPON]…`: the attacks in order against one
 * defender, its HP carried from one to the next (src/rules/stellar/plan.ts composes them). Each
 * attack is the `shoot` or `melee` command's own model, settled at the HP left when it is made,
 * every choice automatic (nobody is asked mid-plan): rolled, each attack's answer in turn until the
 * defender is destroyed; `--odds`, the exact distributions; `--need`, how many attacks reach a
 * chance to destroy; `--compare`, every order of the attacks ranked.
 */
import type { Dice, RecordingDice } from '../../core/dice.js'
import { InputError } from '../../core/errors.js'
import type { Distribution } from '../../core/distribution.js'
import { defenderDamageOdds } from '../../rules/stellar/melee-flow.js'
import type { MeleeResult } from '../../rules/stellar/melee.js'
import {
  type PlanAttack,
  type PlanState,
  type Spending,
  NEED_CAP,
  unionSpent,
  afterAttack,
  atBoundary,
  attacksNeeded,
  boundaryBefore,
  heldAfter,
  secondTurn,
  planStart,
  readPlan,
} from '../../rules/stellar/plan.js'
import { shotDamageOdds, shotResultOdds } from '../../rules/stellar/shoot-odds.js'
import { type ShotResult, rerollsAllowed, shotWith } from '../../rules/stellar/shoot.js'
import { IMPROVISE_DICE, allSpent, usesIn, usesTaken } from '../../rules/stellar/limited-uses.js'
import { ABOVE_HALF } from '../../runtime/plan-units.js'
import { num, pct } from '../../core/numbers.js'
import { quietChoices } from '../../runtime/run.js'
import {
  type CommandModel,
  type CompareReport,
  type ComparedOption,
  type OddsReport,
  modelOf,
} from '../../runtime/spec.js'
import type {
  Chances,
  CompareAnswerOf,
  InputSource,
  OddsAnswerOf,
  RolledAnswerOf,
} from '../../runtime/answer.js'
import { type MeleeFields, type MeleeQuery, type MeleeRequest, type MeleeRoll, meleeModel } from './melee.js'
import {
  type ChosenShot,
  type RangeField,
  type ShotFields,
  type ShotRequest,
  rangeField,
  shotModel,
} from './shoot.js'
import type { ShotRoll } from './shot-terms.js'

/**
 * The defender's limited uses an attack may meet taken (rules-notes, "Limited uses"): those in use
 * on it, and the attack's request with some of them spent.
 */
export interface Carried<Q> {
  /** The defender's limited uses in use on this attack (registry names: improvise, invincible…). */
  uses: string[]
  /**
   * The defender's full HP when it has Killer Instinct or Berserker: at half of it or more they are
   * not in effect (the request read with the pseudo-use 'above-half').
   */
  fullHp?: number
  /** The attack's request with these uses (comma-joined registry names) all taken. */
  spent(names: string): Q
}

/**
 * One attack of the plan, its command's request built (the HP is set at each attack); `unit`, the
 * attacking unit (its attacks in a row are its turn).
 */
export type PlanAttackQuery =
  | { name: string; unit: string; command: 'shoot'; query: ShotRequest; carried?: Carried<ShotRequest> }
  | { name: string; unit: string; command: 'melee'; query: MeleeQuery; carried?: Carried<MeleeQuery> }

export interface PlanQuery {
  /** The defender as named. */
  defender: string
  /** Its HP when the first attack is made. */
  hp: number
  /** Its limited uses already taken when the first attack is made (a game's: 'superior-instincts'). */
  spent?: string
  /** Those of them held for the game's unit turn the plan's first attack goes on with. */
  held?: string
  attacks: PlanAttackQuery[]
  /** `--need`: the chance to destroy wanted (0-1). */
  need?: number
}

/**
 * The most attacks --compare orders: 6! = 720 orders (measured: 5 s and 3 MB of JSON with six
 * attacks from the example roster; seven would be 5,040 orders, about seven times that).
 */
const MAX_COMPARED = 6

/** One attack settled at an HP: its command's model and its input, every choice made. */
interface Settled {
  model: CommandModel
  input: unknown
}

const heldList = (held: string) => held.split(',').filter(Boolean)

/** The defender's uses this attack may still take, with `spent` taken before it and `held` this turn. */
function openUses(a: PlanAttackQuery, spent: string, held: string): string[] {
  const gone = allSpent(spent)
  return (a.carried?.uses ?? []).filter((u) => !gone.includes(u) && !heldList(held).includes(u))
}

/** The defender's uses in this attack all taken (`spent`) and not held for this turn. */
const goneAt = (a: PlanAttackQuery, spent: string, held: string) =>
  allSpent(spent).filter((u) => a.carried?.uses.includes(u) && !heldList(held).includes(u))

/** The request's variant at `hp`: gone uses, and 'above-half' when Killer Instinct waits for 50%. */
function variantAt(a: PlanAttackQuery, spent: string, held: string, hp: number): string[] {
  const full = a.carried?.fullHp
  return [...goneAt(a, spent, held), ...(full !== undefined && hp * 2 >= full ? [ABOVE_HALF] : [])]
}

/**
 * The attack's request at `hp` with the defender's uses all taken, but those held this turn, read
 * as spent, and its Killer Instinct or Berserker left out at half its HP or more.
 */
function requestAt(a: PlanAttackQuery, spent: string, held: string, hp: number): PlanAttackQuery['query'] {
  const gone = variantAt(a, spent, held, hp)
  return gone.length ? a.carried!.spent(gone.join(',')) : a.query
}

/**
 * An attack settled at an HP. A shot is at one target (a plan leaves --targets out: its defender
 * is the one target), so the one-target model answers it.
 */
function settle(a: PlanAttackQuery, hp: number, spent = '', held = ''): Settled {
  if (a.command === 'shoot') {
    const query = requestAt(a, spent, held, hp) as ShotRequest
    const input = shotModel.choose!(shotWith(query, { target: { hp } }), quietChoices)
    return { model: shotModel, input: input as ChosenShot }
  }
  const query = requestAt(a, spent, held, hp) as MeleeQuery
  // The charge at each HP is this request but for the HP: one family (Melee.hpFamily), whose
  // searches share what reads no defender HP.
  const input = meleeModel.choose!(
    { ...query, def: { ...query.def, unit: { ...query.def.unit, hp } }, hpFamily: query },
    quietChoices,
  )
  return { model: meleeModel, input: input as MeleeRequest }
}

/** The exact damage odds of one attack at an HP: a shot's damage, or all a charge deals the defender. */
function damageOdds(a: PlanAttackQuery, hp: number, spent: string, held: string): Distribution<number> {
  const s = settle(a, hp, spent, held)
  return a.command === 'shoot'
    ? shotDamageOdds(s.input as ChosenShot)
    : defenderDamageOdds(s.input as MeleeRequest)
}

const spendsKey = (o: Spending) => `${o.damage} ${o.spends}`

/**
 * The uses a settled attack takes whatever its dice (limited-uses.ts: its reaction decides), but
 * those held for this turn (taken already), and whether its Improvise is open (then its rerolls
 * decide: `improviseTaken`).
 */
function usesOf(a: PlanAttackQuery, s: Settled, held: string): { taken: string[]; improvise: boolean } {
  const input = s.input as ChosenShot | MeleeRequest
  const reaction = a.command === 'shoot' ? (input as ChosenShot).defense : (input as MeleeRequest).defChoice
  return {
    taken: usesTaken(input.traits.defender, reaction).filter((u) => !heldList(held).includes(u)),
    improvise: usesIn(input.traits.defender).includes('improvise'),
  }
}

/**
 * Whether an attack with the defender's Improvise open takes it: a shot when the defender's pick
 * rerolled more evade dice than its other rerolls allow (those are used first); a charge always
 * (Improvise in melee is spent on the charge).
 */
function improviseTaken(a: PlanAttackQuery, s: Settled, rerolled: number): boolean {
  if (a.command === 'melee') return true
  return rerolled > Math.max(0, rerollsAllowed(s.input as ChosenShot) - IMPROVISE_DICE)
}

const joined = (taken: string[], improvise: boolean) =>
  (improvise ? [...taken, 'improvise'] : taken).sort().join(',')

/** The exact odds of one attack's damage jointly with the defender's uses it takes. */
function spendingOdds(a: PlanAttackQuery, hp: number, spent: string, held: string): Distribution<Spending> {
  const s = settle(a, hp, spent, held)
  const { taken, improvise } = usesOf(a, s, held)
  if (a.command === 'shoot' && improvise)
    return shotResultOdds(
      s.input as ChosenShot,
      (r, rerolled): Spending => ({
        damage: r.damage,
        spends: joined(taken, improviseTaken(a, s, rerolled)),
      }),
      spendsKey,
    )
  const damage =
    a.command === 'shoot'
      ? shotDamageOdds(s.input as ChosenShot)
      : defenderDamageOdds(s.input as MeleeRequest)
  return damage.map((d) => ({ damage: d, spends: joined(taken, improvise) }), spendsKey)
}

/** Damage dealt to the defender by one rolled attack. */
function dealt(a: PlanAttackQuery, result: unknown): number {
  return a.command === 'shoot' ? (result as ShotResult).damage : (result as MeleeResult).defender.damageTaken
}

/** The defender's uses one rolled attack took, as spendingOdds reads them. */
function spentBy(a: PlanAttackQuery, s: Settled, result: unknown, held: string): string {
  const { taken, improvise } = usesOf(a, s, held)
  const rerolled = a.command === 'shoot' ? ((result as ShotResult).reroll?.dice.length ?? 0) : 0
  return joined(taken, improvise && improviseTaken(a, s, rerolled))
}

/**
 * One attack as the plan's flow sees it: its exact odds at each HP and uses spent, worked out once
 * per HP and spent uses (the memo is keyed by the attack, the HP and the uses all taken, the
 * stage's declared input, and shared by the orders --compare ranks). No two HPs share odds: the
 * automatic choices rank the chance to destroy first, so an HP the chosen options cannot reach may
 * still change the choice.
 */
type Memo = Map<string, Distribution<number> | Distribution<Spending>>

function planAttack(a: PlanAttackQuery, memo: Memo): PlanAttack {
  const cached = <T>(key: string, work: () => T): T => {
    let d = memo.get(key) as T | undefined
    if (!d) memo.set(key, (d = work()) as Distribution<number>)
    return d
  }
  const attack: PlanAttack = {
    name: a.name,
    unit: a.unit,
    damage: (hp, spent = '', held = '') =>
      cached(`${a.name} ${hp} ${requestKey(a, spent, held)}`, () => damageOdds(a, hp, spent, held)),
  }
  if (a.carried)
    attack.spending = (hp, spent, held) =>
      openUses(a, spent, held).length === 0
        ? attack.damage(hp, spent, held).map((damage) => ({ damage, spends: '' }), spendsKey)
        : cached(`${a.name} ${hp} spending ${requestKey(a, spent, held)}`, () =>
            spendingOdds(a, hp, spent, held),
          )
  return attack
}

/** Which of the attack's requests `spent` and `held` meet: the uses of it all taken, those held. */
const requestKey = (a: PlanAttackQuery, spent: string, held: string) =>
  `${goneAt(a, spent, held).join(',')} / ${heldList(held)
    .filter((u) => a.carried?.uses.includes(u))
    .join(',')}`

/** The plan's attacks as its flow's stages. */
function stagesOf(q: PlanQuery, memo: Memo = new Map()): PlanAttack[] {
  return q.attacks.map((a) => planAttack(a, memo))
}

// ---------------------------------------------------------------------------------------------
// Rolled

export interface StepResult {
  attack: PlanAttackQuery
  hpBefore: number
  /** The defender's limited uses taken before this attack, and by it. */
  spentBefore: string
  spends: string
  settled: Settled
  result: unknown
  damage: number
  hpLeft: number
  /** The dice this attack rolled, in the order its own command's --rolls takes them. */
  rolls?: number[]
}

export interface PlanResult {
  steps: StepResult[]
  /** Attacks not made: the defender was destroyed before them. */
  skipped: string[]
  need?: NeedAnswer
}

export interface NeedAnswer {
  chance: number
  attacks?: number
  curve: number[]
}

/** The dice a driver has rolled so far, when it keeps them (seeded and typed dice do). */
const diceLog = (dice: Dice) => (dice as Partial<RecordingDice>).log

function rollPlan(dice: Dice, q: PlanQuery): PlanResult {
  const steps: StepResult[] = []
  let hp = q.hp
  let spent = q.spent ?? ''
  let held = q.held ?? ''
  const units = q.attacks.map((a) => a.unit)
  for (const [i, a] of q.attacks.entries()) {
    if (hp <= 0) return { steps, skipped: q.attacks.slice(i).map((x) => x.name) }
    if (boundaryBefore(units, i)) held = ''
    const s = settle(a, hp, spent, held)
    const from = diceLog(dice)?.length
    const result = s.model.resolve(dice, s.input)
    const rolls =
      from === undefined
        ? undefined
        : diceLog(dice)!
            .slice(from)
            .map((d) => d.value)
    const damage = dealt(a, result)
    const left = Math.max(0, hp - damage)
    const spends = spentBy(a, s, result, held)
    steps.push({
      attack: a,
      hpBefore: hp,
      spentBefore: spent,
      spends,
      settled: s,
      result,
      damage,
      hpLeft: left,
      rolls,
    })
    hp = left
    spent = unionSpent(spent, spends)
    held = heldAfter(held, spends)
  }
  return { steps, skipped: [] }
}

/** A step's attack as its own command's `--json` answers it (without seed, rolls and inputs). */
export type PlanStepAnswer = ({ command: 'shoot' } & ShotFields) | ({ command: 'melee' } & MeleeFields)

/** One attack of a rolled plan, as its answer lists it. */
export interface PlanStepFields {
  step: number
  attack: string
  command: 'shoot' | 'melee'
  /** The defender's HP before it. */
  hp: number
  damage: number
  hpLeft: number
  destroyed: boolean
  /** The defender's limited uses it took, only when it took one. */
  spent?: string[]
  answer: PlanStepAnswer
  /** The dice it rolled, in its own command's --rolls order (when the dice are recorded). */
  rolls?: number[]
}

function stepAnswer(s: StepResult): PlanStepAnswer {
  const { input } = s.settled
  return s.attack.command === 'shoot'
    ? { command: 'shoot', ...shotModel.json(s.result as ShotRoll<ChosenShot>, input as ChosenShot) }
    : { command: 'melee', ...meleeModel.json(s.result as MeleeRoll, input as MeleeRequest) }
}

function stepJson(s: StepResult, index: number): PlanStepFields {
  return {
    step: index + 1,
    attack: s.attack.name,
    command: s.attack.command,
    hp: s.hpBefore,
    damage: s.damage,
    hpLeft: s.hpLeft,
    destroyed: s.hpLeft === 0,
    // The defender's limited uses this attack took, only when it took one.
    ...(s.spends ? { spent: s.spends.split(',') } : {}),
    answer: stepAnswer(s),
    ...(s.rolls ? { rolls: s.rolls } : {}),
  }
}

// ---------------------------------------------------------------------------------------------
// Exact odds

/**
 * The plan's distributions after each attack, composed through the stages; `round`, the attacks
 * of one round (--need's attacks repeat them, each repeat a later round).
 */
function composed(q: PlanQuery, memo?: Memo, round = q.attacks): Array<Distribution<PlanState>> {
  const stages = stagesOf(q, memo)
  const units = round.map((a) => a.unit)
  const after: Array<Distribution<PlanState>> = []
  let d = planStart(q.hp, q.spent, q.held)
  for (const [k, stage] of stages.entries())
    after.push((d = afterAttack(atBoundary(d, boundaryBefore(units, k)), stage)))
  return after
}

/** What the text of a plan's odds reads (and, with --need, the answer to it). */
export interface PlanOddsDetail {
  q: PlanQuery
  damage: Distribution<number>
  hpLeft: Distribution<number>
  destroyed: number
  steps: StepOdds[]
  /** With --need: its answer, and the plan as asked (the odds are of its attacks repeated). */
  need?: { answer: NeedAnswer; q: PlanQuery }
}

/** One attack of a plan's odds, as its answer lists it. */
export interface StepOdds {
  step: number
  attack: string
  command: 'shoot' | 'melee'
  destroyedBy: number
  destroyedAt: number
  expectedDamage: number
  hpStates: number
  /** A shot with a Rapid Fire weapon: the range it is fired at (RangeField). */
  range?: RangeField
}

/** The exact odds of a plan: the answer's `odds`. */
export interface PlanOddsJson {
  /** All dealt, the destroying attack's whole damage. */
  damage: Chances
  hpLeft: Chances
  destroyed: { false: number; true: number }
  expected: { damage: number; hpLeft: number; destroyed: number }
}

/** The fields beside a plan's odds. */
export interface PlanOddsExtra {
  defender: string
  hp: number
  attacks: string[]
  steps: StepOdds[]
  /** With --need: its answer (the odds are then of as many attacks as it tried). */
  need?: NeedJson
}

/** A plan's odds report (its extra always there: --need adds to it). */
type PlanOddsReport = OddsReport<PlanOddsJson, PlanOddsExtra, PlanOddsDetail> & { extra: PlanOddsExtra }

function planOddsReport(q: PlanQuery, memo?: Memo, round = q.attacks): PlanOddsReport {
  const after = composed(q, memo, round)
  const last = after[after.length - 1]
  const read = readPlan(last)
  const damage = last.map((s) => s.dealt)
  const hpLeft = last.map((s) => s.hp)
  const json: PlanOddsJson = {
    damage: damage.toJSON(),
    hpLeft: hpLeft.toJSON(),
    destroyed: { false: last.where((s) => s.hp > 0), true: read.destroyed },
    expected: { damage: read.damage, hpLeft: read.hpLeft, destroyed: read.destroyed },
  }
  let before = 0
  let dealtBefore = 0
  const steps = after.map((d, i) => {
    const r = readPlan(d)
    const step: StepOdds = {
      step: i + 1,
      attack: q.attacks[i].name,
      command: q.attacks[i].command,
      destroyedBy: r.destroyed,
      destroyedAt: r.destroyed - before,
      expectedDamage: r.damage - dealtBefore,
      hpStates: d.where((s) => s.hp > 0) > 0 ? d.outcomes().filter((s) => s.hp > 0).length : 0,
    }
    const a = q.attacks[i]
    const range = a.command === 'shoot' ? rangeField(a.query) : undefined
    if (range) step.range = range
    before = r.destroyed
    dealtBefore = r.damage
    return step
  })
  return {
    json,
    extra: { defender: q.defender, hp: q.hp, attacks: q.attacks.map((a) => a.name), steps },
    detail: { q, damage, hpLeft, destroyed: read.destroyed, steps } satisfies PlanOddsDetail,
    headLines: 1,
    cutoffs: { damage: { at: q.hp, label: `HP ${q.hp}: destroyed` } },
    charted: ['damage', 'hpLeft'],
  }
}

// ---------------------------------------------------------------------------------------------
// --need

function needAnswer(q: PlanQuery): NeedAnswer {
  const chance = q.need!
  const found = attacksNeeded(q.hp, stagesOf(q), chance, q.spent, q.held)
  return { chance, attacks: found.attacks, curve: found.curve }
}

/** The answer to --need. */
export interface NeedJson {
  /** The chance to destroy asked for. */
  chance: number
  /** How many attacks reach it; null when not reached within `cap`. */
  attacks: number | null
  reached: boolean
  /** The chance to destroy with the most attacks tried. */
  destroyed: number
  /** The most attacks tried. */
  cap: number
  /** The chance to destroy with 1, 2, … attacks. */
  byAttack: number[]
}

/** A plan's answer with --need (no dice rolled). */
export interface PlanNeedFields {
  defender: string
  hp: number
  attacks: string[]
  need: NeedJson
}

/** A rolled plan's answer. */
export interface PlanRollFields {
  defender: string
  hp: number
  attacks: string[]
  /** One per attack made. */
  steps: PlanStepFields[]
  damage: number
  hpLeft: number
  destroyed: boolean
  /** The number of the attack that destroyed the defender, or null. */
  destroyedBy: number | null
  /** The attacks after it. */
  notMade: string[]
}

function needJson(n: NeedAnswer, q: PlanQuery): PlanNeedFields {
  return {
    defender: q.defender,
    hp: q.hp,
    attacks: q.attacks.map((a) => a.name),
    need: {
      chance: n.chance,
      attacks: n.attacks ?? null,
      reached: n.attacks !== undefined,
      destroyed: n.curve[n.curve.length - 1],
      cap: NEED_CAP,
      byAttack: n.curve,
    },
  }
}

/**
 * --need with --odds: the answer, then the odds of that many attacks (the plan's, repeated in
 * order; as many as were tried when the chance is not reached), for --plot and --csv too.
 */
function needOddsReport(q: PlanQuery): PlanOddsReport {
  const n = needAnswer(q)
  const attacks = n.curve.map((_, k) => q.attacks[k % q.attacks.length])
  const report = planOddsReport({ ...q, attacks }, undefined, q.attacks)
  return {
    ...report,
    extra: { ...report.extra, need: needJson(n, q).need },
    detail: { ...report.detail, need: { answer: n, q } },
    headLines: 1,
  }
}

// ---------------------------------------------------------------------------------------------
// --compare

/** Every distinct order of the attacks (an attack listed twice gives each order once). */
function orders<T>(items: readonly T[], name: (t: T) => string): T[][] {
  if (items.length <= 1) return [[...items]]
  const out: T[][] = []
  const seen = new Set<string>()
  items.forEach((first, i) => {
    if (seen.has(name(first))) return
    seen.add(name(first))
    for (const rest of orders([...items.slice(0, i), ...items.slice(i + 1)], name)) out.push([first, ...rest])
  })
  return out
}

function comparePlan(
  q: PlanQuery,
): CompareReport<{ defender: string; hp: number }, { order: string[] }, PlanOddsJson> {
  if (q.attacks.length > MAX_COMPARED)
    throw new InputError(
      'bad-usage',
      `plan --compare: ${q.attacks.length} attacks have too many orders to rank; compare at most ${MAX_COMPARED} attacks`,
    )
  if (q.need !== undefined)
    throw new InputError(
      'bad-usage',
      'plan: --need and --compare answer different questions; give one of them',
    )
  // One memo for every order: the same attack at the same HP is worked out once.
  const memo: Memo = new Map()
  // Only the orders that keep each unit's attacks in a row: a unit has one turn a round.
  const inTurns = orders(q.attacks, (a) => a.name).filter((o) => secondTurn(o.map((a) => a.unit)) < 0)
  const scored = inTurns.map((order) => {
    const after = composed({ ...q, attacks: order }, memo)
    return { order, read: readPlan(after[after.length - 1]) }
  })
  scored.sort((a, b) => b.read.destroyed - a.read.destroyed || b.read.damage - a.read.damage)
  const options: Array<ComparedOption<{ order: string[] }, PlanOddsJson>> = scored.map((s, i) => {
    const names = s.order.map((a) => a.name)
    return {
      name: names.join(','),
      label: names.join(' → '),
      value: s.read.destroyed,
      valueText: `${pct(s.read.destroyed)} (expected ${num(s.read.damage, 1)} DMG)`,
      best: i === 0,
      choices: { order: names },
      odds: planOddsReport({ ...q, attacks: s.order }, memo),
    }
  })
  return {
    extra: { defender: q.defender, hp: q.hp },
    choices: [
      {
        question: `Order of the attacks on ${q.defender} (HP ${q.hp})`,
        quantity: 'chance the defender is destroyed',
        ranking: 'more is better for the attackers; ties: expected damage',
        options,
      },
    ],
  }
}

// ---------------------------------------------------------------------------------------------

export const planModel = modelOf<PlanQuery, PlanResult>()({
  usesDice: (q) => q.need === undefined,
  noDiceReason: () => '--need works out the exact odds and rolls no dice',
  resolve(dice, q) {
    if (q.need !== undefined) return { steps: [], skipped: [], need: needAnswer(q) }
    return rollPlan(dice, q)
  },
  json(r, q): PlanRollFields | PlanNeedFields {
    if (r.need) return needJson(r.need, q)
    const last = r.steps[r.steps.length - 1]
    return {
      defender: q.defender,
      hp: q.hp,
      attacks: q.attacks.map((a) => a.name),
      steps: r.steps.map(stepJson),
      damage: r.steps.reduce((n, s) => n + s.damage, 0),
      hpLeft: last.hpLeft,
      destroyed: last.hpLeft === 0,
      destroyedBy: last.hpLeft === 0 ? r.steps.length : null,
      notMade: r.skipped,
    }
  },
  odds: (q) => (q.need === undefined ? planOddsReport(q) : needOddsReport(q)),
  compare: comparePlan,
})

/**
 * Given units by name (as a plan always is): where each attack's inputs came from, one entry an
 * attack in order, each its name, its command, then that command's inputs.
 */
export interface PlanNamedAnswer {
  inputs?: Array<{
    attack: string
    command: 'shoot' | 'melee'
    [option: string]: InputSource | InputSource[] | string
  }>
}

/** A plan's answers as if every one were rolled (--need's is told apart below: it rolls nothing). */
type PlanAnswers = RolledAnswerOf<'plan', typeof planModel, PlanNamedAnswer>

/**
 * `mecha plan … --json`, `plan.resolve(…)`: rolled, the attacks in turn (`steps`) with a `seed`;
 * with `--need`, how many attacks reach the chance asked (`need`), and no `seed` (no dice).
 */
export type PlanAnswer =
  Exclude<PlanAnswers, { need: unknown }> | WithoutRoll<Extract<PlanAnswers, { need: unknown }>>

/** An answer without the fields of a roll (`seed`, `rolls`), as one object an editor shows whole. */
type WithoutRoll<T> = T extends unknown ? { [K in keyof T as Exclude<K, 'seed' | 'rolls'>]: T[K] } : never

/**
 * `mecha plan … --odds --json`, `plan.odds(…)`: the exact odds of the attacks in order; with
 * `--need`, of as many attacks as it tried, and its answer under `need`.
 */
export type PlanOdds = OddsAnswerOf<'plan', typeof planModel, PlanNamedAnswer>

/** `mecha plan … --compare --json`, `plan.compare(…)`: every order of the attacks ranked. */
export type PlanCompare = CompareAnswerOf<'plan', typeof planModel, PlanNamedAnswer>
