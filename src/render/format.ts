import type { Distribution } from '../core/distribution.js'
import type { Style } from './style.js'
import { visibleLength } from './style.js'

import { num, pctFixed } from '../core/numbers.js'

export { num, pct, pctFixed, plural } from '../core/numbers.js'

/**
 * Words filled into lines of at most `width` columns (a longer word stands alone). The text's
 * own leading spaces are kept, and lines after the first start with them and `indent`.
 */
export function wrapText(text: string, width: number, indent = ''): string {
  const lead = /^ */.exec(text)![0]
  const lines: string[] = []
  let line = lead
  let empty = true
  for (const w of text.slice(lead.length).split(' ')) {
    if (!empty && visibleLength(line) + 1 + visibleLength(w) > width) {
      lines.push(line)
      line = lead + indent + w
    } else line = empty ? line + w : `${line} ${w}`
    empty = false
  }
  lines.push(line)
  return lines.join('\n')
}

/**
 * A finished answer fitted to a terminal's `columns`: each line wider than that is wrapped at its
 * spaces, its continuation lines indented under its text (past the "3. " of a numbered step, else
 * two columns in). Lines that fit, tables and histograms among them (drawn to the width already),
 * are left exactly as they are.
 */
export function fitToWidth(text: string, columns: number): string {
  return text
    .split('\n')
    .map((line) => {
      if (visibleLength(line) <= columns) return line
      // eslint-disable-next-line no-control-regex
      const step = /^ *(\d+\. )?/.exec(line.replace(/\u001b\[[0-9;]*m/g, ''))![1]
      return wrapText(line, columns, step ? ' '.repeat(step.length) : '  ')
    })
    .join('\n')
}

/** How a column's cells line up. */
export type Align = 'left' | 'right' | 'center'

/**
 * Draws the tables the plain drawer below does not: cells wrapped to `colWidths` (a table wider
 * than its width) or cells with colour codes. The command line sets cli-table3's
 * (src/cli/table.ts) before it draws anything; without one (the library's text in a page, where
 * cli-table3 cannot load) such tables are padded by their visible width and never wrapped.
 */
export type TableDrawer = (rows: string[][], opts: { colWidths?: number[]; colAligns?: Align[] }) => string

let drawer: TableDrawer | undefined

/** The drawer of wrapped and coloured tables, for everything drawn from now on (none: padded). */
export function useTableDrawer(d: TableDrawer | undefined): void {
  drawer = d
}

/**
 * An aligned table without borders, columns two spaces apart (colour codes are measured out;
 * rows may be ragged; `align` per column, left by default). When the table would be wider than
 * `width`, its widest columns are narrowed and their cells wrap.
 */
export function columns(rows: string[][], width = 80, align: Align[] = []): string {
  const gap = 2
  if (rows.length === 0) return ''
  const widths: number[] = []
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, visibleLength(c))))
  const over = widths.reduce((a, b) => a + b, 0) + gap * (widths.length - 1) - width
  if (over <= 0 && plainCells(rows, align)) return padded(rows, widths, align)
  if (!drawer) return padded(rows, widths, align)
  if (over <= 0) return drawer(rows, { colAligns: align })
  // Narrow the widest column one character at a time (never below 8) until the table fits.
  const fitted = [...widths]
  for (let left = over; left > 0; left--) {
    const i = fitted.indexOf(Math.max(...fitted))
    if (fitted[i] <= 8) break
    fitted[i]--
  }
  // Rows wrap on their own once the widths are set: drawn in blocks, as cli-table3's layout takes
  // time growing faster than its rows (a roster of 5,000 units is 10,000 rows).
  const blocks: string[] = []
  for (let i = 0; i < rows.length; i += TABLE_BLOCK)
    blocks.push(drawer(rows.slice(i, i + TABLE_BLOCK), { colAligns: align, colWidths: fitted }))
  return blocks.join('\n')
}

const TABLE_BLOCK = 100

/** Rows of equal length, of printable ASCII only (one column each character), aligned left or right. */
function plainCells(rows: string[][], align: Align[]): boolean {
  if (align.some((a) => a !== 'left' && a !== 'right')) return false
  const n = rows[0].length
  return rows.every((r) => r.length === n && r.every((c) => typeof c === 'string' && /^[ -~]*$/.test(c)))
}

/**
 * What cli-table3 draws for a table that fits, without it: each cell padded to its column (1 at
 * least) by its visible width, colour codes measured out.
 */
function padded(rows: string[][], natural: number[], align: Align[]): string {
  const widths = natural.map((w) => Math.max(1, w))
  const pad = (c: string, i: number) => {
    const room = widths[i] - visibleLength(c)
    if (room <= 0) return c
    if (align[i] === 'right') return ' '.repeat(room) + c
    if (align[i] === 'center') return ' '.repeat(Math.floor(room / 2)) + c + ' '.repeat(Math.ceil(room / 2))
    return c + ' '.repeat(room)
  }
  return rows.map((r) => r.map(pad).join('  ').trimEnd()).join('\n')
}

/** Outcomes and their probabilities as plain numbers: what the histogram draws. */
export type Outcomes = ReadonlyArray<readonly [number, number]>

export interface HistogramOptions {
  /** How an outcome is written (default: the number). */
  label?: (k: number) => string
  /** The header of the outcome column ("Damage"); the histogram then heads its own columns. */
  title?: string
  /**
   * Outcomes at or above `at` destroy the target (its HP): a line marks where they start, with
   * their chance. `label` says what they do (default `destroyed at HP <at> or more`).
   */
  cutoff?: { at: number; label?: string }
}

/**
 * Past MAX_HISTOGRAM_ROWS outcomes, those less likely than the threshold are grouped into one
 * "less likely" row (the JSON keeps each): 0.5%, or 1% when that still leaves more than
 * MAX_HISTOGRAM_ROWS rows. A single outcome below it is shown as it is, and so is every outcome
 * of a chart that fits (3d6's 3 and 18, 0.46% each, were hidden).
 */
export const HISTOGRAM_THRESHOLDS = [0.005, 0.01]
export const MAX_HISTOGRAM_ROWS = 40

function toOutcomes(d: Outcomes | Distribution<number>): Array<readonly [number, number]> {
  return d instanceof Array ? [...d] : d.sorted()
}

interface Row {
  k: number
  p: number
  atLeast: number
  /** A row of a range of outcomes: the last outcome in it. */
  last?: number
}

/** About how many rows a chart of ranges has. */
const RANGE_ROWS = 20

/**
 * Whole-number outcomes grouped into ranges of one round width (1, 2 or 5 times a power of 10)
 * over the middle 99.9% of the chance, the tails joined to the first and last ranges; with a
 * cut-off (HP), one range starts at it. Null when an outcome is not a whole number.
 */
function rangeRows(all: Array<readonly [number, number]>, atLeast: number[], cut?: number): Row[] | null {
  if (!all.every(([k]) => Number.isInteger(k))) return null
  const quantile = (q: number) =>
    all[Math.max(0, atLeast.findIndex((a) => a < 1 - q) - 1)]?.[0] ?? all.at(-1)![0]
  const lo = quantile(0.0005)
  const hi = quantile(0.9995)
  const raw = Math.max(1, (hi - lo + 1) / RANGE_ROWS)
  const ten = 10 ** Math.floor(Math.log10(raw))
  const width = [1, 2, 5, 10].map((m) => m * ten).find((w) => w >= raw)!
  const origin = cut ?? 0
  const start = (v: number) => origin + Math.floor((v - origin) / width) * width
  const rows: Row[] = []
  let current = NaN
  all.forEach(([k, p], i) => {
    const from = Math.min(Math.max(start(k), start(lo)), start(hi))
    const row = rows.at(-1)
    if (row && from === current) {
      row.p += p
      row.last = k
    } else rows.push({ k, p, atLeast: atLeast[i], last: k })
    current = from
  })
  return rows
}

/**
 * A horizontal histogram of a numeric distribution: one row per outcome with its probability,
 * the chance of at least that much, and a bar scaled to the most likely outcome. Unlikely
 * outcomes are grouped into one "less likely" row; a known HP is marked where the outcomes that
 * destroy begin. Every line fits in `width`.
 */
export function histogram(
  dist: Outcomes | Distribution<number>,
  style: Style,
  width: number,
  options: HistogramOptions | ((k: number) => string) = {},
): string {
  const o: HistogramOptions = typeof options === 'function' ? { label: options } : options
  const label = o.label ?? String
  const all = toOutcomes(dist)
    .filter(([, p]) => p > 0)
    .sort(([a], [b]) => a - b)
  if (all.length === 0) return ''
  // Chance of at least each outcome, summed from the top so the small tails stay exact enough.
  const atLeast: number[] = []
  for (let i = all.length - 1, sum = 0; i >= 0; i--) atLeast[i] = sum = Math.min(1, sum + all[i][1])
  let threshold = 0
  for (const t of HISTOGRAM_THRESHOLDS) {
    threshold = t
    if (all.filter(([, p]) => p >= t).length <= MAX_HISTOGRAM_ROWS) break
  }
  if (all.length <= MAX_HISTOGRAM_ROWS || all.filter(([, p]) => p < threshold).length < 2) threshold = 0
  let shown: Row[] = all
    .map((e, i) => ({ k: e[0], p: e[1], atLeast: atLeast[i] }))
    .filter((r) => r.p >= threshold)
  let hidden = all.filter(([, p]) => p < threshold)
  let labels = shown.map((r) => label(r.k))
  // Most of the chance spread thin over many outcomes (a sum of many dice): ranges of them.
  const ranged = hidden.reduce((a, [, p]) => a + p, 0) > 0.5 ? rangeRows(all, atLeast, o.cutoff?.at) : null
  if (ranged) {
    shown = ranged
    hidden = []
    labels = ranged.map((r) =>
      r.last === undefined || r.last === r.k ? label(r.k) : `${label(r.k)} to ${label(r.last)}`,
    )
  }

  const groupLabel = 'less likely'
  const labelWidth = Math.max(...labels.map(visibleLength), hidden.length ? groupLabel.length : 0)
  const titleFits = o.title !== undefined && visibleLength(o.title) <= Math.max(labelWidth, 8)
  const labelColumn = Math.max(labelWidth, titleFits ? visibleLength(o.title!) : 0)
  const fixed = labelColumn + 2 + 7 + 2 + 8 + 2 // label, chance, at least, each 2 apart
  const barWidth = Math.max(10, Math.min(50, width - fixed))
  const max = Math.max(...shown.map((r) => r.p))

  // Fixed columns: "100.00%" is the widest chance, "at least" the widest heading. (Drawn by hand,
  // not with cli-table3: a 30-row chart through it costs ~10 ms of start-up, mostly string-width.)
  const pad = (text: string, n: number) => ' '.repeat(Math.max(0, n - visibleLength(text))) + text
  const row = (lbl: string, chance: string, atLeastText: string, rest: string) =>
    `${pad(lbl, labelColumn)}  ${pad(chance, 7)}  ${pad(atLeastText, 8)}  ${rest}`.trimEnd()
  const lines: string[] = []
  if (o.title !== undefined) {
    const head = titleFits
      ? style.bold(o.title) + ' '.repeat(labelColumn - visibleLength(o.title))
      : ' '.repeat(labelColumn)
    lines.push(`${head}  ${pad(style.dim('chance'), 7)}  ${style.dim('at least')}`)
  }
  const cut = o.cutoff?.at
  shown.forEach((r, i) => {
    const cells = Math.round((r.p / max) * barWidth)
    const bar = cells === 0 ? '▏' : '█'.repeat(cells)
    const paint = cut !== undefined && r.k >= cut ? style.red : style.cyan
    lines.push(row(labels[i], pctFixed(r.p), style.dim(pctFixed(r.atLeast)), paint(bar)))
  })
  if (hidden.length) {
    const note = `${hidden.length} outcomes, each under ${num(threshold * 100, 1)}%`
    lines.push(
      `${pad(groupLabel, labelColumn)}  ${pad(pctFixed(hidden.reduce((a, [, p]) => a + p, 0)), 7)}  ${style.dim(note)}`,
    )
  }
  if (cut !== undefined && all.some(([k]) => k >= cut)) {
    const destroyed = all.filter(([k]) => k >= cut).reduce((a, [, p]) => a + p, 0)
    const first = shown.findIndex((r) => r.k >= cut)
    const at = (o.title !== undefined ? 1 : 0) + (first === -1 ? shown.length : first)
    lines.splice(
      at,
      0,
      style.dim(
        `── ${o.cutoff?.label ?? `destroyed at HP ${cut} or more`}: ${pctFixed(destroyed)} ──`.slice(
          0,
          width,
        ),
      ),
    )
  }
  const table = lines.join('\n')
  return titleFits || o.title === undefined ? table : `${style.bold(o.title)}\n${table}`
}
