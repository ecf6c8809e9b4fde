/**
 * Axis ticks at round values: steps of 1, 2 or 5 times a power of ten, each label written with
 * as many decimals as the step needs, so that a label says exactly the value its tick marks.
 */

/** The smallest step of 1, 2 or 5 times a power of ten that is at least `raw` (raw > 0). */
export function roundStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw))
  for (const m of [1, 2, 5, 10]) {
    const step = clean(m * power)
    if (step >= raw * (1 - 1e-12)) return step
  }
  return clean(10 * power)
}

/** Decimals that write every multiple of `step` exactly: 0.5 → 1, 0.02 → 2, 2.5 → 1, 20 → 0. */
export function stepDigits(step: number): number {
  for (let d = 0; d < 12; d++) {
    const scaled = step * 10 ** d
    if (Math.abs(scaled - Math.round(scaled)) < 1e-9 * Math.max(1, scaled)) return d
  }
  return 12
}

/** A multiple of a step without binary noise: 3 * 0.1 is 0.3, not 0.30000000000000004. */
function clean(x: number): number {
  return Number(x.toPrecision(12))
}

/**
 * The chance axis: from 0 to a round top at or above `max`, in at most `most` steps (the top
 * never past 100%). Chances are fractions (0.125); the labels are percentages ("12%").
 */
export function chanceTicks(max: number, most = 6): { top: number; step: number; ticks: number[] } {
  const step = Math.min(0.2, roundStep(Math.max(max, 1e-4) / most))
  const top = Math.min(1, clean(Math.max(1, Math.ceil(max / step - 1e-9)) * step))
  const ticks: number[] = []
  for (let k = 0; clean(k * step) <= top + 1e-12; k++) ticks.push(clean(k * step))
  return { top, step, ticks }
}

/**
 * The chance axis of a panel that has the chance of at least on a second axis (0 to 100% over
 * the same height): its gridlines are that axis's ticks too, so it has 5, 4, 10 or 2 steps (the
 * second axis ticked every 20%, 25%, 10% or 50%), each 1, 2, 2.5 or 5 times a power of ten. The
 * lowest such top at or above `max` is taken; `aligned` is the second axis's step.
 */
export function alignedChanceTicks(max: number): {
  top: number
  step: number
  ticks: number[]
  aligned: number
} {
  const need = Math.max(max, 1e-4)
  // Of two equal tops, the one with steps earlier in STEPS (5 steps before 10 of half the size).
  const STEPS = [5, 4, 10, 2]
  let best = { top: 1, step: 0.2, n: 5 }
  for (let e = -6; e <= 0; e++)
    for (const m of [1, 2, 2.5, 5])
      for (const n of STEPS) {
        const step = clean(m * 10 ** e)
        const top = clean(n * step)
        if (top < need * (1 - 1e-12) || top > 1) continue
        if (top < best.top || (top === best.top && STEPS.indexOf(n) < STEPS.indexOf(best.n)))
          best = { top, step, n }
      }
  const ticks = Array.from({ length: best.n + 1 }, (_, k) => clean(k * best.step))
  return { top: best.top, step: best.step, ticks, aligned: clean(1 / best.n) }
}

/** A chance as a tick label: 0.125 with a step of 0.005 → "12.5%". */
export function chanceLabel(p: number, step: number): string {
  return `${(p * 100).toFixed(stepDigits(step * 100))}%`
}

/**
 * Ticks along a numeric axis from `lo` to `hi`: the multiples of the smallest round step that is
 * at least `minStep` (1 for whole outcomes) and at least `hi - lo` split in `most` parts.
 */
export function valueTicks(
  lo: number,
  hi: number,
  most: number,
  minStep = 0,
): { step: number; ticks: number[] } {
  const span = Math.max(hi - lo, 1e-9)
  const step = roundStep(Math.max(minStep, span / Math.max(1, most)))
  const ticks: number[] = []
  for (let k = Math.ceil(lo / step - 1e-9); clean(k * step) <= hi + 1e-9; k++) ticks.push(clean(k * step))
  return { step, ticks }
}

/** A value as a tick label: 1500 → "1500", 2.5 with a step of 0.5 → "2.5". */
export function valueLabel(v: number, step: number): string {
  const text = v.toFixed(stepDigits(step))
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text
}
