import type { Strike } from '../../../src/rules/formation/strike.js'

/** A plain single-target strike: STR 0, DMG 4, no answer; override what a case needs. */
export function strike(
  over: Partial<Omit<Strike, 'defender'>> & { defender?: Partial<Strike['defender']> } = {},
): Strike {
  const { defender, ...rest } = over
  return {
    str: 0,
    accurate: 0,
    vulnerable: 0,
    harm: false,
    harmStray: false,
    jamCounters: 0,
    dmg: 4,
    volley: 1,
    melee: false,
    missile: false,
    mode: 'single',
    spread: 1,
    targets: 1,
    ai: false,
    vsInfantry: false,
    knockdown: false,
    answer: 'none',
    zentraedi: false,
    starBoxes: [],
    destroyMod: 0,
    ...rest,
    defender: { parryAllowed: false, rollWithAllowed: false, ...defender },
  }
}
