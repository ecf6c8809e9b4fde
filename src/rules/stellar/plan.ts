/**
 * Attack plans (issue 27): attacks made in turn against one defender, its HP carried from one to
 * the next. The composition is a flow's fold, one stage an attack: each stage is handed the
 * states the attacks before it left (the HP left and the damage dealt so far) and, from each
 * distinct HP left, takes the attack's exact damage odds WITH that HP (an automatic choice, such
 * as the defender's evade reroll or the attacker's bonus, may depend on it); states with the
 * same HP left merge. A destroyed defender is attacked no more. Nothing is simulated.
 *
 * The attacks themselves are the callers' (a shot, a charge): this module knows only their
 * damage odds at an HP, so it imports core alone.
 */
import { Distribution } from '../../core/distribution.js'

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
}

/** States with one HP left are one state; a destroyed defender's states differ by the damage dealt. */
const stateKey = (s: PlanState) => (s.hp > 0 ? `hp ${s.hp}` : `destroyed ${s.dealt}`)

/** The state after `damage` more: HP never below 0. */
function hit(s: PlanState, damage: number): PlanState {
  return { hp: Math.max(0, s.hp - damage), dealt: s.dealt + damage }
}

/** The plan's start: the defender whole, nothing dealt. */
export function planStart(hp: number): Distribution<PlanState> {
  return Distribution.point({ hp, dealt: 0 }, stateKey)
}

/** A destroyed defender is attacked no more: no damage. */
const NONE = Distribution.point(0)

/**
 * The states after one more attack, as a flow stage folds: from each distinct state before it,
 * the attack's damage odds at that state's HP (none once destroyed), merged on the HP left.
 */
export function afterAttack(before: Distribution<PlanState>, attack: PlanAttack): Distribution<PlanState> {
  return before.step((s) => (s.hp > 0 ? attack.damage(s.hp) : NONE), hit, stateKey)
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
 * when it is not reached within NEED_CAP attacks, or when a whole round of the attacks dealt no
 * damage at all (the mean damage dealt did not grow: the states are the same), as no later round
 * will.
 */
export function attacksNeeded(
  hp: number,
  attacks: readonly PlanAttack[],
  chance: number,
): { attacks?: number; curve: number[] } {
  const curve: number[] = []
  let d = planStart(hp)
  let roundStart = 0
  for (let k = 0; k < NEED_CAP; k++) {
    d = afterAttack(d, attacks[k % attacks.length])
    const read = readPlan(d)
    curve.push(read.destroyed)
    if (read.destroyed >= chance) return { attacks: k + 1, curve }
    if ((k + 1) % attacks.length === 0) {
      if (read.damage === roundStart) return { curve }
      roundStart = read.damage
    }
  }
  return { curve }
}
