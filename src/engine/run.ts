import type { Decidable } from '../core/decide.js'
import { type Dice, SUM } from '../core/dice.js'
import { InputError, NeedDecision, NeedDice } from '../core/errors.js'
import { PhysicalDice } from '../core/physical.js'
import { RandomDice } from '../core/random.js'
import { SeededDice, freshSeed } from '../core/seeded.js'
import { shellWord } from '../core/text.js'
import { renderOddsCsv } from '../render/csv.js'
import { type SeenPool, explainPools } from '../render/explain-odds.js'
import { columns, pctFixed, wrapText } from '../render/format.js'
import { type OddsTable, oddsTables, tableTitle } from '../render/odds-table.js'
import { plainStyle } from '../render/style.js'
import { renderChartSvg, panelsFor } from '../render/svg.js'
import {
  type ChoiceContext,
  type CompareReport,
  type OddsReport,
  type CommandSpec,
  type RenderContext,
  type Values,
  checkOptions,
} from './spec.js'

/** The global flags every resolving command takes. */
export interface Globals {
  seed?: string
  rolls?: number[]
  /** Dice from a random function in [0, 1) (the library's): reported as the faces rolled, as --rolls. */
  random?: () => number
  json: boolean
  odds: boolean
  explain: boolean
  /** With --odds: the distributions as CSV rows (RunOutput.csv) instead of text. */
  csv?: boolean
  /** With --odds: the distributions as an SVG chart (RunOutput.svg; cli/main writes it). */
  plot?: boolean
  /** With --odds: every option of the open choices side by side, none chosen. */
  compare?: boolean
  /** The command as typed, for a chart's subtitle. */
  commandLine?: string
  /**
   * Words the replay line repeats before its flags: the units named, when a weapon was chosen at
   * a prompt (replaying without it would ask again).
   */
  replayWords?: string[]
}

/** The JSON answer: the command, then the command's own fields. */
function answerJson(command: string, fields: Record<string, unknown>): Record<string, unknown> {
  return { command, ...fields }
}

/** What the runner needs from its surroundings (a terminal, or nothing for batch). */
export interface RunEnv {
  choice: ChoiceContext
  /** Ask for dice the typed list did not cover; only called when choice.interactive. */
  askDice?(need: NeedDice): Promise<number[]>
  render: RenderContext
}

export interface RunOutput {
  /** The answer, as --json prints it. */
  json: Record<string, unknown>
  /** Human text, built only when asked for (not in batch or --json). */
  text?: string
  /** --csv: the odds as CSV. */
  csv?: string
  /** --plot: the odds as an SVG chart. */
  svg?: string
  /** The model's warnings about the input (CommandModel.warnings): the CLI writes them on stderr. */
  warnings?: string[]
  /** A roll: the flags that make again the choices a person made at a prompt (a game log keeps them). */
  replay?: string[]
}

/** A non-interactive environment: every choice automatic, no prompts. */
export const quietChoices: ChoiceContext = {
  interactive: false,
  select: async () => {
    throw new Error('select() called without a terminal')
  },
}

/**
 * Resolve one command: validate, settle choices, then either the exact odds or one roll
 * (seeded or physical), asking for missing dice and mid-way decisions when someone can answer.
 *
 * Synchronous unless a person is asked something (a choice, dice, a mid-way decision): then a
 * Promise. Batch resolves thousands of lines a second and awaits only when it must.
 */
export function runSpec(
  spec: CommandSpec,
  values: Values,
  g: Globals,
  env: RunEnv,
  wantText: boolean,
): RunOutput | Promise<RunOutput> {
  if (g.odds && g.rolls)
    throw new InputError('bad-usage', '--odds and --rolls do not go together: --odds rolls no dice')
  checkOptions(spec, values)
  const built = spec.build(values)
  if (g.compare) return compareOptions(spec, built, g, env, wantText)
  const chosen = spec.model.choose ? spec.model.choose(built, env.choice) : built
  return chosen instanceof Promise
    ? chosen.then((input) => warned(spec, input, settle(spec, input, g, env, wantText)))
    : warned(spec, chosen, settle(spec, chosen, g, env, wantText))
}

/** The answer with the model's warnings about its input, when it has any. */
function warned(
  spec: CommandSpec,
  input: unknown,
  out: RunOutput | Promise<RunOutput>,
): RunOutput | Promise<RunOutput> {
  const warnings = spec.model.warnings?.(input) ?? []
  if (!warnings.length) return out
  return out instanceof Promise ? out.then((o) => ({ ...o, warnings })) : { ...out, warnings }
}

function settle(
  spec: CommandSpec,
  input: unknown,
  g: Globals,
  env: RunEnv,
  wantText: boolean,
): RunOutput | Promise<RunOutput> {
  if (g.odds) {
    if (!spec.model.odds)
      throw new InputError('no-odds', `${spec.name}: --odds is not available here (nothing is rolled)`)
    const report = spec.model.odds(input)
    const json = answerJson(spec.name, report.extra ?? {})
    json.odds = report.json
    let text: string | undefined
    if (wantText && !g.csv) {
      text = report.render(env.render)
      if (env.render.explain) text += '\n\n' + explainOdds(spec, input, report, env.render)
    }
    const out: RunOutput = { json, text }
    const tables = g.csv || g.plot ? oddsTables(report.json) : []
    if (g.csv) out.csv = renderOddsCsv([{ tables }])
    if (g.plot) {
      const head = headOf(report, env.render)
      out.svg = renderChartSvg({
        title: head[0],
        subtitle: [...head.slice(1), ...(g.commandLine ? [g.commandLine] : [])],
        panels: panelsFor([{ label: '', tables }], report.cutoffs, report.charted),
      })
    }
    return out
  }
  const usesDice = spec.model.usesDice ? spec.model.usesDice(input) : true
  if (!usesDice && g.rolls) {
    const why = spec.model.noDiceReason?.(input) ?? 'this answer is worked out and rolls no dice'
    throw new InputError('bad-usage', `${spec.name}: ${why}; drop --rolls`)
  }
  const seed = g.rolls || g.random ? undefined : (g.seed ?? freshSeed())
  const rolls = g.rolls ? [...g.rolls] : undefined
  try {
    return rollOnce(spec, input, g, env, wantText, usesDice, seed, rolls)
  } catch (e) {
    // Dice ran out or the rule asks a question: someone must answer, asynchronously.
    if (
      (e instanceof NeedDice && rolls && env.choice.interactive && env.askDice) ||
      (e instanceof NeedDecision && spec.model.decide)
    ) {
      return rollAsking(spec, input, g, env, wantText, usesDice, seed, rolls)
    }
    throw noMoreDice(e, rolls, spec, input)
  }
}

/** One resolution with the dice and decisions known so far (throws NeedDice / NeedDecision). */
function rollOnce(
  spec: CommandSpec,
  input: unknown,
  g: Globals,
  env: RunEnv,
  wantText: boolean,
  usesDice: boolean,
  seed: string | undefined,
  rolls: number[] | undefined,
): RunOutput {
  const dice = rolls ? new PhysicalDice(rolls) : g.random ? new RandomDice(g.random) : new SeededDice(seed!)
  const result = spec.model.resolve(dice, input)
  if (dice instanceof PhysicalDice) dice.assertAllUsed()
  const json = answerJson(spec.name, spec.model.json(result, input))
  if (usesDice) {
    json.seed = seed ?? null
    if (rolls) json.rolls = rolls
    // A random function's faces: the same roll as physical dice, replayable with them.
    else if (dice instanceof RandomDice) json.rolls = dice.faces
  }
  let text: string | undefined
  const same = usesDice ? (spec.model.replayFlags?.(input, result) ?? []) : []
  if (wantText) {
    text = spec.model.render(result, input, env.render)
    if (env.render.explain && spec.model.explain)
      text += '\n\n' + spec.model.explain(result, input, env.render)
    if (usesDice) {
      const st = env.render.style
      const replay = [...(g.replayWords ?? []), ...(seed !== undefined ? ['--seed', seed] : []), ...same]
        .map(shellWord)
        .join(' ')
      text +=
        '\n' +
        st.dim(
          seed !== undefined
            ? `seed ${seed} (replay: ${replay})`
            : `dice: ${rolls!.join(',')}${same.length ? ` (same choices: ${replay})` : ''}`,
        )
    }
  }
  return same.length ? { json, text, replay: same } : { json, text }
}

/** The roll again, asking for more dice and for decisions until it resolves. */
async function rollAsking(
  spec: CommandSpec,
  input: unknown,
  g: Globals,
  env: RunEnv,
  wantText: boolean,
  usesDice: boolean,
  seed: string | undefined,
  rolls: number[] | undefined,
): Promise<RunOutput> {
  for (;;) {
    try {
      return rollOnce(spec, input, g, env, wantText, usesDice, seed, rolls)
    } catch (e) {
      if (e instanceof NeedDice && rolls && env.choice.interactive && env.askDice) {
        rolls = [...rolls, ...(await env.askDice(e))]
        continue
      }
      if (e instanceof NeedDecision && spec.model.decide) {
        const answer = await spec.model.decide(e.id, e.context, input, env.choice)
        const d = input as Decidable
        d.decisions = Object.assign({}, d.decisions, { [e.id]: answer })
        continue
      }
      throw noMoreDice(e, rolls, spec, input)
    }
  }
}

/**
 * Physical dice that ran out with nobody to ask: the user's input was short. The message names
 * every die still needed: the resolution is run on, past the typed dice, to find them (the
 * faces it stands in for them only decide which dice come next, and no answer is given).
 */
function noMoreDice(e: unknown, rolls: number[] | undefined, spec: CommandSpec, input: unknown): unknown {
  if (!(e instanceof NeedDice) || !rolls) return e // seeded dice never run out
  const dice = new PhysicalDice(rolls)
  const needed = dice.lookAhead()
  try {
    spec.model.resolve(dice, input)
  } catch {
    // A question or a limit reached: the dice found so far are still needed.
  }
  if (needed.length === 0)
    needed.push(...Array.from({ length: e.count }, () => ({ sides: e.sides, label: e.label })))
  // Runs of the same die for the same purpose, counted: "2 d10 for armor save".
  const runs: Array<{ count: number; sides: number; label: string }> = []
  for (const d of needed) {
    const last = runs[runs.length - 1]
    if (last && last.sides === d.sides && last.label === d.label) last.count++
    else runs.push({ count: 1, ...d })
  }
  const what =
    runs.length === 1
      ? `${runs[0].count} more d${runs[0].sides} needed for ${runs[0].label}`
      : `${needed.length} more dice needed: ${runs.map((r) => `${r.count} d${r.sides} for ${r.label}`).join(', then ')} (later dice depend on earlier ones)`
  return new InputError(
    'need-dice',
    `--rolls: ran out after ${e.used} dice: ${what}; add them to --rolls (see --help for the order)`,
  )
}

/** The lines that say what was resolved, without colour: a chart's title and subtitle. */
function headOf(report: OddsReport, render: RenderContext): string[] {
  const plain = report.render({ style: plainStyle, explain: false, width: render.width })
  return plain.split('\n').slice(0, report.headLines ?? 1)
}

/**
 * --odds --explain: the command's own walk through its odds; for a command without one, the
 * pools its rule rolls (seen by resolving it a few times with seeded dice) and how exact odds are
 * counted from them.
 */
function explainOdds(spec: CommandSpec, input: unknown, report: OddsReport, render: RenderContext): string {
  if (report.explain) return report.explain(render)
  return explainPools(spec.name, seenPools(spec, input), render.style.bold)
    .map((l) => wrapText(l, render.width, /^\d/.test(l) ? '   ' : '  '))
    .join('\n')
}

/** Distinct pools are listed at most this many. */
const MAX_POOLS_SHOWN = 6

/** The pools a resolution asks for, over a few seeded runs (a later pool may depend on earlier dice). */
function seenPools(spec: CommandSpec, input: unknown): SeenPool[] {
  const seen = new Map<string, SeenPool>()
  for (let run = 0; run < 12 && seen.size < MAX_POOLS_SHOWN; run++) {
    const seeded = new SeededDice(`explain ${run}`)
    const probe: Dice = {
      pool(n, sides, label, equiv) {
        const classify = equiv === SUM ? 'sum' : equiv
        const signature =
          classify === undefined || classify === 'sum'
            ? String(classify)
            : Array.from({ length: sides }, (_, f) => classify(f + 1)).join(',')
        const key = `${n}|${sides}|${label.replace(/\d+/g, '#')}|${signature}`
        if (!seen.has(key) && seen.size < MAX_POOLS_SHOWN) seen.set(key, { n, sides, label, classify })
        return seeded.pool(n, sides, label)
      },
      roll(sides, label, equiv) {
        return this.pool(1, sides, label, equiv)[0]
      },
    }
    try {
      spec.model.resolve(probe, input)
    } catch {
      // a question for a person, or a limit: the pools seen so far stand
    }
  }
  return [...seen.values()]
}

/**
 * --compare: every option of each open choice with its exact odds, side by side, and the value
 * the automatic choice ranks it by (the same numbers a prompt shows beside each option).
 */
function compareOptions(
  spec: CommandSpec,
  query: unknown,
  g: Globals,
  env: RunEnv,
  wantText: boolean,
): RunOutput {
  if (!spec.model.compare)
    throw new InputError(
      'bad-usage',
      `${spec.name}: --compare needs a player's choice to compare, and ${spec.name} has none (shoot, melee and plan have); drop --compare`,
    )
  const report = spec.model.compare(query)
  const json = answerJson(spec.name, report.extra ?? {})
  json.compare = report.choices.map((c) => ({
    question: c.question,
    quantity: c.quantity,
    ranking: c.ranking,
    options: c.options.map((o) =>
      Object.assign({ name: o.name, label: o.label, value: o.value, best: o.best }, o.choices, {
        odds: o.odds.json,
      }),
    ),
  }))
  const out: RunOutput = { json }
  const sets = report.choices.map((c) =>
    c.options.map((o) => ({ option: o, tables: oddsTables(o.odds.json) })),
  )
  if (wantText && !g.csv) out.text = renderCompare(report, sets, env.render)
  if (g.csv) {
    // An option in two choices (the best bonus with its best reaction) is written once.
    const byName = new Map(sets.flat().map((s) => [s.option.name, s.tables] as const))
    out.csv = renderOddsCsv([...byName].map(([option, tables]) => ({ option, tables })))
  }
  if (g.plot) {
    // One chart, of the first choice's options (the one the others answer).
    const first = report.choices[0]
    const best = first.options[0].odds
    const head = headOf(best, env.render)
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
