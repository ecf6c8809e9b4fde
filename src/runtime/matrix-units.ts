/**
 * A matrix by name (`mecha matrix ATTACKER[:WEAPON]… --vs DEFENDER…`): each attacker's weapon
 * against each defender is the request `mecha shoot` (a shooting weapon) or `mecha melee` (a
 * melee weapon: a charge) makes for those names (named-units.ts), with the matrix's flags laid
 * over the roster's values of each. The matrix's model (src/models/stellar/matrix.ts) answers
 * every distinct one once. Which units stand on either side when none are named is decided here.
 */
import { InputError } from '../core/errors.js'
import {
  type Roster,
  type RosterUnit,
  type RosterWeapon,
  findWeapon,
  lookupUnit,
  parseUnitRef,
  unitPlace,
  weaponsFor,
} from '../rules/stellar/roster.js'
import { namedValues } from './named-units.js'
import type { Request } from './request.js'
import { type CommandSpec, parseValues } from './spec.js'

/** The key of a matrix's values that holds its rows, columns and each cell's requests. */
const MATRIX_KEY = 'matrixUnits'

/** The matrix's own keys: they pick the units, and are no option of the cells' commands. */
const OWN_KEYS = ['vs', 'side', 'csv']

/** One row: an attacker's weapon, and the command its attack is. */
export interface MatrixRow {
  unit: string
  weapon: string
  command: 'shoot' | 'melee'
}

/** One column: a defender (and the melee weapon it replies with when named: `blue-djinn:heat-sword`). */
export interface MatrixColumn {
  unit: string
  weapon?: string
}

/**
 * One cell's requests, as the named command's option values: one, or for a charge at a defender
 * with several melee weapons and none named, one for each (`reply`), the defender replying with
 * its best.
 */
interface MatrixCellValues {
  row: number
  column: number
  requests: Array<{ reply?: string; values: Record<string, unknown> }>
}

export interface MatrixUnits {
  rows: MatrixRow[]
  columns: MatrixColumn[]
  cells: MatrixCellValues[]
  /** How the cells' values are written: command-line text, or a batch line's JSON values. */
  form: 'flag' | 'json'
}

/** The units a matrix request names (MATRIX_KEY), as matrixRequest put them in its values. */
export function matrixUnitsOf(values: object): MatrixUnits | undefined {
  return (values as Record<string, unknown>)[MATRIX_KEY] as MatrixUnits | undefined
}

const asList = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v])

/** `--vs a,b --vs c`: every name once, in order, commas splitting. */
function namesOf(list: readonly string[]): string[] {
  const out: string[] = []
  for (const item of list)
    for (const name of item.split(',').map((s) => s.trim()))
      if (name !== '' && !out.some((o) => o.toLowerCase() === name.toLowerCase())) out.push(name)
  return out
}

/** The sides of the roster, in file order (none when no unit has one). */
function sidesOf(roster: Roster): string[] {
  const sides: string[] = []
  for (const u of roster.units) if (u.side !== undefined && !sides.includes(u.side)) sides.push(u.side)
  return sides
}

/**
 * The units on either side when they are not all named: the units of the other sides than those
 * named (a roster with sides), else every unit (a unit is never matched against itself).
 */
function pickUnits(
  roster: Roster,
  attackers: string[],
  defenders: string[],
  side: string | undefined,
): { attackers: string[]; defenders: string[]; picked: boolean } {
  const sides = sidesOf(roster)
  if (side !== undefined) {
    if (attackers.length)
      throw new InputError(
        'bad-combination',
        `matrix: --side picks the attacking side when no attacker is named; drop --side or the attackers`,
      )
    if (!sides.length)
      throw new InputError(
        'bad-usage',
        `matrix: --side ${side}: no unit of the roster has a side; drop --side, or give units a side (mecha roster new shows how)`,
      )
    if (!sides.some((s) => s.toLowerCase() === side.toLowerCase()))
      throw new InputError(
        'bad-value',
        `matrix: --side ${side}: no such side; the sides are ${sides.join(', ')}`,
      )
  }
  const keys = (units: RosterUnit[]) => units.map((u) => u.key)
  const sideOf = (ref: string) => lookupUnit(roster, parseUnitRef(ref).unit).side
  const otherSides = (refs: string[]) => {
    const named = new Set(refs.map(sideOf))
    return keys(roster.units.filter((u) => u.side !== undefined && !named.has(u.side)))
  }
  if (attackers.length && defenders.length) return { attackers, defenders, picked: false }
  if (attackers.length)
    return { attackers, defenders: sides.length ? otherSides(attackers) : keys(roster.units), picked: true }
  if (defenders.length)
    return { attackers: sides.length ? otherSides(defenders) : keys(roster.units), defenders, picked: true }
  if (!sides.length) return { attackers: keys(roster.units), defenders: keys(roster.units), picked: true }
  const mine = sides.find((s) => s.toLowerCase() === (side ?? sides[0]).toLowerCase())!
  return {
    attackers: keys(roster.units.filter((u) => u.side === mine)),
    defenders: keys(roster.units.filter((u) => u.side !== undefined && u.side !== mine)),
    picked: true,
  }
}

/** The rows of one attacker: its weapon named, or each of its weapons. */
function rowsOf(roster: Roster, ref: string, named: boolean): MatrixRow[] {
  const r = parseUnitRef(ref)
  const unit = lookupUnit(roster, r.unit)
  const weapons: RosterWeapon[] = r.weapon !== undefined ? [findWeapon(unit, r.weapon)] : unit.weapons
  if (!weapons.length && named)
    throw new InputError('no-weapon', `matrix: ${unit.key} has no weapons in ${unitPlace(unit)}`)
  return weapons.map((w) => ({ unit: unit.key, weapon: w.key, command: w.melee ? 'melee' : 'shoot' }))
}

function columnOf(roster: Roster, ref: string): MatrixColumn {
  const r = parseUnitRef(ref)
  const unit = lookupUnit(roster, r.unit)
  if (r.weapon === undefined) return { unit: unit.key }
  return { unit: unit.key, weapon: findWeapon(unit, r.weapon, 'melee').key }
}

/**
 * A charge's values: the matrix's flags as `mecha melee` names them, where they differ from
 * `mecha shoot`'s: the attacker's traits (`--trait`) are `--atk-trait`, the defender's HP (`--hp`)
 * is `--def-hp`.
 */
function meleeGiven(given: Record<string, unknown>): Record<string, unknown> {
  const own = { ...given }
  delete own.trait
  delete own.hp
  const traits = [...asList(given.atkTrait), ...asList(given.trait)]
  if (traits.length) own.atkTrait = traits
  if (given.hp !== undefined && given.defHp === undefined) own.defHp = given.hp
  return own
}

/** Unique by text, first kept. */
const unique = <T>(items: T[]): T[] => {
  const seen = new Set<string>()
  return items.filter((i) => {
    const k = JSON.stringify(i)
    return seen.has(k) ? false : (seen.add(k), true)
  })
}

export function matrixRequest(
  spec: CommandSpec,
  roster: Roster,
  words: readonly string[],
  given: Record<string, unknown>,
  form: 'flag' | 'json',
): Request {
  const values = parseValues(spec, given, form)
  const vs = namesOf((values.vs as string[] | undefined) ?? [])
  if (values.vs !== undefined && !vs.length)
    throw new InputError(
      'bad-value',
      'matrix: --vs names no defender; give units, e.g. --vs dervish blue-djinn, or leave --vs out for every unit',
    )
  const side = values.side as string | undefined
  const picked = pickUnits(roster, namesOf(words), vs, side)
  const rows = unique(
    picked.attackers.flatMap((ref) => rowsOf(roster, ref, !picked.picked || words.length > 0)),
  )
  const columns = unique(picked.defenders.map((ref) => columnOf(roster, ref)))
  const cellGiven: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(given)) if (!OWN_KEYS.includes(k)) cellGiven[k] = v
  const charge = meleeGiven(cellGiven)
  const cells: MatrixCellValues[] = []
  rows.forEach((row, r) =>
    columns.forEach((col, c) => {
      if (row.unit === col.unit) return
      const attacker = `${row.unit}:${row.weapon}`
      const at = (defender: string, own: Record<string, unknown>) =>
        namedValues(roster, row.command, [attacker, defender], own, form).values
      if (row.command === 'shoot') {
        cells.push({ row: r, column: c, requests: [{ values: at(col.unit, cellGiven) }] })
        return
      }
      // A charge: the defender replies with the melee weapon named, its only one, or its best.
      const replies = col.weapon
        ? [col.weapon]
        : weaponsFor(lookupUnit(roster, col.unit), 'melee').map((w) => w.key)
      cells.push({
        row: r,
        column: c,
        requests:
          replies.length <= 1
            ? [{ reply: replies[0], values: at(`${col.unit}${replies[0] ? `:${replies[0]}` : ''}`, charge) }]
            : replies.map((w) => ({ reply: w, values: at(`${col.unit}:${w}`, charge) })),
      })
    }),
  )
  if (!cells.length)
    throw new InputError(
      'empty-matrix',
      `matrix: nothing to compare: ${!rows.length ? 'no attacker has a weapon' : !columns.length ? 'no defender' : 'each attacker is its only defender'}; name attackers and defenders, e.g. mecha matrix argonaut --vs dervish`,
    )
  const units: MatrixUnits = { rows, columns, cells, form }
  values[MATRIX_KEY] = units
  return { values }
}
