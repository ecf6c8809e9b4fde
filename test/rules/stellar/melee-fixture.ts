import { PhysicalDice } from '../../../src/core/physical.js'
import { type Melee, type MeleeSide, resolveMelee } from '../../../src/rules/stellar/melee.js'
import { NO_PEN, type Penetration, parsePen } from '../../../src/rules/stellar/weapon.js'

/** A side with no traits, no shield, no PEN: tests override what they need. */
export function side(over: Partial<Omit<MeleeSide, 'pen'>> & { pen?: Penetration | string } = {}): MeleeSide {
  const { pen, ...rest } = over
  return {
    dmg: 300,
    pen: typeof pen === 'string' ? parsePen(pen) : (pen ?? NO_PEN),
    armSv: 0,
    shield: 0,
    pilot: 0,
    momentum: 0,
    size: 0,
    finisher: 0,
    boldLeader: false,
    boldAlly: false,
    skilledSwordsman: false,
    masterSwordsman: false,
    closeCombatExpert: false,
    mercilessMelee: false,
    berserker: false,
    killerInstinct: false,
    advantage: false,
    extraHits: 0,
    extraBlocks: 0,
    hitBonuses: [],
    blockBonuses: [],
    guardRaise: 0,
    blindsideImmune: false,
    unbeaten: false,
    persevere: false,
    soloOperative: false,
    reroll: false,
    notOverYet: 0,
    evade: 0,
    evadeRerolls: 0,
    desperation: false,
    improvise: false,
    penBonuses: [],
    warship: false,
    ...rest,
  }
}

export function melee(over: Partial<Melee> & { atk?: MeleeSide; def?: MeleeSide } = {}): Melee {
  return {
    atk: side(),
    def: side(),
    atkSplit: { attack: 3, defense: 2 },
    defSplit: { attack: 2, defense: 3 },
    defChoice: 'counter',
    blindside: false,
    overwatch: null,
    round: 1,
    ...over,
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
