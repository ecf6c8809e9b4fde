import type { Classify, Dice } from '../../core/dice.js'
import { type Decidable, decision } from '../../core/decide.js'
import { Distribution } from '../../core/distribution.js'
import { walk } from '../../core/exact.js'
import type { Level } from './weapon.js'

/**
 * OUTMANEUVER / BRIDGE ATTACK (quickstart, "Stellar Warfare": "Tactical Advantage in Stellar
 * Battlefields", "Outmaneuver / Bridge Attack", "Outmaneuver Outcome", "Bridge Attack Outcome").
 *
 * In open space a unit may only Blindside by outmaneuvering its target; against a warship the
 * same roll is an attack run on the bridge. Both sides roll 5d10 plus modifiers; each 5+ is a
 * success and each 10 counts as two. Level 1+ pilots and captains may add one success per
 * Momentum point, at most three. Skills and traits that reroll Evade dice reroll these too.
 * The side with more successes wins; a tie ends the sequence with no effect.
 *
 * Readings:
 * - The role bonus (Battler, Interceptor, Attacker, Melee) and the speed bonus apply to whichever
 *   side has them, attacker or defender; "5 inches greater" means at least 5 inches more base Move.
 * - The Green Viking example, [3,4,6,8,9,10] = 5 and [1,2,4,7,7,10] = 4, agrees with "5+ succeeds,
 *   10 counts double" (6, 8, 9 and a double 10; 7, 7 and a double 10).
 * - Rerolls: a side with N rerolls rerolls up to N of its failed dice (1-4) once, all of them when
 *   it has N or fewer: rerolling a success could never help. Both sides roll first, then the
 *   attacker's rerolls, then the defender's.
 * - Momentum is spent after the dice are seen, the attacker first; without a person to ask, a side
 *   spends exactly the Momentum it was given (none unless told), as Momentum is a scarce resource.
 */

export const BASE_POOL = 5
export const MAX_POOL = 15
export const MAX_MOMENTUM_SUCCESSES = 3
/** Rerolls per side: the listed skills and traits give 1-3; a few can combine. */
export const MAX_REROLLS = 5
/** Winning an outmaneuver by this much turns Tactical Advantage into Blindside. */
export const BLINDSIDE_MARGIN = 3

export type Role = 'battler' | 'interceptor' | 'attacker' | 'melee' | 'other'
export const ROLES: readonly Role[] = ['battler', 'interceptor', 'attacker', 'melee', 'other']
export const BONUS_ROLES: readonly Role[] = ['battler', 'interceptor', 'attacker', 'melee']

/** The table modifiers that build both pools. */
export interface PoolModifiers {
  atkRole?: Role
  defRole?: Role
  /** Base Movement in inches, for the speed bonus. */
  atkMove?: number
  defMove?: number
  /** An allied warship is within 16" of the defender (+1 die to the defender). */
  allyWarship: boolean
  /** The attacker makes a melee attack against a warship (bridge attack). */
  meleeVsWarship: boolean
}

export interface PoolPart {
  reason: string
  dice: number
}

export interface Pool {
  dice: number
  parts: PoolPart[]
}

/** +2d10 for 10" more base Move, +1d10 for 5" more. */
export function speedBonus(mine?: number, theirs?: number): number {
  if (mine === undefined || theirs === undefined) return 0
  const diff = mine - theirs
  return diff >= 10 ? 2 : diff >= 5 ? 1 : 0
}

export function buildPools(m: PoolModifiers): { attacker: Pool; defender: Pool } {
  const side = (role: Role | undefined, mine?: number, theirs?: number): PoolPart[] => {
    const parts: PoolPart[] = [{ reason: 'base', dice: BASE_POOL }]
    if (role && BONUS_ROLES.includes(role)) parts.push({ reason: `${role} role`, dice: 1 })
    const speed = speedBonus(mine, theirs)
    if (speed)
      parts.push({
        reason: `base Move ${mine}" vs ${theirs}" (${speed === 2 ? '10' : '5'}"+ faster)`,
        dice: speed,
      })
    return parts
  }
  const atk = side(m.atkRole, m.atkMove, m.defMove)
  if (m.meleeVsWarship) atk.push({ reason: 'melee attack against a warship', dice: -2 })
  const def = side(m.defRole, m.defMove, m.atkMove)
  if (m.allyWarship) def.push({ reason: 'allied warship within 16"', dice: 1 })
  const total = (parts: PoolPart[]) =>
    Math.max(
      0,
      parts.reduce((s, p) => s + p.dice, 0),
    )
  return { attacker: { dice: total(atk), parts: atk }, defender: { dice: total(def), parts: def } }
}

export interface Side {
  dice: number
  /** Pilot or captain level: 1+ may buy successes with Momentum. */
  level: Level
  /** Momentum spent for +1 success each (0-3, level 1+ only). */
  momentum: number
  /** Whether a person may still choose the Momentum after seeing the dice. */
  momentumOpen?: boolean
  /** Failed dice this side may reroll once (Improvise, Three Times as Fast!, M-Particles...). */
  reroll: number
}

export interface Outmaneuver extends Decidable {
  bridge: boolean
  attacker: Side
  defender: Side
}

export type Winner = 'attacker' | 'defender' | 'tie'
export type OutcomeCode =
  'tactical-advantage' | 'blindside' | 'overwatch-shots' | 'bridge-hit' | 'overwatch-hits' | 'none'

export interface Effects {
  tacticalAdvantage: boolean
  blindside: boolean
  /** ARM PEN bonus for the attack (bridge attack won). */
  penBonus: number
  /** The warship's ACC penalty if it survives (bridge attack won). */
  shipAccPenalty: number
  /** The defender's Overwatch: bonus shots (outmaneuver) or bonus hits (bridge attack). */
  overwatchShots: number
  overwatchHits: number
}

export interface SideResult {
  dice: number
  rolls: number[]
  /** New faces for the rerolled failures, in order. */
  rerolls: number[]
  /** Successes from the dice after rerolls (10s count two). */
  diceSuccesses: number
  momentum: number
  successes: number
}

export interface OutmaneuverResult {
  bridge: boolean
  attacker: SideResult
  defender: SideResult
  winner: Winner
  /** Winner's lead in successes (0 on a tie). */
  margin: number
  outcome: OutcomeCode
  effects: Effects
}

/** The outmaneuver die: a d10, a success from SUCCESS_FROM, two on its top face. */
export const OUTMANEUVER_DIE = 10
export const SUCCESS_FROM = 5

export function successValue(face: number): number {
  return face >= OUTMANEUVER_DIE ? 2 : face >= SUCCESS_FROM ? 1 : 0
}

/** The successes of each face of the die, 1 first: the table the text colours the dice by. */
export const FACE_SUCCESSES: readonly number[] = Array.from({ length: OUTMANEUVER_DIE }, (_, i) =>
  successValue(i + 1),
)

/** Faces the rule tells apart: failures, plain successes and 10s. */
const successClass: Classify = (f) => successValue(f)

export function countSuccesses(faces: number[]): number {
  let n = 0
  for (const f of faces) n += successValue(f)
  return n
}

function rollPool(dice: Dice, n: number, who: string): number[] {
  return dice.pool(n, OUTMANEUVER_DIE, `${who} outmaneuver dice`, successClass)
}

/** How many of its failed dice a side rerolls: all of them, at most `reroll`. */
function rerollCount(faces: number[], reroll: number): number {
  return Math.min(reroll, faces.filter((f) => successValue(f) === 0).length)
}

/** Rerolls `n` failed dice; returns the new faces. */
function rollRerolls(dice: Dice, n: number, who: string): number[] {
  return n > 0 ? dice.pool(n, OUTMANEUVER_DIE, `${who} rerolls`, successClass) : []
}

/** Reroll up to `reroll` failed dice; returns the new faces. */
function rerollFailures(dice: Dice, faces: number[], reroll: number, who: string): number[] {
  return rollRerolls(dice, rerollCount(faces, reroll), who)
}

function diceSuccesses(faces: number[], rerolls: number[]): number {
  // Rerolled dice were failures (worth 0), so only the new faces add.
  return countSuccesses(faces) + countSuccesses(rerolls)
}

export function momentumSuccesses(side: Pick<Side, 'level' | 'momentum'>): number {
  return side.level >= 1 ? Math.max(0, Math.min(MAX_MOMENTUM_SUCCESSES, side.momentum)) : 0
}

/** A side's successes: its dice's (10s count two), plus one per Momentum point it spent. */
export function totalSuccesses(diceSuccesses: number, momentumSuccesses: number): number {
  return diceSuccesses + momentumSuccesses
}

/** Who wins, by how much, and what it earns: the same for rolled, typed and exact dice. */
export function outmaneuverOutcome(
  bridge: boolean,
  atk: number,
  def: number,
): { winner: Winner; margin: number; outcome: OutcomeCode; effects: Effects } {
  const effects: Effects = {
    tacticalAdvantage: false,
    blindside: false,
    penBonus: 0,
    shipAccPenalty: 0,
    overwatchShots: 0,
    overwatchHits: 0,
  }
  if (atk === def) return { winner: 'tie', margin: 0, outcome: 'none', effects }
  const margin = Math.abs(atk - def)
  if (atk > def) {
    if (bridge) {
      Object.assign(effects, { blindside: true, penBonus: 3, shipAccPenalty: 2 })
      return { winner: 'attacker', margin, outcome: 'bridge-hit', effects }
    }
    if (margin >= BLINDSIDE_MARGIN) {
      effects.blindside = true
      return { winner: 'attacker', margin, outcome: 'blindside', effects }
    }
    effects.tacticalAdvantage = true
    return { winner: 'attacker', margin, outcome: 'tactical-advantage', effects }
  }
  if (bridge) {
    effects.overwatchHits = 3
    return { winner: 'defender', margin, outcome: 'overwatch-hits', effects }
  }
  effects.overwatchShots = 3
  return { winner: 'defender', margin, outcome: 'overwatch-shots', effects }
}

/** Momentum spent for extra successes, asked once a side has seen its dice (not Skill Defense). */
export interface OutmaneuverMomentumQuestion {
  who: 'attacker' | 'defender'
  /** This side's successes from dice (and, for the defender, nothing else yet). */
  own: number
  /** The other side's successes so far (the attacker's include its Momentum). */
  other: number
  bridge: boolean
}

export function resolveOutmaneuver(dice: Dice, o: Outmaneuver): OutmaneuverResult {
  const aRolls = rollPool(dice, o.attacker.dice, 'attacker')
  const dRolls = rollPool(dice, o.defender.dice, 'defender')
  const aRerolls = rerollFailures(dice, aRolls, o.attacker.reroll, 'attacker')
  const dRerolls = rerollFailures(dice, dRolls, o.defender.reroll, 'defender')
  const aDice = diceSuccesses(aRolls, aRerolls)
  const dDice = diceSuccesses(dRolls, dRerolls)
  const spend = (side: Side, id: string, q: OutmaneuverMomentumQuestion): number =>
    side.level >= 1 && side.momentumOpen ? decision<number>(o, id, q, side.momentum) : side.momentum
  const aMomentum = momentumSuccesses({
    level: o.attacker.level,
    momentum: spend(o.attacker, 'atk-momentum', {
      who: 'attacker',
      own: aDice,
      other: dDice + momentumSuccesses(o.defender),
      bridge: o.bridge,
    }),
  })
  const aTotal = totalSuccesses(aDice, aMomentum)
  const dMomentum = momentumSuccesses({
    level: o.defender.level,
    momentum: spend(o.defender, 'def-momentum', {
      who: 'defender',
      own: dDice,
      other: aTotal,
      bridge: o.bridge,
    }),
  })
  const dTotal = totalSuccesses(dDice, dMomentum)
  return {
    bridge: o.bridge,
    attacker: {
      dice: o.attacker.dice,
      rolls: aRolls,
      rerolls: aRerolls,
      diceSuccesses: aDice,
      momentum: aMomentum,
      successes: aTotal,
    },
    defender: {
      dice: o.defender.dice,
      rolls: dRolls,
      rerolls: dRerolls,
      diceSuccesses: dDice,
      momentum: dMomentum,
      successes: dTotal,
    },
    ...outmaneuverOutcome(o.bridge, aTotal, dTotal),
  }
}

export interface OutmaneuverOdds {
  attackerSuccesses: Distribution<number>
  defenderSuccesses: Distribution<number>
  winner: Distribution<string>
  /** Attacker's successes minus the defender's. */
  margin: Distribution<number>
  outcome: Distribution<string>
  expected: { attackerSuccesses: number; defenderSuccesses: number; margin: number }
}

/**
 * Exact successes of one side from its dice and rerolls, in the roll's own two stages: the first
 * roll merged to what the rerolls read (its successes and how many failures are rerolled), then
 * each distinct number of rerolled dice walked once.
 */
export function sideSuccessDist(side: Pick<Side, 'dice' | 'reroll'>, who = 'side'): Distribution<number> {
  const first = walk(
    (dice): [number, number] => {
      const rolls = rollPool(dice, side.dice, who)
      return [countSuccesses(rolls), rerollCount(rolls, side.reroll)]
    },
    ([successes, rerolled]) => `${successes},${rerolled}`,
  )
  const rerolls = new Map<number, Distribution<number>>()
  const rerolled = (n: number): Distribution<number> => {
    let d = rerolls.get(n)
    if (!d) rerolls.set(n, (d = walk((dice) => countSuccesses(rollRerolls(dice, n, who)))))
    return d
  }
  // Rerolled dice were failures (worth 0), so only the new faces add.
  return first.step(
    ([, n]) => rerolled(n),
    ([successes], more) => successes + more,
  )
}

/**
 * Exact odds. The two sides' dice are independent, so each side's successes are walked on
 * their own and paired by `product` into the attacker's lead (at most 31 x 31 pairs); the
 * outcome reads only that lead, so each distinct lead is concluded once by the rule's own
 * `outmaneuverOutcome`. Momentum follows the automatic policy (what each side was given).
 */
export function outmaneuverOdds(o: Outmaneuver): OutmaneuverOdds {
  const a = sideSuccessDist(o.attacker, 'attacker').map((n) =>
    totalSuccesses(n, momentumSuccesses(o.attacker)),
  )
  const d = sideSuccessDist(o.defender, 'defender').map((n) =>
    totalSuccesses(n, momentumSuccesses(o.defender)),
  )
  const margin = a.product(d, (x, y) => x - y)
  const concluded = margin.map(
    (lead) => outmaneuverOutcome(o.bridge, Math.max(lead, 0), Math.max(-lead, 0)),
    (r) => r.outcome,
  )
  return {
    attackerSuccesses: a,
    defenderSuccesses: d,
    winner: concluded.map((r) => r.winner),
    margin,
    outcome: concluded.map((r) => r.outcome),
    expected: { attackerSuccesses: a.expected(), defenderSuccesses: d.expected(), margin: margin.expected() },
  }
}

/** An outmaneuver roll as asked for: the pools with how each was built (for the text). */
export interface OutmaneuverRequest extends Outmaneuver {
  pools: { attacker: Pool; defender: Pool }
}
