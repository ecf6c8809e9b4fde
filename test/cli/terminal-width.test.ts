/**
 * Output for people fits the terminal: answers wrap to its width (80 columns when it does not
 * say, as a fresh pseudo-terminal does not), prompts fit 80 columns with each option on one line;
 * piped, the answer is exactly as it was, long lines and all.
 */
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { choiceLines, questionText } from '../../src/cli/prompt.js'
import { mecha, mechaTty } from './run-cli.js'

const hasPython = spawnSync('python3', ['-c', 'import pty'], { encoding: 'utf8' }).status === 0

/** The lines a terminal shows (carriage returns dropped). */
const linesOf = (output: string) => output.replace(/\r/g, '').split('\n')
/** The words of a text, whatever the line breaks. */
const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean)

const SHOT = [
  'shoot',
  '--acc',
  '9',
  '--evade',
  '4',
  '--shots',
  '5',
  '--dmg',
  '300',
  '--pen',
  '5',
  '--arm-sv',
  '2',
]

describe('answers wrap to the terminal, and only there', () => {
  const args = [...SHOT, '--seed', 'table1', '--explain', '--auto']

  it('piped: lines as long as they are (no wrapping), e.g. step 3 of the walk-through in one line', () => {
    const piped = mecha(args).stdout
    const step3 = piped.split('\n').find((l) => l.startsWith('3. Each evade die'))!
    expect(step3.length).toBeGreaterThan(80)
    expect(step3).toMatch(/always a miss on 9-10 \(20\.00%\)\.$/)
  })

  it.runIf(hasPython)('in a terminal of unknown width: every line within 80 columns, the same words', () => {
    const piped = mecha(args).stdout
    const r = mechaTty(args, [], 0)
    expect(r.code).toBe(0)
    const lines = linesOf(r.output)
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(80)
    expect(wordsOf(r.output)).toEqual(wordsOf(piped))
    // A numbered step goes on under its text, past "3. ".
    const at = lines.findIndex((l) => l.startsWith('3. Each evade die'))
    expect(lines[at + 1]).toMatch(/^ {3}\S/)
  })
})

describe('prompts fit 80 columns', () => {
  const opts = (hints: string[]) =>
    hints.map((hint, i) => ({ value: i, label: i ? `${i}/0` : '0/0 (best)', hint, detail: `detail ${i}` }))

  it('hints beside their options when every line fits, the detail under the list', () => {
    const lines = choiceLines(opts(['net +895.4 DMG, destroys 47.64%', 'net -42.9 DMG']), 80)
    expect(lines).toEqual([
      { name: '0/0 (best)  net +895.4 DMG, destroys 47.64%', description: 'detail 0' },
      { name: '1/0         net -42.9 DMG', description: 'detail 1' },
    ])
  })

  it('when one line would not fit, every hint goes under the list (wrapped), labels alone in it', () => {
    const long = 'x'.repeat(40) + ' ' + 'y'.repeat(40)
    const lines = choiceLines(opts(['short', long]), 80)
    expect(lines.map((l) => l.name)).toEqual(['0/0 (best)', '1/0'])
    expect(lines[0].description).toBe('short; detail 0')
    expect(lines[1].description).toBe(`${'x'.repeat(40)}\n${'y'.repeat(40)}; detail 1`)
  })

  it('a question leaves room after its last word for the answer the answered line adds', () => {
    const q = 'Skill Defense: 2 hits get through your blocks. Spend Momentum?'
    // "✔ " + the question + " Spend 0 Momentum" was 81 columns: "Momentu" / "m"
    expect(questionText(q, 80, 'Spend 0 Momentum'.length)).toBe(
      'Skill Defense: 2 hits get through your blocks. Spend\n  Momentum?',
    )
    for (let columns = 30; columns <= 100; columns++) {
      const lines = `✔ ${questionText(q, columns, 16)} ${'a'.repeat(16)}`.split('\n')
      for (const l of lines) expect(l.length, `${columns}: ${l}`).toBeLessThanOrEqual(columns)
      expect(wordsOf(lines.join(' ')).slice(0, -1).join(' ')).toBe(`✔ ${q}`)
    }
    // room enough: as wrapText has it
    expect(questionText('Attacker bonus?', 80, 10)).toBe('Attacker bonus?')
  })

  it.runIf(hasPython)(
    'the Skill Defense question of a shot with HP, answered in a real terminal: every line within 80, no word cut',
    () => {
      const r = mechaTty(
        [
          'shoot',
          '--acc',
          '9',
          '--evade',
          '4',
          '--shots',
          '5',
          '--dmg',
          '300',
          '--hp',
          '1000',
          '--seed',
          'a',
        ],
        [
          ["Attacker's bonus", '\r'],
          ["Defender's reaction", '\r'],
          ['Spend', '\r'],
        ],
        0,
      )
      expect(r.missing).toBeUndefined()
      expect(r.code).toBe(0)
      const lines = linesOf(r.output)
      expect(lines).toContain('  Momentum? Spend 0 Momentum')
      for (const l of lines.filter((x) => /^(✔ | {2})/.test(x))) expect(l.length, l).toBeLessThanOrEqual(80)
    },
    60_000,
  )

  it.runIf(hasPython)(
    "melee's split and reaction menus in a real terminal: each option one line, every line within 80",
    () => {
      const r = mechaTty(
        [
          'melee',
          '--atk-melee',
          '8',
          '--def-melee',
          '6',
          '--atk-dmg',
          '400',
          '--def-dmg',
          '300',
          '--atk-hp',
          '1400',
          '--def-hp',
          '1400',
          '--def-trait',
          'solo-operative',
          '--atk-momentum',
          '0',
          '--def-momentum',
          '0',
          '--seed',
          'x',
        ],
        [
          ["Attacker's split of Melee 8", '\r'],
          ["Defender's reaction", '\r'],
          ["Defender's split of Melee 6", '\r'],
        ],
        0,
      )
      expect(r.missing).toBeUndefined()
      expect(r.code).toBe(0)
      // The question ("? ") and each option ("❯ " or "  "); a redraw's cursor moves are stripped
      // from the output, so other lines can hold a redrawn screen run together.
      const lines = linesOf(r.output)
      const drawn = lines.filter((l) => /^(\? |❯ | {2})/.test(l))
      expect(drawn.length).toBeGreaterThan(12)
      for (const l of drawn) expect(l.length, l).toBeLessThanOrEqual(80)
      // Each option whole on its line: its split (or reaction), net damage and both chances.
      expect(lines).toContainEqual(
        expect.stringMatching(/^❯ 8\/0 \(best\) +net \+[\d.]+ DMG, destroys [\d.]+%, destroyed [\d.]+%$/),
      )
      expect(lines).toContainEqual(
        expect.stringMatching(/^ {2}Guard +net [+-][\d.]+ DMG, destroys [\d.]+%, destroyed [\d.]+%$/),
      )
      // No fragment of an option on a line of its own (the defect: "); destroys 3.83%; destroyed 21.79%").
      expect(lines.filter((l) => /^\S*\); destroys/.test(l))).toEqual([])
      // Under the list, how the net value is made, for the option the cursor is on.
      expect(r.output).toMatch(/net: deals [\d.]+ - takes [\d.]+ DMG expected, each capped at HP/)
    },
    60_000,
  )
})
