import { type OddsRow, type OddsTable, oddsTables as tablesOf } from '../render/odds-table.js'

export type { OddsRow, OddsTable }

/**
 * The distributions of an odds answer's `odds` as tables: each map's outcomes in order, with
 * their chance and, where outcomes are numbers, the chance of at least each (what `--csv`
 * writes and a chart draws).
 */
export function oddsTables(odds: object): OddsTable[] {
  return tablesOf(odds as Record<string, unknown>)
}
