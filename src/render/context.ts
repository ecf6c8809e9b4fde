import type { Style } from './style.js'

/** What every renderer is handed: the colours to use, whether to explain, and the width to fit. */
export interface RenderContext {
  style: Style
  explain: boolean
  /** Columns available for histograms and tables (80 when the terminal's width is unknown). */
  width: number
}

/**
 * A command's text, apart from its model (src/models) so that an answer never loads it: one roll
 * drawn for people (`render`), its arithmetic step by step (`explain`, --explain), the exact odds
 * (`odds`, from the odds report's `detail`) and how they are worked out (`explainOdds`).
 * src/render/run.ts puts them together with the replay line, CSV, charts and comparisons.
 */
export interface CommandText<I = any, R = any, D = any> {
  render(result: R, input: I, out: RenderContext): string
  explain?(result: R, input: I, out: RenderContext): string
  odds?(detail: D, out: RenderContext): string
  explainOdds?(detail: D, out: RenderContext): string
}

/** A command's text, typed by its model's input, result and odds detail. */
export function defineText<I, R, D = unknown>(text: CommandText<I, R, D>): CommandText<I, R, D> {
  return text
}

/**
 * A text of the odds from a function that takes the odds report's `detail` (a list of its leading
 * arguments) and the context: `oddsText(renderSaveOdds)` with `detail: [o, s]`.
 */
export function oddsText<P extends unknown[]>(
  draw: (...args: [...P, RenderContext]) => string,
): (detail: P, out: RenderContext) => string {
  return (detail, out) => draw(...detail, out)
}
