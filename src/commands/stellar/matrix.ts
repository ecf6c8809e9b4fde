import { InputError } from '../../core/errors.js'
import { type MatrixUnits, matrixUnitsOf } from '../../runtime/matrix-units.js'
import {
  type CommandSpec,
  type OptionSpec,
  boolOpt,
  defineCommand,
  parseValues,
  repeatable,
} from '../../runtime/spec.js'
import { type MatrixInput, matrixModel } from '../../models/stellar/matrix.js'
import { meleeSpec } from './melee.js'
import { shootSpec } from './shoot.js'

const SPECS: Record<'shoot' | 'melee', CommandSpec> = { shoot: shootSpec, melee: meleeSpec }

/**
 * Every flag of `mecha shoot` and `mecha melee`, applied to each cell whose command takes it
 * (`--trait` and `--hp` to a charge as `--atk-trait` and `--def-hp`): none is required here, as
 * the roster gives the numbers, and each cell checks its own. `--targets` makes no cell.
 */
function cellOptions(): OptionSpec[] {
  const out: OptionSpec[] = []
  for (const spec of [shootSpec, meleeSpec])
    for (const o of spec.options) {
      if (o.flag === 'targets' || out.some((x) => x.flag === o.flag)) continue
      const copy: OptionSpec = { ...o }
      delete copy.required
      delete copy.conflicts
      delete copy.requires
      out.push(copy)
    }
  return out
}

const options = [
  Object.assign(
    repeatable({
      flag: 'vs',
      type: { kind: 'string' },
      description:
        'the defenders (units from the roster, several at once or comma-separated; UNIT:WEAPON names the melee weapon it replies to a charge with); missing: every unit, or those of the other sides',
      placeholder: 'DEFENDER',
    } as OptionSpec<'vs', string | undefined>),
    { variadic: true, completesUnits: 'melee' as const },
  ),
  {
    flag: 'side',
    type: { kind: 'string' },
    description: "with no unit named: the attacking side (a roster unit's side); the first one when left out",
    placeholder: 'NAME',
  } as OptionSpec<'side', string | undefined>,
  boolOpt(
    'csv',
    'the matrix as CSV rows: attacker, weapon, defender, command, expectedDamage, destroyed, best',
  ),
  ...cellOptions(),
] as const

/** The matrix's units by name (matrix-units.ts), each cell's requests parsed by its command. */
function buildMatrix(units: MatrixUnits | undefined, csv: boolean): MatrixInput {
  if (!units)
    throw new InputError(
      'no-roster',
      'matrix: compares units of a roster; give --roster FILE (or the roster as for any command by name; mecha examples shows one)',
    )
  return {
    rows: units.rows,
    columns: units.columns,
    csv,
    cells: units.cells.map((cell) => {
      const row = units.rows[cell.row]
      const spec = SPECS[row.command]
      const where = `${row.unit}:${row.weapon} vs ${units.columns[cell.column].unit}`
      return {
        row: cell.row,
        column: cell.column,
        where,
        requests: cell.requests.map((r) => ({
          reply: r.reply,
          spec,
          values: inCell(where, () => parseValues(spec, r.values, units.form)),
        })),
      }
    }),
  }
}

/** A cell's bad input, said with the cell it is in. */
function inCell<T>(where: string, f: () => T): T {
  try {
    return f()
  } catch (e) {
    if (e instanceof InputError) throw new InputError(e.code, `matrix: ${where}: ${e.message}`)
    throw e
  }
}

export const matrixSpec = defineCommand({
  name: 'matrix',
  summary:
    'MechaStellar matrix: each attacking weapon against each defender, expected damage and chance to destroy (exact), the best marked',
  examples: [
    'mecha matrix --roster examples/roster.yaml argonaut lunar-ravager --vs dervish blue-djinn',
    'mecha matrix --roster examples/roster.yaml argonaut:cannon --vs dervish white-asura --bonus barrage',
    'mecha matrix --roster examples/roster.yaml --vs saronic-cruiser --csv',
  ],
  options,
  build: (v) => buildMatrix(matrixUnitsOf(v), v.csv === true),
  model: matrixModel,
})
