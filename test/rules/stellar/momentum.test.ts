import { describe, expect, it } from 'vitest'
import { startingMomentum } from '../../../src/rules/stellar/momentum.js'

const start = (m: Partial<Parameters<typeof startingMomentum>[0]>) =>
  startingMomentum({ rampage: false, resourceful: false, upgrades: 0, ...m }).momentum

describe('starting Momentum', () => {
  it.each([
    [300, 3],
    [500, 3],
    [501, 5],
    [750, 5],
    [1000, 5],
    [1500, 7],
    [1501, 9],
    [3000, 9],
  ])('%i points: %i', (points, momentum) => expect(start({ points })).toBe(momentum))

  it.each([
    { m: { points: 1000, resourceful: true }, momentum: 6 },
    { m: { points: 2000, resourceful: true }, momentum: 10 },
    { m: { points: 2000, resourceful: true, upgrades: 0 }, momentum: 10 },
    { m: { points: 1000, upgrades: 1 }, momentum: 3 },
    { m: { points: 500, upgrades: 2 }, momentum: 0 },
    { m: { rampage: true }, momentum: 7 },
    { m: { rampage: true, points: 2000 }, momentum: 7 },
  ])('%#: $momentum', ({ m, momentum }) => expect(start(m)).toBe(momentum))

  it('says when the cap of 10 (or the floor of 0) applied', () => {
    expect(startingMomentum({ points: 2000, rampage: false, resourceful: true, upgrades: 0 }).capped).toBe(
      false,
    )
    expect(startingMomentum({ points: 500, rampage: false, resourceful: false, upgrades: 2 }).capped).toBe(
      true,
    )
  })
})
