import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { mecha } from './in-process.js'
import { mechaTty } from './run-cli.js'
import { stripVTControlCharacters } from 'node:util'

/**
 * Every command that asks something in a terminal prints, under its result, how to replay it:
 * `seed S (replay: --seed S <flags>)`. Run with those flags and no terminal, the command must
 * print the same result: the answers given at the prompts are in the flags.
 */
const hasPython = spawnSync('python3', ['-c', 'import pty'], { encoding: 'utf8' }).status === 0
const DOWN = '\x1b[B'

const clean = (text: string) =>
  stripVTControlCharacters(text)
    .replace(/\r/g, '')
    // How a choice was made is the one thing a replay says differently.
    .replace(/ \((prompt|flag|auto)\)/g, '')

const cases: Array<[string, string[], Array<[string, string]>]> = [
  [
    'melee: Momentum answered at both prompts',
    [
      'melee',
      '--atk-split',
      '3/2',
      '--atk-dmg',
      '300',
      '--def-split',
      '3/1',
      '--def-dmg',
      '300',
      '--def-choice',
      'counter',
      '--seed',
      'replay7',
    ],
    [
      ["Defender's Skill Defense", `${DOWN}\r`],
      ["Attacker's Skill Defense", `${DOWN}\r`],
    ],
  ],
  [
    'melee: splits and reaction answered',
    [
      'melee',
      '--atk-melee',
      '5',
      '--atk-dmg',
      '300',
      '--def-melee',
      '4',
      '--def-dmg',
      '300',
      '--def-hp',
      '2000',
      '--atk-momentum',
      '0',
      '--def-momentum',
      '0',
      '--seed',
      'replay2',
    ],
    [
      ["Attacker's split of Melee 5", `${DOWN}\r`],
      ["Defender's reaction", `${DOWN}\r`],
      ["Defender's split of Melee 4", `${DOWN}\r`],
    ],
  ],
  [
    'shoot: bonus, reaction and Momentum answered',
    [
      'shoot',
      '--acc',
      '9',
      '--evade',
      '2',
      '--shots',
      '6',
      '--dmg',
      '200',
      '--pen',
      '4',
      '--arm-sv',
      '1',
      '--seed',
      'replay3',
    ],
    [
      ["Attacker's bonus", `${DOWN}\r`],
      ["Defender's reaction", `${DOWN}\r`],
      ['Spend Momentum?', `${DOWN}\r`],
    ],
  ],
  [
    'save: "It\'s not over yet!" answered',
    ['save', '--pen', '7', '--hits', '3', '--pilot', '1', '--rolls', '1,2,3'],
    [["It's not over yet!", `${DOWN}\r`]],
  ],
  [
    'outmaneuver: Momentum answered on both sides',
    [
      'outmaneuver',
      '--atk-dice',
      '4',
      '--def-dice',
      '4',
      '--atk-pilot',
      '1',
      '--def-pilot',
      '1',
      '--rolls',
      '5,1,2,3,9,1,2,3',
    ],
    [
      ['Attacker: ', `${DOWN}\r`],
      ['Defender: ', `${DOWN}${DOWN}\r`],
    ],
  ],
  [
    'formation strike: the defender answers',
    [
      'formation',
      'strike',
      '--str',
      '2',
      '--dmg',
      '4',
      '--def-quality',
      'veteran',
      '--melee',
      '--rolls',
      '5,3',
    ],
    [["Defender's answer?", `${DOWN}\r`]],
  ],
  [
    'formation initiative: the winner moves first',
    ['formation', 'initiative', '--rolls', '5,2'],
    [['Move a formation first or last?', `${DOWN}\r`]],
  ],
]

describe.runIf(hasPython)('the printed replay reproduces the printed result', () => {
  it.each(cases)('%s', (_name, args, steps) => {
    const tty = mechaTty(args, steps)
    expect(tty.missing).toBeUndefined()
    expect(tty.code).toBe(0)
    const shown = clean(tty.output)
    const line = /(?:seed \S+ \(replay: ([^)]*)\)|dice: \S+(?: \(same choices: ([^)]*)\))?)\n?$/.exec(
      shown.trimEnd(),
    )
    expect(line, shown).not.toBeNull()
    const flags = (line![1] ?? line![2] ?? '').split(' ').filter(Boolean)
    // The answers went into the flags: every prompt above is now answered by one.
    expect(flags.filter((f) => f.startsWith('--') && f !== '--seed').length, line![0]).toBe(steps.length)
    const replay = mecha([...args, ...flags], { env: { COLUMNS: '100' } })
    expect(replay.code, replay.stderr).toBe(0)
    const result = clean(replay.stdout).trimEnd().split('\n').slice(0, -1).join('\n')
    expect(shown).toContain(result)
  })
})
