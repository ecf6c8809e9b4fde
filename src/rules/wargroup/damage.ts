import type { Dice } from '../../core/dice.js'
import { type OpposedRoll, opposedRoll } from './opposed.js'

/**
 * THE DAMAGE ROLL (wargroup seed, the shooting section and "A note on 1's and 6's").
 *
 * The weapon's Str + d6 (plus any modifier, e.g. -2 when aiming at movement) against the
 * target's Arm + d6; the target takes the difference, nothing at 0 or less.
 *
 * Reading of "the full power of the weapon" (docs/wargroup.md): an automatic win on the damage
 * roll (the attacker's lone natural 6, or the target's lone natural 1, which fails to resist
 * automatically) means the armor counts for nothing: the target takes the attacker's whole
 * damage total, Str + the attacker's die + modifiers (so Str + 6 + modifiers on a natural 6),
 * never less than 0. An automatic failure (the attacker's lone 1, the target's lone 6) deals
 * nothing. A double 1 or double 6 is worked out normally: Str - Arm (+ modifiers).
 */
export interface DamageRoll extends OpposedRoll {
  /** The armor was ignored: the target took the weapon's full power. */
  fullPower: boolean
  damage: number
}

/** The damage a damage roll deals, from its two natural dice. */
export function damageFromDice(
  roll: number,
  str: number,
  modifier: number,
  armorRoll: number,
  arm: number,
): DamageRoll {
  const o = opposedRoll(roll, str + modifier, armorRoll, arm)
  if (o.automatic) {
    return o.won
      ? Object.assign(o, { fullPower: true, damage: Math.max(0, o.total) })
      : Object.assign(o, { fullPower: false, damage: 0 })
  }
  return Object.assign(o, { fullPower: false, damage: Math.max(0, o.total - o.opposingTotal) })
}

/** Roll the attacker's damage d6, then the defender's armor d6. */
export function rollDamage(dice: Dice, str: number, modifier: number, arm: number): DamageRoll {
  const roll = dice.roll(6, 'damage (attacker)')
  const armorRoll = dice.roll(6, 'armor (defender)')
  return damageFromDice(roll, str, modifier, armorRoll, arm)
}
