/**
 * `mecha matrix`: each attacking weapon against each defender. Every cell is the answer `mecha
 * shoot A:W D --odds` (a melee weapon: `mecha melee A:W D --odds`, a charge) gives for those names
 * and flags, read from that answer's public odds: its expected damage to the defender and the
 * chance the defender is destroyed. Equal requests (one weapon profile on two units, a defender's
 * reply tried for several charges) are answered once.
 */
import { InputError } from '../../core/errors.js'
import type { MatrixColumn, MatrixRow } from '../../runtime/matrix-units.js'
import { quietEnv, runSpec } from '../../runtime/run.js'
import { type CommandSpec, type Values, modelOf } from '../../runtime/spec.js'
import type { CalculationAnswerOf } from '../../runtime/answer.js'
import type { MeleeOddsJson } from './melee.js'
import type { RangeField, ShotOddsJson } from './shoot.js'

export interface MatrixCellInput {
  row: number
  column: number
  /** `argonaut:cannon vs dervish`, for messages. */
  where: string
  /** One request, or one per melee weapon the defender may reply with (it takes its best). */
  requests: Array<{ reply?: string; spec: CommandSpec; values: Values }>
}

export interface MatrixInput {
  rows: MatrixRow[]
  columns: MatrixColumn[]
  cells: MatrixCellInput[]
  /** The text is CSV rows. */
  csv: boolean
}

export interface MatrixCell {
  attacker: string
  weapon: string
  defender: string
  command: 'shoot' | 'melee'
  /** null when the cell's command refused it (`error`). */
  expectedDamage: number | null
  /** The chance the defender is destroyed; null when its HP is unknown. */
  destroyed: number | null
  /** Why the cell has no answer: the refusal of its command (`mecha melee` needs the defender's DMG…). */
  error?: string
  /** The best weapon against this defender (every one tied with it). */
  best: boolean
  /** A shot with a Rapid Fire weapon: the range it is fired at (the shot's `range`). */
  range?: RangeField
  /** A charge: the melee weapon the defender replies with (its best, unless named). */
  defenderWeapon?: string | null
  /** A charge: the chance the charger is destroyed (overwatch and counter-attack), with its HP. */
  attackerDestroyed?: number | null
  /** A charge: the damage the charger is expected to take (overwatch and counter-attack). */
  attackerDamage?: number | null
}

export interface MatrixResult {
  cells: MatrixCell[]
  /** Distinct requests answered: each (weapon, defender) profile once. */
  requests: number
}

/** The matrix's answers to a cell's request, read from the command's own odds JSON. */
interface Answered {
  range?: RangeField
  expectedDamage: number
  destroyed: number | null
  attackerDestroyed?: number | null
  attackerDamage?: number
}

/** A cell's numbers, from `--odds --json` of its command (a shot at the one defender of its column). */
function read(command: string, json: Record<string, unknown>): Answered {
  if (command === 'shoot') {
    const odds = json.odds as ShotOddsJson
    const out: Answered = {
      expectedDamage: odds.expected.damage,
      destroyed: odds.destroyed ? odds.destroyed.true : null,
    }
    if (json.range) out.range = json.range as RangeField
    return out
  }
  const odds = json.odds as MeleeOddsJson
  const destroyed = odds.destroyed
  return {
    expectedDamage: odds.expected.defenderDamage,
    destroyed: destroyed?.defender ? destroyed.defender.true : null,
    attackerDestroyed: destroyed?.attacker ? destroyed.attacker.true : null,
    attackerDamage: odds.expected.attackerDamage,
  }
}

/** Higher is better for the attacker: the chance to destroy, then expected damage. */
function rank(a: Answered, b: Answered): number {
  return (a.destroyed ?? -1) - (b.destroyed ?? -1) || a.expectedDamage - b.expectedDamage
}

/**
 * Higher is better for a defender replying to a charge: the least chance to be destroyed (its
 * weapon seldom changes it), then the highest chance to destroy the charger, then the most damage
 * dealt to it.
 */
function replyRank(a: Answered, b: Answered): number {
  return (
    (b.destroyed ?? 0) - (a.destroyed ?? 0) ||
    (a.attackerDestroyed ?? 0) - (b.attackerDestroyed ?? 0) ||
    (a.attackerDamage ?? 0) - (b.attackerDamage ?? 0)
  )
}

/** A request the cell's command refuses (a profile without the numbers it needs): said in the cell. */
interface Refused {
  error: InputError
}

function resolveMatrix(input: MatrixInput): MatrixResult {
  const answered = new Map<string, Answered | Refused>()
  const answer = (spec: CommandSpec, values: Values): Answered | Refused => {
    const key = `${spec.name} ${JSON.stringify(values)}`
    let a = answered.get(key)
    if (!a) {
      try {
        const out = runSpec(spec, values, { json: true, odds: true, explain: false }, quietEnv)
        if (out instanceof Promise) throw new Error(`matrix: a ${spec.name} waited for a person (a bug)`)
        a = read(spec.name, out.json)
      } catch (e) {
        if (!(e instanceof InputError)) throw e
        a = { error: e }
      }
      answered.set(key, a)
    }
    return a
  }
  const cells: MatrixCell[] = input.cells.map((c) => {
    const row = input.rows[c.row]
    // The defender replies to a charge with its best weapon (replyRank).
    let pick: { reply?: string; a: Answered } | undefined
    let refused: InputError | undefined
    for (const r of c.requests) {
      const a = answer(r.spec, r.values)
      if ('error' in a) refused ??= a.error
      else if (!pick || replyRank(a, pick.a) > 0) pick = { reply: r.reply, a }
    }
    const cell: MatrixCell = {
      attacker: row.unit,
      weapon: row.weapon,
      defender: input.columns[c.column].unit,
      command: row.command,
      expectedDamage: pick ? pick.a.expectedDamage : null,
      destroyed: pick ? pick.a.destroyed : null,
      best: false,
    }
    if (pick?.a.range) cell.range = pick.a.range
    if (row.command === 'melee') {
      cell.defenderWeapon = pick?.reply ?? null
      cell.attackerDestroyed = pick?.a.attackerDestroyed ?? null
      cell.attackerDamage = pick?.a.attackerDamage ?? null
    }
    if (!pick) cell.error = refused!.message
    return cell
  })
  // Not one cell answered: the matrix is bad input, said as its first cell's refusal.
  if (cells.every((c) => c.error !== undefined)) {
    const first = input.cells[0]
    const error = (answer(first.requests[0].spec, first.requests[0].values) as Refused).error
    throw new InputError(error.code, `matrix: ${first.where}: ${error.message}`)
  }
  // The best against each defender: every cell ranked first in its column.
  for (const col of input.columns) {
    const mine = cells.filter((c) => c.defender === col.unit && c.error === undefined) as Array<
      MatrixCell & Answered
    >
    const top = mine.reduce<(MatrixCell & Answered) | undefined>(
      (b, c) => (!b || rank(c, b) > 0 ? c : b),
      undefined,
    )
    for (const c of mine) if (top && rank(c, top) === 0) c.best = true
  }
  return { cells, requests: answered.size }
}

export const rowName = (r: MatrixRow) => `${r.unit}:${r.weapon}`

/** The matrix's answer: its own fields. */
export interface MatrixFields {
  /** The rows, in order. */
  attackers: MatrixRow[]
  /** The columns: the defenders' unit names. */
  defenders: string[]
  /** Row by row; a unit against itself has no cell. */
  cells: MatrixCell[]
  /** The distinct requests worked out. */
  requests: number
}

function json(r: MatrixResult, input: MatrixInput): MatrixFields {
  return {
    attackers: input.rows.map((row) => ({ unit: row.unit, weapon: row.weapon, command: row.command })),
    defenders: input.columns.map((c) => c.unit),
    cells: r.cells,
    requests: r.requests,
  }
}

export const matrixModel = modelOf<MatrixInput, MatrixResult>()({
  usesDice: () => false,
  resolve: (_dice, input) => resolveMatrix(input),
  json,
})

/**
 * `mecha matrix … --json`, `matrix.resolve(…)`: each attacking weapon against each defender, read
 * from the odds of each (no dice, no seed; no `inputs`: the cells name the units).
 */
export type MatrixAnswer = CalculationAnswerOf<'matrix', typeof matrixModel>
