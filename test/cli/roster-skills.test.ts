import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { mecha } from './in-process.js'

// A profile lists the Skills a unit has; the unit uses one a turn, named on the command line.
const dir = mkdtempSync(join(tmpdir(), 'mecha-skills-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const roster = join(dir, 'roster.yaml')
writeFileSync(
  roster,
  `units:
  ace:
    acc: 9
    evade: 3
    hp: 3000
    traits: [take-the-shot, giant-slayer]
    weapons:
      rifle: { shots: 4, dmg: 300, pen: 3 }
  grunt:
    acc: 7
    evade: 2
    hp: 2000
    weapons:
      gun: { shots: 3, dmg: 200 }
`,
)
const shoot = (...extra: string[]) =>
  mecha(['shoot', 'ace:rifle', 'grunt', '--roster', roster, '--seed', 'a', '--json', ...extra])

describe("a profile's Skills", () => {
  it('more than a turn allows and none named: one line asking which, exit 2', () => {
    const r = shoot()
    expect(r.code).toBe(2)
    expect(r.stderr).toBe(
      "mecha: ace's profile lists 2 Skills (take-the-shot, giant-slayer) and a unit uses one a turn: name the one it uses, e.g. --trait take-the-shot\n",
    )
  })

  it('the Skill named is the one used; the profile other Skills stand aside', () => {
    const r = shoot('--trait', 'giant-slayer')
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toContain('giant-slayer')
    expect(r.stdout).not.toContain('take-the-shot')
  })

  it('an Indirect Fire shot leaves the profile Skills out instead of refusing them', () => {
    const r = shoot('--indirect')
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).not.toContain('giant-slayer')
    expect(r.stdout).not.toContain('take-the-shot')
  })

  it('a Skill typed on an Indirect Fire shot is still refused', () => {
    const r = shoot('--indirect', '--trait', 'giant-slayer')
    expect(r.code).toBe(2)
    expect(r.stderr.split('\n')).toHaveLength(2)
  })
})
