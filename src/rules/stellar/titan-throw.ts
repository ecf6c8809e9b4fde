import type { Dice } from '../../core/dice.js'
import type { Distribution } from '../../core/distribution.js'
import {
  type Melee,
  type SideOutcome,
  type Strike,
  type StrikeResult,
  attackStrike,
  resolveStrike,
  sideOutcome,
} from './melee.js'
import { type StrikeOutcome, strikeFlow } from './melee-odds.js'
import { type Pool, type Spend, FREE_THROW_REACH, throwUpgrade, upgradeCost } from './upgrades.js'

/**
 * TITAN THROW (quickstart: "FULL POWER!" and "WORLD SHAKING HAVOC"): a free action, a free attack
 * with a Close Combat push weapon at a target at least 2 sizes smaller than the thrower; Power or
 * Havoc buys bigger targets and additional throws (their prices are upgrades.ts's data).
 *
 * Readings (docs/rules-notes.md):
 * - The free attack is the melee clash's attack strike alone (attackStrike, resolveStrike, and
 *   strikeFold for the odds): the thrower's attack dice against the target's defense dice, the
 *   attacker's bonus, the target's Guard (a counter-attack it cannot make makes Counter worthless),
 *   shields, Skill Defense, armor saves with +2 per Size against the push weapon. There is no
 *   overwatch (no charge), no counter-attack and no Finishing Blow (it is not a clash).
 * - Each failed save pushes (throws) the target its weapon's distance: the target is thrown when
 *   one save fails. The distance and direction are the player's.
 * - Sizes: the free throw reaches a target at least 2 sizes smaller; `size` up to the thrower's
 *   size; `larger` up to 2 sizes larger (Power) or 3 (Havoc).
 */
export interface TitanThrow {
  /** The thrower as the attacker, the target as the defender, with their splits and Guard. */
  melee: Melee
  /** The pool the throw was paid from, or null for the free throw. */
  pool: Pool | null
  /** The Titan Throw upgrades bought (size, larger, again), as given. */
  upgrades: string[]
  /**
   * A Low Gravity Battle (quickstart: "Falling & Throws deal no DMG"): the throw's hits deal no
   * DMG (its weapon's DMG counts 0); it still throws on a failed save. Absent: normal gravity.
   */
  lowGravity?: true
}

/** How far a throw reaches for what was paid: sizes larger than the thrower its target may be. */
export function throwReach(pool: Pool | null, upgrades: readonly string[]): number {
  let reach = FREE_THROW_REACH
  if (pool) for (const u of upgrades) reach = Math.max(reach, throwUpgrade(pool, u).reach ?? reach)
  return reach
}

/** Which throw of the round this is: 1, and one more for each `again` bought. */
export function throwNumber(upgrades: readonly string[]): number {
  return 1 + upgrades.filter((u) => u === 'again').length
}

/** What the throw costs from its pool (upgradeCost, shoot's cost function), or null when free. */
export function throwSpend(t: Pick<TitanThrow, 'pool' | 'upgrades'>): Spend | null {
  if (!t.pool) return null
  return { upgrades: [...t.upgrades], cost: upgradeCost(t.pool, t.upgrades, 'titan-throw') }
}

/** The throw's one strike: the clash's attack strike. */
export function titanThrowStrike(t: TitanThrow): Strike {
  return attackStrike(t.melee)
}

export interface TitanThrowResult {
  attack: StrikeResult
  /** The target was thrown: a failed save against the push weapon. */
  thrown: boolean
  defender: SideOutcome
}

export function resolveTitanThrow(dice: Dice, t: TitanThrow): TitanThrowResult {
  const m = t.melee
  // A side's Improvise pick: given (--atk-reroll, --def-reroll), else the policy's best (choice.ts).
  const attack = resolveStrike(dice, titanThrowStrike(t), undefined, m)
  return { attack, thrown: attack.pushedOut, defender: sideOutcome(attack.damage, m.def.unit.hp) }
}

/** The exact odds of a throw: the strike's flow folded (the same stage as the charge's attack). */
export function titanThrowOdds(t: TitanThrow): Distribution<StrikeOutcome> {
  return strikeFlow.odds(titanThrowStrike(t))
}
