import type { Style } from './style.js'

/** What every renderer is handed: the colours to use, whether to explain, and the width to fit. */
export interface RenderContext {
  style: Style
  explain: boolean
  /** Columns available for histograms and tables (80 when the terminal's width is unknown). */
  width: number
}
