import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { mecha } from './in-process.js'

/**
 * Start-up: a command's flags read the same however they are given (a command named is the only
 * one declared to commander), and the YAML library is a file of its own.
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
    const built = readdirSync(join(ROOT, 'dist')).filter((f) => /\.cjs$/.test(f))
    const forBin = files.filter((f) => /^dist\/[^/]+\.cjs$/.test(f))
    expect(built.map((f) => `dist/${f}`).sort()).toEqual(forBin.sort())
    expect(files).toContain('bin/mecha.js')
    // bin/mecha.js is CommonJS in an ES-module package: its package.json says so.
    expect(files).toContain('bin/package.json')
    // The library (package.json exports): tsc's modules that dist/api/index.js imports.
    for (const layer of ['api', 'commands', 'core', 'engine', 'game', 'render', 'report', 'rules'])
      expect(files).toContain(`dist/${layer}/`)
    // The page (docs/web.md), which `mecha web` finds beside the bundle.
    expect(files).toContain('dist/web/index.html')
  })
})
