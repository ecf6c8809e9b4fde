/**
 * The units of a game as a roster: the profiles the header kept when the game began (a later
 * edit of the roster file changes no game), each unit's HP the HP it has left in the game. A
 * shot or a charge by unit names reads them here, as it reads a roster file. Pure.
 */
import { allSpent, readAsSpent } from '../rules/stellar/limited-uses.js'
import { type Roster, type RosterUnit, readRoster } from '../rules/stellar/roster.js'
import { type Penetration, penText } from '../rules/stellar/weapon.js'
import { type GameHeader, byName } from './log.js'
import type { GameState, UnitState } from './state.js'

/** A profile's field written back as a roster file gives it (PEN as its text: 5S; its side kept, for a matrix). */
function asWritten(profile: Record<string, unknown>): Record<string, unknown> {
  const { weapons, ...unit } = profile
  if (weapons && typeof weapons === 'object')
    unit.weapons = Object.fromEntries(
      Object.entries(weapons as Record<string, Record<string, unknown>>).map(([k, w]) => [
        k,
        w.pen && typeof w.pen === 'object' ? { ...w, pen: penText(w.pen as Penetration) } : w,
      ]),
    )
  return unit
}

/**
 * The game's units as a roster, checked as a roster file is (a hand-edited header that no longer
 * reads is one line naming `file`). With `state`, a unit's HP is what it has left (a destroyed
 * unit keeps its full HP: nothing resolves against it), and a trait whose limited uses it has all
 * taken (this round, or this game: limited-uses.ts) reads as spent: `invincible=spent`,
 * `unyielding=rerolls`, `superior-instincts=immune`, Improvise and Solo Operative left out, until
 * the next round gives a once-a-round use back. `live`: destroyed units left out (a matrix's units).
 */
export function gameRoster(header: GameHeader, file: string, state?: GameState, live = false): Roster {
  const units = readRoster({ units: gameUnits(header) }, `${file} (its units)`)
  return state ? rosterAt(units, state, live) : units
}

/**
 * The game's roster (gameRoster of the header alone, read once) as it is in `state`: what
 * gameRoster gives with that state, without reading the units again. A roll read per event
 * (`game stats`, a batch's lines) costs a copy of each unit instead of a parse of the roster.
 */
export function rosterAt(roster: Roster, state: GameState, live = false): Roster {
  const units: RosterUnit[] = []
  const named = new Map<string, RosterUnit>()
  for (const unit of roster.units) {
    const now = state.units[unit.key] as UnitState | undefined
    if (live && now?.destroyed) continue
    const hp = now?.hp
    const used = now ? usedOf(now) : []
    const at =
      (hp !== undefined && hp !== null && hp > 0 && hp !== unit.hp) || used.length
        ? {
            ...unit,
            ...(hp !== undefined && hp !== null && hp > 0 ? { hp } : {}),
            ...(used.length ? { traits: readAsSpent(unit.traits, goneOf(now!)) } : {}),
          }
        : unit
    units.push(at)
    named.set(at.key.toLowerCase(), at)
  }
  return { files: roster.files, units, byName: named }
}

/** The limited uses a unit has taken: this round's, then this game's. */
const usedOf = (u: UnitState) => [...u.spentThisRound, ...u.spent]

/** The traits whose uses a unit has all taken, but those it holds for the turn in progress. */
const goneOf = (u: UnitState) => allSpent(usedOf(u)).filter((t) => !u.held.includes(t))

/** The game's units as a roster file's data would give them (what gameRoster reads). */
export function gameUnits(header: GameHeader, state?: GameState, live = false): Record<string, unknown> {
  const units = byName<unknown>()
  for (const [key, profile] of Object.entries(header.units)) {
    const now = state?.units[key]
    if (live && now?.destroyed) continue
    const unit = asWritten(profile)
    const hp = now?.hp
    if (hp !== undefined && hp !== null && hp > 0) unit.hp = hp
    const used = now ? usedOf(now) : []
    if (used.length && Array.isArray(unit.traits))
      unit.traits = readAsSpent((unit.traits as unknown[]).map(String), goneOf(now!))
    units[key] = unit
  }
  return units
}
