/**
 * Attack plans (issue 27): attacks made in turn against one defender, its HP carried from one to
 * the next. The composition is a flow's fold, one stage an attack: each stage is handed the
 * states the attacks before it left (the HP left and the damage dealt so far) and, from each
 * distinct HP left, takes the attack's exact damage odds WITH that HP (an automatic choice, such
 * as the defender's evade reroll or the attacker's bonus, may depend on it); states with the
 * same HP left merge. A destroyed defender is attacked no more. Nothing is simulated.
 *
 * The defender's limited uses (Improvise, Invincible, Untouchable, Unyielding's and Superior
 * Instincts' blocks, Solo Operative: limited-uses.ts) are carried too: an attack that takes a use
 * leaves it taken for the attacks after it (one plan is one round), so a state is the HP left and
 * the uses taken, equal states merged. Which uses an attack takes is the attack's own outcome
 * (`spending`), decided per attack as a single attack decides it (greedy: the defender does not
 * keep a use for a later attack).
 *
 * The attacks themselves are the callers' (a shot, a charge): this module knows only their
 * damage odds at an HP and the uses taken.
 */
import { Distribution } from '../../core/distribution.js'
import { addUses } from './limited-uses.js'

/**
 * What a stage leaves: the defender's HP left (0: destroyed), all the damage dealt so far, and the
 * limited uses it has taken, which the attacks after it meet taken.
 */
export interface PlanState {
  hp: number
  /** Damage dealt by the attacks made, the destroying attack's whole damage included. */
  dealt: number
  /** The defender's limited uses taken so far, one name a use, sorted and comma-joined ('' none). */
  spent: string
}

/** One attack's outcome as the plan carries it: its damage, and the defender's uses it took. */
export interface Spending {
  damage: number
  /** The limited uses this attack took ('' none; comma-joined). */
  spends: string
}

/** One attack of a plan, as the plan sees it. */
export interface PlanAttack {
  /** As the command line names it: `argonaut:cannon`. */
  name: string
  /**
   * The attack's exact damage odds against the defender with `hp` left and the uses `spent`
   * (comma-joined) already taken.
   */
  damage(hp: number, spent?: string): Distribution<number>
  /**
   * When the attack may take a limited use of the defender's: its exact odds of damage and the
   * uses it takes (left out: it takes none, and `damage` is read).
   */
  spending?(hp: number, spent: string): Distribution<Spending>
}

/**
 * States with one HP left and the same uses taken are one state; a destroyed defender's states
 * differ by the damage dealt only (nothing is spent against it any more).
 */
const stateKey = (s: PlanState) => (s.hp > 0 ? `hp ${s.hp} ${s.spent}` : `destroyed ${s.dealt}`)

/** Uses taken so far (comma-joined) and those one attack took (comma-joined), as one. */
export function unionSpent(a: string, b: string): string {
  return b ? addUses(a, b.split(',')) : a
}

/** The state after one more attack's outcome: HP never below 0, the uses it took added. */
function hit(s: PlanState, o: Spending): PlanState {
  return {
    hp: Math.max(0, s.hp - o.damage),
    dealt: s.dealt + o.damage,
    spent: s.hp - o.damage > 0 ? unionSpent(s.spent, o.spends) : '',
  }
}

/** The plan's start: the defender whole, nothing dealt, no use taken (or `spent`, a game's). */
export function planStart(hp: number, spent = ''): Distribution<PlanState> {
  return Distribution.point({ hp, dealt: 0, spent: unionSpent('', spent) }, stateKey)
}

/** A destroyed defender is attacked no more: no damage. */
const NONE = Distribution.point<Spending>({ damage: 0, spends: '' }, (o) => `${o.damage} ${o.spends}`)

const spendsKey = (o: Spending) => `${o.damage} ${o.spends}`

/** One attack's outcomes at a state: what it spends, or its damage alone. */
function outcomesAt(attack: PlanAttack, s: PlanState): Distribution<Spending> {
  if (s.hp <= 0) return NONE
  if (attack.spending) return attack.spending(s.hp, s.spent)
  return attack.damage(s.hp, s.spent).map((damage) => ({ damage, spends: '' }), spendsKey)
}

/**
 * The states after one more attack, as a flow stage folds: from each distinct state before it,
 * the attack's odds at that state's HP and uses taken (none once destroyed), merged on the HP
 * left and the uses taken.
 */
export function afterAttack(before: Distribution<PlanState>, attack: PlanAttack): Distribution<PlanState> {
  return before.step((s) => outcomesAt(attack, s), hit, stateKey)
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

/**
 * The most attacks a plan lists: its time and memory grow with each (about half a second and 10 MB
 * at the largest HP), and a round of a whole side's attacks is far below it. `--need` repeats a
 * shorter list up to NEED_CAP.
 */
export const MAX_PLAN_ATTACKS = 50

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
  spent = '',
): { attacks?: number; curve: number[] } {
  const curve: number[] = []
  let d = planStart(hp, spent)
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
