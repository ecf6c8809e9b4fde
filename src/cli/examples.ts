/**
 * `mecha examples`: where the installed package keeps its example rosters and its docs, and
 * `--copy` to put the example roster here as `mecha-roster.yaml` (the file every command by
 * unit names finds without --roster). Messages say `mecha examples` instead of a repository path
 * that an installed user does not have.
 */
import { existsSync, lstatSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { InputError } from '../core/errors.js'
import { quoteValue } from '../core/text.js'
import { ROSTER_FILE_NAME } from './roster-file.js'
import { replaceFile } from './write-file.js'

/** The package's own folder: the nearest folder up from this code with mecha-dice's package.json. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const file = join(dir, 'package.json')
    if (existsSync(file) && /"name":\s*"mecha-dice"/.test(readFileSync(file, 'utf8'))) return dir
    const up = dirname(dir)
    if (up === dir) throw new Error('mecha: the package folder is not above its code (a bug)')
    dir = up
  }
}

/** What the examples folder holds, a line each. */
const FILES: Array<[string, string]> = [
  ['roster.yaml', 'the units of the MechaStellar quickstart, with their weapons (docs/roster.md)'],
  ['battle.yaml', 'four of them on two sides, to start a game log (docs/game.md)'],
  ['game.jsonl', 'a short game log to read: mecha game stats --game FILE'],
]

/** `mecha examples`: the folders, and what to type next. */
export function examplesText(): string {
  const root = packageRoot()
  const examples = join(root, 'examples')
  return [
    `Examples: ${examples}`,
    ...FILES.map(([f, what]) => `  ${f.padEnd(12)} ${what}`),
    `Docs: ${join(root, 'docs')} (README.md: ${join(root, 'README.md')})`,
    '',
    `Try: mecha roster list --roster ${join(examples, 'roster.yaml')}`,
    `Copy the example roster here as ${ROSTER_FILE_NAME} (then units by name need no --roster): mecha examples --copy`,
  ].join('\n')
}

/** `mecha examples --copy [DIR]`: the example roster as DIR/mecha-roster.yaml, never over a file. */
export function copyExampleRoster(dir: string, cwd: string): string {
  const target = resolve(cwd, dir, ROSTER_FILE_NAME)
  if (lstatSync(target, { throwIfNoEntry: false }))
    throw new InputError(
      'exists',
      `examples --copy: ${quoteValue(target)} is already there; move it away first, or copy into another folder (mecha examples --copy DIR)`,
    )
  if (!lstatSync(resolve(cwd, dir), { throwIfNoEntry: false })?.isDirectory())
    throw new InputError(
      'bad-value',
      `examples --copy: ${quoteValue(dir)} is not a folder; give an existing folder`,
    )
  replaceFile(target, readFileSync(join(packageRoot(), 'examples', 'roster.yaml')), 'examples --copy')
  return `Wrote ${target}: mecha roster list shows its units`
}
