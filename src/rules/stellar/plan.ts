/**
 * Attack plans (issue 27): attacks made in turn against one defender, its HP carried from one to
 * the next. The composition is a flow of stages, one an attack: each stage is handed the state
 * the attacks before it left (the HP left and the damage dealt so far) and, from each distinct
 * HP left, takes the attack's exact damage odds WITH that HP (an automatic choice, such as the
 * defender's evade reroll or the attacker's bonus, may depend on it); states with the same HP
 * left merge. A destroyed defender is attacked no more. Nothing is simulated.
 *
 * The attacks themselves are the callers' (a shot, a charge): this module knows only their
 * damage odds at an HP, so it imports core alone.
 */
import type { Dice } from '../../core/dice.js'
import { Distribution } from '../../core/distribution.js'
import type { Stage } from '../../core/flow.js'

/** What a stage leaves: the defender's HP left (0: destroyed) and all the damage dealt so far. */
export interface PlanState {
  hp: number
  /** Damage dealt by the attacks made, the destroying attack's whole damage included. */
  dealt: number
}

/** One attack of a plan, as the plan sees it. */
export interface PlanAttack {
  /** As the command line names it: `argonaut:cannon`. */
  name: string
  /** The attack's exact damage odds against the defender with `hp` left. */
  damage(hp: number): Distribution<number>
  /** The attack rolled against the defender with `hp` left: the damage it dealt. */
  roll(hp: number, dice: Dice): number
}

/** States with one HP left are one state; a destroyed defender's states differ by the damage dealt. */
const stateKey = (s: PlanState) => (s.hp > 0 ? `hp ${s.hp}` : `destroyed ${s.dealt}`)

/** The state after `damage` more: HP never below 0. */
function hit(s: PlanState, damage: number): PlanState {
  return { hp: Math.max(0, s.hp - damage), dealt: s.dealt + damage }
}

/**
 * An attack as a flow stage: rolled (`run`) or exact (`odds`, from each distinct HP left, the
 * attack's damage odds at that HP). A destroyed defender is left as it is.
 */
export function attackStage(a: PlanAttack): Stage<PlanState, PlanState> {
  return {
    name: a.name,
    run: (s, dice) => (s.hp > 0 ? hit(s, a.roll(s.hp, dice)) : s),
    key: stateKey,
    odds: (s) =>
      s.hp > 0 ? a.damage(s.hp).map((d) => hit(s, d), stateKey) : Distribution.point(s, stateKey),
  }
}

/** The plan's start: the defender whole, nothing dealt. */
export function planStart(hp: number): Distribution<PlanState> {
  return Distribution.point({ hp, dealt: 0 }, stateKey)
}

/** The states after one more attack: the stage folded from every state before it (merged on HP left). */
export function afterAttack(
  before: Distribution<PlanState>,
  stage: Stage<PlanState, PlanState>,
): Distribution<PlanState> {
  return before.bind((s) => stage.odds!(s), stateKey)
}

/** How a plan's odds read: P(destroyed) first, then expected damage, HP left. */
export interface PlanReading {
  destroyed: number
  damage: number
  hpLeft: number
}

export function readPlan(d: Distribution<PlanState>): PlanReading {
  return {
    destroyed: d.where((s) => s.hp === 0),
    damage: d.expected((s) => s.dealt),
    hpLeft: d.expected((s) => s.hp),
  }
}

/** The most attacks `--need` tries before it says the chance is never reached. */
export const NEED_CAP = 100

/**
 * The fewest attacks, the plan's attacks repeated in order, that destroy the defender with a
 * chance of at least `chance`: their number and the chance after each attack made. No `attacks`
 * when it is not reached within NEED_CAP attacks, or when a whole round of the attacks changed
 * nothing (the same states with the same chances, exactly), as no later round will.
 */
export function attacksNeeded(
  hp: number,
  stages: ReadonlyArray<Stage<PlanState, PlanState>>,
  chance: number,
): { attacks?: number; curve: number[] } {
  const curve: number[] = []
  let d = planStart(hp)
  let roundStart = exactly(d)
  for (let k = 0; k < NEED_CAP; k++) {
    d = afterAttack(d, stages[k % stages.length])
    const read = readPlan(d)
    curve.push(read.destroyed)
    if (read.destroyed >= chance) return { attacks: k + 1, curve }
    if ((k + 1) % stages.length === 0) {
      const now = exactly(d)
      if (now === roundStart) return { curve }
      roundStart = now
    }
  }
  return { curve }
}

/** A distribution's states and their exact chances, as text: equal text, equal distributions. */
function exactly(d: Distribution<PlanState>): string {
  const rows = d.outcomes().map((s) => `${stateKey(s)}=${d.fraction(s)}`)
  return rows.sort().join(';')
}
