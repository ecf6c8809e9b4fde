import { pctFixed } from './format.js'
import { type OddsRow, type OddsTable, outcomeValue, tableTitle } from './odds-table.js'
import { alignedChanceTicks, chanceLabel, chanceTicks, valueLabel, valueTicks } from './ticks.js'

/**
 * Odds as a self-contained SVG chart: one panel per distribution, a bar for each outcome's
 * chance (left axis), the chance of at least that outcome as a line (right axis, numeric
 * outcomes only), and a dashed line where outcomes start to destroy the target when its HP is
 * known. With options compared, each option is a series in its own colour: bars side by side
 * for up to four options (past that, bars for the best option only), an "at least" line each.
 *
 * Numeric outcomes sit at their value on a numeric axis (0, 400, 1200 are not evenly spaced);
 * other outcomes are evenly spaced categories, yes/no ones named in words. Every axis is ticked
 * at round values (steps of 1, 2 or 5) labelled exactly. A distribution with one certain outcome
 * has nothing to draw: it is named in a line under the title instead of a panel, and one the
 * same as a panel before it is drawn once, under both names. The picture has its size in pixels
 * (a browser given only a viewBox fits a tall chart to the window, its text 5-6 px high) and a
 * viewBox, so a page may still scale it.
 *
 * Plain SVG 1.1 text: no script, no external font, image or stylesheet, so any browser or
 * converter draws it the same way, and making one needs nothing but this function. Marks carry
 * a class (grid, tick, bar, ...) for whoever reads the picture back, such as the tests.
 */

export interface ChartSeries {
  /** The option's name in the legend ("Precision +1 vs Dodge +1"); empty for a single series. */
  label: string
  /** What the option is ranked by, written out ("expected damage 1197.98"). */
  note?: string
  best?: boolean
  table: OddsTable
}

export interface ChartPanel {
  title: string
  series: ChartSeries[]
  /** Outcomes at or above `at` destroy the target: marked with a dashed line and `label`. */
  cutoff?: { at: number; label: string }
}

export interface Chart {
  /** What was resolved: the first line of the text answer. */
  title: string
  /** Smaller lines under it: the choices made, the command line. */
  subtitle?: string[]
  panels: ChartPanel[]
}

const WIDTH = 960
const MARGIN = 24
const PANEL_HEIGHT = 300
const PLOT_LEFT = 76
const PLOT_RIGHT = WIDTH - 76
const PLOT_TOP = 44
const PLOT_BOTTOM = PANEL_HEIGHT - 64
const FONT = 'DejaVu Sans, Helvetica, Arial, sans-serif'
const MONO = 'DejaVu Sans Mono, Menlo, Consolas, monospace'
/** Tableau's ten colours: told apart by most colour-blind readers too. */
const COLORS = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
]
const BAR = '#4e79a7'
const BAR_DESTROYS = '#e15759'
const AT_LEAST = '#f28e2b'
/** Options past this many draw only the best option's bars (a forest of thin bars reads as noise). */
const MAX_GROUPED = 4
/** Ticks along a numeric outcome axis, at most. */
const MAX_TICKS = 16
/** Width of a tick label's character at 11 px, about. */
const CHAR_PX = 7

export function renderChartSvg(chart: Chart): string {
  const parts: string[] = []
  let y = MARGIN + 8
  // About 11 px a character at 19 px bold: a long title goes on over several lines.
  wrap(chart.title, 78).forEach((line, i) => {
    if (i > 0) y += 24
    parts.push(text(MARGIN, y + 12, line.trim(), { size: 19, weight: 'bold' }))
  })
  y += 24
  // A distribution with one certain outcome is said here, not drawn as a panel with one bar.
  const drawn = sameOnce(chart.panels.filter((p) => certainOutcome(p) === undefined))
  const certain = chart.panels
    .filter((p) => certainOutcome(p) !== undefined)
    .map((p) => `${p.title} = ${outcomeWord(p.series[0].table.name, certainOutcome(p)!)}`)
  const notes = [...(chart.subtitle ?? [])]
  if (certain.length) notes.push(`Certain (100%), not drawn: ${certain.join('; ')}`)
  for (const line of notes) {
    for (const wrapped of wrap(line, 124)) {
      y += 17
      parts.push(text(MARGIN, y, wrapped, { size: 12, fill: '#555', family: MONO }))
    }
  }
  const series = chart.panels[0]?.series ?? []
  if (series.length > 1) {
    y += 12
    series.forEach((s, i) => {
      y += 20
      const color = seriesColor(i)
      parts.push(
        `<rect x="${MARGIN}" y="${y - 11}" width="14" height="14" fill="${color}"${s.best ? ' stroke="#000" stroke-width="1.5"' : ''}/>`,
      )
      const lines = wrap(`${s.label}${s.note ? `: ${s.note}` : ''}${s.best ? ' (best)' : ''}`, 112)
      lines.forEach((line, k) => {
        if (k > 0) y += 16
        parts.push(text(MARGIN + 22, y, line.trim(), { size: 13, weight: s.best ? 'bold' : undefined }))
      })
    })
  }
  y += 16
  for (const panel of drawn) {
    parts.push(`<g class="panel" transform="translate(0 ${y})">${renderPanel(panel)}</g>`)
    y += PANEL_HEIGHT
  }
  const height = y + MARGIN
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="${FONT}">`,
    `<title>${esc(chart.title)}</title>`,
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    ...parts,
    `</svg>`,
    '',
  ].join('\n')
}

function seriesColor(i: number): string {
  return COLORS[i % COLORS.length]
}

/**
 * The panels with each distribution drawn once: a panel whose series hold the same chances as an
 * earlier panel's (a melee's total damage to the defender when nothing adds to the attack's) is
 * that panel, titled with both names ("attack: damage = defender: damage"), with the later one's
 * HP line when the earlier has none.
 */
function sameOnce(panels: readonly ChartPanel[]): ChartPanel[] {
  const out: ChartPanel[] = []
  for (const p of panels) {
    const at = out.findIndex((q) => sameChances(q, p))
    if (at < 0) out.push(p)
    else out[at] = { ...out[at], title: `${out[at].title} = ${p.title}`, cutoff: out[at].cutoff ?? p.cutoff }
  }
  return out
}

/** Whether two panels' series hold the same outcomes with the same chances. */
function sameChances(a: ChartPanel, b: ChartPanel): boolean {
  return (
    a.series.length === b.series.length &&
    a.series.every((s, i) => {
      const x = s.table.rows
      const y = b.series[i].table.rows
      return (
        s.label === b.series[i].label &&
        x.length === y.length &&
        x.every((r, k) => r.outcome === y[k].outcome && r.chance === y[k].chance)
      )
    })
  )
}

/** The one outcome every series of a panel is sure of, if there is one. */
function certainOutcome(panel: ChartPanel): string | undefined {
  const possible = new Set(
    panel.series.flatMap((s) => s.table.rows.filter((r) => r.chance > 0).map((r) => r.outcome)),
  )
  return possible.size === 1 ? [...possible][0] : undefined
}

/** Words for the two outcomes of a yes/no distribution, by the name of what it tells. */
const YES_NO: Record<string, [no: string, yes: string]> = {
  destroyed: ['survives', 'destroyed'],
  survived: ['destroyed', 'survives'],
  hit: ['miss', 'hit'],
  fell: ['stays on', 'falls'],
  thrown: ['not thrown', 'thrown'],
  shutdown: ['keeps going', 'shuts down'],
  expired: ['goes on', 'expires'],
  defended: ['not defended', 'defended'],
  actionLost: ['action kept', 'action lost'],
  eliminated: ['stays in', 'eliminated'],
  retreat: ['stays', 'retreats'],
  repaired: ['not repaired', 'repaired'],
}

/** An outcome as the chart writes it: "true" and "false" in words, anything else as it is. */
export function outcomeWord(table: string, outcome: string): string {
  if (outcome !== 'true' && outcome !== 'false') return outcome
  const words = table
    .split('.')
    .map((part) => YES_NO[part])
    .find((w) => w !== undefined) ?? ['no', 'yes']
  return words[outcome === 'true' ? 1 : 0]
}

/** The outcomes of every series, in order: numbers increasing, others as first listed. */
function categories(series: readonly ChartSeries[]): { outcomes: string[]; numeric: boolean } {
  const numeric = series.every((s) => s.table.numeric)
  const seen = new Set<string>()
  for (const s of series) for (const r of s.table.rows) seen.add(r.outcome)
  const outcomes = [...seen]
  if (numeric) outcomes.sort((a, b) => outcomeValue(a) - outcomeValue(b) || a.length - b.length)
  return { outcomes, numeric }
}

/** Past this many numeric outcomes, bars are ranges of them (a bar under a pixel says nothing). */
const MAX_BARS = 200
/** About how many ranges such a panel has. */
const RANGE_BARS = 80

/**
 * A panel of very many whole-number outcomes (a sum of many dice): a bar per range of one round
 * width (1, 2 or 5 times a power of 10) over the middle 99.9% of the chance, the thin tails in
 * the first and last ranges, a range starting at the HP; each bar's tooltip names its range.
 * Null when the panel has few enough outcomes to draw each.
 */
function ranged(panel: ChartPanel): ChartPanel | null {
  const { outcomes, numeric } = categories(panel.series)
  if (!numeric || outcomes.length <= MAX_BARS) return null
  const values = outcomes.map(outcomeValue)
  if (!values.every(Number.isInteger) || outcomes.some((o) => o.endsWith('+'))) return null
  // The middle 99.9% of every series' chance.
  const byValue = (rows: readonly OddsRow[]) =>
    [...rows].sort((a, b) => outcomeValue(a.outcome) - outcomeValue(b.outcome))
  let lo = Infinity
  let hi = -Infinity
  for (const s of panel.series) {
    const rows = byValue(s.table.rows)
    lo = Math.min(lo, outcomeValue((rows.find((r) => (r.atLeast ?? 1) < 0.9995) ?? rows[0]).outcome) - 1)
    hi = Math.max(
      hi,
      outcomeValue((rows.find((r) => (r.atLeast ?? 0) < 0.0005) ?? rows[rows.length - 1]).outcome),
    )
  }
  const raw = Math.max(1, (hi - lo + 1) / RANGE_BARS)
  const ten = 10 ** Math.floor(Math.log10(raw))
  const width = [1, 2, 5, 10].map((m) => m * ten).find((w) => w >= raw)!
  const origin = panel.cutoff?.at ?? 0
  const start = (v: number) => origin + Math.floor((v - origin) / width) * width
  const first = start(lo)
  const last = start(hi)
  const series = panel.series.map((s) => {
    // Each range: where it starts, its first and last outcomes, its chance.
    const groups: Array<{ at: number; from: number; to: number; chance: number; atLeast?: number }> = []
    for (const r of byValue(s.table.rows)) {
      const v = outcomeValue(r.outcome)
      const at = Math.min(Math.max(start(v), first), last)
      const g = groups[groups.length - 1]
      if (g && g.at === at) {
        g.chance += r.chance
        g.to = v
      } else groups.push({ at, from: v, to: v, chance: r.chance, atLeast: r.atLeast })
    }
    // A bar stands in the middle of its outcomes within its range (a tail's values lie past it).
    const rows = groups.map<OddsRow>((g) => ({
      outcome: String((Math.max(g.at, g.from) + Math.min(g.at + width - 1, g.to)) / 2),
      chance: g.chance,
      atLeast: g.atLeast,
      range: g.from === g.to ? String(g.from) : `${g.from} to ${g.to}`,
    }))
    return { ...s, table: { ...s.table, rows } }
  })
  return { title: panel.title, series, cutoff: panel.cutoff }
}

/** Past this many numeric outcomes, a long thin tail is drawn as one last "N+" bar. */
const MAX_CATEGORIES = 40
/** The tail starts where the chance of at least reaches this for every series. */
const TAIL = 0.001

/**
 * A panel whose numeric outcomes run on in a long thin tail (fire followed to the end, 20d10)
 * draws the tail as one "N+" bar with the tail's whole chance, so the likely outcomes keep their
 * width; N is where every series' chance of at least has fallen under 0.1% (never before the HP).
 */
function trimmed(panel: ChartPanel): ChartPanel {
  const { outcomes, numeric } = categories(panel.series)
  if (!numeric || outcomes.length <= MAX_CATEGORIES) return panel
  let from = -Infinity
  for (const s of panel.series) {
    const first = s.table.rows.find((r) => (r.atLeast ?? 0) < TAIL)
    from = Math.max(from, first ? outcomeValue(first.outcome) : Infinity)
  }
  if (panel.cutoff) from = Math.max(from, panel.cutoff.at + 1e-9)
  const kept = outcomes.filter((o) => outcomeValue(o) < from)
  if (from === Infinity || kept.length < 2 || kept.length === outcomes.length) return panel
  const cut = outcomes[kept.length]
  const label = cut.endsWith('+') ? cut : `${cut}+`
  const series = panel.series.map((s) => {
    const head = s.table.rows.filter((r) => outcomeValue(r.outcome) < from)
    const tail = s.table.rows.filter((r) => outcomeValue(r.outcome) >= from)
    const rows = tail.length
      ? [...head, { outcome: label, chance: tail[0].atLeast ?? 0, atLeast: tail[0].atLeast ?? 0 }]
      : head
    return Object.assign({}, s, { table: { name: s.table.name, numeric: true, rows } })
  })
  return { title: panel.title, series, cutoff: panel.cutoff }
}

/** Where the outcomes go across a panel: each one's centre, the room a bar group has, the ticks. */
interface XAxis {
  xOf(outcome: string): number
  /** Room for one outcome's bars, in px. */
  slot: number
  /** Numeric outcomes: px between two ticks (a bar wider than that seems to span several values). */
  tickGap?: number
  /** Numeric outcomes: px of a value (for the HP line). */
  xOfValue?(v: number): number
  ticks: Array<{ x: number; label: string }>
  /** Labels too long to stand side by side are slanted. */
  slanted: boolean
}

/**
 * Numbers on a numeric axis: each outcome at its value, ticks labelled exactly. Whole outcomes
 * evenly spaced with room for a label each (damage 0, 300, 600, 900) are ticked at themselves;
 * others at round values. `ranges`: the outcomes are the middles of ranges, never ticked.
 */
function numericAxis(outcomes: readonly string[], ranges: boolean): XAxis {
  const values = outcomes.map(outcomeValue)
  let gap = Infinity
  for (let i = 1; i < values.length; i++)
    if (values[i] > values[i - 1]) gap = Math.min(gap, values[i] - values[i - 1])
  if (gap === Infinity) gap = 1
  const lo = values[0] - gap / 2
  const hi = values[values.length - 1] + gap / 2
  const scale = (PLOT_RIGHT - PLOT_LEFT) / (hi - lo)
  const xOfValue = (v: number) => PLOT_LEFT + (v - lo) * scale
  const whole = values.every((v) => Number.isInteger(v))
  // As many ticks as their labels have room for, each label a few characters wide.
  const longest = Math.max(...values.map((v) => String(Math.round(v)).length), 1) + (whole ? 0 : 2)
  const room = Math.min(MAX_TICKS, Math.floor((PLOT_RIGHT - PLOT_LEFT) / (longest * CHAR_PX + 18)))
  // Ticks from the first outcome to the last: none past them (no damage of -100).
  const first = values[0]
  const last = values[values.length - 1]
  const steps = Math.round((last - first) / gap)
  const onSteps = whole && !ranges && steps < room && values.every((v) => (v - first) % gap === 0)
  const { step, ticks } = onSteps
    ? { step: gap, ticks: Array.from({ length: steps + 1 }, (_, k) => first + k * gap) }
    : valueTicks(first, last, Math.max(1, room), whole ? 1 : 0)
  return {
    xOf: (o) => xOfValue(outcomeValue(o)),
    xOfValue,
    slot: gap * scale,
    tickGap: step * scale,
    ticks: ticks.map((v) => ({ x: xOfValue(v), label: valueLabel(v, step) })),
    slanted: false,
  }
}

/** Outcomes that are not numbers: evenly spaced, each labelled (every k-th when crowded). */
function categoryAxis(outcomes: readonly string[], table: string): XAxis {
  const n = Math.max(1, outcomes.length)
  const cw = (PLOT_RIGHT - PLOT_LEFT) / n
  const words = outcomes.map((o) => outcomeWord(table, o))
  const longest = Math.max(1, ...words.map((w) => w.length))
  const slanted = longest * CHAR_PX > cw - 4
  const every = slanted ? Math.max(1, Math.ceil(16 / cw)) : 1
  const xOf = (i: number) => PLOT_LEFT + cw * (i + 0.5)
  return {
    xOf: (o) => xOf(outcomes.indexOf(o)),
    slot: cw,
    ticks: words.flatMap((w, i) => (i % every === 0 || i === n - 1 ? [{ x: xOf(i), label: w }] : [])),
    slanted,
  }
}

function renderPanel(full: ChartPanel): string {
  const out: string[] = []
  const panel = ranged(full) ?? trimmed(full)
  const { outcomes, numeric } = categories(panel.series)
  const ranges = panel.series.some((s) => s.table.rows.some((r) => r.range !== undefined))
  const plotW = PLOT_RIGHT - PLOT_LEFT
  const plotH = PLOT_BOTTOM - PLOT_TOP
  const axis = numeric ? numericAxis(outcomes, ranges) : categoryAxis(outcomes, panel.series[0].table.name)
  // Many options on numbers: bars for the best only (a forest of thin bars reads as noise; the
  // "at least" lines compare them all). Outcomes that are not numbers have no line: all bars.
  const barred =
    panel.series.length <= MAX_GROUPED || !numeric ? panel.series : panel.series.filter((s) => s.best)
  const max = Math.max(0, ...barred.flatMap((s) => s.table.rows.map((r) => r.chance)))
  // With a second axis (the chance of at least, 0-100%) both are ticked at the same gridlines.
  const { top, step, ticks } = numeric ? alignedChanceTicks(max) : chanceTicks(max)
  const yOf = (p: number) => PLOT_BOTTOM - (p / top) * plotH
  const yAtLeast = (p: number) => PLOT_BOTTOM - p * plotH

  out.push(text(MARGIN, 22, panel.title, { size: 15, weight: 'bold' }))
  // Legend of the marks (the options' colours are named once, above the panels).
  const single = panel.series.length === 1
  out.push(
    `<rect x="${PLOT_RIGHT - 250}" y="12" width="12" height="12" fill="${single ? BAR : '#999'}"/>`,
    text(PLOT_RIGHT - 233, 22, ranges ? 'chance in range' : 'chance of exactly', {
      size: 12,
      fill: '#333',
    }),
  )
  if (numeric)
    out.push(
      `<line x1="${PLOT_RIGHT - 110}" y1="18" x2="${PLOT_RIGHT - 90}" y2="18" stroke="${single ? AT_LEAST : '#999'}" stroke-width="2.5"/>`,
      text(PLOT_RIGHT - 84, 22, 'at least', { size: 12, fill: '#333' }),
    )

  // Grid and axes: a gridline at each round chance, its label beside it.
  for (const p of ticks) {
    const y = yOf(p)
    out.push(
      `<line class="grid" x1="${PLOT_LEFT}" y1="${f(y)}" x2="${PLOT_RIGHT}" y2="${f(y)}" stroke="#e3e3e3" stroke-width="1"/>`,
      text(PLOT_LEFT - 8, y + 4, chanceLabel(p, step), {
        size: 11,
        anchor: 'end',
        fill: '#444',
        cls: 'chance-label',
      }),
    )
  }
  if (numeric)
    for (const p of ticks.map((t) => t / top)) {
      const y = yAtLeast(p)
      out.push(
        `<line class="at-least-tick" x1="${PLOT_RIGHT}" y1="${f(y)}" x2="${PLOT_RIGHT + 5}" y2="${f(y)}" stroke="#8a5a00" stroke-width="1"/>`,
        text(PLOT_RIGHT + 8, y + 4, `${Number((p * 100).toPrecision(12))}%`, {
          size: 11,
          fill: '#8a5a00',
          cls: 'at-least-label',
        }),
      )
    }
  out.push(
    `<line class="x-axis" x1="${PLOT_LEFT}" y1="${PLOT_BOTTOM}" x2="${PLOT_RIGHT}" y2="${PLOT_BOTTOM}" stroke="#333" stroke-width="1"/>`,
    `<line x1="${PLOT_LEFT}" y1="${PLOT_TOP}" x2="${PLOT_LEFT}" y2="${PLOT_BOTTOM}" stroke="#333" stroke-width="1"/>`,
    text(18, (PLOT_TOP + PLOT_BOTTOM) / 2, 'chance', {
      size: 11,
      fill: '#444',
      rotate: -90,
      anchor: 'middle',
    }),
  )
  if (numeric)
    out.push(
      `<line x1="${PLOT_RIGHT}" y1="${PLOT_TOP}" x2="${PLOT_RIGHT}" y2="${PLOT_BOTTOM}" stroke="#333" stroke-width="1"/>`,
      text(WIDTH - 18, (PLOT_TOP + PLOT_BOTTOM) / 2, 'chance of at least', {
        size: 11,
        fill: '#8a5a00',
        rotate: 90,
        anchor: 'middle',
      }),
    )

  // Bars: a group per outcome, a bar per option in it.
  const group = Math.min(axis.slot * 0.8, 120, (axis.tickGap ?? Infinity) * 0.8)
  const bw = group / Math.max(1, barred.length)
  // The HP line, between the last outcome that falls short and the first that destroys.
  const cut = panel.cutoff
  const firstCut = cut && numeric ? outcomes.findIndex((o) => outcomeValue(o) >= cut.at) : -1
  if (cut && firstCut >= 0) {
    let x = axis.xOfValue!(cut.at)
    const right = axis.xOf(outcomes[firstCut]) - group / 2
    const left = firstCut > 0 ? axis.xOf(outcomes[firstCut - 1]) + group / 2 : PLOT_LEFT
    x = right >= left ? Math.min(right, Math.max(left, x)) : (left + right) / 2
    out.push(
      `<line class="cutoff" x1="${f(x)}" y1="${PLOT_TOP - 6}" x2="${f(x)}" y2="${PLOT_BOTTOM}" stroke="#b00020" stroke-width="1.5" stroke-dasharray="6 4"/>`,
    )
    const label = single
      ? `${cut.label}: ${pctFixed(panel.series[0].table.rows.find((r) => r.outcome === outcomes[firstCut])?.atLeast ?? 0)}`
      : cut.label
    const onRight = x > PLOT_LEFT + plotW * 0.6
    out.push(
      text(onRight ? x - 6 : x + 6, PLOT_TOP + 8, label, {
        size: 12,
        fill: '#b00020',
        anchor: onRight ? 'end' : 'start',
      }),
    )
  } else if (cut && numeric) {
    // Every outcome falls short of the HP: said, with no line to draw.
    out.push(
      text(PLOT_RIGHT - 6, PLOT_TOP + 8, `${cut.label}: never (0%)`, {
        size: 12,
        fill: '#b00020',
        anchor: 'end',
      }),
    )
  }
  const table = panel.series[0].table.name
  const index = new Map(outcomes.map((o, i) => [o, i]))
  barred.forEach((s, k) => {
    const color = single ? undefined : seriesColor(panel.series.indexOf(s))
    for (const r of s.table.rows) {
      const i = index.get(r.outcome)!
      const h = Math.max(r.chance > 0 ? 0.6 : 0, PLOT_BOTTOM - yOf(r.chance))
      const x = axis.xOf(r.outcome) - group / 2 + k * bw
      const fill = color ?? (firstCut >= 0 && i >= firstCut ? BAR_DESTROYS : BAR)
      const word = r.range ?? outcomeWord(table, r.outcome)
      const tip = `${s.label ? `${s.label}: ` : ''}${word}: ${pctFixed(r.chance)}${r.atLeast !== undefined ? `, at least ${pctFixed(r.atLeast)}` : ''}`
      out.push(
        `<rect class="bar" x="${f(x)}" y="${f(PLOT_BOTTOM - h)}" width="${f(Math.max(0.8, bw - (bw > 4 ? 1 : 0)))}" height="${f(h)}" fill="${fill}"${barred.length < panel.series.length ? ' fill-opacity="0.55"' : ''}><title>${esc(tip)}</title></rect>`,
      )
    }
  })
  // A tail drawn as one bar ("3600+") says so above it: the axis ticks mark single values.
  const tail = outcomes[outcomes.length - 1]
  if (numeric && tail.endsWith('+')) {
    const tallest = Math.max(...barred.map((s) => s.table.rows.find((r) => r.outcome === tail)?.chance ?? 0))
    out.push(text(axis.xOf(tail), yOf(tallest) - 5, tail, { size: 10, anchor: 'middle', fill: '#444' }))
  }

  // The "at least" lines.
  if (numeric) {
    panel.series.forEach((s, si) => {
      const pts = s.table.rows.map((r) => `${f(axis.xOf(r.outcome))},${f(yAtLeast(r.atLeast ?? 0))}`)
      const color = single ? AT_LEAST : seriesColor(si)
      const width = single || s.best ? 2.5 : 1.5
      out.push(
        `<polyline points="${pts.join(' ')}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linejoin="round"/>`,
      )
      if (s.table.rows.length <= 60)
        for (const r of s.table.rows)
          out.push(
            `<circle cx="${f(axis.xOf(r.outcome))}" cy="${f(yAtLeast(r.atLeast ?? 0))}" r="${single || s.best ? 3 : 2}" fill="${color}"/>`,
          )
    })
  }

  // Outcome labels under the axis: round values on a tick mark for numbers, else each category.
  for (const t of axis.ticks) {
    if (numeric)
      out.push(
        `<line class="tick" x1="${f(t.x)}" y1="${PLOT_BOTTOM}" x2="${f(t.x)}" y2="${PLOT_BOTTOM + 5}" stroke="#333" stroke-width="1"/>`,
      )
    out.push(
      axis.slanted
        ? text(t.x + 3, PLOT_BOTTOM + 12, t.label, {
            size: 11,
            anchor: 'end',
            rotate: -45,
            fill: '#222',
            cls: 'outcome-label',
          })
        : text(t.x, PLOT_BOTTOM + 18, t.label, {
            size: 11,
            anchor: 'middle',
            fill: '#222',
            cls: 'outcome-label',
          }),
    )
  }
  return out.join('\n')
}

/** A panel per distribution, titled by its place in the JSON. */
export function panelsFor(
  sets: ReadonlyArray<{ label: string; note?: string; best?: boolean; tables: readonly OddsTable[] }>,
  cutoffs: Readonly<Record<string, { at: number; label: string }>> = {},
  only?: readonly string[],
): ChartPanel[] {
  const names = only ?? sets[0]?.tables.map((t) => t.name) ?? []
  return names.flatMap((name) => {
    const series = sets.flatMap((s) => {
      const table = s.tables.find((t) => t.name === name)
      return table ? [{ label: s.label, note: s.note, best: s.best, table }] : []
    })
    return series.length ? [{ title: tableTitle(name), series, cutoff: cutoffs[name] }] : []
  })
}

interface TextStyle {
  size: number
  weight?: string
  fill?: string
  anchor?: 'start' | 'middle' | 'end'
  family?: string
  rotate?: number
  /** A class naming what the text labels (a tick's value, an outcome). */
  cls?: string
}

function text(x: number, y: number, content: string, s: TextStyle): string {
  const attrs = [`x="${f(x)}"`, `y="${f(y)}"`, `font-size="${s.size}"`]
  if (s.cls) attrs.unshift(`class="${s.cls}"`)
  if (s.weight) attrs.push(`font-weight="${s.weight}"`)
  if (s.fill) attrs.push(`fill="${s.fill}"`)
  if (s.anchor && s.anchor !== 'start') attrs.push(`text-anchor="${s.anchor}"`)
  if (s.family) attrs.push(`font-family="${s.family}"`)
  if (s.rotate) attrs.push(`transform="rotate(${s.rotate} ${f(x)} ${f(y)})"`)
  return `<text ${attrs.join(' ')}>${esc(content)}</text>`
}

/** Coordinates to two decimals. */
function f(x: number): string {
  return String(Math.round(x * 100) / 100)
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** Words filled into lines of at most `width` characters (a longer word stands alone). */
function wrap(line: string, width: number): string[] {
  const out: string[] = []
  let cur = ''
  for (const w of line.split(' ')) {
    if (cur && cur.length + 1 + w.length > width) {
      out.push(cur)
      cur = '    ' + w
    } else cur = cur ? `${cur} ${w}` : w
  }
  if (cur) out.push(cur)
  return out
}
