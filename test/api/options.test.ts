import { describe, expect, it } from 'vitest'
import { type OptionInfo, melee, roll, save, shoot } from '../../src/api/index.js'
import { mecha as cli } from '../cli/run-cli.js'

/**
 * Each command's `options` as a form reads them (docs/api.md): keys, flags, kinds and ranges as
 * the command line has them, and the values a text option commonly takes as `suggestions`.
 */
const option = (command: { options: readonly OptionInfo[] }, key: string) =>
  command.options.find((o) => o.key === key)

/** The trait names `mecha traits --in COMMAND` lists for one side (atk or def). */
function traitsOf(command: string, side: 'atk' | 'def'): string[] {
  const column = command === 'shoot' ? 1 : 2
  return cli(['traits', '--in', command, '--no-color'])
    .stdout.split('\n')
    .slice(1)
    .map((l) => l.split(/\s{2,}/))
    .filter(
      (cells) => /^[a-z][a-z-]*$/.test(cells[0]) && (cells[column] === side || cells[column] === 'both'),
    )
    .map((cells) => cells[0])
}

describe('options as data', () => {
  it('names each option by its request key and its flag, with its kind and range', () => {
    expect(option(save, 'armSv')).toMatchObject({
      flag: '--arm-sv',
      kind: 'int',
      min: 0,
      max: 20,
      default: 0,
    })
    expect(option(roll, 'expression')).toMatchObject({ flag: 'expression', positional: true })
    expect(option(shoot, 'defense')).toMatchObject({ kind: 'text', choice: true })
  })

  it('suggests the values a text option commonly takes: the traits of each side, the reactions', () => {
    expect([...(option(shoot, 'trait')?.suggestions ?? [])].sort()).toEqual(traitsOf('shoot', 'atk').sort())
    expect([...(option(melee, 'defTrait')?.suggestions ?? [])].sort()).toEqual(
      traitsOf('melee', 'def').sort(),
    )
    expect(option(shoot, 'defense')?.suggestions).toEqual(['dodge', 'guard', 'none', 'both', 'auto'])
    // An option of numbers or of listed values suggests nothing of its own.
    expect(option(shoot, 'acc')).not.toHaveProperty('suggestions')
    expect(option(shoot, 'bonus')).not.toHaveProperty('suggestions')
  })
})
