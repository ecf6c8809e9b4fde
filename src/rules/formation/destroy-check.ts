import { type Dice, atLeast } from '../../core/dice.js'

/**
 * THE OPTIONAL DESTRUCTION ROLL (formation rules, damage boxes): whenever damage reaches a
 * box marked `*`, one d6 is rolled and a 6 destroys the unit at once. Some heroes have a modifier
 * for this roll.
 *
 * Readings: the hero's modifier is added to the die (a hero with -1 can never be destroyed this
 * way; one with +1 is destroyed on 5-6). The `*` boxes are rolled one at a time in box order and
 * the rolling stops at the first destruction.
 */
export interface DestroyCheck {
  stars: number
  mod: number
}

export interface DestroyCheckResult {
  /** The natural d6 that destroys (7 or more: none can). */
  needed: number
  rolls: Array<{ roll: number; destroyed: boolean }>
  destroyed: boolean
  /** Which `*` box destroyed it (1-based), or null. */
  destroyedOn: number | null
}

export const DESTROY_ON = 6

/** The natural d6 that destroys: 6 or more after the hero's modifier. */
export function destroyNeeded(mod: number): number {
  return DESTROY_ON - mod
}

export function resolveDestroyCheck(dice: Dice, c: DestroyCheck): DestroyCheckResult {
  const needed = destroyNeeded(c.mod)
  const rolls: DestroyCheckResult['rolls'] = []
  for (let i = 0; i < c.stars; i++) {
    const roll = dice.roll(
      6,
      c.stars > 1 ? `destruction roll (* box ${i + 1})` : 'destruction roll',
      atLeast(needed),
    )
    const destroyed = roll >= needed
    rolls.push({ roll, destroyed })
    if (destroyed) return { needed, rolls, destroyed: true, destroyedOn: i + 1 }
  }
  return { needed, rolls, destroyed: false, destroyedOn: null }
}
