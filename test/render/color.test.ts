import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { makeStyle } from '../../src/render/color.js'
import { BIN, mecha } from '../cli/run-cli.js'

// Runs the real binary in a pseudo-terminal (python's pty) and returns everything it wrote,
// escape codes included: colour is decided by what a terminal user would have.
const PTY = `
import os, pty, sys
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
out = b""
while True:
    try:
        chunk = os.read(fd, 65536)
    except OSError:
        break
    if not chunk:
        break
    out += chunk
os.waitpid(pid, 0)
sys.stdout.write(out.decode("utf8", "replace"))
`

function inTerminal(args: string[], env: Record<string, string> = {}): string {
  const r = spawnSync('python3', ['-c', PTY, process.execPath, BIN, ...args], {
    encoding: 'utf8',
    timeout: 15_000,
    env: { PATH: process.env.PATH ?? '', TERM: 'xterm-256color', ...env },
  })
  return r.stdout
}

const ESC = '\u001b[' // an ANSI escape (colour)
const shot = [
  'shoot',
  '--acc',
  '9',
  '--evade',
  '4',
  '--shots',
  '3',
  '--dmg',
  '100',
  '--bonus',
  'none',
  '--defense',
  'none',
  '--rolls',
  '1,4,9',
  '--auto',
]

describe('colour through the real binary', () => {
  it('a terminal gets colour; FORCE_COLOR=0, NO_COLOR and --no-color give plain text there', () => {
    const coloured = inTerminal(shot)
    expect(coloured).toContain(ESC)
    expect(coloured).toContain('\u001b[1mShooting:') // bold headline
    for (const [args, env] of [
      [shot, { FORCE_COLOR: '0' }],
      [shot, { FORCE_COLOR: 'false' }],
      [shot, { NO_COLOR: '1' }],
      [[...shot, '--no-color'], {}],
      [shot, { TERM: 'dumb' }],
    ] as Array<[string[], Record<string, string>]>) {
      const plain = inTerminal(args, env)
      expect(plain, JSON.stringify(env) + args.at(-1)).toContain('Shooting:')
      expect(plain, JSON.stringify(env) + args.at(-1)).not.toContain(ESC)
    }
  })

  it('a pipe is plain unless FORCE_COLOR asks for colour; NO_COLOR beats FORCE_COLOR', () => {
    expect(mecha(shot).stdout).not.toContain(ESC)
    expect(mecha(shot, { env: { FORCE_COLOR: '1' } }).stdout).toContain('\u001b[1mShooting:')
    expect(mecha(shot, { env: { FORCE_COLOR: '0' } }).stdout).not.toContain(ESC)
    expect(mecha(shot, { env: { FORCE_COLOR: '1', NO_COLOR: '1' } }).stdout).not.toContain(ESC)
    expect(mecha([...shot, '--no-color'], { env: { FORCE_COLOR: '1' } }).stdout).not.toContain(ESC)
  })

  it('the batch summary on stderr follows the same rules', () => {
    const line = '{"command":"roll","dice":"2d6"}\n'
    const batch = (env: Record<string, string>, extra: string[] = []) =>
      mecha(['batch', '--seed', 's', '--summary', ...extra], { input: line, env }).stderr
    expect(batch({})).toContain('Batch summary')
    expect(batch({})).not.toContain(ESC)
    expect(batch({ FORCE_COLOR: '1' })).toContain('\u001b[1mBatch summary')
    expect(batch({ FORCE_COLOR: '1' }, ['--no-color'])).not.toContain(ESC)
    expect(batch({ FORCE_COLOR: '1', NO_COLOR: '1' })).not.toContain(ESC)
  })
})

describe('makeStyle', () => {
  it('paints through chalk at the level given, and not at all at level 0', () => {
    expect(makeStyle(1).red('x')).toBe('\u001b[31mx\u001b[39m')
    expect(makeStyle(true).bold('x')).toBe('\u001b[1mx\u001b[22m')
    expect(makeStyle(0).red('x')).toBe('x')
    expect(makeStyle(false).enabled).toBe(false)
    // chalk re-opens an outer style that an inner one closed
    const s = makeStyle(1)
    expect(s.bold(`a ${s.dim('b')} c`)).toBe('\u001b[1ma \u001b[2mb\u001b[22m\u001b[1m c\u001b[22m')
  })
})
