import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * The package as a user gets it: `npm pack` (of the build npm test made), installed globally into
 * a temporary prefix and into a project of its own, then run from another directory: the CLI,
 * batch, and `import('mecha-dice')` answering as the CLI does. npm gets this machine's
 * environment (its registry, cache and CA bundle) to fetch the dependencies.
 */

const REPO = fileURLToPath(new URL('../..', import.meta.url))
const tmp = mkdtempSync(join(tmpdir(), 'mecha-package-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const npm = (args: string[], cwd: string) =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    env: process.env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })

function run(file: string, args: string[], cwd: string, input = '') {
  const r = spawnSync(file, args, { cwd, input, encoding: 'utf8', env: process.env, timeout: 30_000 })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

describe('the packed package', { timeout: 180_000 }, () => {
  const prefix = join(tmp, 'prefix')
  const elsewhere = join(tmp, 'elsewhere')
  mkdirSync(elsewhere)
  let tarball = ''

  it('packs, with what it needs and what its messages point at', () => {
    // The build is npm test's own (pretest): pack it as it is.
    npm(['pack', '--ignore-scripts', '--pack-destination', tmp], REPO)
    tarball = join(
      tmp,
      readdirSync(tmp).find((f) => f.endsWith('.tgz'))!,
    )
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n')
    for (const f of [
      'package/bin/mecha.js',
      'package/bin/package.json',
      'package/dist/mecha.cjs',
      'package/dist/lib/index.js',
      'package/dist/lib/index.d.ts',
      'package/docs/roster.md',
      'package/docs/api.md',
      'package/examples/roster.yaml',
    ])
      expect(files).toContain(f)
  })

  it('installs globally and runs from another directory: --version, a shot, a batch line', () => {
    npm(['install', '-g', '--prefix', prefix, tarball], tmp)
    const mecha = join(prefix, 'bin', 'mecha')
    const version = run(mecha, ['--version'], elsewhere)
    expect(version.stderr).toBe('')
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/)
    const shot = run(
      mecha,
      ['shoot', '--acc', '9', '--evade', '4', '--shots', '5', '--dmg', '300', '--seed', 'pkg', '--json'],
      elsewhere,
    )
    expect(shot.code, shot.stderr).toBe(0)
    expect(JSON.parse(shot.stdout)).toMatchObject({ command: 'shoot', seed: 'pkg' })
    const batch = run(mecha, ['batch'], elsewhere, '{"command":"roll","expression":"3d6","seed":"pkg"}\n')
    expect(batch.code, batch.stderr).toBe(0)
    expect(JSON.parse(batch.stdout)).toMatchObject({ line: 1, command: 'roll', seed: 'pkg' })
    // A message pointing at the docs names a file the installed package has.
    const env = Object.assign({}, process.env, { HOME: elsewhere, XDG_CONFIG_HOME: elsewhere })
    delete env.MECHA_ROSTER
    const named = spawnSync(mecha, ['shoot', 'a', 'b'], { cwd: elsewhere, env, encoding: 'utf8' })
    expect(named.status).toBe(2)
    const doc = /see (docs\/[a-z-]+\.md)/.exec(named.stderr)?.[1]
    expect(doc, named.stderr).toBe('docs/roster.md')
    expect(existsSync(join(prefix, 'lib', 'node_modules', 'mecha-dice', doc!))).toBe(true)
  })

  it('is imported by a project that installed it, and answers as the installed CLI does', () => {
    const project = join(tmp, 'project')
    mkdirSync(project)
    writeFileSync(join(project, 'package.json'), '{"name":"p","private":true,"type":"module"}\n')
    npm(['install', tarball], project)
    const script = [
      "import { shoot, roll, MechaError } from 'mecha-dice'",
      "const a = shoot.resolve({ acc: 9, evade: 4, shots: 5, dmg: 300 }, { seed: 'pkg' })",
      "const b = roll.odds({ expression: '3d6' })",
      'let code',
      'try { shoot.resolve({ acc: 99 }) } catch (e) { code = e instanceof MechaError && e.code }',
      'console.log(JSON.stringify(a))',
      'console.log(JSON.stringify(b))',
      'console.log(code)',
    ].join('\n')
    writeFileSync(join(project, 'use.mjs'), script)
    const lib = run(process.execPath, ['use.mjs'], project)
    expect(lib.stderr).toBe('')
    const [shot, odds, code] = lib.stdout.trimEnd().split('\n')
    const mecha = join(prefix, 'bin', 'mecha')
    const cli = (args: string[]) => run(mecha, args, elsewhere).stdout.trimEnd()
    expect(shot).toBe(
      cli(['shoot', '--acc', '9', '--evade', '4', '--shots', '5', '--dmg', '300', '--seed', 'pkg', '--json']),
    )
    expect(odds).toBe(cli(['roll', '3d6', '--odds', '--json']))
    expect(code).toBe('out-of-range')
  })
})
