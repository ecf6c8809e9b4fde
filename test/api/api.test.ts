import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { Readable, Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import * as mecha from '../../src/api/index.js'
import { MechaError } from '../../src/api/index.js'
import { runBatch } from '../../src/cli/batch.js'
import { groups, loadAllSpecs } from '../../src/commands/registry.js'
import { mecha as cli } from '../cli/run-cli.js'

/**
 * The library answers exactly as the CLI does: JSON.stringify of its answer is the `--json`
 * line (checked in-process against batch, which answers every request through the same path,
 * and against the built binary for a few), bad input throws MechaError with batch's message.
 */

const ROSTER_FILE = new URL('../../examples/roster.yaml', import.meta.url)
const ROSTER_TEXT = readFileSync(ROSTER_FILE, 'utf8')
const ROSTER = mecha.parseRoster(ROSTER_TEXT, 'roster.yaml')

/** Batch's answers to these lines, in-process: one string per line. */
async function batch(lines: object[], roster?: string): Promise<string[]> {
  let out = ''
  const stdout = new Writable({
    write(chunk, _enc, cb) {
      out += chunk
      cb()
    },
  })
  const stderr = new Writable({ write: (_c, _e, cb) => cb() })
  await runBatch(
    {
      odds: false,
      summary: false,
      summaryJson: false,
      color: false,
      progress: false,
      roster: roster ? [roster] : undefined,
    },
    {
      stdin: Readable.from([lines.map((l) => JSON.stringify(l)).join('\n') + '\n']),
      stdout,
      stderr,
      stdoutIsTTY: false,
      env: {},
    },
  )
  return out.trimEnd().split('\n')
}

/** The library's command by CLI name: 'titan-throw' is titanThrow, 'wargroup shoot' wargroup.shoot. */
function command(name: string): any {
  const camel = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())
  const [a, b] = name.split(' ')
  const lib = mecha as any
  return b === undefined ? lib[camel(a)] : lib[a][camel(b)]
}

/** One request per command (a batch line's keys), with the dice it is resolved with. */
const SAMPLES: Array<[string, Record<string, unknown>, { seed: string } | { rolls: number[] } | undefined]> =
  [
    ['shoot', { acc: 9, evade: 4, shots: 5, dmg: 300, pen: '5', armSv: 2, hp: 700 }, { seed: 'a' }],
    [
      'shoot',
      { acc: 9, evade: 4, shots: 5, dmg: 300, pen: 4, bonus: 'barrage', defense: 'dodge' },
      { seed: 'b' },
    ],
    ['shoot', { acc: 9, evade: 3, shots: 4, dmg: 200, targets: 2, trait: ['gunnery-expert'] }, { seed: 'c' }],
    ['shoot', { acc: 9, evade: 4, shots: 4, dmg: 200 }, { rolls: [1, 1, 4, 5, 7] }],
    ['melee', { atkMelee: 6, atkDmg: 300, atkPen: '5', defMelee: 5, defDmg: 300, defHp: 900 }, { seed: 'm' }],
    ['save', { pen: 5, armSv: 2, hits: 2 }, { rolls: [3, 5] }],
    ['cover', { dmg: 800, direct: true }, { rolls: [8, 9, 7] }],
    ['outmaneuver', { atkRole: 'battler', defRole: 'interceptor' }, { seed: 'o' }],
    ['initiative', { names: 'Federation,Zeon' }, { rolls: [4, 4, 7, 2] }],
    [
      'titan-throw',
      { atkSize: 2, defSize: 0, atkMelee: 6, atkDmg: 300, atkPen: '5P', defMelee: 4 },
      { seed: 't' },
    ],
    ['stun-recover', { penalty: 2, actions: 1 }, { rolls: [2, 5, 7] }],
    ['fall', {}, { seed: 'ridge' }],
    ['behavior', { situation: 'hurt' }, { seed: 'turn3' }],
    ['vp', { frame: 3, pilot: 2, performance: 8 }, undefined],
    ['secondary', { objective: 'rout', perRound: '3,6,2' }, undefined],
    ['momentum', { points: 2000, resourceful: true }, undefined],
    ['traits', { in: 'shoot' }, undefined],
    ['roll', { expression: '4d6kh3' }, { seed: 'r' }],
    ['wargroup shoot', { acu: 3, def: 2, str: 5, arm: 3 }, { seed: 'w' }],
    ['wargroup burn', { turns: 3 }, { seed: 'table1' }],
    ['wargroup smoke', {}, { seed: 's' }],
    ['wargroup building', { tiles: 2, str: 6 }, { rolls: [5, 2] }],
    ['formation strike', { str: 2, dmg: 4, dodge: 1 }, { rolls: [4, 5] }],
    ['formation ams', { ams: 4, missiles: 3 }, { rolls: [5] }],
    ['formation destroy-check', { stars: 2, mod: -1 }, { seed: 'd' }],
    ['mining shoot', { drone: true, suppress: true, markers: 1 }, { seed: 'table1' }],
    ['mining plan', { ap: 7, unit: ['move,shoot', 'shoot,shoot'], heavy: 2 }, undefined],
    ['mining repair', { damage: 3 }, { rolls: [4] }],
  ]

describe('the library', () => {
  it('has every command of the CLI, by its name, with odds where it rolls dice and compare where it has --compare', async () => {
    const specs = await loadAllSpecs()
    const names = groups.flatMap((g) => g.commands.map((c) => c.name))
    expect(specs.map((s) => s.name)).toEqual(names)
    for (const spec of specs) {
      const c = command(spec.name)
      expect(c?.name, spec.name).toBe(spec.name)
      expect(typeof c.resolve).toBe('function')
      expect(typeof c.odds, spec.name).toBe(spec.model.odds ? 'function' : 'undefined')
      expect(typeof c.compare, spec.name).toBe(spec.model.compare ? 'function' : 'undefined')
    }
    expect(mecha.titanThrow.name).toBe('titan-throw')
    expect(mecha.formation.destroyCheck.name).toBe('formation destroy-check')
  })

  it('has request types that follow the option tables (scripts/api-types.mjs writes them)', () => {
    // Exit 1 with a message when src/api/requests.ts differs from what the tables give.
    execFileSync(process.execPath, ['scripts/api-types.mjs', '--check'], { stdio: 'pipe' })
  })

  it('answers every sample exactly as batch does (the --json object), roll, odds and compare', async () => {
    const lines: object[] = []
    const lib: string[] = []
    for (const [name, req, dice] of SAMPLES) {
      const c = command(name)
      lines.push(Object.assign({ command: name }, req, dice ?? {}))
      lib.push(JSON.stringify(c.resolve(req, dice)))
      if (c.odds) {
        lines.push(Object.assign({ command: name, odds: true }, req))
        lib.push(JSON.stringify(c.odds(req)))
      }
    }
    const answers = await batch(lines)
    expect(answers).toHaveLength(lib.length)
    answers.forEach((a, i) => {
      const { line, ...rest } = JSON.parse(a)
      expect(line).toBe(i + 1)
      expect(rest.error, a).toBeUndefined()
      // The same text: the answer is the object --json prints, key order and all.
      expect(lib[i]).toBe(JSON.stringify(rest))
    })
  })

  it('answers as `mecha … --json` prints (the built binary), compare and units by name included', () => {
    const shot = ['--acc', '9', '--evade', '4', '--shots', '5', '--dmg', '300', '--pen', '4', '--arm-sv', '2']
    const cases: Array<[string[], unknown]> = [
      [
        ['shoot', ...shot, '--seed', 'x', '--json'],
        mecha.shoot.resolve({ acc: 9, evade: 4, shots: 5, dmg: 300, pen: 4, armSv: 2 }, { seed: 'x' }),
      ],
      [
        ['shoot', ...shot, '--odds', '--compare', '--json'],
        mecha.shoot.compare({ acc: 9, evade: 4, shots: 5, dmg: 300, pen: 4, armSv: 2 }),
      ],
      [
        [
          'melee',
          'blue-djinn:heat-sword',
          'white-asura:beam-saber',
          '--roster',
          'examples/roster.yaml',
          '--odds',
          '--json',
        ],
        mecha.melee.odds({
          attacker: 'blue-djinn:heat-sword',
          defender: 'white-asura:beam-saber',
          roster: ROSTER,
        }),
      ],
      [['roll', '3d6', '--odds', '--json'], mecha.roll.odds({ expression: '3d6' })],
    ]
    for (const [args, answer] of cases) {
      const r = cli(args, { cwd: new URL('../..', import.meta.url).pathname })
      expect(r.code, r.stderr).toBe(0)
      expect(JSON.stringify(answer) + '\n').toBe(r.stdout)
    }
  })

  it('takes a roster as data (parseRoster reads its YAML text), and names units as batch does', async () => {
    const req = { attacker: 'argonaut:machine-gun', defender: ['dervish', 'blue-djinn'] }
    const byText = mecha.shoot.resolve(Object.assign({ roster: ROSTER }, req), { seed: 'demo' })
    // The same data as JSON text answers the same; YAML text is refused, with the way to read it.
    const byJson = mecha.shoot.resolve(Object.assign({ roster: JSON.stringify(ROSTER) }, req), {
      seed: 'demo',
    })
    expect(JSON.stringify(byJson)).toBe(JSON.stringify(byText))
    expect(() => mecha.shoot.resolve(Object.assign({ roster: ROSTER_TEXT }, req), { seed: 'demo' })).toThrow(
      /parseRoster\(text\)/,
    )
    const [answer] = await batch(
      [Object.assign({ command: 'shoot', seed: 'demo' }, req)],
      ROSTER_FILE.pathname,
    )
    const { line: _, ...rest } = JSON.parse(answer)
    expect(JSON.stringify(byText)).toBe(JSON.stringify(rest))
    const data = {
      units: {
        gunner: { acc: 9, weapons: { gun: { shots: 7, dmg: 200 } } },
        target: { evade: 4, hp: 100 },
      },
    }
    const byData = mecha.shoot.resolve(
      { attacker: 'gunner:gun', defender: 'target', roster: data },
      { seed: 'demo' },
    )
    expect(byData.inputs).toMatchObject({ hp: { value: 100, from: 'roster', field: 'target.hp' } })
  })

  it('checks a roster given as data with the sentences of a file, naming the field without a line', () => {
    const bad = { units: { gunner: { acc: 31, weapons: { gun: { shots: 7, dmg: 200 } } }, target: {} } }
    expect(() => mecha.shoot.resolve({ attacker: 'gunner:gun', defender: 'target', roster: bad })).toThrow(
      expect.objectContaining({ code: 'bad-roster', message: 'roster: units.gunner.acc: 31 is not 0-30' }),
    )
    const text = 'units:\n  gunner:\n    acc: 31\n'
    expect(() => mecha.parseRoster(text)).toThrow(
      expect.objectContaining({ code: 'bad-roster', message: 'roster:3: units.gunner.acc: 31 is not 0-30' }),
    )
  })

  it('keeps units and weapons named constructor and prototype, given as data or as text (issue 38)', () => {
    const data = JSON.parse(
      '{"units": {"constructor": {"acc": 9, "weapons": {"prototype": {"shots": 5, "dmg": 300}}}, "prototype": {"evade": 4}}}',
    )
    const text =
      'units:\n  constructor:\n    acc: 9\n    weapons:\n      prototype: { shots: 5, dmg: 300 }\n  prototype: { evade: 4 }\n'
    const { inputs: _, ...byFlags } = mecha.shoot.resolve(
      { acc: 9, shots: 5, dmg: 300, evade: 4 },
      { seed: 'p' },
    )
    for (const roster of [data, mecha.parseRoster(text), JSON.stringify(data)]) {
      const { inputs, ...byName } = mecha.shoot.resolve(
        { attacker: 'constructor:prototype', defender: 'prototype', roster },
        { seed: 'p' },
      )
      expect(inputs).toMatchObject({
        shots: { value: 5, from: 'roster', field: 'constructor.weapons.prototype.shots' },
      })
      expect(byName).toEqual(byFlags)
    }
  })

  it("shoot by names knows the defender's HP: HP left and destroyed, as melee reports them", () => {
    const data = {
      units: {
        gunner: { acc: 9, weapons: { gun: { shots: 7, dmg: 200 } } },
        target: { evade: 4, hp: 100 },
      },
    }
    const a = mecha.shoot.resolve(
      { attacker: 'gunner:gun', defender: 'target', roster: data },
      { rolls: [1, 1, 1, 1, 1, 1, 1] },
    )
    expect(a.damage).toBeGreaterThan(100)
    expect(a.remainingHp).toBe(100 - a.damage)
    expect(a.destroyed).toBe(true)
    // The CLI, as in the issue: the Dervish (HP 2800) takes 800 and has 2000 left.
    const r = cli(
      [
        'shoot',
        'argonaut:machine-gun',
        'dervish',
        '--roster',
        'examples/roster.yaml',
        '--seed',
        'demo',
        '--json',
      ],
      {
        cwd: new URL('../..', import.meta.url).pathname,
      },
    )
    const json = JSON.parse(r.stdout)
    expect(json.damage).toBe(800)
    expect(json.remainingHp).toBe(2000)
    expect(json.destroyed).toBe(false)
    expect(json.inputs.hp).toEqual({ value: 2800, from: 'roster', field: 'dervish.hp' })
  })

  it('rolls with a random function, and reports its faces as the physical dice that replay the roll', () => {
    let x = 0.1
    const random = () => (x = (x * 7.31 + 0.17) % 1)
    const req = { acc: 9, evade: 4, shots: 5, dmg: 300, pen: 4, armSv: 2 }
    const a = mecha.shoot.resolve(req, random)
    expect(a.seed).toBeNull()
    const rolls = a.rolls as number[]
    expect(rolls.length).toBeGreaterThan(4)
    expect(mecha.shoot.resolve(req, { rolls })).toEqual(a)
    expect(() => mecha.roll.resolve({ expression: 'd6' }, () => 1)).toThrow(/must give numbers from 0 up to/)
  })

  it('throws MechaError with the code and one-line message batch answers with', async () => {
    const bad: Array<[string, Record<string, unknown>]> = [
      ['shoot', { acc: 99, shots: 5, dmg: 300 }],
      ['shoot', { acc: 9 }],
      ['wargroup shoot', {}],
      ['shoot', { acc: 9, evade: 4, shots: 5, dmg: 300, bonus: 'sometimes' }],
      ['roll', { expression: '3x6' }],
      ['shoot', { acx: 9 }],
    ]
    const answers = await batch(bad.map(([name, req]) => Object.assign({ command: name }, req)))
    bad.forEach(([name, req], i) => {
      const want = JSON.parse(answers[i])
      let thrown: unknown
      try {
        command(name).resolve(req, { seed: 'x' })
      } catch (e) {
        thrown = e
      }
      expect(thrown, name).toBeInstanceOf(MechaError)
      const e = thrown as MechaError
      expect(e.code).toBe(want.code)
      // Batch's "did you mean" hint is its own (it names its line keys); the message is otherwise the same.
      expect(want.error.startsWith(e.message.replace(/ \(see mecha .*\)$/, ''))).toBe(true)
      expect(e.message).not.toContain('\n')
    })
    expect(() => mecha.shoot.resolve({ acc: 9, shots: 5, dmg: 300, seed: 'x' } as object)).toThrow(
      /give the dice as resolve's second argument/,
    )
    expect(() => mecha.shoot.resolve({ attacker: 'argonaut', defender: 'dervish' })).toThrow(
      expect.objectContaining({ code: 'no-roster' }),
    )
    expect(() => mecha.shoot.resolve({ acc: 9, shots: 5, dmg: 300 }, { seed: ' ' })).toThrow(
      expect.objectContaining({ code: 'bad-seed' }),
    )
    expect(() => mecha.save.resolve({ pen: 5, armSv: 2, hits: 2 }, { rolls: [3] })).toThrow(
      expect.objectContaining({ code: 'need-dice' }),
    )
  })

  it('answers with plain JSON data: what it returns is what JSON.parse of the --json line gives', () => {
    for (const [name, req, dice] of SAMPLES) {
      const a = command(name).resolve(req, dice)
      expect(JSON.parse(JSON.stringify(a)), name).toStrictEqual(a)
    }
  })
})
