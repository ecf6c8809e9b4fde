import { walkMaps } from '../../../src/core/exact.js'
import { type Shot, resolveShot } from '../../../src/rules/stellar/shoot.js'
import { NO_PEN, parsePen } from '../../../src/rules/stellar/weapon.js'
import type { PlainShot } from './evade-brute.js'

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
    focus: 0,
    atkWarship: false,
    lockOn: 1,
    bullseye: false,
    extraHits: 0,
    hitBonuses: [],
    bonusRaise: 0,
    rapidFireRelief: 0,
    dodgeRaise: 0,
    guardRaise: 0,
    blockBonuses: [],
    barrier: 0,
    barrierBonuses: [],
    accBonuses: [],
    dmgBonuses: [],
    penBonuses: [],
    ignoreShieldCover: false,
    ignoreRapidFirePenalty: false,
    energy: false,
    antiBeam: false,
    remoteShootDown: false,
    blindsideImmune: false,
    guardCritsAsHits: false,
    dodgeCritsMiss: false,
    reroll: false,
    notOverYet: 0,
    momentum: 0,
    evadeRerolls: 0,
    bonusCrits: 0,
    soloOperative: false,
    seekingShot: false,
    persevere: false,
    round: 1,
    warship: false,
    aoe: false,
    size: 0,
    ...over,
  }
}

/** The rule's shot for the brute force's plain one. */
export function ruleShot(p: PlainShot): Shot {
  return shot({
    acc: p.acc,
    evade: p.evade,
    shots: p.shots,
    dmg: p.dmg,
    pen: parsePen(String(p.pen)),
    armSv: p.armSv,
    shield: p.shield,
    defense: p.dodge ? 'dodge' : p.guard ? 'guard' : 'none',
    hp: p.hp,
    evadeRerolls: p.rerolls,
  })
}

/**
 * The oracle for a shot's odds: resolveShot walked die by die (every choice automatic), read as
 * its damage, failed saves and unblocked hits (each its own map: equal readings merge as walked).
 */
export function walkShot(s: Shot) {
  return walkMaps((dice) => resolveShot(dice, { ...s, askDecisions: false }), {
    damage: (r) => r.damage,
    failedSaves: (r) => r.save.failedSaves,
    unblockedHits: (r) => r.unblockedHits,
  })
}
