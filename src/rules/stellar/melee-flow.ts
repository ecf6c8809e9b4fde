import type { Dice } from '../../core/dice.js'
import { decision } from '../../core/decide.js'
import { Distribution } from '../../core/distribution.js'
import { Flow, type Stage, fineKey, tallyOdds } from '../../core/flow.js'
import {
  type ClashChoice,
  type ClashConclusion,
  type DefChoice,
  type Melee,
  type MeleeResult,
  type MomentumQuestion,
  type OverwatchState,
  type StrikeResult,
  MAX_POOL,
  OVERWATCH_START,
  IMPROVISE_DICE,
  afterOverwatchShot,
  attackMade,
  cappedDamage,
  attackStrike,
  canFinish,
  clashContext,
  counterStrike,
  damageTaken,
  firesAgain,
  improvisedOn,
  meleeAttacks,
  momentumLeft,
  nextOverwatchShot,
  overwatchAttacks,
  overwatchShotInput,
  rerolledDice,
  resolveStrike,
  survives,
} from './melee.js'
import { type StrikeOutcome, strikeFold, strikeOutcomeOf } from './melee-odds.js'
import { clashChoice, clashWorth } from './melee-choice.js'
import { attackView, conclusion, counterLeft, counterView } from './melee-views.js'
import { type HeldEvade, type ShotResult, resolveShot } from './shoot.js'
import { shotResultOdds } from './shoot-odds.js'

/**
 * THE CHARGE AS ONE FLOW (src/core/flow.ts): each overwatch attack (the shot's own flow), the
 * attack, the counter-attack, the conclusion. A roll plays it (resolveMelee); the exact odds are
 * reads of its fold (meleeOdds); Titan Throw's strike is the same strike stage (melee-odds.ts).
 *
 * What the fold merges on, once: inside the overwatch the next shot reads the damage taken (the
 * HP left decides destruction and weighs the reroll pick), so it is keyed on it. From the clash
 * on, no stage reads the overwatch damage itself, only whether the charger was destroyed, the
 * Momentum and Improvise it spent, and its HP left through whether it survives each damage the
 * counter-attack can deal (the defender's Finishing Blow); likewise the conclusion reads the attack
 * only through whether it dealt damage, pushed, and left the defender standing. So the overwatch
 * damage and the attack's damage are tallies (Stage.tallies): a small distribution kept per merged
 * state and added to each side's total at the end. The overwatch view stays in every later key, so
 * its damage distribution is never mixed, only shifted by what the attacker takes later. The
 * strikes' unblocked hits and failed saves are added to nothing: marginals (Stage.marginals), taken
 * where each strike is made (melee --odds at its largest inputs: 348 M -> 296 M instructions with
 * splits given, 367 M -> 313 M automatic, against carrying them as tallies; callgrind).
 */
export interface Charge {
  m: Melee
  ow: OverwatchState
  /** The clash's choices: the input's, or made after the overwatch (the clash stage) when open. */
  choice: ClashChoice
  /** The overwatch attacks fired, as rolled (the fold keeps none). */
  shots: ShotResult[]
  /** Each strike as the rest of the charge reads it, null when not made. */
  attack: StrikeOutcome | null
  counter: StrikeOutcome | null
  end: ClashConclusion | null
  /** A roll's strikes in full. */
  rolled: { attack: StrikeResult | null; counter: StrikeResult | null }
}

/** The tallies' places: overwatch damage; the attack's damage. */
export const TALLY = { overwatch: 0, attackDamage: 1 }

/** The marginals' places: the clash's choice (choiceCode); the attack's unblocked hits, failed saves; the counter's. */
const MARGINAL = { choice: 0, attackHits: 1, attackSaves: 2, counterHits: 3, counterSaves: 4 }

const REACTIONS: readonly DefChoice[] = ['counter', 'guard', 'both']
/** A clash's choice as one number (a key's part, a marginal's value); -1: no clash. */
function choiceCode(c: ClashChoice): number {
  // Read when called: melee.ts and this module import each other.
  const POOL = MAX_POOL + 1
  const splits = ((c.atkSplit.attack * POOL + c.atkSplit.defense) * POOL + c.defSplit.attack) * POOL
  return (splits + c.defSplit.defense) * REACTIONS.length + REACTIONS.indexOf(c.defChoice)
}
function choiceOf(code: number): ClashChoice {
  const POOL = MAX_POOL + 1
  const digits: number[] = []
  let rest = Math.floor(code / REACTIONS.length)
  for (let i = 0; i < 4; i++) {
    digits.unshift(rest % POOL)
    rest = Math.floor(rest / POOL)
  }
  return {
    atkSplit: { attack: digits[0], defense: digits[1] },
    defSplit: { attack: digits[2], defense: digits[3] },
    defChoice: REACTIONS[code % REACTIONS.length],
  }
}

const NO_STRIKE: StrikeOutcome = { damage: 0, pushedOut: false, unblockedHits: 0, failedSaves: 0 }

function chargeStart(m: Melee): Charge {
  return {
    m,
    ow: OVERWATCH_START,
    choice: { atkSplit: m.atkSplit, defSplit: m.defSplit, defChoice: m.defChoice },
    shots: [],
    attack: null,
    counter: null,
    end: null,
    rolled: { attack: null, counter: null },
  }
}

/** A stage without dice: its one next state (merged as its key and tallies say). */
function certain(stage: Pick<Stage<Charge, Charge>, 'run' | 'key' | 'tallies' | 'marginals'>) {
  return (st: Charge) => {
    const next = stage.run(st, undefined as never)
    return Distribution.point(next, (x: Charge) =>
      stage.tallies || stage.marginals ? fineKey(stage, x) : stage.key(x),
    )
  }
}

// ---------------------------------------------------------------------------------------------
// Overwatch

/** One overwatch attack's outcomes (the shot's flow, folded), per charger and declared shot input. */
const shotOutcomes = new WeakMap<Melee, Map<string, Distribution<OneShot>>>()
interface OneShot {
  damage: number
  momentumSpent: number
  rerolled: number
}
function overwatchAttackOdds(m: Melee, ow: OverwatchState): Distribution<OneShot> {
  let byInput = shotOutcomes.get(m)
  if (!byInput) shotOutcomes.set(m, (byInput = new Map()))
  const input = JSON.stringify(overwatchShotInput(m, ow))
  let d = byInput.get(input)
  if (!d) {
    d = shotResultOdds(
      nextOverwatchShot(m, ow),
      (r, rerolled): OneShot => ({ damage: r.damage, momentumSpent: r.momentumSpent, rerolled }),
      (r) => `${r.damage} ${r.momentumSpent} ${r.rerolled}`,
    )
    byInput.set(input, d)
  }
  return d
}

/**
 * Inside the overwatch every field of its state is read by the next attack: one number per
 * (damage, Momentum spent, Improvise spent), as the charger never spends more than it has
 * (destroyed follows from the damage).
 */
const overwatchKey = (st: Charge) =>
  2 * (st.ow.damage * (st.m.atk.unit.momentum + 1) + st.ow.momentumSpent) + (st.ow.improvised ? 1 : 0)

/** The charge with a new overwatch state (a literal of one shape: the fold makes one per outcome of each attack). */
function withOverwatch(st: Charge, ow: OverwatchState): Charge {
  return {
    m: st.m,
    ow,
    choice: st.choice,
    shots: st.shots,
    attack: st.attack,
    counter: st.counter,
    end: st.end,
    rolled: st.rolled,
  }
}

/** A charger fired at no more: nothing happens. */
const NONE_FIRED_SHOT: OneShot = { damage: 0, momentumSpent: 0, rerolled: 0 }
const NONE_FIRED = Distribution.point(NONE_FIRED_SHOT)

/** The overwatch attack at index `i` (of the charge's attacks) at the charger, unless it is destroyed. */
const overwatchStages: Array<Stage<Charge, Charge>> = []
function overwatchAttack(i: number): Stage<Charge, Charge> {
  return (overwatchStages[i] ??= {
    name: 'overwatch',
    run: (st, dice) => {
      if (!firesAgain(st.ow)) return st
      const r = resolveShot(dice, nextOverwatchShot(st.m, st.ow), worthOf(st.m).held(i, st.ow))
      const ow = afterOverwatchShot(st.m, st.ow, r, improvisedOn(st.m, rerolledDice(r)))
      return { ...st, shots: [...st.shots, r], ow }
    },
    key: overwatchKey,
    // The shot's outcomes, folded once per charger and shot input (once per attack and state while
    // the charger weighs its Improvise), each advancing the state here: laying them onto each
    // state as a distribution of its own instead takes 13% more instructions (melee --odds at its
    // largest inputs, splits given: 331 M against 292 M; docs/speed.md).
    step: {
      outcomes: (st: Charge) =>
        !firesAgain(st.ow)
          ? NONE_FIRED
          : holdsImprovise(st.m, st.ow)
            ? worthOf(st.m).fired(i, st.ow)
            : overwatchAttackOdds(st.m, st.ow),
      advance: (st: Charge, r: OneShot) =>
        r === NONE_FIRED_SHOT
          ? st
          : withOverwatch(st, afterOverwatchShot(st.m, st.ow, r, improvisedOn(st.m, r.rerolled))),
    },
  })
}

// ---------------------------------------------------------------------------------------------
// The charger's Improvise on overwatch, weighed over the rest of the charge

/** Whether the charger may still spend Improvise on the overwatch attack after `ow`. */
const holdsImprovise = (m: Melee, ow: OverwatchState) => m.atk.mods.improvise && !ow.improvised

/** One overwatch attack's outcome as its worth reads it: the fold's, and what the charger takes besides damage. */
interface WorthShot extends OneShot {
  failedSaves: number
  unblockedHits: number
}
const worthShot = (r: ShotResult, rerolled: number): WorthShot => ({
  damage: r.damage,
  momentumSpent: r.momentumSpent,
  rerolled,
  failedSaves: r.save.failedSaves,
  unblockedHits: r.unblockedHits,
})
const worthShotKey = (x: WorthShot) =>
  `${x.damage} ${x.momentumSpent} ${x.rerolled} ${x.failedSaves} ${x.unblockedHits}`
const asOneShot = (x: WorthShot): OneShot => ({
  damage: x.damage,
  momentumSpent: x.momentumSpent,
  rerolled: x.rerolled,
})

/** Nothing more happens to either side. */
const NOTHING: readonly number[] = [0, 0, 0, 0]

/**
 * THE CHARGER'S IMPROVISE ON OVERWATCH, weighed over the charge (W and Q: Improvise is "once per
 * Round"; Q, Charge into Melee: the defender's overwatch comes first, "before entering the Melee
 * Clash", then both sides clash). Reading: the charger sees each overwatch attack's evade dice
 * and decides there whether to spend Improvise on them or keep it for its melee attack dice.
 * Which dice it rerolls stays the shot's own policy (the best pick of all the dice it may reroll
 * against that attack, choice.ts); whether that pick may spend Improvise, rather than the best
 * pick with its per-attack rerolls alone, is weighed by what the rest of the charge is worth to
 * the charger after each: the later overwatch attacks (each with this same decision) and the
 * clash with the choices its stage makes after that overwatch outcome (clashWorth), scored as
 * the clash's choices score it (melee-choice.ts, ClashValue): expected damage dealt minus taken,
 * each capped at the side's HP (the charger's at the HP it has left, the overwatch damage from
 * this attack on counted as taken), then the chance the defender is destroyed minus the chance
 * the charger is, then failed saves and unblocked hits dealt minus taken. Spending is taken only
 * when it is worth more (ties keep Improvise). This is backward induction over the overwatch
 * attacks: the worth of a state is its attack's outcomes (with the decision) each advanced by the
 * overwatch stage, with the worth of the state after; after the last attack, the clash's.
 */
class OverwatchWorth {
  /** Per attack and overwatch state: the worth of the rest of the charge. */
  private readonly values = new Map<string, readonly number[]>()
  /** Per attack and overwatch state where Improvise is weighed: that attack's outcomes. */
  private readonly weighed = new Map<string, Distribution<WorthShot>>()
  /** Per declared shot input where it is not: one attack's outcomes. */
  private readonly plain = new Map<string, Distribution<WorthShot>>()
  /** The overwatch attacks the charge has. */
  private readonly n: number

  constructor(private readonly m: Melee) {
    this.n = overwatchAttacks(m)
  }

  /** The evade rerolls held on attack i after `ow`: Improvise, while the charger has it. */
  held(i: number, ow: OverwatchState): HeldEvade | undefined {
    if (!holdsImprovise(this.m, ow)) return undefined
    return { dice: IMPROVISE_DICE, worth: (r, spent) => this.worth(i, ow, worthShot(r, 0), spent) }
  }

  /** Attack i's outcomes after `ow` (Improvise weighed where the charger has it). */
  private outcomes(i: number, ow: OverwatchState): Distribution<WorthShot> {
    const held = this.held(i, ow)
    const k = held ? `${i} ${ow.damage} ${ow.momentumSpent}` : JSON.stringify(overwatchShotInput(this.m, ow))
    const memo = held ? this.weighed : this.plain
    let d = memo.get(k)
    if (!d) memo.set(k, (d = shotResultOdds(nextOverwatchShot(this.m, ow), worthShot, worthShotKey, held)))
    return d
  }

  /** Attack i's outcomes after `ow` as the fold advances them (OneShot). */
  fired(i: number, ow: OverwatchState): Distribution<OneShot> {
    return this.outcomes(i, ow).map(asOneShot, (x) => `${x.damage} ${x.momentumSpent} ${x.rerolled}`)
  }

  /**
   * One outcome of attack i after `ow` with the rest of the charge: what the charger takes there
   * (its damage capped at the HP left, its destruction, failed saves and hits, as taken) and the
   * worth of the state it leaves, Improvise spent there or not.
   */
  private worth(i: number, ow: OverwatchState, x: WorthShot, spent: boolean): readonly number[] {
    const hpLeft = clashContext(this.m, ow.damage).atkHpLeft
    const next = this.value(i + 1, afterOverwatchShot(this.m, ow, x, spent))
    return [
      next[0] - cappedDamage(x.damage, hpLeft),
      next[1] - (survives(x.damage, hpLeft) ? 0 : 1),
      next[2] - x.failedSaves,
      next[3] - x.unblockedHits,
    ]
  }

  /** The worth to the charger of the charge from attack i on after `ow` (i = n: the clash). */
  value(i: number, ow: OverwatchState): readonly number[] {
    if (ow.destroyed) return NOTHING
    if (i >= this.n) return clashWorth(this.m, ow).score
    const k = `${i} ${ow.damage} ${ow.momentumSpent} ${ow.improvised}`
    let v = this.values.get(k)
    if (v) return v
    const sum = [0, 0, 0, 0]
    this.outcomes(i, ow).forEach((x, q) => {
      const w = this.worth(i, ow, x, improvisedOn(this.m, x.rerolled))
      for (let j = 0; j < sum.length; j++) sum[j] += q * w[j]
    })
    this.values.set(k, (v = sum))
    return v
  }
}
const worths = new WeakMap<Melee, OverwatchWorth>()
function worthOf(m: Melee): OverwatchWorth {
  let w = worths.get(m)
  if (!w) worths.set(m, (w = new OverwatchWorth(m)))
  return w
}

// ---------------------------------------------------------------------------------------------
// The clash

/** The damages a counter-attack against `left` Momentum can deal, ascending (per charger). */
const counterDamageLists = new WeakMap<Melee, Map<number, number[]>>()
function counterDamages(m: Melee, left: number): number[] {
  let byLeft = counterDamageLists.get(m)
  if (!byLeft) counterDamageLists.set(m, (byLeft = new Map()))
  let list = byLeft.get(left)
  if (!list) {
    const damages = strikeFold(counterStrike(m, left))
      .outcomes()
      .map((o) => o.damage)
    byLeft.set(left, (list = [...new Set(damages)].sort((a, b) => a - b)))
  }
  return list
}

/**
 * What the clash reads of the overwatch: destroyed, or the Momentum and Improvise spent and,
 * when the defender can strike a Finishing Blow, how many of the damages the counter-attack can
 * deal (`damages`, ascending) the HP left survives (survives is monotone in the damage: counted
 * by bisection). States with one view conclude alike against every attack and counter-attack.
 */
export function overwatchView(st: Pick<Charge, 'm' | 'ow'>, damages?: readonly number[]): string {
  if (damages) return viewOf(st, damages)
  // Every state after the clash begins shares its overwatch state object: one view each, per
  // charge (a charge without overwatch starts from the shared OVERWATCH_START).
  let byOw = views.get(st.m)
  if (!byOw) views.set(st.m, (byOw = new WeakMap()))
  let v = byOw.get(st.ow)
  if (v === undefined)
    byOw.set(st.ow, (v = viewOf(st, st.ow.destroyed ? [] : counterDamages(st.m, momentumLeft(st.m, st.ow)))))
  return v
}
const views = new WeakMap<Melee, WeakMap<OverwatchState, string>>()

function viewOf(st: Pick<Charge, 'm' | 'ow'>, damages: readonly number[]): string {
  const { m, ow } = st
  if (ow.destroyed) return 'destroyed'
  const spent = `${ow.momentumSpent} ${ow.improvised ? 'improvised' : 'kept'}`
  if (!canFinish(m.def.unit.pilot)) return spent
  const hpLeft = clashContext(m, ow.damage).atkHpLeft
  let lo = 0
  let hi = damages.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (survives(damages[mid], hpLeft)) lo = mid + 1
    else hi = mid
  }
  return `${spent} ${lo}`
}

/** What later stages read of the choice: nothing more when it was given (one for every state). */
const choiceTag = (st: Charge) => (st.m.openChoices ? ` ${choiceCode(st.choice)}` : '')

/** The charge with the clash's choices made after its overwatch, when they are open (clashChoice). */
function chosen(st: Charge, asking: boolean): Charge {
  if (!st.m.openChoices || st.ow.destroyed) return st
  return { ...st, choice: clashChoice(st.m, st.ow, st.shots, asking) }
}

/**
 * The clash begins: the choices left open are made knowing what the overwatch did (asked in a
 * roll, when a person is there; the search's best in the odds, per overwatch outcome), and the
 * overwatch damage becomes a tally. The choice made is a marginal (the odds report how often
 * each is made).
 */
const clashStage: Stage<Charge, Charge> = {
  name: 'clash',
  run: (st) => chosen(st, true),
  key: (st) => `${overwatchView(st)}${choiceTag(st)}`,
  tallies: (st) => [st.ow.damage],
  marginals: (st) => [st.ow.destroyed ? -1 : choiceCode(st.choice)],
}
{
  // The fold never asks: it chooses automatically after each overwatch outcome.
  const fold = certain({ ...clashStage, run: (st) => chosen(st, false) })
  clashStage.odds = fold
}

/** A side's Skill Defense asked after the dice, when it is asked. */
function asked(m: Melee, side: 'atk' | 'def') {
  return m.momentumAsked?.[side]
    ? (q: MomentumQuestion) => decision<number>(m, `${side}-momentum`, q, 0)
    : undefined
}

const attackKey = (st: Charge) => `${overwatchView(st)}|${attackView(st.m, st.attack)}${choiceTag(st)}`
const attackTallies = (st: Charge) => [st.ow.damage, (st.attack ?? NO_STRIKE).damage]
const attackMarginals = (st: Charge) => {
  const a = st.attack ?? NO_STRIKE
  return [a.unblockedHits, a.failedSaves]
}

/**
 * The attacker's strike, unless overwatch destroyed it: its Improvise is gone when spent on
 * overwatch dice. A side's reroll pick (Improvise): given, asked, or the policy's best (choice.ts).
 */
const attackStage: Stage<Charge, Charge> = {
  name: 'attack',
  run: (st, dice) => {
    if (!attackMade(st.ow)) return st
    const { m, choice: c } = st
    const s = attackStrike(m, c.atkSplit.attack, c.defSplit.defense, c.defChoice, st.ow.improvised)
    const r = resolveStrike(dice, s, asked(m, 'def'), m)
    return { ...st, attack: strikeOutcomeOf(r), rolled: { attack: r, counter: null } }
  },
  key: attackKey,
  tallies: attackTallies,
  marginals: attackMarginals,
  // The strike's fold (strikeFold, folded once per strike) laid onto this state: walking the
  // strike's dice from every state instead takes 3.5x the instructions (melee --odds at its
  // largest inputs, splits given: 1,029 M against 294 M); stepping through the fold's outcomes
  // shared by the states saved 0.7% more and went (issue 36, docs/speed.md).
  odds: (st: Charge) => {
    const fine = (x: Charge) => fineKey(attackStage, x)
    if (!attackMade(st.ow)) return Distribution.point(st, fine)
    const { m, choice: c } = st
    return strikeFold(
      attackStrike(m, c.atkSplit.attack, c.defSplit.defense, c.defChoice, st.ow.improvised),
    ).map((attack) => ({ ...st, attack }), fine)
  },
}

// The conclusion reads no choice: states with other choices merge here.
const counterKey = (st: Charge) =>
  `${overwatchView(st)}|${attackView(st.m, st.attack)}|${counterView(st.counter)}`
const counterMarginals = (st: Charge) => {
  const c = st.counter ?? NO_STRIKE
  return [c.unblockedHits, c.failedSaves]
}

/** The counter-attack at the charger with `left` Momentum, with the clash's choices. */
const counterAt = (st: Charge, left: number) =>
  counterStrike(st.m, left, st.choice.defSplit.attack, st.choice.atkSplit.defense, st.choice.defChoice)

/** The defender's counter-attack, when it survived and stayed (counterMomentum), against the Momentum the charger has left. */
const counterStage: Stage<Charge, Charge> = {
  name: 'counter-attack',
  run: (st, dice) => {
    const left = counterLeft(st)
    if (left === null) return st
    const r = resolveStrike(dice, counterAt(st, left), asked(st.m, 'atk'), st.m)
    return { ...st, counter: strikeOutcomeOf(r), rolled: { attack: st.rolled.attack, counter: r } }
  },
  key: counterKey,
  tallies: attackTallies,
  marginals: counterMarginals,
  // As the attack's (attackStage).
  odds: (st: Charge) => {
    const fine = (x: Charge) => fineKey(counterStage, x)
    const left = counterLeft(st)
    return left === null
      ? Distribution.point(st, fine)
      : strikeFold(counterAt(st, left)).map((counter) => ({ ...st, counter }), fine)
  },
}

/** The conclusion: Finishing Blow, damage each side takes after its first stage (concludeClash). */
const conclusionStage: Stage<Charge, Charge> = {
  name: 'conclusion',
  run: (st) => ({ ...st, end: conclusion(st) }),
  // The last stage merges nothing past the counter-attack's key: merging conclusions alike would mix
  // their attack-damage tallies into a new map per merged state (a product per value), which costs
  // more than the reads, which merge on their own keys, save (melee --odds at its largest inputs:
  // 296 M -> 285 M instructions with splits given, 313 M -> 305 M automatic; callgrind).
  key: counterKey,
  tallies: attackTallies,
}

/** The charge's flow with `n` overwatch attacks. */
const flows: Array<Flow<Charge, Charge>> = []
export function chargeFlow(n: number): Flow<Charge, Charge> {
  let f = flows[n]
  if (!f) {
    f = Flow.from<Charge>(() => 0)
    for (let i = 0; i < n; i++) f = f.then(overwatchAttack(i))
    flows[n] = f = f.then(clashStage).then(attackStage).then(counterStage).then(conclusionStage)
  }
  return f
}

// ---------------------------------------------------------------------------------------------
// The defender's damage alone (a plan's read)

/** The overwatch's stages alone, `n` attacks: the states the clash begins from (Flow.fold's lead). */
const overwatchFlows: Array<Flow<Charge, Charge>> = []
function overwatchFlow(n: number): Flow<Charge, Charge> {
  let f = overwatchFlows[n]
  if (!f) {
    f = Flow.from<Charge>(() => 0)
    for (let i = 0; i < n; i++) f = f.then(overwatchAttack(i))
    overwatchFlows[n] = f
  }
  return f
}

/** The charge's stages after its clash stage: what follows a clash whose choices are made. */
const clashRestFlow = Flow.from<Charge>(() => 0)
  .then(attackStage)
  .then(counterStage)
  .then(conclusionStage)

/**
 * What the defender's damage reads of a clash state, besides the family the charge is of
 * (Melee.hpFamily): the Momentum and Improvise the charger spent (its strikes read them), the
 * choice made, and the defender's HP through the attack's view of each outcome (the number of the
 * chosen attack's outcomes it survives: survival is monotone in the damage). Unlike the clash
 * stage's key it leaves out the charger's HP left, which only the charger's own damage reads (the
 * defender's Finishing Blow).
 */
function defenderRestKey(st: Charge): string {
  const { m, ow, choice: c } = st
  const attack = strikeFold(
    attackStrike(m, c.atkSplit.attack, c.defSplit.defense, c.defChoice, ow.improvised),
  )
  const survived = attack.outcomes().filter((a) => survives(a.damage, m.def.unit.hp)).length
  return `${ow.momentumSpent} ${ow.improvised} ${choiceCode(c)} ${survived}`
}

/** Per family (Melee.hpFamily), the defender's damage after each clash state, by defenderRestKey. */
const defenderRests = new WeakMap<object, Map<string, Distribution<number>>>()

const NO_DAMAGE = Distribution.point(0)

/**
 * The damage the defender takes in the charge `m`: meleeOdds(m).defenderDamage, folded for that
 * read alone (a plan's attack at each HP the attacks before it leave). The overwatch's stages are
 * folded as the charge's are, the clash's choices made per overwatch outcome as its clash stage
 * makes them; the stages after it are folded once per state they tell apart for the defender
 * (defenderRestKey) within the family of charges alike but for the defender's HP, and the
 * defender's damage read off each (its attack's damage and what it takes later).
 */
export function defenderDamageOdds(m: Melee): Distribution<number> {
  const family = m.hpFamily ?? m
  let rests = defenderRests.get(family)
  if (!rests) defenderRests.set(family, (rests = new Map()))
  const byKey = rests
  const rest = (st: Charge): Distribution<number> => {
    if (!attackMade(st.ow)) return NO_DAMAGE
    const clash = chosen(st, false)
    const key = defenderRestKey(clash)
    let d = byKey.get(key)
    if (!d) {
      const fold = clashRestFlow.fold(clash)
      d = tallyOdds(fold, TALLY.attackDamage, (s) => damageTaken(0, s.end!.later.defender))
      byKey.set(key, d)
    }
    return d
  }
  return overwatchFlow(overwatchAttacks(m))
    .odds(chargeStart(m))
    .bind(rest, (x) => x)
}

/**
 * The whole charge: overwatch, the attacker's strike, the counter-attack if the defender is still
 * there, then the conclusion (Finishing Blow, damage taken, destruction): its flow played.
 */
export function resolveMelee(dice: Dice, m: Melee): MeleeResult {
  const n = overwatchAttacks(m)
  const st = chargeFlow(n).run(chargeStart(m), dice)
  const end = st.end!
  return {
    overwatch: n > 0 ? { shots: st.shots, ...st.ow } : null,
    choice: st.choice,
    clash: end.clash,
    attack: st.rolled.attack,
    counter: st.rolled.counter,
    counterSkipped: end.counterSkipped,
    finishingBlow: end.finishingBlow,
    attacker: end.attacker,
    defender: end.defender,
  }
}

// ---------------------------------------------------------------------------------------------
// The exact odds: reads of the fold

export type FinishingBlowKey = 'none' | 'attacker' | 'defender'

/** One strike's report: all 0 when the strike did not happen. */
export interface StrikeOdds {
  damage: Distribution<number>
  unblockedHits: Distribution<number>
  failedSaves: Distribution<number>
}

export interface MeleeOdds {
  /** The attacker's strike (0 when there is no clash). */
  attack: StrikeOdds
  /** The counter-attack (0 when there is none). */
  counter: StrikeOdds
  overwatch: { damage: Distribution<number> } | null
  finishingBlow: Distribution<FinishingBlowKey>
  /** Total damage each side takes: strikes, overwatch and Finishing Blow. */
  defenderDamage: Distribution<number>
  attackerDamage: Distribution<number>
  counterChance: number
  /**
   * The Momentum the charger has left for Skill Defense against the counter-attack, given one is
   * made (what the overwatch left it, per outcome); null when no counter-attack is ever made.
   */
  counterMomentum: Distribution<number> | null
  clashChance: number
  /**
   * With choices made after the overwatch (Melee.openChoices): each choice made and its chance,
   * most often first (they add up to the chance of a clash).
   */
  choices?: Array<{ choice: ClashChoice; chance: number }>
  destroyed: { attacker?: number; defender?: number }
  expected: {
    attack: { damage: number; unblockedHits: number; failedSaves: number }
    counter: { damage: number; unblockedHits: number; failedSaves: number }
    overwatchDamage: number
    attackDamage: number
    counterDamage: number
    defenderDamage: number
    attackerDamage: number
    finishingBlow: number
  }
}

/** Exact odds of the charge with the splits and choice in `m`: its flow folded, then read. */
export function meleeOdds(m: Melee): MeleeOdds {
  const n = overwatchAttacks(m)
  const fold = chargeFlow(n).fold(chargeStart(m))
  const tally = (i: number) => tallyOdds(fold, i)
  const ends = fold.states.map((f) => f.state.end!)
  const attack: StrikeOdds = {
    damage: tally(TALLY.attackDamage),
    unblockedHits: fold.marginals[MARGINAL.attackHits],
    failedSaves: fold.marginals[MARGINAL.attackSaves],
  }
  const counter: StrikeOdds = {
    damage: fold.states.map((f) => f.state.counter?.damage ?? 0),
    unblockedHits: fold.marginals[MARGINAL.counterHits],
    failedSaves: fold.marginals[MARGINAL.counterSaves],
  }
  const owDamage = tally(TALLY.overwatch)
  const finishingBlow = ends.map((e): FinishingBlowKey => e.finishingBlow?.by ?? 'none')
  // Each side's total: its first stage's damage (a tally) and what it takes later (the state's).
  const defenderDamage = tallyOdds(fold, TALLY.attackDamage, (st) => damageTaken(0, st.end!.later.defender))
  const attackerDamage = tallyOdds(fold, TALLY.overwatch, (st) => damageTaken(0, st.end!.later.attacker))
  const destroyed: MeleeOdds['destroyed'] = {}
  if (m.def.unit.hp !== undefined)
    destroyed.defender = defenderDamage.where((d) => !survives(d, m.def.unit.hp))
  if (m.atk.unit.hp !== undefined)
    destroyed.attacker = attackerDamage.where((d) => !survives(d, m.atk.unit.hp))
  const ex = (d: StrikeOdds) => ({
    damage: d.damage.expected(),
    unblockedHits: d.unblockedHits.expected(),
    failedSaves: d.failedSaves.expected(),
  })
  const expAttack = ex(attack)
  const expCounter = ex(counter)
  const left = fold.states
    .map((f) => counterLeft(f.state) ?? -1)
    .sortedWays()
    .filter(([k]) => k >= 0)
  const counterMomentum = left.length ? Distribution.weighted(left) : null
  const choices = m.openChoices
    ? fold.marginals[MARGINAL.choice]
        .sorted()
        .filter(([code]) => code >= 0)
        .map(([code, chance]) => ({ choice: choiceOf(code), chance }))
        .sort((a, b) => b.chance - a.chance)
    : undefined
  return {
    attack,
    counter,
    overwatch: n > 0 ? { damage: owDamage } : null,
    finishingBlow,
    defenderDamage,
    attackerDamage,
    // A warship without a Melee stat rolls no counter-attack (meleeAttacks): its strike is empty.
    counterChance: meleeAttacks(m.def) ? fold.states.where((f) => f.state.counter !== null) : 0,
    counterMomentum,
    clashChance: ends.where((e) => e.clash),
    ...(choices ? { choices } : {}),
    destroyed,
    expected: {
      attack: expAttack,
      counter: expCounter,
      overwatchDamage: owDamage.expected(),
      attackDamage: expAttack.damage,
      counterDamage: expCounter.damage,
      defenderDamage: defenderDamage.expected(),
      attackerDamage: attackerDamage.expected(),
      finishingBlow: finishingBlow.where((by) => by !== 'none'),
    },
  }
}
