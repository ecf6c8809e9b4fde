import { Chalk, supportsColor, supportsColorStderr } from 'chalk'

/**
 * Colours as plain functions, so render code never touches the terminal: the CLI asks
 * `colorLevel` whether colour is on and hands a Style to every renderer.
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

/**
 * How much colour a stream takes, by chalk's detection: a terminal colours, a pipe or a file
 * does not, `FORCE_COLOR` (0 off, 1-3 on even in a pipe), `--no-color` anywhere on the command
 * line and `TERM=dumb` are honoured. On top of it: `NO_COLOR` (any non-empty value) and a
 * `--no-color` that the caller parsed itself (`flag` false) turn colour off.
 */
export function colorLevel(stream: 'stdout' | 'stderr', flag = true, env: NodeJS.ProcessEnv = process.env): ColorLevel {
  if (!flag) return 0
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 0
  const found = stream === 'stdout' ? supportsColor : supportsColorStderr
  return found ? found.level : 0
}

const id = (s: string) => s
const plain: Style = { enabled: false, bold: id, dim: id, red: id, green: id, yellow: id, blue: id, magenta: id, cyan: id }

/** A Style painting through a chalk instance of the given level (`true` is level 1, `false` or 0 plain). */
export function makeStyle(level: ColorLevel | boolean): Style {
  const lv: ColorLevel = level === true ? 1 : level === false ? 0 : level
  if (lv === 0) return plain
  const c = new Chalk({ level: lv })
  return {
    enabled: true,
    bold: (s) => c.bold(s),
    dim: (s) => c.dim(s),
    red: (s) => c.red(s),
    green: (s) => c.green(s),
    yellow: (s) => c.yellow(s),
    blue: (s) => c.blue(s),
    magenta: (s) => c.magenta(s),
    cyan: (s) => c.cyan(s),
  }
}

/** Visible width of a string that may hold ANSI colour codes. */
export function visibleLength(s: string): number {
  // eslint-disable-next-line no-control-regex
  return s.replace(/\u001b\[[0-9;]*m/g, '').length
}
