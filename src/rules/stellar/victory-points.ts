import { InputError } from '../../core/errors.js'
import type { Level } from './weapon.js'

/**
 * VICTORY POINTS (quickstart and wargame rules, "Versus - Simple Battle: Scoring Primary
 * Objectives" and "Losing Victory Points"; "Versus - Confrontation"; "Versus - Secure the
 * Objective").
 *
 * A destroyed enemy unit is worth its Frame Level (1-5) plus its pilot, captain or kaiju Level
 * (0-2); warships +2; high performance units +1 / +2 / +3 at Performance 5+ / 8+ / 10. The enemy
 * Commander is worth the current round on top. A Challenge or Revenge target is worth double.
 * The owner of a destroyed unit loses 3 VP when it cost 500+ points (Lost a Critical Machine) and
 * 2 VP for a level 2 pilot, kaiju or captain (Unacceptable Casualties); both are waived in a
 * campaign finale. Battle Damage (optional module) is worth 1 VP each time.
 *
 * Confrontation adds, after each of its battles, the VP of your own surviving units (frame,
 * level, warship and performance, as above). Secure the Objective adds, each round, 5 VP per
 * Control Point owned, 5 VP for owning more than the opponent, and 3 VP per Action on Objective.
 *
 * Readings:
 * - The half-VP rule for enemies below half their HP (rounded up): a destroyed unit has no HP
 *   left, so this scores enemy units that end the battle alive but under half HP: half their
 *   value, rounded up. Commander and Challenge bonuses need the unit destroyed.
 * - A Challenge/Revenge target doubles everything its destruction scores, the Commander's round
 *   bonus included.
 * - The revision log says warships are worth double, the scoring text says +2 VP; we follow
 *   the scoring text.
 * - The Confrontation example's game 1 and 2 scores are 1-2 VP above its survivors' value
 *   (e.g. 5x Frame 2, 4x Frame 1 and two skilled pilots are 16, printed 17); games 3 match the
 *   rule exactly. We read the difference as VP for destroyed enemies that the example does not
 *   list, and score survivors by the rule.
 * - Actions on Objective are not checked against the Control Points owned: ownership can
 *   change during the round.
 *
 * Defend the City | Rampage scores as a Simple Battle, plus: the Attacker 1 VP per 2 buildings
 * destroyed (rounded up, at most 10); the Defender double VP for a unit destroyed in round 1 or 2.
 * Readings:
 * - "Double" for an early kill and "double" for a Challenge / Revenge target do not stack: a
 *   unit's VP is doubled once (doubling a double is not written anywhere).
 * - An enemy Commander's round (C) is the round it was destroyed in; other kills give theirs
 *   with R. A kill without a round is not doubled.
 * - Each side is scored on its own (--side): the Attacker's buildings are not the Defender's VP.
 */

export interface ScoredUnit {
  frame: number
  level: Level
  warship: boolean
  performance?: number
  /** Other VP the unit carries (e.g. Widespread Havoc, Immensely Powerful: +2). */
  extraVp: number
}

export interface Kill extends ScoredUnit {
  /** Not destroyed but left under 50% HP: half VP, rounded up. */
  belowHalf: boolean
  /** The enemy Commander, destroyed in this round: +round VP. */
  commanderRound?: number
  /** The round the unit was destroyed in (Defend the City: rounds 1-2 score double for the Defender). */
  round?: number
  /** A Challenge or Revenge target: double VP. */
  challenge: boolean
  /** Points cost, for Lost a Critical Machine. */
  cost?: number
}

export interface VpPart {
  reason: string
  vp: number
}

export const WARSHIP_VP = 2
export const CRITICAL_MACHINE_COST = 500
export const CRITICAL_MACHINE_PENALTY = -3
export const ACE_PENALTY = -2
export const CP_VP = 5
export const MORE_CPS_VP = 5
export const ACTION_ON_OBJECTIVE_VP = 3
/** Defend the City: the Attacker's VP per 2 buildings, the cap, and the Defender's early rounds. */
export const BUILDINGS_PER_VP = 2
export const BUILDING_VP_CAP = 10
export const CITY_EARLY_ROUNDS = 2

/** High Performance: +1 at 5+, +2 at 8+, +3 at 10. */
export function performanceBonus(performance?: number): number {
  if (performance === undefined) return 0
  return performance >= 10 ? 3 : performance >= 8 ? 2 : performance >= 5 ? 1 : 0
}

/** A unit's value: frame, level, warship, high performance and any extra VP. */
export function unitValue(u: ScoredUnit): { vp: number; parts: VpPart[] } {
  const parts: VpPart[] = [{ reason: `Frame ${u.frame}`, vp: u.frame }]
  if (u.level) parts.push({ reason: `Level ${u.level} pilot / captain / kaiju`, vp: u.level })
  if (u.warship) parts.push({ reason: 'warship', vp: WARSHIP_VP })
  const perf = performanceBonus(u.performance)
  if (perf) parts.push({ reason: `high performance (Performance ${u.performance})`, vp: perf })
  if (u.extraVp) parts.push({ reason: 'extra VP', vp: u.extraVp })
  return { vp: parts.reduce((s, p) => s + p.vp, 0), parts }
}

export interface KillScore {
  vp: number
  parts: VpPart[]
  /** VP the unit's owner loses (0 or negative). */
  ownerPenalty: number
  penalties: VpPart[]
}

/**
 * A destroyed enemy's VP. `earlyDouble`: Defend the City's Defender, whose kills in rounds 1-2
 * score double (not on top of a Challenge's double: see the readings above).
 */
export function killVp(k: Kill, finale = false, earlyDouble = false): KillScore {
  const base = unitValue(k)
  const parts = [...base.parts]
  let vp = base.vp
  if (k.belowHalf) {
    const half = Math.ceil(vp / 2)
    parts.push({ reason: 'not destroyed, under 50% HP: half, rounded up', vp: half - vp })
    return { vp: half, parts, ownerPenalty: 0, penalties: [] }
  }
  if (k.commanderRound !== undefined) {
    parts.push({ reason: `enemy Commander destroyed in round ${k.commanderRound}`, vp: k.commanderRound })
    vp += k.commanderRound
  }
  const round = k.round ?? k.commanderRound
  if (k.challenge) {
    parts.push({ reason: 'Challenge / Revenge target: double', vp })
    vp *= 2
  } else if (earlyDouble && round !== undefined && round <= CITY_EARLY_ROUNDS) {
    parts.push({ reason: `Defend the City: destroyed in round ${round}, double`, vp })
    vp *= 2
  }
  const penalties: VpPart[] = []
  if (k.cost !== undefined && k.cost >= CRITICAL_MACHINE_COST)
    penalties.push({ reason: `Lost a Critical Machine (${k.cost} pts)`, vp: CRITICAL_MACHINE_PENALTY })
  if (k.level === 2) penalties.push({ reason: 'Unacceptable Casualties (Level 2)', vp: ACE_PENALTY })
  const ownerPenalty = finale ? 0 : penalties.reduce((s, p) => s + p.vp, 0)
  return { vp, parts, ownerPenalty, penalties }
}

export interface ObjectiveRound {
  cps: number
  enemyCps: number
  actions: number
}

export function objectiveRoundVp(o: ObjectiveRound): { vp: number; parts: VpPart[] } {
  const parts: VpPart[] = []
  if (o.cps)
    parts.push({
      reason: `${o.cps} Control Point${o.cps === 1 ? '' : 's'} owned x ${CP_VP}`,
      vp: o.cps * CP_VP,
    })
  if (o.cps > o.enemyCps)
    parts.push({
      reason: `more Control Points than the opponent (${o.cps} vs ${o.enemyCps})`,
      vp: MORE_CPS_VP,
    })
  if (o.actions)
    parts.push({
      reason: `${o.actions} Action${o.actions === 1 ? '' : 's'} on Objective x ${ACTION_ON_OBJECTIVE_VP}`,
      vp: o.actions * ACTION_ON_OBJECTIVE_VP,
    })
  return { vp: parts.reduce((s, p) => s + p.vp, 0), parts }
}

// ---------------------------------------------------------------------------------------------
// Unit lists for battle totals: comma-separated entries such as `5xF2`, `F1L1`, `F4L2P8C3X$650`.

/** One entry of a unit list, with how many such units it stands for. */
export interface ListedUnit extends Kill {
  count: number
  text: string
}

export const UNIT_LIST_HELP =
  'entries like 5xF2 or F4L2P8W: [Nx] then F frame 1-5, optional L level 0-2, W warship, P performance 0-10, +N extra VP, C round (enemy Commander), R round destroyed, X (Challenge/Revenge), $cost'

const ATTR = /^(?:([FLPCR])\s*(\d+)|(W)|(X)|\+\s*(\d+)|\$\s*(\d+))\s*/i

function ranged(flag: string, entry: string, what: string, v: number, min: number, max: number): number {
  if (v < min || v > max)
    throw new InputError('bad-unit', `${flag}: "${entry}" has ${what} ${v}; give ${min}-${max}`)
  return v
}

export function parseUnitList(text: string, flag: string): ListedUnit[] {
  const entries = text.split(',').map((e) => e.trim())
  if (entries.length === 0 || entries.some((e) => e === ''))
    throw new InputError('bad-unit', `${flag}: "${text}" is not a unit list; give ${UNIT_LIST_HELP}`)
  return entries.map((entry) => {
    const m = /^(?:(\d+)\s*x\s*)?(.*)$/i.exec(entry)!
    const count = m[1] === undefined ? 1 : ranged(flag, entry, 'a count of', Number(m[1]), 1, 100)
    let rest = m[2]
    const u: ListedUnit = {
      count,
      text: entry,
      frame: 0,
      level: 0,
      warship: false,
      extraVp: 0,
      belowHalf: false,
      challenge: false,
    }
    const seen = new Set<string>()
    while (rest.length > 0) {
      const a = ATTR.exec(rest)
      if (!a)
        throw new InputError(
          'bad-unit',
          `${flag}: cannot read "${rest}" in "${entry}"; give ${UNIT_LIST_HELP}`,
        )
      const key = (a[1] ?? a[3] ?? a[4] ?? (a[5] !== undefined ? '+' : '$')).toUpperCase()
      if (seen.has(key)) throw new InputError('bad-unit', `${flag}: "${entry}" gives ${key} twice`)
      seen.add(key)
      const n = Number(a[2] ?? a[5] ?? a[6] ?? 0)
      if (key === 'F') u.frame = ranged(flag, entry, 'Frame', n, 1, 5)
      else if (key === 'L') u.level = ranged(flag, entry, 'Level', n, 0, 2) as Level
      else if (key === 'P') u.performance = ranged(flag, entry, 'Performance', n, 0, 10)
      else if (key === 'C') u.commanderRound = ranged(flag, entry, 'Commander round', n, 1, 10)
      else if (key === 'R') u.round = ranged(flag, entry, 'round', n, 1, 10)
      else if (key === 'W') u.warship = true
      else if (key === 'X') u.challenge = true
      else if (key === '+') u.extraVp = ranged(flag, entry, 'extra VP', n, 0, 20)
      else u.cost = ranged(flag, entry, 'a cost of', n, 0, 100000)
      rest = rest.slice(a[0].length)
    }
    if (!seen.has('F'))
      throw new InputError('bad-unit', `${flag}: "${entry}" has no frame; give ${UNIT_LIST_HELP}`)
    if (u.round !== undefined && u.commanderRound !== undefined && u.round !== u.commanderRound) {
      throw new InputError(
        'bad-unit',
        `${flag}: "${entry}" gives the Commander's round as C${u.commanderRound} and R${u.round}; the Commander was destroyed in one round`,
      )
    }
    return u
  })
}

/** Defend the City | Rampage: which side is scored, and the Attacker's buildings destroyed. */
export interface City {
  side: 'attacker' | 'defender'
  buildings: number
}

/** The Attacker's building VP: 1 per 2 buildings (rounded up), at most 10. */
export function buildingVp(buildings: number): number {
  return Math.min(BUILDING_VP_CAP, Math.ceil(buildings / BUILDINGS_PER_VP))
}

export interface Battle {
  mode: 'simple' | 'confrontation' | 'objective' | 'city'
  /** Enemy units you destroyed. */
  kills: ListedUnit[]
  /** Enemy units left alive under 50% HP (end of battle). */
  damaged: ListedUnit[]
  /** Your own units destroyed, for the VP penalties. */
  losses: ListedUnit[]
  battleDamage: number
  finale: boolean
  /** Confrontation: your surviving units. */
  survivors: ListedUnit[]
  /** Secure the Objective: this round's Control Points and Actions on Objective. */
  objective?: ObjectiveRound
  /** Defend the City | Rampage. */
  city?: City
  /** Scores of earlier battles (Confrontation) or rounds (Secure the Objective). */
  previous: number[]
}

export interface BattleLine {
  text: string
  count: number
  each: number
  vp: number
}

export interface BattleScore {
  kills: BattleLine[]
  damaged: BattleLine[]
  survivors: BattleLine[]
  penalties: BattleLine[]
  battleDamage: number
  objective?: { vp: number; parts: VpPart[] }
  /** Defend the City: the Attacker's building VP (0 for the Defender). */
  buildings?: { destroyed: number; vp: number }
  /** This battle (or round). */
  vp: number
  /** With the earlier battles or rounds. */
  total: number
}

export function battleScore(b: Battle): BattleScore {
  const line = (u: ListedUnit, each: number): BattleLine => ({
    text: u.text,
    count: u.count,
    each,
    vp: each * u.count,
  })
  const early = b.city?.side === 'defender'
  const kills = b.kills.map((u) =>
    line(u, killVp(Object.assign({}, u, { belowHalf: false }), false, early).vp),
  )
  const damaged = b.damaged.map((u) =>
    line(
      u,
      killVp(Object.assign({}, u, { belowHalf: true, commanderRound: undefined, challenge: false })).vp,
    ),
  )
  const survivors = b.survivors.map((u) => line(u, unitValue(u).vp))
  const penalties = b.losses.map((u) =>
    line(u, killVp(Object.assign({}, u, { belowHalf: false }), b.finale).ownerPenalty),
  )
  const objective = b.objective ? objectiveRoundVp(b.objective) : undefined
  const buildings = b.city
    ? { destroyed: b.city.buildings, vp: b.city.side === 'attacker' ? buildingVp(b.city.buildings) : 0 }
    : undefined
  const sum = (ls: BattleLine[]) => ls.reduce((s, l) => s + l.vp, 0)
  const vp =
    sum(kills) +
    sum(damaged) +
    sum(survivors) +
    sum(penalties) +
    b.battleDamage +
    (objective?.vp ?? 0) +
    (buildings?.vp ?? 0)
  return {
    kills,
    damaged,
    survivors,
    penalties,
    battleDamage: b.battleDamage,
    objective,
    buildings,
    vp,
    total: vp + b.previous.reduce((s, x) => s + x, 0),
  }
}

export type VpMode = 'unit' | 'simple' | 'confrontation' | 'objective' | 'city'

/** One destroyed unit's VP, or a battle's score. */
export type VpRequest =
  { mode: 'unit'; kill: Kill; finale: boolean } | ({ mode: Exclude<VpMode, 'unit'> } & Battle)

export type VpResult =
  { mode: 'unit'; score: KillScore } | { mode: Exclude<VpMode, 'unit'>; score: BattleScore }

export function resolveVp(r: VpRequest): VpResult {
  return r.mode === 'unit'
    ? { mode: 'unit', score: killVp(r.kill, r.finale) }
    : { mode: r.mode, score: battleScore(r) }
}
