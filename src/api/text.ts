/**
 * The command line's words for an answer, in the library: the text `mecha <command>` prints (with
 * `--explain`'s walk through the arithmetic and the replay line of a roll), the odds' text, CSV
 * and SVG chart. For a page or a bot that shows what the terminal shows; the answers themselves
 * need none of it (a bundle that never calls `text` carries no text code).
 */
import type { Globals } from '../runtime/run.js'
import { textOf } from '../render/run.js'
import { plainStyle } from '../render/style.js'
import { loadText } from '../render/texts.js'
import { MechaError } from './errors.js'
import { FRONTS, globalsOf } from './front.js'
import type { Calculation, Compared, DiceSource, Rolled } from './types.js'

export interface TextOptions {
  /** Walk through the arithmetic, as `--explain`. */
  explain?: boolean
  /** Columns to fit tables and histograms to (80 when left out). */
  width?: number
  /** With odds: the SVG chart, as `--plot` draws it. */
  plot?: boolean
  /** With odds: the CSV rows, as `--csv` writes them. */
  csv?: boolean
}

/** An answer with its words: the text, and with odds the chart and the CSV when asked for. */
export interface Drawn<A> {
  answer: A
  /** What `mecha <command>` prints for people (without colour). */
  text: string
  /** The text's first lines that say what was resolved (a chart's title and subtitle). */
  head: string[]
  svg?: string
  csv?: string
}

async function draw(
  command: object,
  request: unknown,
  g: Globals,
  options: TextOptions = {},
): Promise<Drawn<any>> {
  const front = FRONTS.get(command)
  if (!front)
    throw new MechaError(
      'bad-usage',
      "text: give one of the library's commands, e.g. text.odds(shoot, request)",
    )
  const globals: Globals = {
    ...g,
    json: false,
    explain: options.explain === true,
    plot: options.plot,
    csv: options.csv,
  }
  const { spec, out } = front.answering(request, globals)
  const render = { style: plainStyle, explain: options.explain === true, width: options.width ?? 80 }
  const view = await loadText(spec.name)
  const drawn = textOf(spec, view, out, globals, render, true)
  const shown = drawn.text ?? ''
  const lines = out.kind === 'odds' ? (out.report.headLines ?? 1) : 1
  const done: Drawn<any> = { answer: out.json, text: shown, head: shown.split('\n').slice(0, lines) }
  if (drawn.svg !== undefined) done.svg = drawn.svg
  if (drawn.csv !== undefined) done.csv = drawn.csv
  return done
}

export const text = {
  /** One roll (or a calculation) with its text, as `mecha <command> …` prints it. */
  resolve<A>(
    command: Rolled<any, A, any> | Calculation<any, A>,
    request: object,
    dice?: DiceSource,
    options?: TextOptions,
  ): Promise<Drawn<A>> {
    return draw(command, request, globalsOf(dice), options)
  },
  /** The exact odds with their text (and chart, CSV), as `mecha <command> … --odds`. */
  odds<O>(command: Rolled<any, any, O>, request: object, options?: TextOptions): Promise<Drawn<O>> {
    return draw(command, request, { json: false, odds: true, explain: false }, options)
  },
  /** Every option of the open choices with their text, as `mecha <command> … --odds --compare`. */
  compare<C>(command: Compared<any, any, any, C>, request: object, options?: TextOptions): Promise<Drawn<C>> {
    return draw(command, request, { json: false, odds: true, compare: true, explain: false }, options)
  },
}
