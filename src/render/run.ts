/**
 * The text of an answer (src/runtime/run.ts makes the answer): a roll drawn for people with its
 * replay line, the odds as text, CSV or an SVG chart, the options of a choice side by side. Only
 * the command line asks for it; batch and the library answer without loading any of this.
 */
import { shellWord } from '../core/text.js'
import type { CompareReport, CommandSpec, OddsReport } from '../runtime/spec.js'
import type { Globals, OddsOutput, RunOutput } from '../runtime/run.js'
import type { CommandText, RenderContext } from './context.js'
import { renderOddsCsv } from './csv.js'
import { explainPools } from './explain-odds.js'
import { columns, pctFixed, wrapText } from './format.js'
import { type OddsTable, oddsTables, tableTitle } from './odds-table.js'
import { plainStyle } from './style.js'
import { renderChartSvg, panelsFor } from './svg.js'

/** What the text layer adds to an answer, each only when asked for. */
export interface TextOutput {
  /** Human text (not with --json or --csv). */
  text?: string
  /** --csv: the odds as CSV. */
  csv?: string
  /** --plot: the odds as an SVG chart. */
  svg?: string
}

/**
 * The text, CSV or chart of an answer, as the flags ask: `wantText` for people (off with --json),
 * `g.csv` and `g.plot` with --odds and --compare.
 */
export function textOf(
  spec: CommandSpec,
  text: CommandText,
  out: RunOutput,
  g: Globals,
  render: RenderContext,
  wantText: boolean,
): TextOutput {
  if (out.kind === 'compare') return compareOutputs(text, out.report, g, render, wantText)
  if (out.kind === 'odds') {
    const report = out.report
    const done: TextOutput = {}
    if (wantText && !g.csv) {
      done.text = oddsText(text, report, render)
      if (render.explain) done.text += '\n\n' + explainOdds(spec, text, out, render)
    }
    const tables = g.csv || g.plot ? oddsTables(report.json) : []
    if (g.csv) done.csv = renderOddsCsv([{ tables }])
    if (g.plot) {
      const head = headOf(text, report, render)
      done.svg = renderChartSvg({
        title: head[0],
        subtitle: [...head.slice(1), ...(g.commandLine ? [g.commandLine] : [])],
        panels: panelsFor([{ label: '', tables }], report.cutoffs, report.charted),
      })
    }
    return done
  }
  if (!wantText) return {}
  let shown = text.render(out.result, out.input, render)
  if (render.explain && text.explain) shown += '\n\n' + text.explain(out.result, out.input, render)
  if (out.usesDice) {
    const st = render.style
    const same = out.replay ?? []
    const replay = [
      ...(g.replayWords ?? []),
      ...(out.seed !== undefined ? ['--seed', out.seed] : []),
      ...same,
    ]
      .map(shellWord)
      .join(' ')
    shown +=
      '\n' +
      st.dim(
        out.seed !== undefined
          ? `seed ${out.seed} (replay: ${replay})`
          : `dice: ${(out.rolls ?? (out.json.rolls as number[])).join(',')}${same.length ? ` (same choices: ${replay})` : ''}`,
      )
  }
  return { text: shown }
}

/** The lines that say what was resolved, without colour: a chart's title and subtitle. */
function headOf(text: CommandText, report: OddsReport, render: RenderContext): string[] {
  const plain = oddsText(text, report, { style: plainStyle, explain: false, width: render.width })
  return plain.split('\n').slice(0, report.headLines ?? 1)
}

/** The odds as text: the command's own drawing of its odds report. */
function oddsText(text: CommandText, report: OddsReport, render: RenderContext): string {
  if (!text.odds) throw new Error('a command with odds has no text for them (a bug)')
  return text.odds(report.detail, render)
}

/**
 * --odds --explain: the command's own walk through its odds; for a command without one, the
 * pools its rule rolls (the runtime saw them: OddsOutput.pools) and how exact odds are counted
 * from them.
 */
function explainOdds(spec: CommandSpec, text: CommandText, out: OddsOutput, render: RenderContext): string {
  if (text.explainOdds) return text.explainOdds(out.report.detail, render)
  return explainPools(spec.name, out.pools(), render.style.bold)
    .map((l) => wrapText(l, render.width, /^\d/.test(l) ? '   ' : '  '))
    .join('\n')
}

/** --compare's text, CSV and chart. */
function compareOutputs(
  text: CommandText,
  report: CompareReport,
  g: Globals,
  render: RenderContext,
  wantText: boolean,
): TextOutput {
  const out: TextOutput = {}
  const sets = report.choices.map((c) =>
    c.options.map((o) => ({ option: o, tables: oddsTables(o.odds.json) })),
  )
  if (wantText && !g.csv) out.text = renderCompare(text, report, sets, render)
  if (g.csv) {
    // An option in two choices (the best bonus with its best reaction) is written once.
    const byName = new Map(sets.flat().map((s) => [s.option.name, s.tables] as const))
    out.csv = renderOddsCsv([...byName].map(([option, tables]) => ({ option, tables })))
  }
  if (g.plot) {
    // One chart, of the first choice's options (the one the others answer).
    const first = report.choices[0]
    const best = first.options[0].odds
    const head = headOf(text, best, render)
    out.svg = renderChartSvg({
      title: `Compared: ${first.question}`,
      subtitle: [
        `Ranked by ${first.quantity}: ${first.ranking}`,
        `Best option: ${head[0]}`,
        ...(g.commandLine ? [g.commandLine] : []),
      ],
      panels: panelsFor(
        sets[0].map((s) => ({
          label: s.option.label,
          note: s.option.valueText,
          best: s.option.best,
          tables: s.tables,
        })),
        best.cutoffs,
        best.charted,
      ),
    })
  }
  return out
}

/** Options at most this many to a table's width (each a column of chances). */
const OPTIONS_PER_TABLE = 6

/** --compare as text: each choice's options with their ranked value, then their distributions. */
function renderCompare(
  text: CommandText,
  report: CompareReport,
  sets: Array<Array<{ option: CompareReport['choices'][number]['options'][number]; tables: OddsTable[] }>>,
  render: RenderContext,
): string {
  const st = render.style
  const L: string[] = []
  report.choices.forEach((c, ci) => {
    if (ci > 0) L.push('')
    L.push(st.bold(wrapText(`Compared: ${c.question}`, render.width)))
    L.push(wrapText(`Ranked by ${c.quantity}: ${c.ranking}. (best) is the automatic choice.`, render.width))
    L.push(
      columns(
        [
          ['', 'option', c.quantity],
          ...c.options.map((o, i) => [
            `${i + 1}`,
            o.label,
            `${o.valueText}${o.best ? st.bold(' (best)') : ''}`,
          ]),
        ],
        render.width,
        ['right', 'left', 'left'],
      ),
    )
    const options = sets[ci]
    const names = options[0].option.odds.charted ?? options[0].tables.map((t) => t.name)
    for (const name of names) {
      const tables = options.map((o) => o.tables.find((t) => t.name === name))
      if (tables.some((t) => !t)) continue
      L.push('')
      L.push(...compareTable(name, tables as OddsTable[], render))
    }
  })
  const explain = render.explain
    ? [
        '',
        st.bold('How the options are ranked'),
        'Each option is worked out exactly with the same odds as --odds gives for it alone. The',
        'automatic choice takes the option ranked first; where the other side still has a choice,',
        "each option is met by that side's best answer to it, as the prompts assume.",
      ]
    : []
  return [...L, ...explain].join('\n')
}

/**
 * One distribution of every option, side by side: numeric outcomes as the chance of at least
 * each (rows where every option is under 0.5% are left out: the CSV and JSON keep them), others
 * as their chance.
 */
function compareTable(name: string, tables: OddsTable[], render: RenderContext): string[] {
  const st = render.style
  const numeric = tables.every((t) => t.numeric)
  const outcomes: string[] = []
  for (const t of tables) for (const r of t.rows) if (!outcomes.includes(r.outcome)) outcomes.push(r.outcome)
  const valueOf = (o: string) => Number(o.replace(/\+$/, ''))
  if (numeric) outcomes.sort((a, b) => valueOf(a) - valueOf(b) || a.length - b.length)
  const cell = (t: OddsTable, o: string): number => {
    if (!numeric) return t.rows.find((r) => r.outcome === o)?.chance ?? 0
    // At least o: the first row at or above it.
    const r = t.rows.find((x) => valueOf(x.outcome) >= valueOf(o))
    return r?.atLeast ?? 0
  }
  // Rows every option is sure of (at least its smallest outcome) say nothing.
  const shown = outcomes.filter(
    (o) => tables.some((t) => cell(t, o) >= 0.005) && tables.some((t) => cell(t, o) < 1),
  )
  const hidden = outcomes.filter((o) => tables.every((t) => cell(t, o) < 0.005)).length
  // Nothing to set side by side (no failed saves without PEN): one line, not an empty table.
  if (shown.length === 0) {
    const title = st.bold(tableTitle(name))
    const sure = numeric
      ? outcomes.length === 1 && outcomes[0]
      : outcomes.find((o) => cell(tables[0], o) >= 1)
    if (sure) return [`${title}: ${sure} for every option (certain)`]
    return [
      `${title}: ${outcomes[0]} or more for every option, each further outcome under 0.5% (${hidden} left out)`,
    ]
  }
  const out: string[] = []
  for (let from = 0; from < tables.length; from += OPTIONS_PER_TABLE) {
    const part = tables.slice(from, from + OPTIONS_PER_TABLE)
    const head = [
      st.bold(tableTitle(name)) + st.dim(numeric ? ' (at least)' : ''),
      ...part.map((_, i) => `#${from + i + 1}`),
    ]
    const label = (o: string) => (numeric && !o.endsWith('+') ? `${o}+` : o)
    const rows = shown.map((o) => [label(o), ...part.map((t) => pctFixed(cell(t, o)))])
    if (from > 0) out.push('')
    out.push(columns([head, ...rows], render.width, ['right', ...part.map(() => 'right' as const)]))
  }
  if (hidden)
    out.push(
      st.dim(
        `(${hidden} less likely outcome${hidden === 1 ? '' : 's'}, under 0.5% for every option, left out)`,
      ),
    )
  return out
}
