import { Chalk, supportsColor, supportsColorStderr } from 'chalk'
import { type ColorLevel, type Style, plainStyle } from './style.js'

// Loaded only when colour may be on (a terminal, or FORCE_COLOR): chalk's detection looks at the
// terminal through node:tty, a few milliseconds of every start that JSON and pipes never need.

/**
 * How much colour a stream takes, by chalk's detection: a terminal colours, a pipe or a file
 * does not, `FORCE_COLOR` (0 off, 1-3 on even in a pipe), `--no-color` anywhere on the command
 * line and `TERM=dumb` are honoured. On top of it: `NO_COLOR` (any non-empty value) and a
 * `--no-color` that the caller parsed itself (`flag` false) turn colour off.
 */
export function colorLevel(
  stream: 'stdout' | 'stderr',
  flag = true,
  env: NodeJS.ProcessEnv = process.env,
): ColorLevel {
  if (!flag) return 0
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 0
  const found = stream === 'stdout' ? supportsColor : supportsColorStderr
  return found ? found.level : 0
}

/** A Style painting through a chalk instance of the given level (`true` is level 1, `false` or 0 plain). */
export function makeStyle(level: ColorLevel | boolean): Style {
  const lv: ColorLevel = level === true ? 1 : level === false ? 0 : level
  if (lv === 0) return plainStyle
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
