import { printable } from '../core/text.js'
import { columns } from '../render/format.js'
import {
  type Roster,
  type RosterUnit,
  type RosterWeapon,
  lookupUnit,
  unitPlace,
  weaponPenText,
} from '../rules/stellar/roster.js'
import { loadRoster } from './roster-file.js'
import { type RosterPlace, requireRoster as findRoster } from './units.js'

/**
 * `mecha roster list|show|check|new`: the roster as tables, one unit's card, a validation, and a
 * commented starter file. Loaded only when the command runs.
 */

const opt = (v: number | undefined) => (v === undefined ? '-' : String(v))

/** The roster's files as named, control characters escaped (a name cannot reach the terminal raw). */
const filesText = (roster: Roster) => roster.files.map(printable).join(', ')

function weaponText(w: RosterWeapon): string {
  const parts = [w.melee ? 'melee' : `${opt(w.shots)} shots`, `DMG ${w.dmg}`]
  const pen = weaponPenText(w)
  if (pen) parts.push(`PEN ${pen}`)
  if (w.rapidFire) parts.push(`Rapid Fire ${w.rapidFire > 0 ? '+' : ''}${w.rapidFire}`)
  if (w.overwatch) parts.push(`Overwatch ${w.overwatch}`)
  if (w.finisher) parts.push(`Finisher ${w.finisher}`)
  return `${w.key} (${parts.join(', ')})`
}

/** Every unit with its main numbers (the rest: `roster show`), one row per weapon. */
export function rosterList(roster: Roster, width: number): string {
  const head = ['unit', 'Acc', 'Evade', 'Melee', 'weapon', 'shots', 'DMG', 'PEN']
  const rows: string[][] = []
  for (const u of roster.units) {
    const unit = [u.key, opt(u.acc), opt(u.evade), opt(u.melee)]
    const weapons = u.weapons.length ? u.weapons : [undefined]
    weapons.forEach((w, i) =>
      rows.push([
        ...(i === 0 ? unit : unit.map(() => '')),
        w?.key ?? '-',
        w ? (w.melee ? 'melee' : opt(w.shots)) : '',
        w ? String(w.dmg) : '',
        w ? (weaponPenText(w) ?? '-') : '',
      ]),
    )
  }
  return `${roster.units.length} units (${filesText(roster)})\n${columns([head, ...rows], width)}`
}

/** One unit's card. */
export function rosterShow(unit: RosterUnit, width: number): string {
  const rows: string[][] = [
    ['name', printable(unit.name)],
    ['kind', unit.kind],
    ['from', printable(unitPlace(unit))],
  ]
  const fields: Array<[string, number | undefined]> = [
    ['pilot level', unit.pilot],
    ['Shooting Accuracy', unit.acc],
    ['Evade', unit.evade],
    ['Melee', unit.melee],
    ['ARM Sv', unit.armSv],
    ['shield', unit.shield],
    ['Size', unit.size],
    ['HP', unit.hp],
    ['Move', unit.move],
  ]
  for (const [label, v] of fields) if (v !== undefined) rows.push([label, String(v)])
  if (unit.role) rows.push(['role', unit.role])
  if (unit.traits.length) rows.push(['traits', printable(unit.traits.join(', '))])
  unit.weapons.forEach((w, i) => rows.push([i === 0 ? 'weapons' : '', weaponText(w)]))
  return `${unit.key}\n${columns(rows, width)}`
}

export function rosterCheck(roster: Roster): string {
  const weapons = roster.units.reduce((n, u) => n + u.weapons.length, 0)
  return `ok: ${roster.units.length} units, ${weapons} weapons (${filesText(roster)})`
}

export { lookupUnit }

/**
 * `mecha roster names` (for the completion scripts): every unit name, one a line, and with
 * `weapons` each unit's weapons of that kind as unit:weapon. Nothing when no roster is found.
 */
export function rosterNames(
  files: readonly string[] | undefined,
  weapons?: 'shoot' | 'melee' | 'any',
  place: RosterPlace = {},
): string {
  const roster = loadRoster({ flags: files, cwd: place.cwd, env: place.env })
  if (!roster) return ''
  const lines: string[] = []
  for (const u of roster.units) {
    lines.push(u.key)
    if (weapons)
      for (const w of u.weapons)
        if (weapons === 'any' || w.melee === (weapons === 'melee')) lines.push(`${u.key}:${w.key}`)
  }
  return lines.map((l) => l + '\n').join('')
}

/** The roster of this run, or an error saying where one is looked for. */
export const requireRoster = (files: readonly string[] | undefined, place?: RosterPlace) =>
  findRoster(files, 'roster', place)

/** A commented starter roster. */
export const STARTER = `# A mecha roster: name your units once, then  mecha shoot UNIT:WEAPON TARGET
# Fields are the commands' batch keys; see docs/roster.md. Names: letters, digits, - and _.
units:
  my-mech:
    name: My Mech          # display name (optional)
    kind: ms               # ms | super-robot | kaiju | super-heavy | warship
    pilot: 0               # pilot level 0-2
    acc: 9                 # Shooting Accuracy
    evade: 3
    melee: 5               # Melee dice
    armSv: 2
    shield: 1
    size: 1
    hp: 3000               # full HP
    weapons:
      rifle: { shots: 5, dmg: 300, pen: 4 }
      saber: { melee: true, dmg: 400, pen: 6, finisher: 1 }
  their-mech:
    evade: 4
    armSv: 1
    hp: 2500
    weapons:
      gun: { shots: 6, dmg: 200 }
`
