import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadRoster, locateRoster, readRosterFiles } from '../../src/cli/roster-file.js'

let root: string
let home: string
let project: string
let deep: string

const unitFile = (name: string) => `units:\n  ${name}:\n    acc: 9\n`
const write = (path: string, text: string) => {
  mkdirSync(join(path, '..'), { recursive: true })
  writeFileSync(path, text)
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'mecha-roster-'))
  home = join(root, 'home')
  project = join(root, 'project')
  deep = join(project, 'a', 'b')
  mkdirSync(deep, { recursive: true })
  mkdirSync(home, { recursive: true })
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

const search = (over: { flags?: string[]; env?: NodeJS.ProcessEnv; cwd?: string } = {}) => ({
  env: {},
  home,
  cwd: deep,
  ...over,
})
const names = (r: ReturnType<typeof loadRoster>) => r?.units.map((u) => u.key)

describe('locating the roster', () => {
  it('finds nothing when there is nothing', () => {
    expect(locateRoster(search())).toBeNull()
    expect(loadRoster(search())).toBeNull()
  })

  it('takes ~/.config/mecha/roster.yaml last, and XDG_CONFIG_HOME instead when set', () => {
    write(join(home, '.config', 'mecha', 'roster.yaml'), unitFile('homeunit'))
    expect(locateRoster(search())).toEqual({
      from: 'config',
      files: [
        {
          path: join(home, '.config', 'mecha', 'roster.yaml'),
          shown: join(home, '.config', 'mecha', 'roster.yaml'),
        },
      ],
    })
    const xdg = join(root, 'xdg')
    // A set XDG_CONFIG_HOME is the only place looked at; a relative one is ignored (the spec's rule).
    expect(locateRoster(search({ env: { XDG_CONFIG_HOME: xdg } }))).toBeNull()
    expect(locateRoster(search({ env: { XDG_CONFIG_HOME: 'relative/dir' } }))?.from).toBe('config')
    write(join(xdg, 'mecha', 'roster.yaml'), unitFile('xdgunit'))
    expect(names(loadRoster(search({ env: { XDG_CONFIG_HOME: xdg } })))).toEqual(['xdgunit'])
  })

  it('prefers mecha-roster.yaml in the current directory or the nearest parent', () => {
    write(join(home, '.config', 'mecha', 'roster.yaml'), unitFile('homeunit'))
    write(join(project, 'mecha-roster.yaml'), unitFile('projectunit'))
    expect(locateRoster(search())).toEqual({
      from: 'directory',
      files: [{ path: join(project, 'mecha-roster.yaml'), shown: join(project, 'mecha-roster.yaml') }],
    })
    expect(locateRoster(search({ cwd: project }))?.files[0].shown).toBe('mecha-roster.yaml')
    write(join(project, 'a', 'mecha-roster.yaml'), unitFile('nearer'))
    expect(names(loadRoster(search()))).toEqual(['nearer'])
  })

  it('prefers MECHA_ROSTER, one file or several joined with the path delimiter', () => {
    write(join(project, 'mecha-roster.yaml'), unitFile('projectunit'))
    write(join(root, 'red.yaml'), unitFile('red'))
    write(join(root, 'blue.yaml'), unitFile('blue'))
    expect(names(loadRoster(search({ env: { MECHA_ROSTER: join(root, 'red.yaml') } })))).toEqual(['red'])
    const both = loadRoster(
      search({ env: { MECHA_ROSTER: [join(root, 'red.yaml'), join(root, 'blue.yaml')].join(delimiter) } }),
    )
    expect(names(both)).toEqual(['red', 'blue'])
    // An empty MECHA_ROSTER is unset.
    expect(names(loadRoster(search({ env: { MECHA_ROSTER: '' } })))).toEqual(['projectunit'])
  })

  it('prefers --roster over everything; several merge, relative to the current directory', () => {
    write(join(project, 'mecha-roster.yaml'), unitFile('projectunit'))
    write(join(root, 'red.yaml'), unitFile('red'))
    write(join(deep, 'blue.yaml'), unitFile('blue'))
    const r = loadRoster(
      search({ flags: [join(root, 'red.yaml'), 'blue.yaml'], env: { MECHA_ROSTER: join(root, 'red.yaml') } }),
    )
    expect(names(r)).toEqual(['red', 'blue'])
    expect(r?.files).toEqual([join(root, 'red.yaml'), 'blue.yaml'])
  })
})

describe('reading the roster', () => {
  it('names a missing file and where it was named', () => {
    expect(() => loadRoster(search({ flags: ['nope.yaml'] }))).toThrow(
      '--roster: cannot read nope.yaml: no such file',
    )
    expect(() => loadRoster(search({ env: { MECHA_ROSTER: 'gone.yaml' } }))).toThrow(
      'MECHA_ROSTER: cannot read gone.yaml: no such file',
    )
    expect(() => loadRoster(search({ flags: ['.'] }))).toThrow('--roster: cannot read .: it is a directory')
  })

  it('names the file as given in its errors, and both files of a name taken twice', () => {
    write(join(deep, 'bad.yaml'), 'units:\n  a:\n    acc: 40\n')
    expect(() => loadRoster(search({ flags: ['bad.yaml'] }))).toThrow(
      /^bad\.yaml:3: units\.a\.acc: 40 is not 0-30$/,
    )
    write(join(deep, 'one.yaml'), unitFile('argonaut'))
    write(join(deep, 'two.yaml'), '# the blue side\n' + unitFile('Argonaut'))
    expect(() => loadRoster(search({ flags: ['one.yaml', 'two.yaml'] }))).toThrow(
      'two.yaml:3: units.Argonaut: Argonaut is also in one.yaml:2; rename one',
    )
  })

  it('reads the example roster', () => {
    const r = readRosterFiles({
      from: 'flag',
      files: [
        {
          path: new URL('../../examples/roster.yaml', import.meta.url).pathname,
          shown: 'examples/roster.yaml',
        },
      ],
    })
    expect(r.units.length).toBeGreaterThanOrEqual(15)
  })
})
