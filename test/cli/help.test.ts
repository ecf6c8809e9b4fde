import { spawnSync } from 'node:child_process'
import { beforeAll, describe, expect, it } from 'vitest'
import { commandNames, groups } from '../../src/commands/registry.js'
import { argvOf, mecha } from './in-process.js'
import { BIN } from './run-cli.js'

/** Run a command line through a real shell, as a user pastes it (`mecha` is the built binary). */
function sh(line: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync('/bin/sh', ['-c', line], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', MECHA: `${process.execPath} ${BIN}` },
    timeout: 15_000,
  })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

const groupNames = groups.flatMap((g) => (g.name ? [g.name] : []))
const everyHelp = [[], ...commandNames().map((n) => n.split(' ')), ...groupNames.map((g) => [g]), ['batch']]

describe('--help fits an 80-column terminal', () => {
  it.each(everyHelp.map((words) => [words.join(' ') || '(top level)', words] as const))(
    'mecha %s --help',
    (_, words) => {
      const r = mecha([...words, '--help'])
      expect(r.code).toBe(0)
      expect(r.stderr).toBe('')
      const long = r.stdout.split('\n').filter((l) => l.length > 80)
      expect(long).toEqual([])
    },
  )

  it('shows short placeholders, the choices, defaults and which flags are required', () => {
    const out = mecha(['shoot', '--help']).stdout
    expect(out).toMatch(/^ {2}--acc <n> +attacker's Shooting Accuracy \(required\)$/m)
    expect(out).toMatch(/^ {2}--evade <n> +defender's Evade bonus \(default: 0\)$/m)
    expect(out.replace(/\s+/g, ' ')).toContain('(choices: "precision", "barrage", "none", "auto")')
    expect(out).not.toContain('<precision|')
  })

  it('lists the global flags once, and three examples, at the top level', () => {
    const out = mecha(['--help']).stdout
    for (const flag of ['--seed', '--rolls', '--json', '--odds', '--explain', '--no-color', '--auto']) {
      expect(
        out.split('\n').filter((l) => l.startsWith(`  ${flag} `)),
        flag,
      ).toHaveLength(1)
    }
    const examples = out.slice(out.indexOf('Examples'))
    expect(examples.split('\n').filter((l) => l.startsWith('  $ mecha '))).toHaveLength(3)
  })

  it('a wrapped example still runs when pasted into a shell, as the one-line form does', () => {
    const out = mecha(['shoot', '--help']).stdout
    const first = out
      .slice(out.indexOf('Examples:\n') + 'Examples:\n'.length)
      .split('\n  $ ')[0]
      .replace(/^ {2}\$ /, '')
    expect(first).toContain('\\\n') // it was wrapped
    const pasted = sh(first.replace(/^mecha /, '$MECHA ') + ' --json')
    const oneLine = sh(
      '$MECHA shoot --acc 9 --evade 4 --shots 7 --dmg 200 --bonus none --defense none --rolls 1,1,4,5,7,7,10 --json',
    )
    expect(pasted.code).toBe(0)
    expect(pasted.stdout).toBe(oneLine.stdout)
  })
})

describe('usage errors: one line on stderr, exit 2', () => {
  it('mecha alone prints the help on stderr and exits 2', () => {
    const r = mecha([])
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(/^Usage: mecha /)
    expect(r.stderr).toContain('Global flags')
  })

  it('a group alone prints its help on stderr and exits 2', () => {
    const r = mecha(['wargroup'])
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(/^Usage: mecha wargroup /)
  })

  it.each([
    [
      ['wargroup', 'shot'],
      "mecha: unknown command 'shot' (Did you mean shoot?); see 'mecha wargroup --help'\n",
    ],
    [
      ['formation', 'strik', '--str', '1'],
      "mecha: unknown command 'strik' (Did you mean strike?); see 'mecha formation --help'\n",
    ],
    [['shot'], "mecha: unknown command 'shot' (Did you mean shoot?); see 'mecha --help'\n"],
    [
      ['shoot', 'extra', '--acc', '1'],
      // shoot also takes units by name: one word alone is named, and both forms are told
      `mecha: shoot: unexpected word "extra": units by name take two or more, ATTACKER[:WEAPON] DEFENDER...; otherwise every input is a flag (see 'mecha shoot --help')\n`,
    ],
    [
      ['wargroup', 'shoot', '--acu', '1', 'stray'],
      `mecha: wargroup shoot: unexpected word "stray"; every input is a flag (see 'mecha wargroup shoot --help')\n`,
    ],
    [
      ['shoot', '--seed', '--json', '--acc', '9', '--shots', '2', '--dmg', '100'],
      'mecha: --seed: expected a value, got the flag --json; give --seed <text>\n',
    ],
    [
      ['shoot', '--acc', '9', '--shots', '2', '--dmg', '100', '--rolls', '--odds'],
      'mecha: --rolls: expected a value, got the flag --odds; give --rolls <list>\n',
    ],
    [
      ['batch', '--seed', '--odds'],
      'mecha: --seed: expected a value, got the flag --odds; give --seed <text>\n',
    ],
    [['shoot'], 'mecha: --acc, --shots and --dmg are required, e.g. --acc 9 --shots 5 --dmg 200\n'],
    [['shoot', '--shots', '2'], 'mecha: --acc and --dmg are required, e.g. --acc 9 --dmg 200\n'],
    [
      ['wargroup', 'shoot', '--acu', '1'],
      'mecha: --def, --str and --arm are required, e.g. --def 2 --str 5 --arm 3\n',
    ],
  ])('mecha %j', (args, stderr) => {
    const r = mecha(args)
    expect(r.stderr).toBe(stderr)
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
  })

  it('a stray word is never pasted into the hint', () => {
    const r = mecha(['wargroup', 'shot', 'oops', '--acu', '1'])
    expect(r.code).toBe(2)
    expect(r.stderr).not.toMatch(/see 'mecha [^']*(shot|oops)/)
  })
})

describe('output that cannot be written', () => {
  it.each([
    ['$MECHA roll 3d6 --seed s > /dev/full'],
    ['$MECHA shoot --acc 9 --shots 2 --dmg 100 --auto --seed s --json > /dev/full'],
    ['echo \'{"command":"roll","expression":"3d6"}\' | $MECHA batch --seed s > /dev/full'],
  ])('%s: one line, exit 1, no trace and no "bug"', (line) => {
    const r = sh(line)
    expect(r.code).toBe(1)
    expect(r.stderr).toBe('mecha: cannot write to stdout: ENOSPC (no space left on device)\n')
  })
})

describe('every --help example runs as printed', async () => {
  const { loadAllSpecs } = await import('../../src/commands/registry.js')
  const lines = (await loadAllSpecs()).flatMap((s) =>
    (s.examples ?? []).map((line) => [s.name, line] as const),
  )
  // The words a real shell makes of each example as pasted: every line through one /bin/sh in
  // which `mecha` is a function printing its arguments (no node started). The front then runs
  // on those words in-process; the built binary itself runs the docs' examples
  // (docs-examples.test.ts, every command) and binary.test.ts.
  let shellWords: string[][] = []
  beforeAll(() => {
    const script = `mecha() { for a in "$@"; do printf '%s\\037' "$a"; done; printf '\\036'; }\n`
    const r = spawnSync('/bin/sh', ['-c', script + lines.map(([, l]) => l).join('\n')], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
    })
    expect(r.status, r.stderr).toBe(0)
    shellWords = r.stdout
      .split('\x1e')
      .slice(0, -1)
      .map((w) => w.split('\x1f').slice(0, -1))
    expect(shellWords).toHaveLength(lines.length)
  })

  it('there are examples to run', () => expect(lines.length).toBeGreaterThan(60))

  it.each(lines.map(([name, line], i) => [name, line, i] as const))('%s: %s', (_, line, i) => {
    const words = argvOf(line)
    expect(words, 'one plain `mecha …` command').toBeDefined()
    expect(words).toEqual(shellWords[i])
    const first = mecha(words!)
    expect(first.stderr).toBe('')
    expect(first.code).toBe(0)
    expect(first.stdout.trim()).not.toBe('')
    // Reproducible: an example that rolls gives its seed or its dice, so it prints the same twice.
    expect(mecha(words!).stdout).toBe(first.stdout)
  })
})

describe('--compare: its help names the commands that take it', () => {
  it('the commands listed in the global flag are exactly those with a choice to compare', async () => {
    const { loadAllSpecs } = await import('../../src/commands/registry.js')
    const { GLOBAL_FLAGS } = await import('../../src/cli/help.js')
    const takers = (await loadAllSpecs()).filter((s) => s.model.compare).map((s) => s.name)
    expect(takers).toEqual(['shoot', 'melee', 'plan'])
    const line = GLOBAL_FLAGS.find(([f]) => f === '--compare')![1]
    expect(line).toContain(`(${takers.join(', ')})`)
    // Each command's own --help lists --compare exactly when it takes it.
    for (const name of ['shoot', 'melee', 'plan', 'matrix', 'cover'])
      expect(mecha([name, '--help']).stdout.includes('--compare'), name).toBe(takers.includes(name))
  })
})
