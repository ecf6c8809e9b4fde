/**
 * The state of a game: the replay of its log, never stored beside it. `replay` folds the events
 * in effect, in order, over the state the header starts from; each step is a pure function of
 * the state before it and one event.
 *
 * Undo: an undo event marks earlier events undone, and an undo that is itself undone marks
 * nothing. Undos only point back, so one pass from the last event to the first settles which
 * events are in effect: by the time an undo is met, every event that could undo it has been.
 *
 * Readings (docs/rules-notes.md): Momentum is a side's pool (quickstart, Momentum), so a unit's
 * Momentum is its side's, and setting it sets the side's; it stays 0-10. A unit with HP is
 * destroyed when its HP reaches 0, and a correction to HP above 0 brings it back.
 */
import type { Effect, GameEvent, GameHeader, GameLog, GameMode, SetEvent } from './log.js'
import { MAX_MOMENTUM } from './log.js'

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
}

export interface GameState {
  mode: GameMode
  points?: number
  round: number
  sides: Record<string, { momentum: number }>
  units: Record<string, UnitState>
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

/** The state before the first event. */
export function startState(header: GameHeader): GameState {
  const units: Record<string, UnitState> = {}
  for (const [key, u] of Object.entries(header.units))
    units[key] = {
      side: u.side,
      hp: u.hp ?? null,
      maxHp: u.hp ?? null,
      destroyed: false,
      stun: 0,
      spent: [],
      spentThisRound: [],
    }
  const sides: GameState['sides'] = {}
  for (const [side, s] of Object.entries(header.sides)) sides[side] = { momentum: s.momentum }
  return { mode: header.mode, points: header.points, round: 1, sides, units }
}

const clampMomentum = (m: number) => Math.max(0, Math.min(MAX_MOMENTUM, m))

/** A unit's new state (`next`, a copy made for it); a unit newly destroyed keeps the round it fell in. */
function withUnit(state: GameState, key: string, next: UnitState): GameState {
  if (next.destroyed && !state.units[key].destroyed) next.destroyedRound = state.round
  if (!next.destroyed) delete next.destroyedRound
  return { ...state, units: { ...state.units, [key]: next } }
}

function withMomentum(state: GameState, side: string, momentum: number): GameState {
  return { ...state, sides: { ...state.sides, [side]: { momentum: clampMomentum(momentum) } } }
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
      const units: Record<string, UnitState> = {}
      for (const [k, u] of Object.entries(state.units))
        units[k] = u.spentThisRound.length ? { ...u, spentThisRound: [] } : u
      return { ...state, round: state.round + 1, units }
    }
    case 'resolution':
      return e.effects.reduce(applyEffect, state)
    case 'undo':
    case 'torn':
      return state
  }
}

/** The state of a game: its events in effect, folded in order. */
export function replay(log: GameLog): GameState {
  const by = undoneBy(log.events)
  return log.events.reduce((s, e, i) => (by[i] === undefined ? applyEvent(s, e) : s), startState(log.header))
}

/** The number of the last event in effect that an undo can take back (a torn entry is none). */
export function lastInEffect(events: readonly GameEvent[]): number | undefined {
  const by = undoneBy(events)
  for (let i = events.length - 1; i >= 0; i--) if (by[i] === undefined && events[i].t !== 'torn') return i + 1
  return undefined
}
