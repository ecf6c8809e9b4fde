import type { OddsTable } from './odds-table.js'

/**
 * Odds as CSV (RFC 4180: comma-separated, a field with a comma, quote or line break quoted),
 * one row per outcome of each distribution: `distribution,outcome,chance,atLeast`, and with
 * options compared an `option` column first. `chance` is the number the JSON prints; `atLeast`
 * is empty for outcomes that are not numbers (true/false, a side's name).
 */
export function renderOddsCsv(
  sets: ReadonlyArray<{ option?: string; tables: readonly OddsTable[] }>,
): string {
  const withOption = sets.some((s) => s.option !== undefined)
  const head = ['distribution', 'outcome', 'chance', 'atLeast']
  const lines = [(withOption ? ['option', ...head] : head).join(',')]
  for (const set of sets) {
    for (const t of set.tables) {
      for (const r of t.rows) {
        const cells = [t.name, r.outcome, String(r.chance), r.atLeast === undefined ? '' : String(r.atLeast)]
        if (withOption) cells.unshift(set.option ?? '')
        lines.push(cells.map(csvField).join(','))
      }
    }
  }
  return lines.join('\n') + '\n'
}

function csvField(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}
