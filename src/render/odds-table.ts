/**
 * The distributions of an odds answer, read off its JSON (`odds`): each map from an outcome to
 * its chance becomes a table of rows in outcome order, with the chance of at least that outcome
 * where outcomes are numbers. CSV and charts are written from these tables, so every command
 * with `--odds` gets them from the one JSON it already answers with (nothing here knows a rule).
 */

export interface OddsRow {
  /** The outcome as the JSON key writes it: "300", "true", "attacker", "13+". */
  outcome: string
  chance: number
  /** The chance of this outcome or a larger one (numeric outcomes only). */
  atLeast?: number
  /** A chart's bar for a range of outcomes ("450 to 499"): the outcome is the range's middle. */
  range?: string
}

export interface OddsTable {
  /** Where the map sits under `odds`: "damage", "attack.damage", "destroyed.defender". */
  name: string
  /** Every outcome a number (a tail such as "13+" counts as 13 and more). */
  numeric: boolean
  rows: OddsRow[]
}

/** A number, or a number followed by "+" (the rest of an unbounded distribution). */
const NUMERIC = /^-?\d+(\.\d+)?(e-?\d+)?\+?$/

/** The numeric value of an outcome key ("13+" is 13). */
export function outcomeValue(outcome: string): number {
  return Number(outcome.endsWith('+') ? outcome.slice(0, -1) : outcome)
}

function isMap(v: unknown): v is Record<string, number> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false
  const values = Object.values(v)
  return values.length > 0 && values.every((x) => typeof x === 'number')
}

/**
 * Every distribution of an `odds` object, in the order the JSON lists them (nested maps named by
 * their path). `expected` holds means, not distributions, and is left out.
 */
export function oddsTables(odds: Record<string, unknown>): OddsTable[] {
  const out: OddsTable[] = []
  const visit = (v: unknown, path: string[]) => {
    if (isMap(v)) out.push(oddsTable(path.join('.'), v))
    else if (v !== null && typeof v === 'object' && !Array.isArray(v))
      for (const [k, x] of Object.entries(v)) visit(x, [...path, k])
  }
  for (const [k, v] of Object.entries(odds)) if (k !== 'expected') visit(v, [k])
  return out
}

/** One map as a table: numeric outcomes in increasing order with their "at least" chances. */
export function oddsTable(name: string, map: Record<string, number>): OddsTable {
  const keys = Object.keys(map)
  const numeric = keys.every((k) => NUMERIC.test(k))
  // JSON objects list integer keys first, whatever order they were written in: sort again.
  if (numeric) keys.sort((a, b) => outcomeValue(a) - outcomeValue(b) || a.length - b.length)
  const rows: OddsRow[] = keys.map((outcome) => ({ outcome, chance: map[outcome] }))
  if (numeric) {
    // Summed from the top, so that small tails keep their digits.
    let sum = 0
    for (let i = rows.length - 1; i >= 0; i--) {
      sum += rows[i].chance
      rows[i].atLeast = Math.min(1, roundSum(sum))
    }
  }
  return { name, numeric, rows }
}

/** A sum of decimals to 12 significant digits: 0.30000000000000004 is 0.3. */
function roundSum(x: number): number {
  return Number(x.toPrecision(12))
}

/** "attack.unblockedHits" → "attack: unblocked hits". */
export function tableTitle(name: string): string {
  return name
    .split('.')
    .map((part) => part.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase())
    .join(': ')
}
