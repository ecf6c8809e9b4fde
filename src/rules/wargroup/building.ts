import type { Dice } from '../../core/dice.js'
import { type DamageRoll, rollDamage } from './damage.js'

/**
 * BUILDINGS (wargroup seed, "Buildings"): a building's Arm and Dam both equal the number of
 * tiles it covers plus 2. Attacking it means beating its Arm and bringing its Dam to 0; a
 * destroyed building leaves rubble on the same tiles.
 *
 * Readings (docs/wargroup.md):
 * - A building has no Def and cannot dodge, so there is no to-hit roll: an attack on a building
 *   in range and sight goes straight to the damage roll.
 * - "Beating its Arm" is the same damage roll as against a mech: the weapon's Str + d6 against
 *   the building's Arm + d6 (rolled by the building's owner or the opponent), with the 1s and
 *   6s rule and full power (damage.ts).
 */
export interface BuildingAttack {
  tiles: number
  /** The weapon's Str; undefined: only report the building's profile. */
  str?: number
  /** The building's Dam left before this attack (defaults to its full Dam). */
  dam?: number
}

export interface BuildingResult {
  tiles: number
  arm: number
  /** The building's full Dam. */
  maxDam: number
  /** Dam left before the attack. */
  dam: number
  damageRoll: DamageRoll | null
  damage: number
  remainingDam: number
  destroyed: boolean
  /** Rubble tiles left behind when destroyed (0 otherwise). */
  rubbleTiles: number
}

export function buildingArm(tiles: number): number {
  return tiles + 2
}

export function buildingDam(tiles: number): number {
  return tiles + 2
}

export function resolveBuilding(dice: Dice, b: BuildingAttack): BuildingResult {
  const arm = buildingArm(b.tiles)
  const maxDam = buildingDam(b.tiles)
  const dam = b.dam ?? maxDam
  const damageRoll = b.str === undefined ? null : rollDamage(dice, b.str, 0, arm)
  const damage = damageRoll?.damage ?? 0
  const remainingDam = Math.max(0, dam - damage)
  const destroyed = remainingDam === 0
  return {
    tiles: b.tiles,
    arm,
    maxDam,
    dam,
    damageRoll,
    damage,
    remainingDam,
    destroyed,
    rubbleTiles: destroyed ? b.tiles : 0,
  }
}
