import { describe, expect, it } from 'vitest'
import { mecha as inProcess } from './in-process.js'
import { mecha } from './run-cli.js'

/**
 * The real binary on a few command lines (bin/mecha.js on the built bundle, in a child process):
 * what the in-process tests cannot see, the process's own exit code and streams, agrees with
 * them. Pipes, a full disk and prompts in a terminal are tested through /bin/sh and a
 * pseudo-terminal where they belong (help, shoot, batch and the prompt tests).
 */
const SHOT = ['shoot', '--acc', '9', '--evade', '4', '--shots', '5', '--dmg', '300', '--seed', 'bin']

describe('the binary answers as the front does in-process', () => {
  it.each([
    [[...SHOT, '--json'], 0],
    [SHOT, 0],
    [['roll', '3d6', '--odds', '--csv'], 0],
    [['--version'], 0],
    [['shoot', '--help'], 0],
    [[], 2],
    [['shoot', '--acc', 'x'], 2],
    [['shot'], 2],
    [['roster', 'check', 'no-such-roster.yaml'], 2],
  ] as Array<[string[], number]>)('mecha %j: exit %i', (args, code) => {
    const r = mecha(args)
    expect(r.code, r.stderr).toBe(code)
    expect(r).toEqual(inProcess(args))
  })

  it('batch reads stdin and streams its answers', () => {
    const input = '{"command":"roll","expression":"2d6","seed":"a"}\nnope\n'
    const r = mecha(['batch'], { input })
    expect(r.code).toBe(2)
    expect(r.stdout.trim().split('\n')).toHaveLength(2)
    expect(r).toEqual(inProcess(['batch'], { input }))
  })
})
