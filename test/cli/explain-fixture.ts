import { expect } from 'vitest'
import { mecha } from './in-process.js'

/** `mecha … --explain`, answered (exit 0, nothing on stderr): the walk-through's lines after its heading, the dice line dropped. */
export function walk(args: string[]): string[] {
  const r = mecha([...args, '--explain'])
  expect(r.stderr).toBe('')
  expect(r.code).toBe(0)
  const lines = r.stdout.trimEnd().split('\n')
  return lines.slice(lines.indexOf('How it was worked out') + 1).filter((l) => !l.startsWith('dice:'))
}
