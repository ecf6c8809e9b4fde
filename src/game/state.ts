/**
 * The state of a game: the replay of its log, never stored beside it. `replay` folds the events
 * in effect, in order, over the state the header starts from; each step is a pure function of
 * the state before it and one event.
 *
 * Undo: an undo event marks earlier events undone, and an undo that is itself undone marks
 * nothing. Undos only point back, so one pass from the last event to the first settles which
 * events are in effect: by the time an undo is met, every event that could undo it has been.
 *
 * A plan's attacks are written in one append, and are in effect only all together: a write cut
 * short (a full disk, a machine that lost power) that left some of them whole leaves none of them
 * in effect (cutShort).
 *
 * Readings (docs/rules-notes.md): Momentum is a side's pool (quickstart, Momentum), so a unit's
 * Momentum is its side's, and setting it sets the side's; it stays 0-10. A unit with HP is
 * destroyed when its HP reaches 0, and a correction to HP above 0 brings it back.
 *
 * Turns in a game (rules-notes, "Turns in a game"): the rolls one unit makes in a row in a round
 * are its one unit turn (a unit is activated once a round); a roll by another unit, or the next
 * round, begins another. A use that lasts a turn (Superior Instincts' "+3 Blocks this Turn", Awe
 * Inspiring Arrival) is held by its unit for the rest of the turn it was taken in (`held`).
 */
import { turnLong } from '../rules/stellar/limited-uses.js'
import type { Effect, GameEvent, GameHeader, GameLog, GameMode, SetEvent } from './log.js'
import { MAX_MOMENTUM, byName } from './log.js'

export interface UnitState {
  side: string
  /** HP left, and full HP; null for a unit the roster gives no HP. */
  hp: number | null
  maxHp: number | null
  destroyed: boolean
  /** The round it was destroyed in (scoring: Commander and Defend the City's early kills). */
  destroyedRound?: number
  /** -1 Action penalties from stun weapons, until recovered. */
  stun: number
  /** Once-per-game traits and skills used up, one entry a use (Superior Instincts': two a game). */
  spent: string[]
  /** Once-per-round ones used this round. */
  spentThisRound: string[]
  /**
   * Those of its uses taken in the unit turn in progress that last that turn, and the Skills paid
   * for in it (game/skills.ts): in effect, not taken or paid again.
   */
  held: string[]
}

export interface GameState {
  mode: GameMode
  points?: number
  round: number
  /** Keyed by the log's names, without a prototype (log.ts, byName). */
  sides: Record<string, { momentum: number }>
  units: Record<string, UnitState>
  /** The unit whose turn is in progress: the attacker of the last roll this round. */
  turn?: string
}

/** For each event (index n - 1), the number of the undo in effect that undoes it, if any. */
export function undoneBy(events: readonly GameEvent[]): Array<number | undefined> {
  const by: Array<number | undefined> = new Array(events.length).fill(undefined)
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]
    if (e.t !== 'undo' || by[i] !== undefined) continue
    for (const n of e.events) by[n - 1] ??= i + 1
  }
  return by
}

/**
 * For each event (index n - 1), whether it is one of a plan's attacks cut short: steps 1 to `of`
 * are written in one append, so a plan is in effect only when all of them follow each other in
 * the log. Steps without the rest (a write that did not finish) are not in effect, nor is a step
 * without its first.
 */
export function cutShort(events: readonly GameEvent[]): boolean[] {
  const cut: boolean[] = new Array<boolean>(events.length).fill(false)
  for (let i = 0; i < events.length;) {
    const plan = (events[i] as { plan?: { step: number; of: number } }).plan
    if (!plan) {
      i++
      continue
    }
    let k = 0
    if (plan.step === 1)
      for (; k < plan.of && i + k < events.length; k++) {
        const e = events[i + k]
        if (e.t !== 'resolution' || e.plan?.step !== k + 1 || e.plan.of !== plan.of) break
      }
    if (k === plan.of) {
      i += k
      continue
    }
    const end = i + Math.max(k, 1)
    for (; i < end; i++) cut[i] = true
  }
  return cut
}

/** For each event (index n - 1), whether it is in effect: neither undone nor a plan cut short. */
export function inEffect(events: readonly GameEvent[]): boolean[] {
  const by = undoneBy(events)
  const cut = cutShort(events)
  return events.map((_, i) => by[i] === undefined && !cut[i])
}

/** The state before the first event. */
export function startState(header: GameHeader): GameState {
  const units = byName<UnitState>(
    Object.entries(header.units).map(([key, u]) => [
      key,
      {
        side: u.side,
        hp: u.hp ?? null,
        maxHp: u.hp ?? null,
        destroyed: false,
        stun: 0,
        spent: [],
        spentThisRound: [],
        held: [],
      },
    ]),
  )
  const sides = byName(Object.entries(header.sides).map(([side, s]) => [side, { momentum: s.momentum }]))
  return { mode: header.mode, points: header.points, round: 1, sides, units }
}

/** A copy of a record keyed by names, `key` given `value`. */
function withKey<T>(record: Record<string, T>, key: string, value: T): Record<string, T> {
  const out = Object.assign(byName<T>(), record)
  out[key] = value
  return out
}

const clampMomentum = (m: number) => Math.max(0, Math.min(MAX_MOMENTUM, m))

/** A unit's new state (`next`, a copy made for it); a unit newly destroyed keeps the round it fell in. */
function withUnit(state: GameState, key: string, next: UnitState): GameState {
  if (next.destroyed && !state.units[key].destroyed) next.destroyedRound = state.round
  if (!next.destroyed) delete next.destroyedRound
  return { ...state, units: withKey(state.units, key, next) }
}

function withMomentum(state: GameState, side: string, momentum: number): GameState {
  return { ...state, sides: withKey(state.sides, side, { momentum: clampMomentum(momentum) }) }
}

function applySet(state: GameState, e: SetEvent): GameState {
  const u = state.units[e.unit]
  let next = { ...u }
  if (e.hp !== undefined) next = { ...next, hp: e.hp, destroyed: e.hp === 0 }
  if (e.destroyed !== undefined)
    next = { ...next, destroyed: e.destroyed, hp: e.destroyed && next.hp !== null ? 0 : next.hp }
  if (e.stun !== undefined) next.stun = e.stun
  const s = withUnit(state, e.unit, next)
  return e.momentum === undefined ? s : withMomentum(s, u.side, e.momentum)
}

function applyEffect(state: GameState, f: Effect): GameState {
  const u = state.units[f.unit]
  const next = { ...u }
  if (f.hpLost !== undefined && next.hp !== null) {
    next.hp = Math.max(0, next.hp - f.hpLost)
    if (next.hp === 0) next.destroyed = true
  }
  if (f.destroyed) {
    next.destroyed = true
    if (next.hp !== null) next.hp = 0
  }
  if (f.stun) next.stun += f.stun
  // One entry a use: Superior Instincts' blocks are two a game.
  if (f.spent) next.spent = [...next.spent, ...f.spent]
  const held = [...turnLong([...(f.spent ?? []), ...(f.spentThisRound ?? [])]), ...(f.skills ?? [])].filter(
    (t) => !next.held.includes(t),
  )
  if (held.length) next.held = [...next.held, ...held]
  if (f.spentThisRound)
    next.spentThisRound = [
      ...next.spentThisRound,
      ...f.spentThisRound.filter((t) => !next.spentThisRound.includes(t)),
    ]
  const s = withUnit(state, f.unit, next)
  return f.momentum ? withMomentum(s, u.side, s.sides[u.side].momentum + f.momentum) : s
}

/** One event in effect applied (an undo's work is done by undoneBy; a torn entry changes nothing). */
export function applyEvent(state: GameState, e: GameEvent): GameState {
  switch (e.t) {
    case 'set':
      return applySet(state, e)
    case 'next-round': {
      const units = byName(
        Object.entries(state.units).map(([k, u]) => [
          k,
          u.spentThisRound.length || u.held.length ? { ...u, spentThisRound: [], held: [] } : u,
        ]),
      )
      return { ...state, round: state.round + 1, units, turn: undefined }
    }
    case 'resolution': {
      const attacker = unitKeyIn(state, e.request.attacker)
      return e.effects.reduce(applyEffect, attacker === undefined ? state : turnOf(state, attacker))
    }
    case 'undo':
    case 'torn':
      return state
  }
}

/** The game's key of a unit as a roll names it (`gunner:rifle`, any case), if it is one. */
export function unitKeyIn(state: GameState, word: unknown): string | undefined {
  if (typeof word !== 'string') return undefined
  const name = word.split(':')[0].trim()
  if (Object.hasOwn(state.units, name)) return name
  return Object.keys(state.units).find((k) => k.toLowerCase() === name.toLowerCase())
}

/**
 * The state as `attacker`'s roll meets it: its unit turn goes on when it made the last roll this
 * round; otherwise its roll begins a new turn, and the uses held for the turn before are let go.
 */
export function turnOf(state: GameState, attacker: string): GameState {
  if (state.turn === attacker) return state
  const units = byName(
    Object.entries(state.units).map(([k, u]) => [k, u.held.length ? { ...u, held: [] } : u]),
  )
  return { ...state, units, turn: attacker }
}

/** The state of a game: its events in effect, folded in order. */
export function replay(log: GameLog): GameState {
  const on = inEffect(log.events)
  return log.events.reduce((s, e, i) => (on[i] ? applyEvent(s, e) : s), startState(log.header))
}

/** The number of the last event in effect that an undo can take back (a torn entry is none). */
export function lastInEffect(events: readonly GameEvent[]): number | undefined {
  const on = inEffect(events)
  for (let i = events.length - 1; i >= 0; i--) if (on[i] && events[i].t !== 'torn') return i + 1
  return undefined
}
