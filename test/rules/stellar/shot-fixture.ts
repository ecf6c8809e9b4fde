import type { Shot } from '../../../src/rules/stellar/shoot.js'
import { NO_PEN } from '../../../src/rules/stellar/weapon.js'

/** A plain shot: no bonus, no reaction, no modifiers; override what a case needs. */
export function shot(over: Partial<Shot> = {}): Shot {
  return {
    acc: 9,
    evade: 4,
    shots: 4,
    rapidFire: 0,
    dmg: 100,
    pen: NO_PEN,
    armSv: 0,
    bonus: 'none',
    pilot: 0,
    defense: 'none',
    defPilot: 0,
    shield: 0,
    cover: false,
    blindside: false,
    targetLock: false,
    indirect: false,
    advantage: false,
    focus: false,
    bullseye: false,
    extraHits: 0,
    momentum: 0,
    warship: false,
    aoe: false,
    size: 0,
    ...over,
  }
}
