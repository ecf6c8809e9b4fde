import { spawnSync } from 'node:child_process'
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { mecha } from './in-process.js'

/**
 * Start-up: a command's flags read the same however they are given (a command named is the only
 * one declared to commander), the YAML library is a file of its own, and the V8 code cache beside
 * the bundle is made, replaced and done without as bin/mecha.js says (through the real binary).
 */

const SHOT = ['shoot', '--acc', '9', '--evade', '4', '--shots', '5', '--dmg', '300', '--seed', 'start']
const ROOT = fileURLToPath(new URL('../..', import.meta.url))

describe('the command named is declared whole, however its flags are given', () => {
  it('help lists every option however it is asked, after flags too', () => {
    const help = mecha(['shoot', '--help'])
    expect(help.code).toBe(0)
    for (const flag of ['--acc <n>', '--cover', '--trait <name>', '--seed <text>', '--no-color'])
      expect(help.stdout).toContain(flag)
    expect(mecha(['help', 'shoot']).stdout).toBe(help.stdout)
    expect(mecha([...SHOT, '--help']).stdout).toBe(help.stdout)
  })

  it('an unknown flag is suggested from every option, not only the ones given', () => {
    const r = mecha([...SHOT, '--covr'])
    expect(r.code).toBe(2)
    expect(r.stderr).toBe(
      "mecha: unknown option '--covr' (Did you mean --cover?); see 'mecha shoot --help'\n",
    )
  })

  it('a flag another command takes is unknown here', () => {
    const r = mecha(['momentum', '--points', '200', '--roster', 'x.yaml'])
    expect(r.code).toBe(2)
    expect(r.stderr).toBe("mecha: unknown option '--roster'; see 'mecha momentum --help'\n")
  })

  it('a value that starts with - reads the same as one given with =', () => {
    const spaced = mecha([...SHOT, '--rapid-fire', '-2', '--json'])
    const joined = mecha([...SHOT, '--rapid-fire=-2', '--json'])
    expect(spaced.code).toBe(0)
    expect(JSON.parse(spaced.stdout).shotsFired).toBe(4) // 5 shots, Barrage +1, Rapid Fire -2
    expect(joined.stdout).toBe(spaced.stdout)
  })

  it('a flag given where a value belongs is still refused by name', () => {
    const r = mecha(['shoot', '--acc', '9', '--shots', '5', '--dmg', '300', '--seed', '--json'])
    expect(r.code).toBe(2)
    expect(r.stderr).toBe('mecha: --seed: expected a value, got the flag --json; give --seed <text>\n')
  })
})

describe('the files a start reads', () => {
  it('the YAML library is dist/yaml.cjs, required by the bundle only for a roster', () => {
    const bundle = readFileSync(join(ROOT, 'dist/mecha.cjs'), 'utf8')
    expect(bundle).toContain('require("./yaml.cjs")')
    const parserMessage = 'tab characters must not be used in indentation' // one of the YAML parser's
    expect(bundle).not.toContain(parserMessage)
    expect(readFileSync(join(ROOT, 'dist/yaml.cjs'), 'utf8')).toContain(parserMessage)
    const r = mecha(['roster', 'check', join(ROOT, 'examples/roster.yaml')])
    expect(r.stdout).toMatch(/^ok: \d+ units/)
  })

  it('the package ships every file the build makes for bin/mecha.js', () => {
    const files: string[] = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).files
    // The bundles, not the code cache (made for one Node: bin/mecha.js writes it at a first run).
    const built = readdirSync(join(ROOT, 'dist')).filter((f) => /\.cjs$/.test(f))
    const forBin = files.filter((f) => /^dist\/[^/]+\.cjs$/.test(f))
    expect(built.map((f) => `dist/${f}`).sort()).toEqual(forBin.sort())
    expect(files).toContain('bin/mecha.js')
    // bin/mecha.js is CommonJS in an ES-module package: its package.json says so.
    expect(files).toContain('bin/package.json')
    // The library (package.json exports): tsc's modules that dist/api/index.js imports.
    for (const layer of ['api', 'commands', 'core', 'runtime', 'game', 'render', 'models', 'rules'])
      expect(files).toContain(`dist/${layer}/`)
    // The page (docs/web.md), which `mecha web` finds beside the bundle.
    expect(files).toContain('dist/web/index.html')
  })
})

describe('the code cache beside the bundle', () => {
  // A copy of bin/ and dist/, so the cache can be taken away and spoilt.
  const dir = mkdtempSync(join(tmpdir(), 'mecha-start-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  for (const d of ['bin', 'dist']) cpSync(join(ROOT, d), join(dir, d), { recursive: true })
  const cache = join(dir, 'dist/mecha.cjs.cache')
  const run = () =>
    spawnSync(process.execPath, [join(dir, 'bin/mecha.js'), ...SHOT, '--json'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
    })
  const answer = mecha([...SHOT, '--json']).stdout
  const past = new Date('2020-01-01T00:00:00Z')

  it('a run that finds none writes one, which the next run uses as it is', () => {
    // A fresh build has none yet: the copy may hold one only if a run came before it.
    rmSync(cache, { force: true })
    expect(run().stdout).toBe(answer)
    expect(statSync(cache).size).toBeGreaterThan(100_000)
    utimesSync(cache, past, past)
    expect(run().stdout).toBe(answer)
    expect(statSync(cache).mtime).toEqual(past) // accepted: not written again
  })

  it('a cache V8 rejects (another Node, a spoilt file) is replaced after the run', () => {
    writeFileSync(cache, Buffer.alloc(4096, 7))
    expect(run().stdout).toBe(answer)
    expect(statSync(cache).size).toBeGreaterThan(100_000)
    utimesSync(cache, past, past)
    expect(run().stdout).toBe(answer)
    expect(statSync(cache).mtime).toEqual(past)
  })

  it('a cache that cannot be read or written changes nothing but the time', () => {
    rmSync(cache)
    mkdirSync(cache) // neither readable nor writable as a file, even for root
    const r = run()
    expect(r.status).toBe(0)
    expect(r.stderr).toBe('')
    expect(r.stdout).toBe(answer)
  })
})
