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
 * Turns (issue 37; rules-notes, "Turns in a plan"): a plan is one round, and the attacks one unit
 * makes in a row are its one unit turn (quickstart: "A Unit can only be activated once per
 * round"), so a unit named again after another unit is refused (`checkTurns`). A use that lasts
 * a turn (Superior Instincts' "+3 Blocks this Turn", Awe Inspiring Arrival) is taken by the
 * first attack of the turn that takes it and held by every attack after it in that turn (the
 * state's `held`). `--need` repeats the plan's attacks: each repeat is a later round, in which
 * the once-a-round uses (Improvise, Invincible, Unyielding…) come back.
 *
 * The attacks themselves are the callers' (a shot, a charge): this module knows only their
 * damage odds at an HP and the uses taken.
 */
import { Distribution } from '../../core/distribution.js'
import { InputError } from '../../core/errors.js'
import { addUses, nextRoundUses, turnLong } from './limited-uses.js'

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
  /** Those taken in this unit turn that last it (Superior Instincts' blocks): in effect, not taken again. */
  held: string
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
  /** The attacking unit: its attacks in a row are one unit turn. */
  unit: string
  /**
   * The attack's exact damage odds against the defender with `hp` left, the uses `spent`
   * (comma-joined) already taken and those `held` for this turn.
   */
  damage(hp: number, spent?: string, held?: string): Distribution<number>
  /**
   * When the attack may take a limited use of the defender's: its exact odds of damage and the
   * uses it takes, none of those `held` (left out: it takes none, and `damage` is read).
   */
  spending?(hp: number, spent: string, held: string): Distribution<Spending>
}

/**
 * Refuses a unit named again after another unit's attack: a plan is one round, and a unit is
 * activated once a round (quickstart), so its attacks are one turn, in a row.
 */
export function checkTurns(units: readonly string[], names: readonly string[] = units): void {
  const i = secondTurn(units)
  if (i >= 0)
    throw new InputError(
      'bad-usage',
      `plan: ${names[i]} would be ${units[i]}'s second turn in one round (a unit is activated once a round); name each unit's attacks in a row`,
    )
}

/** The first attack that is its unit's second turn (the unit named again after another), or -1. */
export function secondTurn(units: readonly string[]): number {
  const done = new Set<string>()
  for (const [i, u] of units.entries()) {
    if (i > 0 && units[i - 1] !== u) done.add(units[i - 1])
    if (done.has(u)) return i
  }
  return -1
}

/** What comes before attack `k` of attacks repeated in order: a new round, a new unit turn, or neither. */
export function boundaryBefore(units: readonly string[], k: number): 'round' | 'turn' | undefined {
  if (k === 0) return undefined
  if (k % units.length === 0) return 'round'
  return units[k % units.length] === units[(k - 1) % units.length] ? undefined : 'turn'
}

/**
 * States with one HP left and the same uses taken are one state; a destroyed defender's states
 * differ by the damage dealt only (nothing is spent against it any more).
 */
const stateKey = (s: PlanState) => (s.hp > 0 ? `hp ${s.hp} ${s.spent} / ${s.held}` : `destroyed ${s.dealt}`)

/** Uses taken so far (comma-joined) and those one attack took (comma-joined), as one. */
export function unionSpent(a: string, b: string): string {
  return b ? addUses(a, b.split(',')) : a
}

/** The uses held for the turn, and those of `spends` that last the turn added. */
export function heldAfter(held: string, spends: string): string {
  const more = turnLong(spends.split(',').filter(Boolean))
  return more.length ? [...new Set([...held.split(','), ...more])].filter(Boolean).sort().join(',') : held
}

/** The state after one more attack's outcome: HP never below 0, the uses it took added. */
function hit(s: PlanState, o: Spending): PlanState {
  const alive = s.hp - o.damage > 0
  return {
    hp: Math.max(0, s.hp - o.damage),
    dealt: s.dealt + o.damage,
    spent: alive ? unionSpent(s.spent, o.spends) : '',
    held: alive ? heldAfter(s.held, o.spends) : '',
  }
}

/**
 * The plan's start: the defender whole, nothing dealt, no use taken (or `spent`, a game's, and
 * `held`, those of the game's turn the plan goes on with).
 */
export function planStart(hp: number, spent = '', held = ''): Distribution<PlanState> {
  return Distribution.point({ hp, dealt: 0, spent: unionSpent('', spent), held }, stateKey)
}

/** The states at a new unit turn (nothing held) or a new round (the once-a-round uses back too). */
export function atBoundary(d: Distribution<PlanState>, boundary: 'round' | 'turn' | undefined) {
  if (!boundary) return d
  return d.map(
    (s) => ({ ...s, held: '', spent: boundary === 'round' ? nextRoundUses(s.spent) : s.spent }),
    stateKey,
  )
}

/** A destroyed defender is attacked no more: no damage. */
const NONE = Distribution.point<Spending>({ damage: 0, spends: '' }, (o) => `${o.damage} ${o.spends}`)

const spendsKey = (o: Spending) => `${o.damage} ${o.spends}`

/** One attack's outcomes at a state: what it spends, or its damage alone. */
function outcomesAt(attack: PlanAttack, s: PlanState): Distribution<Spending> {
  if (s.hp <= 0) return NONE
  if (attack.spending) return attack.spending(s.hp, s.spent, s.held)
  return attack.damage(s.hp, s.spent, s.held).map((damage) => ({ damage, spends: '' }), spendsKey)
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
 * The fewest attacks, the plan's attacks repeated in order (each repeat a later round), that
 * destroy the defender with a chance of at least `chance`: their number and the chance after each
 * attack made. No `attacks` when it is not reached within NEED_CAP attacks, or when a whole round
 * of the attacks dealt no damage at all (the mean damage dealt did not grow: the states are the
 * same), as no later round will.
 */
export function attacksNeeded(
  hp: number,
  attacks: readonly PlanAttack[],
  chance: number,
  spent = '',
  held = '',
): { attacks?: number; curve: number[] } {
  const curve: number[] = []
  const units = attacks.map((a) => a.unit)
  let d = planStart(hp, spent, held)
  let roundStart = 0
  for (let k = 0; k < NEED_CAP; k++) {
    d = afterAttack(atBoundary(d, boundaryBefore(units, k)), attacks[k % attacks.length])
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
