import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadAllSpecs } from '../../src/cli/registry.js'
import { mecha } from './run-cli.js'

const dir = mkdtempSync(join(tmpdir(), 'mecha-completion-'))
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
      expect(offered).toContain('--json')
      expect(offered.includes('--seed'), spec.name).toBe(spec.diceOrder !== undefined)
    }
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
    expect(complete('mecha shoot --bon')).toEqual(['--bonus'])
  })
})
