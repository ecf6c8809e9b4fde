import { walkMaps } from '../../../src/core/exact.js'
import { type Shot, type ShotParts, resolveShot, shotInput } from '../../../src/rules/stellar/shoot.js'
import { parsePen } from '../../../src/rules/stellar/weapon.js'
import type { PlainShot } from './evade-brute.js'

/** A plain shot (Acc 9, Evade 4, 4 shots, DMG 100): no bonus, no reaction, no modifiers; override what a case needs. */
export function shot(over: ShotParts = {}): Shot {
  onlyKeys(over, [
    'weapon',
    'attacker',
    'target',
    'situation',
    'bonus',
    'defense',
    'decisions',
    'askDecisions',
  ])
  return shotInput({
    ...over,
    weapon: { acc: 9, shots: 4, dmg: 100, ...over.weapon },
    target: { evade: 4, ...over.target },
  })
}

/** Parts `a` with `b`'s fields over them, record by record. */
export function withParts(a: ShotParts, b: ShotParts): ShotParts {
  return {
    ...a,
    ...b,
    weapon: { ...a.weapon, ...b.weapon },
    attacker: { ...a.attacker, ...b.attacker },
    target: { ...a.target, ...b.target },
    situation: { ...a.situation, ...b.situation },
  }
}

/** The rule's shot for the brute force's plain one. */
export function ruleShot(p: PlainShot): Shot {
  return shot({
    weapon: { acc: p.acc, shots: p.shots, dmg: p.dmg, pen: parsePen(String(p.pen)) },
    target: { evade: p.evade, armSv: p.armSv, shield: p.shield, hp: p.hp, evadeRerolls: p.rerolls },
    defense: p.dodge ? 'dodge' : p.guard ? 'guard' : 'none',
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

/** Throws on a key that is not one of `keys`: a flat field given where a record is wanted. */
export function onlyKeys(over: object, keys: readonly string[]): void {
  const stray = Object.keys(over).filter((k) => !keys.includes(k))
  if (stray.length) throw new Error(`not a field here: ${stray.join(', ')} (give it inside its record)`)
}
