import { InputError } from '../core/errors.js'
import { nearest } from '../core/nearest.js'
import { printable } from '../core/text.js'
import { battleRound, battleRoundText, describeEvent, eventRows, roundReminders } from '../game/describe.js'
import { type GameEvent, type GameLog, type GameMode, type SetEvent } from '../game/log.js'
import { newGameHeader } from '../game/new.js'
import { sideScores } from '../game/score.js'
import { type GameState, lastInEffect, replay } from '../game/state.js'
import { sideLuck } from '../game/stats.js'
import { columns, num, pct, wrapText } from '../render/format.js'
import { type GameOnDisk, appendEvents, createGame, loadGame, readGame, repairFile } from './game-file.js'
import { requireRoster } from './units.js'

/**
 * `mecha game new|status|log|undo|next-round|set|stats|repair` (docs/game.md): each reads the log,
 * and a command that changes the game appends one event to it. Loaded only when a game command
 * runs. Each returns its answer as text, or as the object `--json` prints.
 */

/** The game file of this run, as game-register.ts found it. */
export interface GameFile {
  path: string
  name: string
}

/** A command's answer: its text, or the object `--json` prints; `recorded` names an event it appended. */
export type Answer = ({ text: string } | { json: unknown }) & { recorded?: string }

const now = () => new Date().toISOString()

/** A unit of the game by name (any case), or an error suggesting the nearest. */
function unitKey(log: GameLog, given: string): string {
  const keys = Object.keys(log.header.units)
  const key = keys.find((k) => k.toLowerCase() === given.toLowerCase())
  if (key) return key
  const near = nearest(given, keys)
  throw new InputError(
    'unknown-unit',
    `game: ${printable(given.slice(0, 40))} is not a unit of this game; ${near ? `did you mean ${near}?` : `the units are ${keys.join(', ')}`}`,
  )
}

const modeName = (m: GameMode) => m.replace(/-/g, ' ')

export function gameNew(
  file: GameFile,
  opts: { roster?: string[]; mode: GameMode; points?: number },
  place: { cwd: string; env: Record<string, string | undefined> },
  json: boolean,
): Answer {
  const roster = requireRoster(opts.roster, 'game new', place)
  const header = newGameHeader(roster, opts.mode, opts.points, now())
  createGame(file.path, file.name, header)
  if (json) return { json: { file: file.name, ...header } }
  const sides = Object.entries(header.sides).map(([side, s]) => {
    const n = Object.values(header.units).filter((u) => u.side === side).length
    return `${side}: ${n} unit${n === 1 ? '' : 's'}, ${s.momentum} Momentum`
  })
  const size = header.points === undefined ? '' : `, ${header.points} points`
  return {
    text: `${printable(file.name)}: a new ${modeName(header.mode)}${size}, round 1\n${sides.join('\n')}`,
  }
}

/** The state as `game status --json` gives it. */
function statusJson(log: GameLog, state: GameState) {
  const scores = sideScores(log.header, state)
  return {
    mode: state.mode,
    points: state.points ?? null,
    round: state.round,
    events: log.events.length,
    sides: Object.fromEntries(
      Object.entries(state.sides).map(([side, s]) => [side, { momentum: s.momentum, vp: scores[side].vp }]),
    ),
    units: Object.fromEntries(
      Object.entries(state.units).map(([k, u]) => [
        k,
        {
          side: u.side,
          hp: u.hp,
          maxHp: u.maxHp,
          momentum: state.sides[u.side].momentum,
          destroyed: u.destroyed,
          ...(u.destroyedRound !== undefined ? { destroyedRound: u.destroyedRound } : {}),
          stun: u.stun,
          spent: u.spent,
          spentThisRound: u.spentThisRound,
        },
      ]),
    ),
  }
}

export function gameStatus(file: GameFile, json: boolean, width: number): Answer {
  const log = readGame(file.path, file.name)
  const state = replay(log)
  if (json) return { json: statusJson(log, state) }
  const scores = sideScores(log.header, state)
  const size = state.points === undefined ? '' : `, ${state.points} points`
  const head = `${modeName(state.mode)}${size}, ${battleRoundText(battleRound(state.mode, state.round))} (${printable(file.name)}, ${log.events.length} event${log.events.length === 1 ? '' : 's'})`
  const sides = [
    ['side', 'Momentum', 'VP if the battle ended now'],
    ...Object.entries(state.sides).map(([side, s]) => [side, String(s.momentum), String(scores[side].vp)]),
  ]
  const units = [
    ['unit', 'side', 'HP', 'state'],
    ...Object.entries(state.units).map(([k, u]) => {
      const notes: string[] = []
      if (u.destroyed) notes.push(`destroyed${u.destroyedRound ? ` in round ${u.destroyedRound}` : ''}`)
      if (u.stun) notes.push(`stun -${u.stun}`)
      if (u.spent.length) notes.push(`used: ${counted(u.spent)}`)
      if (u.spentThisRound.length) notes.push(`used this round: ${counted(u.spentThisRound)}`)
      return [k, u.side, u.hp === null ? '-' : `${u.hp}/${u.maxHp}`, notes.join('; ')]
    }),
  ]
  return { text: `${head}\n\n${columns(sides, width)}\n\n${columns(units, width)}` }
}

/** Names listed once each, a repeated one with its count: `superior-instincts x2, momentum`. */
function counted(names: readonly string[]): string {
  const n = new Map<string, number>()
  for (const x of names) n.set(x, (n.get(x) ?? 0) + 1)
  return [...n].map(([x, k]) => (k > 1 ? `${x} x${k}` : x)).join(', ')
}

export function gameLog(file: GameFile, json: boolean): Answer {
  const log = readGame(file.path, file.name)
  const rows = eventRows(log.events)
  if (json)
    return {
      json: {
        events: rows.map((r) => ({
          n: r.n,
          round: r.round,
          ...(r.undoneBy ? { undoneBy: r.undoneBy } : {}),
          ...(r.cutShort ? { cutShort: true } : {}),
          ...r.event,
        })),
      },
    }
  if (rows.length === 0) return { text: `${printable(file.name)}: no events yet (round 1)` }
  return {
    text: rows
      .map(
        (r) =>
          `#${r.n}  round ${r.round}  ${printable(describeEvent(r.event))}${r.undoneBy ? `  (undone by #${r.undoneBy})` : ''}${r.cutShort ? "  (its plan's write was cut short: not in effect)" : ''}`,
      )
      .join('\n'),
  }
}

/** Append one event; the number it was given in the file. */
function append(file: GameFile, disk: GameOnDisk, event: GameEvent): number {
  return appendEvents(file.path, file.name, [event], disk).first
}

/** What an answer says was recorded, should it not reach its reader: `#7 in mecha-game.jsonl`. */
const recorded = (n: number, file: GameFile) => `#${n} in ${printable(file.name)}`

export function gameUndo(file: GameFile, to: number | undefined, json: boolean): Answer {
  const disk = loadGame(file.path, file.name)
  const log = disk.log
  const count = log.events.length
  let targets: number[]
  if (to !== undefined) {
    if (to > count)
      throw new InputError(
        'bad-value',
        `game undo: --to ${to}: the game has ${count} event${count === 1 ? '' : 's'}`,
      )
    // Every event after N, undos among them: the state is again the state right after event N.
    targets = Array.from({ length: count - to }, (_, i) => to + i + 1)
    if (targets.length === 0)
      throw new InputError('nothing', `game undo: --to ${to} is the last event; nothing to undo`)
  } else {
    const last = lastInEffect(log.events)
    if (last === undefined) throw new InputError('nothing', 'game undo: nothing to undo')
    targets = [last]
    // A plan's attacks were written together: undone together (its steps before the last one).
    const e = log.events[last - 1]
    if (e.t === 'resolution' && e.plan)
      for (let k = e.plan.step - 1, i = last - 1; k >= 1 && i >= 1; k--, i--) {
        const before = log.events[i - 1]
        if (before.t !== 'resolution' || before.plan?.step !== k) break
        targets.unshift(i)
      }
  }
  const n = append(file, disk, { t: 'undo', events: targets, at: now() })
  if (json) return { json: { n, t: 'undo', events: targets }, recorded: recorded(n, file) }
  const what =
    targets.length === 1
      ? `#${targets[0]} (${describeEvent(log.events[targets[0] - 1])})`
      : `#${targets[0]}-#${targets[targets.length - 1]}`
  return { text: `#${n} undo ${printable(what)}`, recorded: recorded(n, file) }
}

/** The round begun, as the players count it: `round 2`, or in a Confrontation `battle 2 of 3, round 1`. */
/**
 * What a next-round begins: a round, or past the last one nothing (`the battle is over: 5 rounds
 * played`, as game status says it), not a round 6 of a battle of 5.
 */
function begins(state: GameState): string {
  const b = battleRound(state.mode, state.round)
  if (b.over) return `the ${b.battles > 1 ? 'game' : 'battle'} is ${battleRoundText(b)}`
  return `${b.battles > 1 ? `battle ${b.battle} of ${b.battles}, ` : ''}round ${b.round} begins`
}

export function gameNextRound(file: GameFile, json: boolean): Answer {
  const disk = loadGame(file.path, file.name)
  const log = disk.log
  // The round it begins is the log's up to this event, others' events before it included.
  const { first: n, disk: after } = appendEvents(file.path, file.name, [{ t: 'next-round', at: now() }], disk)
  const state = replay(after.log)
  const reminders = roundReminders(log.header, state)
  if (json)
    return { json: { n, t: 'next-round', round: state.round, reminders }, recorded: recorded(n, file) }
  return {
    text: [`#${n} ${begins(state)}`, ...reminders.map((r) => `- ${r}`)].join('\n'),
    recorded: recorded(n, file),
  }
}

export function gameSet(
  file: GameFile,
  unit: string,
  opts: { hp?: number; destroyed?: boolean; momentum?: number; stun?: number },
  json: boolean,
): Answer {
  const disk = loadGame(file.path, file.name)
  const key = unitKey(disk.log, unit)
  const event: SetEvent = { t: 'set', unit: key }
  for (const k of ['hp', 'destroyed', 'momentum', 'stun'] as const)
    if (opts[k] !== undefined) Object.assign(event, { [k]: opts[k] })
  if (Object.keys(event).length === 2)
    throw new InputError(
      'missing',
      'game set: give what to set: --hp N, --destroyed, --momentum N or --stun N',
    )
  const n = append(file, disk, { ...event, at: now() })
  if (json) return { json: { n, ...event }, recorded: recorded(n, file) }
  return { text: `#${n} ${printable(describeEvent(event))}`, recorded: recorded(n, file) }
}

export function gameRepair(file: GameFile, json: boolean): Answer {
  const { torn, events, changed } = repairFile(file.path, file.name)
  if (json) return { json: { file: file.name, torn, events } }
  if (torn.length === 0 && changed)
    return {
      text: `${printable(file.name)}: the last line is whole but had no end of line; added (${events} events)`,
    }
  if (torn.length === 0)
    return { text: `${printable(file.name)}: nothing to repair (${events} events, every line whole)` }
  const lines = torn.map((l) => `line ${l}`).join(', ')
  return {
    text: `${printable(file.name)}: ${lines} ${torn.length === 1 ? 'was' : 'were'} cut short, kept as torn entries (their text is in the log; they change nothing); ${events} events in all`,
  }
}

/**
 * Each side's luck, roll by roll: every shot and charge in effect resolved again from its event,
 * its damage against the exact odds of that request (game-play.ts).
 */
export async function gameStats(file: GameFile, json: boolean, width: number): Promise<Answer> {
  const log = readGame(file.path, file.name)
  const { luckRolls } = await import('./game-play.js')
  const rolls = await luckRolls(log, file.name)
  const sides = sideLuck(rolls, Object.keys(log.header.sides))
  const r6 = (x: number) => Math.round(x * 1e6) / 1e6
  if (json)
    return {
      json: {
        rolls: rolls.map((r) => ({
          ...r,
          expected: r6(r.expected),
          percentile: r6(r.percentile),
          atLeast: r6(r.atLeast),
        })),
        sides: Object.fromEntries(
          Object.entries(sides).map(([side, l]) => [
            side,
            { ...l, expected: r6(l.expected), meanPercentile: r6(l.meanPercentile) },
          ]),
        ),
      },
    }
  if (rolls.length === 0)
    return {
      text: `${printable(file.name)}: no shots or charges yet (a shot or a charge by unit names is recorded in the game)`,
    }
  const head = wrapText(
    `Luck against the exact odds (${printable(file.name)}): each roll's damage, its percentile (luck: 0 the worst, 50 an average roll, 100 the best) and the chance of at least as much`,
    width,
  )
  const table = [
    ['event', 'side', 'by', 'at', 'damage', 'expected', 'luck', 'P(at least)'],
    ...rolls.map((r) => [
      `#${r.n} ${r.command}`,
      r.side,
      r.by,
      r.against,
      String(r.dealt),
      num(r.expected, 1),
      num(r.percentile * 100, 0),
      pct(r.atLeast),
    ]),
  ]
  const summary = [
    ['side', 'rolls', 'damage dealt', 'expected', 'mean luck'],
    ...Object.entries(sides).map(([side, l]) => [
      side,
      String(l.rolls),
      String(l.dealt),
      num(l.expected, 1),
      l.rolls ? num(l.meanPercentile * 100, 0) : '-',
    ]),
  ]
  return { text: `${head}\n\n${columns(table, width)}\n\n${columns(summary, width)}` }
}
