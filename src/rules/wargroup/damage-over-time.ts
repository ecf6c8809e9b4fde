import { type Dice, MAX_ROLLS_AGAIN, repeatingDice } from '../../core/dice.js'

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

/** The die rolled each turn (pass). */
export const EFFECT_DIE = 6

/** One turn of the effect: the damage this die deals, and whether it ends the effect. */
export function effectTurn(roll: number): { ends: boolean; damage: number } {
  return roll === 1 ? { ends: true, damage: 0 } : { ends: false, damage: roll }
}

/** The least damage a turn that deals any can deal (2: a 1 ends the effect instead). */
export function leastTurnDamage(): number {
  let least = Infinity
  for (let f = 1; f <= EFFECT_DIE; f++) {
    const t = effectTurn(f)
    if (!t.ends) least = Math.min(least, t.damage)
  }
  return least
}

export function effectNoun(effect: Effect): { turn: string; turns: string } {
  return effect === 'burn' ? { turn: 'turn', turns: 'turns' } : { turn: 'pass', turns: 'passes' }
}

/** Whether the target falls to `damage` so far. */
export function fallen(damage: number, dam?: number): boolean {
  return dam !== undefined && damage >= dam
}

/**
 * The effect so far, all the rest of it depends on: its damage, the turns that dealt damage, and
 * whether a 1 ended it. resolveDamageOverTime steps it die by die (rollTurn, afterTurn, while
 * burnsOn); the odds step a distribution of it with the same three (damage-over-time-odds.ts).
 */
export interface Burning {
  damage: number
  turns: number
  ended: boolean
}

export const BURNING_START: Burning = { damage: 0, turns: 0, ended: false }

/** Whether another die is rolled: no 1 yet, turns left to follow, and the target still standing. */
export function burnsOn(e: DamageOverTime, b: Burning): boolean {
  return !b.ended && (e.turns === undefined || b.turns < e.turns) && !fallen(b.damage, e.dam)
}

/** The effect after one more die (effectTurn). */
export function afterTurn(b: Burning, roll: number): Burning {
  const t = effectTurn(roll)
  return t.ends
    ? { damage: b.damage, turns: b.turns, ended: true }
    : { damage: b.damage + t.damage, turns: b.turns + 1, ended: false }
}

/** Dice rolled: one per damaging turn, and the 1 that ended it. */
export function diceRolled(b: Pick<Burning, 'turns' | 'ended'>): number {
  return b.turns + (b.ended ? 1 : 0)
}

/** The die of the turn (pass) after `b`. */
export function rollTurn(dice: Dice, e: DamageOverTime, b: Burning): number {
  return dice.roll(EFFECT_DIE, `${e.effect} ${effectNoun(e.effect).turn} ${b.turns + 1}`)
}

export function resolveDamageOverTime(dice: Dice, e: DamageOverTime): DamageOverTimeResult {
  const out: EffectDie[] = []
  let b = BURNING_START
  while (burnsOn(e, b)) {
    if (out.length >= MAX_ROLLS_AGAIN)
      throw repeatingDice(
        `wargroup ${e.effect}`,
        `the die showed no 1 (which ends the ${e.effect === 'burn' ? 'fire' : 'void tile'})`,
      )
    const roll = rollTurn(dice, e, b)
    out.push({ roll, damage: effectTurn(roll).damage })
    b = afterTurn(b, roll)
  }
  const result: DamageOverTimeResult = {
    dice: out,
    damage: b.damage,
    duration: b.turns,
    expired: b.ended,
    active: !b.ended,
  }
  if (e.dam !== undefined) {
    result.remainingDam = Math.max(0, e.dam - b.damage)
    result.destroyed = fallen(b.damage, e.dam)
  }
  return result
}
