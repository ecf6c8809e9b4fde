import Table from 'cli-table3'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { borderless } from '../../src/cli/table.js'
import { columns, useTableDrawer } from '../../src/render/format.js'

// The command line's drawer of wrapped tables (the CLI sets it at every run).
useTableDrawer(borderless)

/**
 * columns() draws a table that fits by padding its cells itself, and a table that wraps in
 * blocks of rows (cli-table3's layout time grows faster than its rows: a roster list of 5,000
 * units took 26 s). Either way the text must be what one cli-table3 table of every row drew:
 * this is that table, as columns() drew it before.
 */
function oneTable(rows: string[][], width: number, align: Table.HorizontalAlignment[]): string {
  const widths: number[] = []
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)))
  const over = widths.reduce((a, b) => a + b, 0) + 2 * (widths.length - 1) - width
  const fitted = [...widths]
  for (let left = over; left > 0; left--) {
    const i = fitted.indexOf(Math.max(...fitted))
    if (fitted[i] <= 8) break
    fitted[i]--
  }
  const none = Object.fromEntries(
    ['top', 'top-mid', 'top-left', 'top-right', 'bottom', 'bottom-mid', 'bottom-left', 'bottom-right']
      .concat(['left', 'left-mid', 'mid', 'mid-mid', 'right', 'right-mid'])
      .map((k) => [k, '']),
  )
  const table = new Table({
    chars: Object.assign(none, { middle: '  ' }),
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
    colWidths: over > 0 ? fitted : [],
    colAligns: align,
    wordWrap: over > 0,
    wrapOnWordBoundary: true,
  })
  table.push(...rows)
  return table
    .toString()
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
}

const cell = fc.oneof(
  fc.constantFrom('', '-', 'melee', '300', '5S', 'argonaut', 'mega-particle-cannon'),
  fc.string({ unit: fc.constantFrom('a', 'b', ' ', '-', '1', '(', ')'), maxLength: 30 }),
)

describe('columns: as one cli-table3 table, in linear time', () => {
  it('tables that fit and tables that wrap, left and right aligned, up to 250 rows', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 6 })
          .chain((n) =>
            fc.tuple(
              fc.array(fc.array(cell, { minLength: n, maxLength: n }), { minLength: 1, maxLength: 250 }),
              fc.array(fc.constantFrom<Table.HorizontalAlignment>('left', 'right'), { maxLength: n }),
              fc.integer({ min: 20, max: 200 }),
            ),
          ),
        ([rows, align, width]) => {
          expect(columns(rows, width, align)).toBe(oneTable(rows, width, align))
        },
      ),
      { numRuns: 60, seed: 24 },
    )
  })

  it('a roster-sized table: 10,000 rows that fit, and rows that wrap across blocks', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => [
      `unit-${i}`,
      '9',
      '3',
      `weapon-${i % 7}`,
      '300',
      '5S',
    ])
    const fits = columns(rows, 80)
    expect(fits.split('\n')).toHaveLength(10_000)
    expect(fits.split('\n')[9999]).toBe('unit-9999  9  3  weapon-3  300  5S')
    // Wrapped (cli-table3 draws each block): 250 rows, past two block edges.
    const some = rows.slice(9750)
    expect(columns(some, 30)).toBe(oneTable(some, 30, []))
  })
})
