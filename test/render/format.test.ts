import { beforeAll, describe, expect, it } from 'vitest'
import { borderless } from '../../src/cli/table.js'
import {
  type Outcomes,
  columns,
  fitToWidth,
  histogram,
  pctFixed,
  useTableDrawer,
} from '../../src/render/format.js'
import { makeStyle } from '../../src/render/color.js'
import { visibleLength } from '../../src/render/style.js'
import { mecha } from '../cli/in-process.js'

const plain = makeStyle(false)
const lines = (s: string) => s.split('\n')
const widest = (s: string) => Math.max(...lines(s).map(visibleLength))

describe('columns without the command line (the library text in a page: no cli-table3)', () => {
  beforeAll(() => useTableDrawer(undefined))
  it('pads every cell by its visible width and never wraps', () => {
    const st = makeStyle(true)
    const rows = [
      [st.bold('name'), 'count'],
      ['a much longer name than the width', st.red('12')],
    ]
    expect(columns(rows, 20, ['left', 'right'])).toBe(
      `${st.bold('name')}                               count\na much longer name than the width     ${st.red('12')}`,
    )
  })
})

describe('columns (cli-table3, no borders)', () => {
  // The command line's drawer of wrapped and coloured tables (it sets it at every run).
  beforeAll(() => useTableDrawer(borderless))

  it('aligns columns two spaces apart, measures colour out and trims line ends', () => {
    const st = makeStyle(1)
    expect(
      columns([
        ['Expected damage', '1197.98'],
        ['No damage at all', st.bold('14.00%')],
      ]),
    ).toBe(`Expected damage   1197.98\nNo damage at all  ${st.bold('14.00%')}`)
    expect(
      columns([
        ['a', 'b', 'c'],
        ['dd', 'e'],
      ]),
    ).toBe('a   b  c\ndd  e')
    expect(
      columns(
        [
          ['x', '5'],
          ['yy', '12'],
        ],
        80,
        ['left', 'right'],
      ),
    ).toBe('x    5\nyy  12')
  })

  it('narrows and wraps its widest column to fit the width', () => {
    const long = 'a reason written out at some length, past forty columns'
    const rows = [
      ['  Unit 1', long],
      ['  Unit 2', 'short'],
    ]
    expect(widest(columns(rows))).toBe(8 + 2 + long.length) // fits in 80 as it is
    const narrow = columns(rows, 40)
    expect(widest(narrow)).toBeLessThanOrEqual(40)
    expect(lines(narrow)[0]).toBe('  Unit 1  a reason written out at some')
    expect(narrow.replace(/\s+/g, ' ')).toContain(long) // every word is still there, in order
    expect(lines(narrow).at(-1)).toBe('  Unit 2  short')
  })
})

describe('fitToWidth: an answer fitted to a terminal', () => {
  it('wraps a long line at its spaces, going on two columns in; lines that fit stay as they are', () => {
    const table = '   0   18.26%   100.00%  ████'
    const text = `${table}\nEvade dice: 4• 10× 9× 9× 10× 2!  (! critical, • hit, × 9-10 always misses, plain: evaded)`
    expect(fitToWidth(text, 40)).toBe(
      [
        table,
        'Evade dice: 4• 10× 9× 9× 10× 2!  (!',
        '  critical, • hit, × 9-10 always misses,',
        '  plain: evaded)',
      ].join('\n'),
    )
  })

  it('continues a numbered step under its text, an indented line under its indent', () => {
    expect(fitToWidth('12. Target number = Acc 9 - Evade 4 = 5.', 24)).toBe(
      '12. Target number = Acc\n    9 - Evade 4 = 5.',
    )
    expect(fitToWidth("  Attacker's attack (hit 5+): 6 7 6", 24)).toBe(
      "  Attacker's attack (hit\n    5+): 6 7 6",
    )
  })

  it('measures coloured text by what shows: escape codes take no columns', () => {
    const st = makeStyle(1)
    const line = st.dim('seed table1 (replay: --seed table1 --bonus precision)')
    expect(fitToWidth(line, 60)).toBe(line)
    const wrapped = fitToWidth(line, 30).split('\n')
    expect(wrapped.map(visibleLength)).toEqual([27, 27])
    expect(wrapped[1].startsWith('  table1')).toBe(true)
  })
})

describe('pctFixed', () => {
  it('always has two decimals', () => {
    expect([1, 0.5, 0.1234, 0.00005, 0.00001, 0].map(pctFixed)).toEqual([
      '100.00%',
      '50.00%',
      '12.34%',
      '0.01%',
      '<0.01%',
      '0.00%',
    ])
  })
})

describe('histogram', () => {
  const few: Outcomes = [
    [0, 0.5],
    [1, 0.3],
    [2, 0.2],
  ]

  it('draws one row per outcome: chance, chance of at least that much, a bar scaled to the likeliest', () => {
    expect(histogram(few, plain, 80, { title: 'Hits' })).toBe(
      [
        'Hits   chance  at least',
        '   0   50.00%   100.00%  ' + '█'.repeat(50),
        '   1   30.00%    50.00%  ' + '█'.repeat(30),
        '   2   20.00%    20.00%  ' + '█'.repeat(20),
      ].join('\n'),
    )
  })

  it('takes a Dist-like list in any order, drops zero chances, and a title too long for the label column goes above it', () => {
    const out = histogram(
      [
        [2, 0.2],
        [1, 0.3],
        [5, 0],
        [0, 0.5],
      ],
      plain,
      80,
      { title: 'Unblocked hits' },
    )
    expect(lines(out)[0]).toBe('Unblocked hits')
    expect(lines(out)[1]).toBe('    chance  at least')
    expect(lines(out)).toHaveLength(5)
    expect(out).not.toMatch(/^5/m)
  })

  it('groups outcomes under 0.5% into one "less likely" row whose chance is their sum; the JSON side is untouched', () => {
    // 10 likely outcomes and 57 tiny ones: the 67-row chart the issue describes
    const d: Array<[number, number]> = []
    for (let k = 0; k < 10; k++) d.push([k * 100, 0.0943])
    for (let k = 10; k < 67; k++) d.push([k * 100, 0.057 / 57])
    const out = histogram(d, plain, 80, { title: 'Damage' })
    expect(lines(out)).toHaveLength(1 + 10 + 1)
    expect(lines(out).at(-1)).toBe('less likely    5.70%  57 outcomes, each under 0.5%')
    expect(lines(out)[10]).toMatch(/^ {8}900 {4}9\.43% {4}15\.13% {2}█+$/) // at least counts the hidden tail
    expect(d).toHaveLength(67)
  })

  it('shows a single unlikely outcome as it is, rather than as a group of one', () => {
    const out = histogram(
      [
        [0, 0.6],
        [1, 0.397],
        [2, 0.003],
      ],
      plain,
      80,
    )
    expect(lines(out)).toHaveLength(3)
    expect(lines(out)[2]).toBe('2    0.30%     0.30%  ▏') // too short for a full cell
  })

  it('raises the threshold to 1% when 0.5% still leaves more than 40 rows', () => {
    const d: Array<[number, number]> = []
    for (let k = 0; k < 60; k++) d.push([k, k < 45 ? 0.008 : (0.01 * (0.64 / 15)) / 0.01])
    const out = histogram(d, plain, 80)
    expect(lines(out).at(-1)).toBe('less likely   36.00%  45 outcomes, each under 1%')
    expect(lines(out)).toHaveLength(16)
  })

  it('marks the HP cut-off before the first outcome that reaches it, with the chance of reaching it', () => {
    const out = histogram(
      [
        [0, 0.5],
        [300, 0.2],
        [600, 0.2],
        [900, 0.1],
      ],
      plain,
      80,
      { title: 'Damage', cutoff: { at: 500 } },
    )
    expect(lines(out).slice(2, 5)).toEqual([
      '   300   20.00%    50.00%  ' + '█'.repeat(20),
      '── destroyed at HP 500 or more: 30.00% ──',
      '   600   20.00%    30.00%  ' + '█'.repeat(20),
    ])
    const red = histogram(
      [
        [0, 0.5],
        [600, 0.5],
      ],
      makeStyle(1),
      80,
      { cutoff: { at: 500, label: 'shut down at Dam 500 or more' } },
    )
    expect(red).toContain('shut down at Dam 500 or more: 50.00%')
    expect(lines(red)[0]).toContain('\u001b[36m█') // below the cut-off: cyan
    expect(lines(red)[2]).toContain('\u001b[31m█') // at or above: red
  })

  it('marks the cut-off at the end when only hidden outcomes reach it, and not at all when none do', () => {
    // More outcomes than a chart shows (40 rows): the 41 under 0.5% are grouped.
    const tail: Array<[number, number]> = [
      [0, 0.5],
      [1, 0.49],
      ...Array.from({ length: 41 }, (_, i): [number, number] => [8 + i, 0.01 / 41]),
    ]
    const out = histogram(tail, plain, 80, { cutoff: { at: 8 } })
    expect(lines(out).slice(-2)).toEqual([
      '── destroyed at HP 8 or more: 1.00% ──',
      'less likely    1.00%  41 outcomes, each under 0.5%',
    ])
    expect(histogram(few, plain, 80, { cutoff: { at: 100 } })).not.toContain('destroyed')
  })

  it('keeps every line within the width, narrowing the bars (never below 10 cells)', () => {
    for (const w of [40, 60, 80, 120]) {
      const out = histogram(few, plain, w, { title: 'Hits', cutoff: { at: 1 } })
      expect(widest(out)).toBeLessThanOrEqual(w)
    }
    expect(lines(histogram(few, plain, 40))[1]).toBe('1   30.00%    50.00%  ' + '█'.repeat(11))
  })
})

describe('odds output through the binary', () => {
  it('the 10-shot damage chart is short, in columns, within 80 columns, and marks the HP', () => {
    const r = mecha([
      'shoot',
      '--acc',
      '9',
      '--evade',
      '4',
      '--shots',
      '10',
      '--dmg',
      '37',
      '--pen',
      '5',
      '--arm-sv',
      '2',
      '--hp',
      '200',
      '--odds',
      '--auto',
    ])
    expect(r.code).toBe(0)
    expect(widest(r.stdout)).toBeLessThanOrEqual(80)
    const chart = r.stdout.slice(r.stdout.indexOf('Damage '), r.stdout.indexOf('Unblocked hits'))
    expect(lines(chart.trim()).length).toBeLessThanOrEqual(30)
    expect(chart).toContain('── destroyed at HP 200 or more: 75.95% ──')
    expect(chart).toMatch(/^less likely {4}2\.73% {2}23 outcomes, each under 0\.5%$/m)
    // the percentages sit in fixed columns
    const rows = lines(chart).filter((l) => /^ +\d+ /.test(l))
    expect(new Set(rows.map((l) => l.indexOf('%'))).size).toBe(1)
    // JSON keeps every outcome
    const j = JSON.parse(
      mecha([
        'shoot',
        '--acc',
        '9',
        '--evade',
        '4',
        '--shots',
        '10',
        '--dmg',
        '37',
        '--pen',
        '5',
        '--arm-sv',
        '2',
        '--hp',
        '200',
        '--odds',
        '--auto',
        '--json',
      ]).stdout,
    )
    expect(Object.keys(j.odds.damage).length).toBe(rows.length + 23)
  })
})

describe('histogram of many thin outcomes (a sum of many dice)', () => {
  // 2d100: 199 totals, none as likely as 0.5% apart from the middle ones, most of the chance thin.
  const twoD100: Outcomes = Array.from({ length: 199 }, (_, i) => {
    const total = i + 2
    return [total, (100 - Math.abs(total - 101)) / 10000] as const
  })
  const rowsOf = (out: string) =>
    lines(out)
      .slice(1)
      .filter((l) => !l.includes('──'))
      .map((l) => {
        const m = /^\s*(\d+)(?: to (\d+))?\s+([\d.]+)%\s+([\d.]+)%/.exec(l)!
        return { from: +m[1], to: +(m[2] ?? m[1]), chance: +m[3] / 100, atLeast: +m[4] / 100 }
      })

  it('shows ranges of one round width that cover every outcome once, each with its chance', () => {
    const rows = rowsOf(histogram(twoD100, plain, 80, { title: 'Total' }))
    expect(rows.length).toBeGreaterThan(10)
    expect(rows.length).toBeLessThanOrEqual(25)
    expect(rows[0].from).toBe(2)
    expect(rows.at(-1)!.to).toBe(200)
    rows.slice(1).forEach((r, i) => expect(r.from).toBe(rows[i].to + 1))
    expect(rows.slice(1, -1).every((r) => r.to - r.from + 1 === 10)).toBe(true)
    for (const r of rows) {
      const exact = twoD100.filter(([k]) => k >= r.from && k <= r.to).reduce((a, [, p]) => a + p, 0)
      const above = twoD100.filter(([k]) => k >= r.from).reduce((a, [, p]) => a + p, 0)
      expect(r.chance).toBeCloseTo(exact, 4)
      expect(r.atLeast).toBeCloseTo(above, 4)
    }
  })

  it('starts a range at the HP that destroys, so the line falls between ranges', () => {
    const out = histogram(twoD100, plain, 80, { title: 'Damage', cutoff: { at: 137 } })
    const at = lines(out).findIndex((l) => l.includes('──'))
    expect(lines(out)[at + 1].trim().startsWith('137 to ')).toBe(true)
    expect(lines(out)[at - 1]).toMatch(/ to 136 /)
  })

  it('keeps one row per outcome when most of the chance is in outcomes shown', () => {
    expect(histogram(few3d6(), plain, 80)).not.toMatch(/ to /)
  })
})

function few3d6(): Outcomes {
  const counts = new Map<number, number>()
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++)
      for (let c = 1; c <= 6; c++) counts.set(a + b + c, (counts.get(a + b + c) ?? 0) + 1 / 216)
  return [...counts]
}
