/**
 * The units of a game as a roster: the profiles the header kept when the game began (a later
 * edit of the roster file changes no game), each unit's HP the HP it has left in the game. A
 * shot or a charge by unit names reads them here, as it reads a roster file. Pure.
 */
import { withoutDeclined } from '../rules/stellar/declined-skills.js'
import { allSpent, readAsSpent } from '../rules/stellar/limited-uses.js'
import { type Roster, type RosterUnit, readRoster } from '../rules/stellar/roster.js'
import { type Penetration, penText } from '../rules/stellar/weapon.js'
import { traitOf } from '../rules/stellar/traits.js'
import { REMOTE_MOMENTUM_COST } from '../rules/stellar/upgrades.js'
import { type GameHeader, byName } from './log.js'
import { skillsInGame } from './skills.js'
import { type GameState, type UnitState, turnOf, unitKeyIn } from './state.js'

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

/** Momentum offered by a flag (a list per target, or one value for each target). */
const offered = (v: unknown, targets: number) => {
  const n = Array.isArray(v) ? v.reduce((s: number, x) => s + Number(x), 0) : Number(v ?? 0) * targets
  return Number.isFinite(n) ? n : 0
}

/**
 * The game's units (`units`, the header's, read once) as one roll by unit names meets them in
 * `state`: `words`, the units as named (a plan's: the defender first; a shot's or a charge's: the
 * attacker first), `raw` the roll's flags (camelCase, as given). Pure: the roll and `game stats`
 * replaying it read the same units.
 * - The uses held for the turn in progress are let go when the roll's attacker begins a new unit
 *   turn (state.ts, turnOf).
 * - The profile Skills of the units named are taken as the game takes them (skills.ts), but
 *   those the roll declines (`raw.decline`: declined-skills.ts).
 * `known`: the roster as `state` gives it already (rosterAt), when the caller has it.
 */
export function rollRoster(
  units: Roster,
  state: GameState,
  command: 'shoot' | 'melee' | 'plan',
  words: ReadonlyArray<unknown>,
  raw: Record<string, unknown>,
  known?: Roster,
): Roster {
  const keys = words.map((w) => unitKeyIn(state, w))
  const base = () => known ?? rosterAt(units, state)
  if (keys.length < 2 || keys.some((k) => k === undefined)) return base()
  const named = keys as string[]
  const [attacker, ...defenders] = command === 'plan' ? [named[1], named[0]] : named
  const turn = turnOf(state, attacker)
  const roster = withoutDeclined(state.turn === attacker ? base() : rosterAt(units, turn), raw.decline)
  const attackers = command === 'plan' ? named.slice(1) : [attacker]
  const num = (v: unknown) => (Number.isFinite(Number(v)) ? Number(v) : 0)
  const defender = defenders[0]
  const melee = command === 'melee'
  const offers: Record<string, number> = {
    [attacker]: melee
      ? num(raw.atkMomentum) + num(raw.atkNotOverYet)
      : (raw.bullseye === true ? 1 : 0) + (raw.remote === 'momentum' ? REMOTE_MOMENTUM_COST : 0),
    [defender]: melee
      ? num(raw.defMomentum) + num(raw.defNotOverYet)
      : offered(raw.momentum, defenders.length) + num(raw.notOverYet),
  }
  const flagSkills = new Set<string>()
  if (raw.bullseye === true || raw.makeItCount === true || num(raw.atkMomentum) > 0) flagSkills.add(attacker)
  if ((melee ? num(raw.defMomentum) : offered(raw.momentum, defenders.length)) > 0) flagSkills.add(defender)
  const at = skillsInGame(
    roster.units,
    turn,
    { command: command === 'plan' ? undefined : command, defenders, offers, flagSkills },
    [...new Set([...attackers, ...defenders])],
  ).map((u) => {
    const now = turn.units[u.key]
    if (!now || !(named.includes(u.key) || u.key === attacker)) return u
    let next = u
    // Killer Instinct and Berserker switch on under 50% HP (wargame rules, pilot traits II): the
    // game knows the HP, so a profile's is in effect only while the unit is under half its HP.
    const triggered = now.hp !== null && now.maxHp !== null && now.hp * 2 < now.maxHp
    // A plan's defender: the plan follows its HP from attack to attack (plan-units.ts, carriedOf).
    const followed = command === 'plan' && defenders.includes(u.key)
    if (!triggered && !followed && u.traits.some(underHalf))
      next = { ...next, traits: next.traits.filter((t) => !underHalf(t)) }
    // A shut-down unit attacked: "their Evade and Melee are set to 0" (quickstart, Shutdown).
    if (defenders.includes(u.key) && shutDown(now, u)) next = { ...next, evade: 0, melee: 0 }
    return next
  })
  if (at.every((u, i) => u === roster.units[i])) return roster
  return { files: roster.files, units: at, byName: new Map(at.map((u) => [u.key.toLowerCase(), u])) }
}

/** Killer Instinct and Berserker: in effect under 50% HP. */
const underHalf = (t: string) => ['killer-instinct', 'berserker'].includes(traitOf(t)?.name ?? '')

/**
 * Whether a unit is shut down (quickstart, Shutdown: "A unit with less than 0 Actions shuts down
 * until it reactivates"; Stun: "Each failed Armor Save gives -1 Action"): its stun penalties are
 * more than its one Action ("Most units have one Action"). A warship's Actions stat is not in a
 * roster, so a warship is never read as shut down; `mecha game set UNIT --stun N` records the
 * penalties its recovery roll (`mecha stun-recover`) leaves.
 */
export function shutDown(now: UnitState, unit?: { kind?: string }): boolean {
  return unit?.kind !== 'warship' && now.stun > 1
}

/**
 * The roll's flags with what the game gives them: Tactical Advantage against a shut-down defender
 * (quickstart, Shutdown: "Gain Tactical Advantage vs Shutdown units"), every defender named shut
 * down; a flag given wins.
 */
export function gameFlags(
  units: Roster,
  state: GameState,
  command: 'shoot' | 'melee',
  words: ReadonlyArray<unknown>,
  raw: Record<string, unknown>,
): Record<string, unknown> {
  const key = command === 'shoot' ? 'advantage' : 'atkAdvantage'
  if (raw[key] !== undefined) return raw
  const defenders = words.slice(1).map((w) => unitKeyIn(state, w))
  const down = (k: string | undefined) =>
    k !== undefined && shutDown(state.units[k], units.byName.get(k.toLowerCase()))
  return defenders.length && defenders.every(down) ? { ...raw, [key]: true } : raw
}
