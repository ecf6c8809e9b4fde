/**
 * Every shell example in README.md and docs/*.md runs, as a reader would paste it.
 *
 * What counts as an example: a line in a fenced ```sh block (a trailing `\` joins the next line)
 * that starts with `mecha ` or `node bin/mecha.js `, possibly after `npm install && `, or that
 * pipes into `mecha` (`printf … | mecha batch`). Other lines in ```sh blocks must be setup
 * commands (`npm install`, `npm link`, `npm test`, `npx mecha …`, `git clone`, `cd`); they are
 * not run here.
 *
 * Each example runs as pasted into `/bin/sh` (one shell for all the examples of a file), with
 * `mecha` on the PATH as a wrapper around the built binary, `node <repo>/bin/mecha.js`, in an
 * empty directory (an unquoted `>` would leave a file there, and fails the test). The binary runs
 * the first example of each command, and every example that needs a shell (pipes, comments,
 * redirections); the other examples, one plain `mecha …` each, run through the front in-process
 * (in-process.ts) on the very words the shell makes of them (checked: one shell where `mecha` is
 * a function printing its arguments). It must exit 0 with something on stdout, unless the line ends
 * with a comment `# exit N`: then it must exit N, and with nothing on stdout, say why in one line
 * on stderr (batch answers a bad line on stdout and exits 2). The only file it may leave is the
 * chart it names with `--plot FILE.svg` (checked to be an SVG, then removed).
 * It runs twice and must print the same both times: an example that rolls gives `--seed` or
 * `--rolls`. The second run is in-process when the line is one plain `mecha …` (for an example
 * the binary ran first, this also shows the in-process front answering as the binary does); else
 * it is through the shell again.
 *
 * A ```text block right after a ```sh block (and only there) shows the output of that block's last example
 * (stdout, or stderr when stdout is empty) and must match it exactly: the only shorthand is a line
 * `… N lines` (`… 1 line`), which stands for exactly that many lines. A `…` anywhere else is a
 * character like any other (read as "any text", it let `give 0…30` pass for `give 0 to 30`).
 */
import { spawnSync } from 'node:child_process'
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { argvOf, mecha } from './in-process.js'
import { BIN, type CliResult, shLines } from './run-cli.js'

const REPO = fileURLToPath(new URL('../../', import.meta.url))

interface Example {
  file: string
  line: number
  command: string
  exit: number
  /** The output shown in the docs right after this example, if any. */
  shown?: string
}

const SETUP = /^(npm (install|ci|link|test|run build)\b|npx mecha\b|git clone\b|cd\b)/

function docFiles(): string[] {
  const docs = readdirSync(join(REPO, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`)
  return ['README.md', ...docs]
}

/**
 * The examples of one Markdown file, and its strays: lines of ```sh blocks that are neither
 * examples nor setup, and ```text blocks that do not come right after an example.
 */
function extract(file: string): { examples: Example[]; strays: string[] } {
  const lines = readFileSync(join(REPO, file), 'utf8').split('\n')
  const examples: Example[] = []
  const strays: string[] = []
  // The last example of the ```sh block just closed, while only blank lines follow it.
  let pending: Example | undefined
  let i = 0
  while (i < lines.length) {
    const fence = /^```(\w*)\s*$/.exec(lines[i]!)
    if (!fence) {
      if (lines[i]!.trim() !== '') pending = undefined
      i++
      continue
    }
    const lang = fence[1]
    const start = i + 1
    let end = start
    while (end < lines.length && !/^```\s*$/.test(lines[end]!)) end++
    const body = lines.slice(start, end)
    if (lang === 'text') {
      if (pending) pending.shown = body.join('\n')
      else strays.push(`${file}:${start}: a \`\`\`text block that follows no example (no output is checked)`)
    }
    pending = undefined
    if (lang === 'sh') {
      for (let k = 0; k < body.length; k++) {
        const lineNo = start + k + 1
        let text = body[k]!
        while (text.endsWith('\\') && k + 1 < body.length) text = text.slice(0, -1) + ' ' + body[++k]!.trim()
        text = text.trim()
        if (text === '' || text.startsWith('#')) continue
        const run = text.replace(/^npm install && /, '')
        if (/^(mecha |node bin\/mecha\.js )/.test(run) || /\| *mecha /.test(run)) {
          const exit = /#\s*exit (\d+)\s*$/.exec(run)
          const ex: Example = { file, line: lineNo, command: run, exit: exit ? Number(exit[1]) : 0 }
          examples.push(ex)
          pending = ex
        } else if (!SETUP.test(text)) {
          strays.push(`${file}:${lineNo}: ${text}`)
        }
      }
    }
    i = end + 1
  }
  return { examples, strays }
}

/** Shown output as a pattern: every line as it is, but `… N lines`: exactly N lines of any text. */
function shownPattern(shown: string): RegExp {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const parts = shown
    .replace(/\s+$/, '')
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''))
    .map((l) => {
      const left = /^… (\d+) lines?$/.exec(l.trim())
      return left ? `(?:[^\\n]*\\n){${left[1]}}` : escape(l) + '\\n'
    })
  return new RegExp(`^${parts.join('')}$`)
}

function normalise(out: string): string {
  const text = out
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''))
    .join('\n')
    .replace(/\s+$/, '')
  return text + '\n'
}

const work = mkdtempSync(join(tmpdir(), 'mecha-docs-'))
const pathDir = join(work, 'path')
const cwd = join(work, 'cwd')
mkdirSync(pathDir)
mkdirSync(cwd)
writeFileSync(join(pathDir, 'mecha'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`)
chmodSync(join(pathDir, 'mecha'), 0o755)
// `node bin/mecha.js …` examples run from the repository's root in the README; give them a `bin`.
symlinkSync(join(REPO, 'bin'), join(cwd, 'bin'))
// Examples by unit name read the repository's example roster, as from a clone.
symlinkSync(join(REPO, 'examples'), join(cwd, 'examples'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const env = { PATH: `${pathDir}:${process.env.PATH ?? ''}`, HOME: work }

type Runs = {
  first: CliResult & { left: Record<string, string> }
  again?: CliResult
  /** A plain `mecha …`: the words the shell makes of it, as run in-process. */
  words?: { shell: string[]; ours: string[] }
}

/** The command an example runs: `shoot`, `wargroup burn`... */
const commandOf = (line: string) =>
  /(?:mecha|node bin\/mecha\.js) ((?:wargroup|formation|mining|roster|game) )?([a-z-]+)/
    .exec(line)
    ?.slice(1)
    .join('')

/** The words `/bin/sh` makes of each plain `mecha …` line: one shell, `mecha` a function printing them. */
function shellWords(lines: string[]): string[][] {
  const script =
    `mecha() { for a in "$@"; do printf '%s\\037' "$a"; done; printf '\\036'; }\n` +
    `node() { shift; mecha "$@"; }\n` +
    lines.join('\n')
  const r = spawnSync('/bin/sh', ['-c', script], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } })
  if (r.status !== 0) throw new Error(`the examples' words through one shell: exit ${r.status}: ${r.stderr}`)
  const words = r.stdout
    .split('\x1e')
    .slice(0, -1)
    .map((w) => w.split('\x1f').slice(0, -1))
  if (words.length !== lines.length) throw new Error(`${lines.length} lines, ${words.length} words`)
  return words
}

/** The files an in-process run left in the scratch directory (read, then removed), as shLines's `left`. */
function tidyLeft(): Record<string, string> {
  const left: Record<string, string> = {}
  for (const f of readdirSync(cwd)) {
    if (f === 'bin' || f === 'examples') continue
    const path = join(cwd, f)
    left[f] = statSync(path).isFile() ? readFileSync(path, 'utf8') : ''
    rmSync(path, { recursive: true, force: true })
  }
  return left
}

/**
 * The first run of every example, and the second of those that need a shell. Through one shell
 * per file: the first example of each command, and those that need a shell (twice); the others
 * in-process, on the shell's words. The second run of a plain `mecha …` is left to the test,
 * in-process.
 */
function runAll(examples: Example[]): Map<Example, Runs> {
  const runs = new Map<Example, Runs>()
  const seen = new Set<string | undefined>()
  const binary = new Set(
    examples.filter((e) => {
      const first = !seen.has(commandOf(e.command))
      seen.add(commandOf(e.command))
      return first || !argvOf(e.command)
    }),
  )
  for (const file of new Set(examples.map((e) => e.file))) {
    const ofFile = examples.filter((e) => e.file === file && binary.has(e))
    const twice = ofFile.filter((e) => !argvOf(e.command))
    const out = shLines(
      [...ofFile, ...twice].map((e) => e.command),
      { cwd, env, tidy: ['bin', 'examples'], timeout: 600_000 },
    )
    ofFile.forEach((e, i) => runs.set(e, { first: out[i]! }))
    twice.forEach((e, i) => (runs.get(e)!.again = out[ofFile.length + i]))
  }
  const inProcess = examples.filter((e) => !binary.has(e))
  const words = shellWords(inProcess.map((e) => e.command))
  inProcess.forEach((e, i) => {
    const ours = argvOf(e.command)!
    const first = mecha(ours, { cwd, env })
    runs.set(e, { first: { ...first, left: tidyLeft() }, words: { shell: words[i]!, ours } })
  })
  return runs
}

/** The commands a `--help` lists (commander's "Commands:" section), without `help`. */
function listedCommands(args: string[]): string[] {
  const r = mecha([...args, '--help'])
  const out = r.stdout + r.stderr
  const section = out.split(/^Commands:\n/m)[1] ?? ''
  const names: string[] = []
  for (const line of section.split('\n')) {
    if (line !== '' && !line.startsWith(' ')) break
    const m = /^ {2}([a-z][a-z-]*)\b/.exec(line)
    if (m && m[1] !== 'help') names.push(m[1]!)
  }
  return names
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-')
}

/** Relative links (`[text](path#anchor)`) that point at no file or at no heading there. */
function brokenLinks(file: string): string[] {
  const text = readFileSync(join(REPO, file), 'utf8')
  const broken: string[] = []
  for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1]!
    if (/^[a-z]+:/.test(target)) continue
    const [path, anchor] = target.split('#')
    const dest = path ? join(REPO, file, '..', path) : join(REPO, file)
    let body: string
    try {
      body = readFileSync(dest, 'utf8')
    } catch {
      broken.push(`${file}: ${target}`)
      continue
    }
    if (anchor && !body.split('\n').some((l) => /^#+ /.test(l) && slug(l.replace(/^#+ /, '')) === anchor))
      broken.push(`${file}: ${target}`)
  }
  return broken
}

const files = docFiles()
const extracted = files.map((f) => ({ file: f, ...extract(f) }))
const all = extracted.flatMap((e) => e.examples)
const topLevel = listedCommands([])
const groups = ['wargroup', 'formation', 'mining'].filter((g) => topLevel.includes(g))
const commands = [
  ...topLevel.filter((c) => !groups.includes(c)),
  ...groups.flatMap((g) => listedCommands([g]).map((c) => `${g} ${c}`)),
]

describe('docs examples', () => {
  it('finds the examples; ```sh blocks hold only examples and setup, ```text blocks only their output', () => {
    expect(all.length).toBeGreaterThan(60)
    expect(extracted.flatMap((e) => e.strays)).toEqual([])
  })

  it('shown output is exact: `…` is a character, and `… N lines` exactly N lines', () => {
    expect('mecha: --acc: 99 is out of range; give 0 to 30\n').not.toMatch(
      shownPattern('mecha: --acc: 99 is out of range; give 0…30'),
    )
    expect('a…b\n').toMatch(shownPattern('a…b'))
    expect('head\nx\ny\ntail\n').toMatch(shownPattern('head\n… 2 lines\ntail'))
    expect('head\nx\ntail\n').not.toMatch(shownPattern('head\n… 2 lines\ntail'))
    expect('head\nx\ntail\n').toMatch(shownPattern('head\n… 1 line\ntail'))
    expect('head\nx\ntail\n').not.toMatch(shownPattern('head\n…\ntail'))
  })

  it('links between the docs point at files and headings that exist', () => {
    expect(files.flatMap(brokenLinks)).toEqual([])
  })

  it('the CLI lists the commands the docs expect', () => {
    expect(commands).toEqual(
      expect.arrayContaining(['shoot', 'melee', 'roll', 'batch', 'wargroup shoot', 'mining plan']),
    )
  })

  it.each(['README.md', 'docs'])('%s gives an example of every command', (where) => {
    const examples = all.filter((e) => (where === 'docs' ? e.file.startsWith('docs/') : e.file === where))
    const invoked = (c: string) =>
      examples.some((e) => new RegExp(`(^|\\| *)(mecha|node bin/mecha\\.js) ${c}( |$)`).test(e.command))
    expect(commands.filter((c) => !invoked(c))).toEqual([])
  })

  const runnable = all.filter((e) => {
    const word = /(?:mecha|node bin\/mecha\.js) ([a-z-]+)/.exec(e.command)?.[1]
    // `completion` is documented ahead of its arrival: run once the CLI has it.
    return word !== 'completion' || topLevel.includes('completion')
  })

  // Every example run first (the binary's share through the shells: half the lines), then each
  // checked by its own test.
  let runs = new Map<Example, Runs>()
  beforeAll(() => {
    runs = runAll(runnable)
  }, 600_000)

  it.each(runnable.map((e) => [`${e.file}:${e.line}`, e] as const))('%s', (_where, ex) => {
    const { first, again: shAgain, words } = runs.get(ex)!
    const label = `${ex.file}:${ex.line}: ${ex.command}\nstderr: ${first.stderr}`
    if (words) expect(words.ours, `${label}\n(the words the shell makes)`).toEqual(words.shell)
    expect(first.code, label).toBe(ex.exit)
    if (ex.exit === 0) {
      expect(first.stdout.trim(), label).not.toBe('')
    } else if (first.stdout === '') {
      expect(first.stderr.trim().split('\n'), label).toHaveLength(1)
    }
    // The one file an example may write: the chart it names with --plot.
    const chart = /--plot (\S+\.svg)(?: |$)/.exec(ex.command)?.[1]
    if (chart && ex.exit === 0) {
      expect(first.left[chart], `${label}\n(the chart)`).toMatch(/^<\?xml[^>]*>\n<svg /)
    }
    const left = Object.keys(first.left).filter((f) => f !== chart || ex.exit !== 0)
    expect(left, `${label}\n(an unquoted > or a file written)`).toEqual([])
    const again = shAgain ?? mecha(argvOf(ex.command)!, { cwd, env })
    if (chart) rmSync(join(cwd, chart), { force: true })
    expect(again.stdout, `${label}\n(not reproducible: give --seed or --rolls)`).toBe(first.stdout)
    if (ex.shown !== undefined) {
      const out = normalise(first.stdout !== '' ? first.stdout : first.stderr)
      expect(out, label).toMatch(shownPattern(ex.shown))
    }
  })
})
