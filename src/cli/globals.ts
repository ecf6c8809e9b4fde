import { type Stats, accessSync, constants, statSync } from 'node:fs'
import { dirname, resolve as resolvePath } from 'node:path'
import type { Command } from 'commander'
import { InputError } from '../core/errors.js'
import { parseRolls } from '../core/physical.js'
import { checkSeed } from '../core/seeded.js'
import { shellWord } from '../core/text.js'
import type { Globals } from '../runtime/run.js'
import { show } from '../runtime/spec.js'
import { replaceFile } from './write-file.js'

/**
 * The global flags of a resolving command (help.ts lists them), read and checked, and the chart's
 * file. Paths are the user's, relative to `cwd`.
 */
export function globalsFrom(opts: Record<string, unknown>, cwd: string): Globals {
  const seed = opts.seed as string | undefined
  if (seed !== undefined && seed.trim() === '')
    throw new InputError('bad-seed', '--seed: give some text to seed the dice, e.g. --seed table1')
  if (seed !== undefined) checkSeed(seed)
  const g: Globals = {
    seed,
    rolls: opts.rolls !== undefined ? parseRolls(String(opts.rolls)) : undefined,
    json: Boolean(opts.json),
    odds: Boolean(opts.odds),
    explain: Boolean(opts.explain),
    csv: Boolean(opts.csv),
    plot: opts.plot !== undefined,
    compare: Boolean(opts.compare),
  }
  checkOddsOutputs(g, opts.plot as string | undefined, cwd)
  return g
}

/**
 * --plot, --csv and --compare read the exact odds, and stdout takes one answer: each is refused
 * with one line where it cannot work.
 */
function checkOddsOutputs(g: Globals, plot: string | undefined, cwd: string): void {
  const asked = [
    ['--plot', g.plot],
    ['--csv', g.csv],
    ['--compare', g.compare],
  ] as const
  for (const [flag, on] of asked)
    if (on && !g.odds) throw new InputError('bad-usage', `${flag} works on the exact odds: add --odds`)
  if (g.csv && g.json)
    throw new InputError('bad-usage', '--csv and --json both print the answer on stdout: give one of them')
  if (plot === undefined) return
  if (plot === '-' && (g.json || g.csv)) {
    const other = g.json ? '--json' : '--csv'
    throw new InputError(
      'bad-usage',
      `--plot - prints the chart on stdout, where ${other} prints its answer: give --plot a file name (chart.svg) or drop ${other}`,
    )
  }
  if (plot !== '-' && !/\.svg$/i.test(plot))
    throw new InputError(
      'bad-usage',
      `--plot: ${show(plot)} does not end in .svg; the chart is an SVG image: give a name like chart.svg, or - for stdout`,
    )
  if (plot !== '-') checkWritable(plot, cwd)
}

/** A file the chart can be written to (checked before the odds are worked out). */
function checkWritable(path: string, cwd: string): void {
  const fail = (why: string) => {
    throw new InputError('bad-path', `--plot: cannot write ${show(path)}: ${why}; give a writable .svg path`)
  }
  let st: Stats | undefined
  try {
    st = statSync(resolvePath(cwd, path))
  } catch {
    // not there yet: its directory must be
  }
  if (st?.isDirectory()) fail('it is a directory')
  try {
    accessSync(st ? resolvePath(cwd, path) : dirname(resolvePath(cwd, path)), constants.W_OK)
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    fail(code === 'ENOENT' ? 'no such directory' : 'permission denied')
  }
}

/** The chart to its file, whole or not at all (write-file.ts); a failure is an I/O failure, exit 1. */
export function writeChart(path: string, svg: string, cwd: string): void {
  replaceFile(resolvePath(cwd, path), svg, '--plot')
}

/** The command line as a reader would retype it (for a chart's subtitle), without --plot FILE. */
export function commandLineOf(argv: readonly string[]): string {
  const words: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (a === '--plot') {
      i++
      continue
    }
    if (a.startsWith('--plot=')) continue
    words.push(shellWord(a))
  }
  return ['mecha', ...words].join(' ')
}

/**
 * An option that takes a value and got a flag instead (`--seed --json`): commander takes the next
 * word whatever it is, so a forgotten value would swallow the flag after it.
 */
export function refuseFlagValues(command: Command): void {
  for (const o of command.options) {
    if (!o.required && !o.optional) continue
    const key = o.attributeName()
    if (command.getOptionValueSource(key) !== 'cli') continue
    const v = command.getOptionValue(key)
    for (const item of Array.isArray(v) ? v : [v]) {
      if (typeof item === 'string' && item.startsWith('--')) {
        throw new InputError(
          'missing-value',
          `${o.long}: expected a value, got the flag ${item}; give ${o.flags}`,
        )
      }
    }
  }
}
