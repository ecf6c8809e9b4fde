import { PhysicalDice } from '../../../src/core/physical.js'
import {
  type Melee,
  type MeleeSide,
  type MeleeSituation,
  type SideParts,
  meleeSide,
} from '../../../src/rules/stellar/melee.js'
import { resolveMelee } from '../../../src/rules/stellar/melee-flow.js'
import { type Penetration, parsePen } from '../../../src/rules/stellar/weapon.js'
import { onlyKeys } from './shot-fixture.js'

/**
 * A side with DMG 300 and no traits, no shield, no PEN: tests override what they need (`pen` as
 * written on a profile, "5S", or parsed).
 */
export function side(over: SideParts & { pen?: Penetration | string } = {}): MeleeSide {
  onlyKeys(over, ['unit', 'weapon', 'mods', 'pen'])
  const { pen, ...parts } = over
  const weapon = pen === undefined ? {} : { pen: typeof pen === 'string' ? parsePen(pen) : pen }
  return meleeSide({ ...parts, weapon: { dmg: 300, ...weapon, ...parts.weapon } })
}

/** A clash of two plain sides, 3/2 against 2/3, Counter; no Blindside, no overwatch, round 1. */
export function melee(
  over: Partial<Omit<Melee, 'situation'>> & { situation?: Partial<MeleeSituation> } = {},
): Melee {
  onlyKeys(over, [
    'atk',
    'def',
    'atkSplit',
    'defSplit',
    'defChoice',
    'situation',
    'momentumAsked',
    'decisions',
    'askDecisions',
  ])
  return {
    atk: side(),
    def: side(),
    atkSplit: { attack: 3, defense: 2 },
    defSplit: { attack: 2, defense: 3 },
    defChoice: 'counter',
    ...over,
    situation: { blindside: false, overwatch: null, round: 1, ...over.situation },
  }
}

/** The clash played with these dice, every one of them used. */
export const roll = (m: Melee, dice: number[]) => {
  const d = new PhysicalDice(dice)
  const r = resolveMelee(d, m)
  d.assertAllUsed()
  return r
}

/** Every way `n` d10 can fall, in order (10^n of them). */
export function* allFaces(n: number): Generator<number[]> {
  const f = new Array<number>(n).fill(1)
  for (;;) {
    yield f.slice()
    let i = 0
    while (i < n && f[i] === 10) f[i++] = 1
    if (i === n) return
    f[i]++
  }
}
