import type { Dice } from '../../core/dice.js'

/**
 * FIRE and VOID (wargroup seed, "Weapon effects").
 *
 * A mech or building hit by a flame weapon is on fire: each turn it rolls a d6 and takes that
 * much Dam, until a 1 is rolled, which puts the fire out. A void weapon leaves a void tile: each
 * mech that passes over it rolls a d6 and takes that much Dam, until a 1 is rolled, which ends
 * the tile. Both are the same loop; for void a "turn" is one pass over the tile.
 *
 * Readings (docs/wargroup.md):
 * - The 1 that ends the effect deals no damage; every other face deals its value (2-6).
 * - `duration` counts the turns (passes) that dealt damage; the dice rolled are that many, plus
 *   the final 1 when the effect ended.
 * - With `turns` the effect is followed for at most that many turns (it may still be active
 *   afterwards); without it, until the 1.
 * - With `dam` (the target's Dam left) the rolls stop once the target is destroyed (Dam 0):
 *   nothing is left to burn. The damage reported is what the dice dealt (it may overshoot).
 * - The 1s-and-6s rule is for opposed rolls; this roll is nobody's opponent, so a 6 is just 6.
 */

export type Effect = 'burn' | 'void'

export interface DamageOverTime {
  effect: Effect
  /** Follow at most this many turns (passes); undefined: until the effect ends. */
  turns?: number
  /** The target's Dam left: stop rolling once it is destroyed. */
  dam?: number
}

export interface EffectDie {
  roll: number
  damage: number
}

export interface DamageOverTimeResult {
  dice: EffectDie[]
  damage: number
  /** Turns (passes) that dealt damage. */
  duration: number
  /** A 1 was rolled: the effect is over. */
  expired: boolean
  /** Still burning (or the tile still there) when the turns ran out or the target fell. */
  active: boolean
  remainingDam?: number
  destroyed?: boolean
}

/** One turn of the effect: the damage this die deals, and whether it ends the effect. */
export function effectTurn(roll: number): { ends: boolean; damage: number } {
  return roll === 1 ? { ends: true, damage: 0 } : { ends: false, damage: roll }
}

export function effectNoun(effect: Effect): { turn: string; turns: string } {
  return effect === 'burn' ? { turn: 'turn', turns: 'turns' } : { turn: 'pass', turns: 'passes' }
}

/** Whether the target falls to `damage` so far. */
function fallen(damage: number, dam?: number): boolean {
  return dam !== undefined && damage >= dam
}

export function resolveDamageOverTime(dice: Dice, e: DamageOverTime): DamageOverTimeResult {
  const noun = effectNoun(e.effect).turn
  const out: EffectDie[] = []
  let damage = 0
  let expired = false
  while ((e.turns === undefined || out.length < e.turns) && !fallen(damage, e.dam)) {
    const roll = dice.roll(6, `${e.effect} ${noun} ${out.length + 1}`)
    const t = effectTurn(roll)
    out.push({ roll, damage: t.damage })
    if (t.ends) {
      expired = true
      break
    }
    damage += t.damage
  }
  const result: DamageOverTimeResult = {
    dice: out,
    damage,
    duration: out.filter((d) => d.damage > 0).length,
    expired,
    active: !expired,
  }
  if (e.dam !== undefined) {
    result.remainingDam = Math.max(0, e.dam - damage)
    result.destroyed = fallen(damage, e.dam)
  }
  return result
}
