import { spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadAllSpecs } from '../../src/commands/registry.js'
import { UNIT_WORDS } from '../../src/runtime/unit-words.js'
import { mecha } from './in-process.js'
import { BIN } from './run-cli.js'

const dir = mkdtempSync(join(tmpdir(), 'mecha-completion-'))
/** Temporary directories, removed when the file's tests are done. */
const made = [dir]
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true })
})
function script(shell: string): string {
  const r = mecha(['completion', shell])
  expect(r.code, r.stderr).toBe(0)
  expect(r.stderr).toBe('')
  const file = join(dir, `mecha.${shell}`)
  writeFileSync(file, r.stdout)
  return file
}
const has = (shell: string) => spawnSync(shell, ['-c', 'exit 0']).status === 0

/** Source the bash script, set the words as bash would, and list what _mecha offers. */
function bashOffers(file: string, line: string): string[] {
  const words = line.split(' ')
  const quoted = words.map((w) => `'${w}'`).join(' ')
  const r = spawnSync(
    'bash',
    [
      '-c',
      `source '${file}'; COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _mecha; printf '%s\\n' "\${COMPREPLY[@]}"`,
    ],
    { encoding: 'utf8' },
  )
  expect(r.status, r.stderr).toBe(0)
  return r.stdout.split('\n').filter(Boolean)
}

describe('mecha completion bash', () => {
  const file = script('bash')

  it.each([
    ['mecha sh', ['shoot']],
    ['mecha wargroup s', ['shoot', 'smoke']],
    ['mecha formation ', ['strike', 'ams', 'knockdown', 'jam', 'destroy-check', 'initiative']],
    ['mecha wargroup shoot --aim ', ['none', 'module', 'movement']],
    ['mecha shoot --bonus ', ['precision', 'barrage', 'none', 'auto']],
    ['mecha formation strike --defense a', ['auto-dodge', 'auto']],
    ['mecha melee --def-choice ', ['counter', 'guard', 'both', 'auto']],
    ['mecha completion ', ['bash', 'zsh', 'fish']],
    // Trait flags offer the registry's names for that command and side.
    ['mecha shoot --def-trait imp', ['improvise']],
    ['mecha shoot --trait see', ['seeking-shot']],
    ['mecha melee --atk-trait unb', ['unbeaten']],
    ['mecha shoot --acc ', []],
    ['mecha melee --atk-sp', ['--atk-split']],
    ['mecha batch --sum', ['--summary', '--summary-json']],
    ['mecha vp --mo', ['--mode']],
  ])('%s → %j', (line, offered) => {
    expect(bashOffers(file, line)).toEqual(offered)
  })

  it('offers every flag of every command, and the global flags where they apply', async () => {
    for (const spec of await loadAllSpecs()) {
      const offered = bashOffers(file, `mecha ${spec.name} --`)
      for (const o of spec.options) expect(offered, spec.name).toContain(`--${o.flag}`)
      expect(offered.includes('--roster'), spec.name).toBe(spec.name in UNIT_WORDS)
      expect(offered).toContain('--json')
      expect(offered.includes('--seed'), spec.name).toBe(spec.diceOrder !== undefined)
    }
  })
})

// ---------------------------------------------------------------------------------------------
// Unit names (issue 15): where a unit goes, the names come from `mecha roster names`, run from
// PATH as the shell would, reading the roster the command would read.

const ROSTER = resolve('examples/roster.yaml')
/** `mecha` on PATH: the built binary. */
const bin = join(dir, 'bin')
mkdirSync(bin)
writeFileSync(join(bin, 'mecha'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`)
chmodSync(join(bin, 'mecha'), 0o755)
const PATH = `${bin}:${process.env.PATH ?? ''}`
/** A directory with no roster in it or above it, and none in the (empty) config home. */
const empty = mkdtempSync(join(tmpdir(), 'mecha-no-roster-'))
made.push(empty)
const quiet = { HOME: empty, XDG_CONFIG_HOME: empty }

/**
 * The bash script's answer to `line` (the cursor at its end), with the words split as bash splits
 * them: at spaces, and at ':' when COMP_WORDBREAKS has it (it does by default).
 */
function bashUnits(
  line: string,
  opts: { cwd?: string; env?: Record<string, string>; colon?: boolean } = {},
): { offered: string[]; stderr: string } {
  const file = script('bash')
  const words: string[] = []
  for (const token of line.split(' ').filter(Boolean)) {
    const parts = opts.colon === false ? [token] : token.split(/(:)/).filter(Boolean)
    words.push(...parts)
  }
  if (line.endsWith(' ')) words.push('')
  const quoted = words.map((w) => `'${w}'`).join(' ')
  const breaks = opts.colon === false ? `COMP_WORDBREAKS=$' \\t\\n"\\'><=;|&(';` : ''
  const r = spawnSync(
    'bash',
    [
      '-c',
      `source '${file}'; ${breaks} COMP_LINE='${line}'; COMP_POINT=${line.length}; COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _mecha; printf '%s\\n' "\${COMPREPLY[@]}"`,
    ],
    { encoding: 'utf8', cwd: opts.cwd ?? empty, env: { PATH, ...quiet, ...opts.env } },
  )
  expect(r.status, r.stderr).toBe(0)
  return { offered: r.stdout.split('\n').filter(Boolean), stderr: r.stderr }
}

const units = (line: string, opts?: Parameters<typeof bashUnits>[1]) => bashUnits(line, opts).offered

describe('mecha completion bash: unit names from the roster', () => {
  const R = `--roster ${ROSTER}`

  it.each([
    [`mecha shoot ${R} ar`, ['argonaut']],
    [`mecha shoot ${R} argonaut:`, ['cannon', 'machine-gun']],
    [`mecha shoot ${R} argonaut:m`, ['machine-gun']],
    [`mecha shoot ${R} argonaut:cannon d`, ['dervish']],
    [`mecha shoot ${R} --acc 9 --bonus none ar`, ['argonaut']],
    [`mecha shoot --roster=${ROSTER} ar`, ['argonaut']],
    [`mecha melee ${R} blue-djinn:`, ['heat-sword', 'arc-whip']],
    [`mecha melee ${R} blue-djinn:heat-sword white-asura:`, ['beam-saber']],
    [`mecha save ${R} laughing-joker:`, ['bazooka', 'machine-gun']],
    [`mecha outmaneuver ${R} argonaut gr`, ['green-viking']],
    [`mecha vp ${R} sa`, ['saronic-cruiser']],
    [`mecha roster show ${R} w`, ['white-asura']],
  ])('%s', (line, offered) => {
    expect(units(line)).toEqual(offered)
  })

  it('offers every unit for an empty word, and the flags once the units are given', () => {
    const all = units(`mecha shoot ${R} `)
    expect(all).toContain('argonaut')
    expect(all).toContain('voltlion')
    expect(all).toHaveLength(18)
    expect(all.filter((n) => n.includes(':'))).toEqual([])
    const after = units(`mecha shoot ${R} argonaut:cannon dervish `)
    expect(after).toContain('--acc')
    expect(after).not.toContain('argonaut')
    expect(units(`mecha shoot ${R} --ac`)).toEqual(['--acc'])
  })

  it('offers units again for a repeated word (plan attacks, shoot targets) once a letter is typed', () => {
    expect(units(`mecha plan ${R} dervish argonaut:cannon bl`)).toEqual(['blue-djinn'])
    expect(units(`mecha plan ${R} dervish argonaut:cannon argonaut:m`)).toEqual(['machine-gun'])
    expect(units(`mecha plan ${R} dervish argonaut:cannon blue-djinn:heat-sword argonaut:c`)).toEqual([
      'cannon',
    ])
    expect(units(`mecha shoot ${R} argonaut:cannon dervish wh`)).toEqual(['white-asura'])
    // An empty word after the first of them: the flags, as before.
    expect(units(`mecha plan ${R} dervish argonaut:cannon `)).toContain('--need')
  })

  it('offers units after a flag that takes them (matrix --vs, every word up to the next flag)', () => {
    expect(units(`mecha matrix ${R} argonaut --vs d`)).toEqual(['dervish'])
    expect(units(`mecha matrix ${R} --vs dervish wh`)).toEqual(['white-asura'])
    expect(units(`mecha matrix ${R} --vs blue-djinn:`)).toEqual(['heat-sword', 'arc-whip'])
    const flags = units(`mecha matrix ${R} --vs dervish --b`)
    expect(flags).toContain('--bonus')
    expect(flags.every((f) => f.startsWith('--b'))).toBe(true)
    // Before --vs, the attackers; after another flag's value, units again as attackers.
    expect(units(`mecha matrix ${R} argonaut:`)).toEqual(['cannon', 'machine-gun', 'heat-hawk'])
    expect(units(`mecha matrix ${R} --vs dervish --bonus barrage ar`)).toEqual(['argonaut'])
  })

  it('where only the unit counts, no weapons are offered', () => {
    expect(units(`mecha outmaneuver ${R} argonaut:`)).toEqual([])
    expect(units(`mecha vp ${R} dervish:`)).toEqual([])
  })

  it('without ":" in COMP_WORDBREAKS, whole unit:weapon words', () => {
    expect(units(`mecha shoot ${R} argonaut:`, { colon: false })).toEqual([
      'argonaut:cannon',
      'argonaut:machine-gun',
    ])
  })

  it('finds the roster as the command does: MECHA_ROSTER, then mecha-roster.yaml', () => {
    expect(units('mecha shoot ar', { env: { MECHA_ROSTER: ROSTER } })).toEqual(['argonaut'])
    const project = mkdtempSync(join(tmpdir(), 'mecha-project-'))
    made.push(project)
    writeFileSync(
      join(project, 'mecha-roster.yaml'),
      'units:\n  red-one: { acc: 9 }\n  red-two: { acc: 8 }\n',
    )
    mkdirSync(join(project, 'sub'))
    expect(units('mecha vp red', { cwd: join(project, 'sub') })).toEqual(['red-one', 'red-two'])
  })

  it('is silent on any error: no roster, a bad one, no mecha on PATH', () => {
    expect(units('mecha shoot ar')).toEqual([])
    const bad = join(empty, 'bad.yaml')
    writeFileSync(bad, 'units:\n  a: { acc: [9\n')
    const r = bashUnits(`mecha shoot --roster ${bad} ar`)
    expect(r).toEqual({ offered: [], stderr: '' })
    expect(mecha(['roster', 'names', '--roster', bad]).code).toBe(2)
    const gone = bashUnits(`mecha shoot ${R} ar`, { env: { PATH: '/usr/bin:/bin' } })
    expect(gone).toEqual({ offered: [], stderr: '' })
  })

  it('completes the roster subcommands (roster names is not offered)', () => {
    expect(units('mecha roster ')).toEqual(['list', 'show', 'check', 'new'])
    expect(units('mecha ro')).toEqual(['roll', 'roster'])
  })
})

describe('mecha roster names (for the completion scripts)', () => {
  it('prints the unit names, and with --weapons their weapons of that kind', () => {
    const names = (...args: string[]) => {
      const r = mecha(['roster', 'names', '--roster', ROSTER, ...args])
      expect(r.code, r.stderr).toBe(0)
      return r.stdout.trimEnd().split('\n')
    }
    expect(names()).toHaveLength(18)
    expect(names('--weapons', 'melee').filter((n) => n.startsWith('blue-djinn'))).toEqual([
      'blue-djinn',
      'blue-djinn:heat-sword',
      'blue-djinn:arc-whip',
    ])
    expect(names('--weapons', 'any').filter((n) => n.startsWith('argonaut'))).toEqual([
      'argonaut',
      'argonaut:cannon',
      'argonaut:machine-gun',
      'argonaut:heat-hawk',
    ])
  })

  it('prints nothing and exits 0 when there is no roster; is not in help', () => {
    const r = mecha(['roster', 'names'], { cwd: empty, env: quiet })
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' })
    expect(mecha(['roster', '--help']).stdout).not.toMatch(/\bnames\b/)
  })
})

describe.skipIf(!has('zsh'))('mecha completion zsh: unit names', () => {
  it('offers unit names and unit:weapon where a unit goes', () => {
    const file = script('zsh')
    // compadd, as compsys would, keeps the words starting with the one typed.
    const offered = (...words: string[]) =>
      spawnSync(
        'zsh',
        [
          '-c',
          `compdef() { : }; compadd() { [[ $1 == -- ]] && shift; local x; for x in "$@"; do [[ $x == "$PREFIX"* ]] && print -r -- "$x"; done }
source '${file}'; words=(${words.map((w) => `'${w}'`).join(' ')}); CURRENT=${words.length}; PREFIX='${words[words.length - 1]}'; _mecha`,
        ],
        { encoding: 'utf8', cwd: empty, env: { PATH, ...quiet } },
      )
        .stdout.split('\n')
        .filter(Boolean)
    expect(offered('mecha', 'shoot', '--roster', ROSTER, 'ar')).toEqual(['argonaut'])
    expect(offered('mecha', 'shoot', '--roster', ROSTER, 'argonaut:')).toEqual([
      'argonaut:cannon',
      'argonaut:machine-gun',
    ])
    expect(offered('mecha', 'roster', 'show', '--roster', ROSTER, 'vo')).toEqual(['voltlion'])
  })
})

describe.skipIf(!has('fish'))('mecha completion fish: unit names', () => {
  it('offers unit names and unit:weapon where a unit goes', () => {
    const file = script('fish')
    const complete = (line: string) =>
      spawnSync('fish', ['-c', `source '${file}'; complete -C '${line}'`], {
        encoding: 'utf8',
        cwd: empty,
        env: { PATH, ...quiet },
      })
        .stdout.split('\n')
        .filter(Boolean)
        .map((l) => l.split('\t')[0])
    expect(complete(`mecha shoot --roster ${ROSTER} ar`)).toEqual(['argonaut'])
    expect(complete(`mecha melee --roster ${ROSTER} blue-djinn:`)).toEqual([
      'blue-djinn:arc-whip', // fish sorts them
      'blue-djinn:heat-sword',
    ])
    expect(complete(`mecha vp --roster ${ROSTER} argonaut `)).not.toContain('dervish')
  })
})

describe('mecha completion', () => {
  it('an unknown shell is one line and exit 2', () => {
    const r = mecha(['completion', 'ksh'])
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toBe('mecha: completion: "ksh" is not one of bash, zsh, fish\n')
  })
})

describe.skipIf(!has('zsh'))('mecha completion zsh (skipped when zsh is not installed)', () => {
  it('parses, loads and defines _mecha', () => {
    const file = script('zsh')
    expect(spawnSync('zsh', ['-n', file]).status).toBe(0)
    const r = spawnSync(
      'zsh',
      ['-c', `autoload -U compinit && compinit -u -d '${dir}/zcompdump'; source '${file}'; whence -w _mecha`],
      { encoding: 'utf8' },
    )
    expect(r.stdout.trim()).toBe('_mecha: function')
  })
})

describe.skipIf(!has('fish'))('mecha completion fish (skipped when fish is not installed)', () => {
  it('parses and completes enum values and group subcommands', () => {
    const file = script('fish')
    expect(spawnSync('fish', ['--no-execute', file]).status).toBe(0)
    const complete = (line: string) =>
      spawnSync('fish', ['-c', `source '${file}'; complete -C '${line}'`], { encoding: 'utf8' })
        .stdout.split('\n')
        .filter(Boolean)
        .map((l) => l.split('\t')[0])
    expect(complete('mecha wargroup shoot --aim ')).toEqual(['module', 'movement', 'none'])
    expect(complete('mecha wargroup s')).toEqual(['shoot', 'smoke'])
    expect(complete('mecha shoot --bon')).toEqual(['--bonus', '--bonus-crit'])
  })
})
