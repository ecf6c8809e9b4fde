import type { Dist } from '../core/dist.js'
import type { Distribution } from '../core/distribution.js'
import type { Style } from './style.js'
import { visibleLength } from './style.js'

/** 0.123456 → "12.35%"; tiny non-zero values keep a significant digit. */
export function pct(p: number): string {
  if (p === 0) return '0%'
  if (p === 1) return '100%'
  const v = p * 100
  if (v < 0.01) return `${v.toPrecision(2)}%`
  return `${v.toFixed(2)}%`
}

/** Round for display: at most `digits` decimals, no trailing zeros. */
export function num(v: number, digits = 2): string {
  return String(Number(v.toFixed(digits)))
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`
}

/** An aligned table without borders (all mecha's tables are small; colour codes are measured out). */
export function columns(rows: string[][], gap = 2): string {
  const widths: number[] = []
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, visibleLength(c))))
  return rows
    .map((r) =>
      r
        .map((c, i) => (i === r.length - 1 ? c : c + ' '.repeat(widths[i] - visibleLength(c) + gap)))
        .join('')
        .trimEnd(),
    )
    .join('\n')
}

/**
 * A horizontal histogram of a numeric distribution: one row per outcome with its probability,
 * the cumulative chance of at least that much, and a bar scaled to the most likely outcome.
 */
export function histogram(dist: Dist<number> | Distribution<number>, style: Style, width: number, label: (k: number) => string = String): string {
  // (Dist is retiring: its weights are Rationals; Distribution's sorted() gives decimals)
  const rows = (dist.sorted() as Array<[number, number | { isZero(): boolean; toNumber(): number }]>)
    .map(([k, w]) => [k, typeof w === 'number' ? w : w.isZero() ? 0 : w.toNumber()] as const)
    .filter(([, p]) => p > 0)
  if (rows.length === 0) return ''
  const probs = rows.map(([, p]) => p)
  const max = Math.max(...probs)
  const labels = rows.map(([k]) => label(k))
  const labelWidth = Math.max(...labels.map((l) => l.length))
  const barWidth = Math.max(10, Math.min(50, width - labelWidth - 28))
  let atLeast = 1
  const lines: string[] = []
  rows.forEach(([,], i) => {
    const p = probs[i]
    const cells = Math.round((p / max) * barWidth)
    const bar = p > 0 && cells === 0 ? '▏' : '█'.repeat(cells)
    lines.push(
      `${labels[i].padStart(labelWidth)}  ${pct(p).padStart(7)}  ${style.dim(('≥ ' + pct(Math.max(0, atLeast))).padStart(9))}  ${style.cyan(bar)}`,
    )
    atLeast -= p
  })
  return lines.join('\n')
}
