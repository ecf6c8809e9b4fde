/**
 * Colours as plain functions, so render code never touches the terminal: the CLI decides
 * whether colour is on (NO_COLOR, --no-color, a pipe) and hands a Style to every renderer.
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

const wrap = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`
const id = (s: string) => s

export function makeStyle(enabled: boolean): Style {
  if (!enabled) {
    return { enabled, bold: id, dim: id, red: id, green: id, yellow: id, blue: id, magenta: id, cyan: id }
  }
  return {
    enabled,
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    red: wrap(31, 39),
    green: wrap(32, 39),
    yellow: wrap(33, 39),
    blue: wrap(34, 39),
    magenta: wrap(35, 39),
    cyan: wrap(36, 39),
  }
}

/** Visible width of a string that may hold ANSI colour codes. */
export function visibleLength(s: string): number {
  // eslint-disable-next-line no-control-regex
  return s.replace(/\u001b\[[0-9;]*m/g, '').length
}
