/**
 * Colours as plain functions, so render code never touches the terminal: the CLI asks
 * `colorLevel` (color.ts, loaded only when colour may be on) and hands a Style to every renderer.
 */
export interface Style {
  readonly enabled: boolean
  bold(s: string): string
  dim(s: string): string
  red(s: string): string
  green(s: string): string
  yellow(s: string): string
  blue(s: string): string
  magenta(s: string): string
  cyan(s: string): string
}

/** chalk's levels: 0 none, 1 the 16 basic colours, 2 256 colours, 3 true colour. */
export type ColorLevel = 0 | 1 | 2 | 3

const id = (s: string) => s

/** No colour: every style is the text itself. */
export const plainStyle: Style = {
  enabled: false,
  bold: id,
  dim: id,
  red: id,
  green: id,
  yellow: id,
  blue: id,
  magenta: id,
  cyan: id,
}

/** Visible width of a string that may hold ANSI colour codes. */
export function visibleLength(s: string): number {
  // eslint-disable-next-line no-control-regex
  return s.replace(/\u001b\[[0-9;]*m/g, '').length
}
