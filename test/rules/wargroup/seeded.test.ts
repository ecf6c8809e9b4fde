import { describe, expect, it } from 'vitest'
import { SeededDice } from '../../../src/core/seeded.js'
import { resolveDamageOverTime } from '../../../src/rules/wargroup/damage-over-time.js'
import { resolveInitiative } from '../../../src/rules/wargroup/initiative.js'
import { type WargroupShot, resolveWargroupShot } from '../../../src/rules/wargroup/shoot.js'

/**
 * Frozen seeded transcripts: the same seed and arguments must give the same result on every
 * machine and version. Changing one of these is a breaking change.
 */
const base: WargroupShot = {
  acu: 3,
  def: 2,
  str: 5,
  arm: 3,
  aim: 'none',
  commander: false,
  defCommander: false,
}

describe('seeded wargroup transcripts', () => {
  it.each([
    {
      seed: 'snap-17',
      aim: 'module',
      mtp: 1,
      dice: [5, 3, 4, 3, 2],
      damage: 3,
      module: 'disabled',
      disabledTurns: 2,
    },
    {
      seed: 'snap-3',
      aim: 'module',
      mtp: 1,
      dice: [6, 5, 5, 3],
      damage: 4,
      module: 'destroyed',
      disabledTurns: 0,
    },
    { seed: 'snap-17', aim: 'movement', dice: [5, 3, 4, 3, 5], damage: 1, immobilizedTurns: 5 },
    { seed: 'snap-23', aim: 'movement', dice: [6, 5, 6, 1, 6], damage: 9, immobilizedTurns: 6 },
    { seed: 'x', aim: 'movement', dice: [3, 6], damage: 0, immobilizedTurns: 0 },
  ])('shoot $seed aimed at $aim', ({ seed, aim, mtp, dice: faces, ...want }) => {
    const dice = new SeededDice(seed)
    const r = resolveWargroupShot(dice, {
      ...base,
      aim: aim as WargroupShot['aim'],
      ...(mtp !== undefined ? { mtp } : {}),
    })
    expect(dice.log.map((d) => d.value)).toEqual(faces)
    expect(r).toMatchObject(want)
  })

  it.each([
    { seed: 'wg-1', faces: [5, 6, 2, 6, 5, 4, 1], damage: 28 },
    { seed: 'table1', faces: [2, 6, 1], damage: 8 },
  ])('burn $seed', ({ seed, faces, damage }) => {
    const r = resolveDamageOverTime(new SeededDice(seed), { effect: 'burn' })
    expect(r.dice.map((d) => d.roll)).toEqual(faces)
    expect(r.damage).toBe(damage)
  })

  it('initiative x', () => {
    expect(resolveInitiative(new SeededDice('x'))).toEqual({
      rounds: [{ a: 3, b: 6, winner: 'B' }],
      goesFirst: 'B',
      winningRoll: 6,
    })
  })
})
