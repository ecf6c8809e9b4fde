import Table from 'cli-table3'
import type { TableDrawer } from '../render/format.js'

const NO_BORDER: Partial<Record<Table.CharName, string>> = Object.fromEntries(
  (
    [
      'top',
      'top-mid',
      'top-left',
      'top-right',
      'bottom',
      'bottom-mid',
      'bottom-left',
      'bottom-right',
      'left',
      'left-mid',
      'mid',
      'mid-mid',
      'right',
      'right-mid',
    ] as const
  ).map((k) => [k, '']),
)

/**
 * The command line's tables that wrap or carry colour (render/format.ts draws the others): a
 * cli-table3 table without borders, columns two spaces apart, lines trimmed at the end;
 * `colWidths` (content widths) makes the cells wrap to them.
 */
export const borderless: TableDrawer = (rows, opts) => {
  const table = new Table({
    chars: Object.assign({}, NO_BORDER, { middle: '  ' }),
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
    colWidths: opts.colWidths ?? [],
    colAligns: opts.colAligns ?? [],
    wordWrap: opts.colWidths !== undefined,
    wrapOnWordBoundary: true,
  })
  table.push(...rows)
  return table
    .toString()
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
}
