import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect } from 'vitest'
import { mecha } from './in-process.js'

/**
 * Games of one roster (its YAML text), each new one in its own folder of a temporary one removed
 * after the file's tests: a simple battle of 1000 points, and the commands run in it.
 */
export function gamesOf(roster: string) {
  const work = mkdtempSync(join(tmpdir(), 'mecha-games-'))
  afterAll(() => rmSync(work, { recursive: true, force: true }))
  let dirs = 0
  const run = (dir: string, args: string[]) => mecha(args, { cwd: dir })
  return {
    newGame(): string {
      const dir = join(work, `g${++dirs}`)
      mkdirSync(dir)
      writeFileSync(join(dir, 'r.yaml'), roster)
      const args = ['game', 'new', 'mecha-game.jsonl', '--roster', 'r.yaml', '--mode', 'simple-battle']
      expect(run(dir, [...args, '--points', '1000']).code).toBe(0)
      return dir
    },
    run,
    /** The command's `--json` answer, its exit code 0. */
    json(dir: string, args: string[]): any {
      const r = run(dir, [...args, '--json'])
      expect(r.code, r.stderr).toBe(0)
      return JSON.parse(r.stdout)
    },
  }
}
