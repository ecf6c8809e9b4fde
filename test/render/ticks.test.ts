import { describe, expect, it } from 'vitest'
import {
  alignedChanceTicks,
  chanceLabel,
  chanceTicks,
  roundStep,
  stepDigits,
  valueLabel,
  valueTicks,
} from '../../src/render/ticks.js'

/** 1, 2 or 5 times a power of ten. */
function isRound(step: number): boolean {
  const m = step / 10 ** Math.floor(Math.log10(step) + 1e-9)
  return [1, 2, 5, 10].some((k) => Math.abs(m - k) < 1e-9)
}

describe('roundStep: the smallest step of 1, 2 or 5 times a power of ten at least as large', () => {
  it.each([
    [0.0007, 0.001],
    [0.001, 0.001],
    [0.0011, 0.002],
    [0.025, 0.05],
    [0.021, 0.05],
    [0.02, 0.02],
    [3, 5],
    [7, 10],
    [10, 10],
    [101, 200],
    [1000, 1000],
  ])('%f → %f', (raw, step) => {
    expect(roundStep(raw)).toBe(step)
  })

  it('is round and in range for raw values over twelve orders of magnitude', () => {
    for (let e = -6; e <= 6; e++)
      for (const m of [1, 1.01, 1.5, 2, 2.5, 3.3, 4.99, 5, 6, 9.99]) {
        const raw = m * 10 ** e
        const step = roundStep(raw)
        expect(isRound(step), `${raw} → ${step}`).toBe(true)
        expect(step).toBeGreaterThanOrEqual(raw * (1 - 1e-9))
        expect(step).toBeLessThan(raw * 2.5 + 1e-12)
      }
  })
})

describe('chanceTicks: the chance axis from 0 to a round top', () => {
  it('3d6 (12.5% at most): steps of 5%, not 2.5% labelled 3%, 8%, 13%', () => {
    const { top, step, ticks } = chanceTicks(0.125)
    expect(step).toBe(0.05)
    expect(top).toBe(0.15)
    expect(ticks.map((p) => chanceLabel(p, step))).toEqual(['0%', '5%', '10%', '15%'])
    // 16% at most: steps of 5% again, up to 20%; 57.69% at most: steps of 10%.
    expect(chanceTicks(0.16).ticks).toEqual([0, 0.05, 0.1, 0.15, 0.2])
    expect(chanceTicks(0.5769).ticks).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6])
  })

  it('small chances get the decimals their step needs, on every label of the axis', () => {
    const { step, ticks } = chanceTicks(0.001)
    expect(step).toBe(0.0002)
    expect(ticks.map((p) => chanceLabel(p, step))).toEqual([
      '0.00%',
      '0.02%',
      '0.04%',
      '0.06%',
      '0.08%',
      '0.10%',
    ])
    expect(chanceTicks(0.004).ticks.map((p) => chanceLabel(p, chanceTicks(0.004).step))).toEqual([
      '0.0%',
      '0.1%',
      '0.2%',
      '0.3%',
      '0.4%',
    ])
  })

  it('never passes 100%: a certain outcome tops out at 100% in steps of 20%', () => {
    expect(chanceTicks(1)).toEqual({ top: 1, step: 0.2, ticks: [0, 0.2, 0.4, 0.6, 0.8, 1] })
    expect(chanceTicks(0.97).top).toBe(1)
  })

  it('for any maximum: round steps, at most 6 of them, the top at or above it, every label exact', () => {
    for (let i = 1; i <= 2000; i++) {
      const max = (i / 2000) ** 3
      const { top, step, ticks } = chanceTicks(max)
      expect(isRound(step), `max ${max}: step ${step}`).toBe(true)
      expect(top).toBeGreaterThanOrEqual(max - 1e-12)
      expect(ticks.length - 1).toBeLessThanOrEqual(6)
      expect(ticks[ticks.length - 1]).toBe(top)
      ticks.forEach((p, k) => {
        // The label, read back, is exactly the tick's value: k steps.
        const label = chanceLabel(p, step)
        expect(Number(label.slice(0, -1)) / 100, `max ${max}: ${label}`).toBeCloseTo(k * step, 12)
      })
    }
  })
})

describe('alignedChanceTicks: a chance axis whose gridlines tick the chance of at least too', () => {
  it('has 5, 4, 10 or 2 steps, so the second axis (0-100%) is ticked every 20%, 25%, 10% or 50%', () => {
    // 60% at most: 0-80% by 20% (not 0-60% by 10%, whose gridlines the 20% steps fall between)
    expect(alignedChanceTicks(0.6)).toEqual({
      top: 0.8,
      step: 0.2,
      ticks: [0, 0.2, 0.4, 0.6, 0.8],
      aligned: 0.25,
    })
    // 10.92%: 0-12.5% by 2.5%, each label with its decimal
    const t = alignedChanceTicks(0.1092)
    expect(t.ticks.map((p) => chanceLabel(p, t.step))).toEqual([
      '0.0%',
      '2.5%',
      '5.0%',
      '7.5%',
      '10.0%',
      '12.5%',
    ])
    expect(t.aligned).toBe(0.2)
    expect(alignedChanceTicks(1)).toEqual({
      top: 1,
      step: 0.2,
      ticks: [0, 0.2, 0.4, 0.6, 0.8, 1],
      aligned: 0.2,
    })
  })

  it('for any maximum: the lowest such top at or above it, never past 100%, every label exact', () => {
    for (let i = 1; i <= 2000; i++) {
      const max = (i / 2000) ** 3
      const { top, step, ticks, aligned } = alignedChanceTicks(max)
      const n = ticks.length - 1
      expect([2, 4, 5, 10]).toContain(n)
      expect(aligned).toBeCloseTo(1 / n, 12)
      expect(top).toBeGreaterThanOrEqual(max - 1e-12)
      expect(top).toBeLessThanOrEqual(1)
      expect(ticks[n]).toBe(top)
      // no lower top of the same kind (nor one under 0.01%, the least the axis shows)
      for (const m of [1, 2, 2.5, 5])
        for (let e = -6; e <= 0; e++)
          for (const k of [2, 4, 5, 10]) {
            const other = Number((k * m * 10 ** e).toPrecision(12))
            if (other >= Math.max(max, 1e-4) - 1e-12 && other <= 1)
              expect(other, `max ${max}`).toBeGreaterThanOrEqual(top)
          }
      ticks.forEach((p, k) => {
        const label = chanceLabel(p, step)
        expect(Number(label.slice(0, -1)) / 100, `max ${max}: ${label}`).toBeCloseTo(k * step, 12)
      })
    }
  })
})

describe('valueTicks: round ticks along a numeric outcome axis', () => {
  it('melee damage 0 to 4800 with room for 16 labels: every 500 (not 0, 400, 800 as categories)', () => {
    const { step, ticks } = valueTicks(0, 4800, 16, 1)
    expect(step).toBe(500)
    expect(ticks).toEqual([0, 500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 4500])
  })

  it('dice totals 3 to 18: every whole number (never a step under the outcomes’ own)', () => {
    expect(valueTicks(3, 18, 16, 1).ticks).toEqual(Array.from({ length: 16 }, (_, i) => i + 3))
    expect(valueTicks(0, 3, 16, 1)).toEqual({ step: 1, ticks: [0, 1, 2, 3] })
  })

  it('starts at the first multiple of the step inside the range, negative values too', () => {
    expect(valueTicks(-7, 7, 8, 1)).toEqual({ step: 2, ticks: [-6, -4, -2, 0, 2, 4, 6] })
    expect(valueTicks(1, 1000, 10, 1).ticks).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000])
  })

  it('labels fractions with the digits of their step, and no "-0"', () => {
    const { step, ticks } = valueTicks(-0.3, 1, 10)
    expect(step).toBe(0.2)
    expect(ticks.map((v) => valueLabel(v, step))).toEqual(['-0.2', '0.0', '0.2', '0.4', '0.6', '0.8', '1.0'])
    expect(valueLabel(-0.0001, 0.1)).toBe('0.0')
    expect(stepDigits(0.05)).toBe(2)
    expect(stepDigits(20)).toBe(0)
    expect(stepDigits(2.5)).toBe(1)
    expect(stepDigits(0.25)).toBe(2)
  })
})
