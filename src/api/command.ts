import { InputError } from '../core/errors.js'
import { parseRolls } from '../core/physical.js'
import { plainStyle } from '../render/style.js'
import { namedRequest } from '../engine/named-units.js'
import { type Request, answerRequest, plainRequest } from '../engine/request.js'
import { type Globals, type RunEnv, type RunOutput, quietChoices } from '../engine/run.js'
import { type CommandSpec, camelKey } from '../engine/spec.js'
import { unitWordsOf } from '../engine/unit-words.js'
import { MechaError } from './errors.js'
import type { Answer, Calculation, Compared, Rolled } from './types.js'
import { rosterOf } from './roster.js'
import { type GameLog, parseGame } from '../game/log.js'
import { battleRound } from '../game/describe.js'
import { gameRoster } from '../game/roster.js'
import { replay } from '../game/state.js'

/** A game as a request gives it: game.parse's log, or the log's text. */
function gameOf(v: unknown): GameLog {
  if (typeof v === 'string') return parseGame(v, 'game')
  if (v !== null && typeof v === 'object' && 'header' in v && 'events' in v) return v as GameLog
  throw new InputError('bad-game', '"game": give game.parse(text)\'s log, or the log\'s text')
}

const env: RunEnv = { choice: quietChoices, render: { style: plainStyle, explain: false, width: 80 } }

/** The request's own keys besides the command's options and arguments. */
const ROSTER_KEY = 'roster'
/** A game log (game.parse's, or its text) whose units, HP left and round a request by names reads. */
const GAME_KEY = 'game'
/** The commands a game lends its units to (docs/game.md). */
const GAME_COMMANDS = ['shoot', 'melee', 'plan', 'matrix']

class Front {
  private readonly keys: Set<string>
  private readonly unitKeys: string[]
  /** `--arm-sv` → `"armSv"`: the runner's messages name flags, a request names keys. */
  private readonly flagToKey: Map<string, string>

  constructor(readonly spec: CommandSpec) {
    this.unitKeys = (unitWordsOf(spec.name) ?? []).map((w) => w.key)
    this.keys = new Set([
      ...spec.options.map((o) => camelKey(o.flag)),
      ...(spec.args ?? []).map((a) => a.name),
      ...this.unitKeys,
      ...(this.unitKeys.length ? [ROSTER_KEY] : []),
      ...(GAME_COMMANDS.includes(spec.name) ? [GAME_KEY] : []),
    ])
    this.flagToKey = new Map(spec.options.map((o) => [`--${o.flag}`, `"${camelKey(o.flag)}"`] as const))
    for (const k of ['seed', 'rolls']) this.flagToKey.set(`--${k}`, `"${k}"`)
  }

  /** Answer a request: its values checked and built, every open choice made automatically. */
  answer(request: unknown, g: Globals): Answer {
    try {
      const out = answerRequest(this.spec, this.request(request, g), g, env, false)
      if (out instanceof Promise)
        throw new Error(`${this.spec.name}: the answer waited for a person (a bug: the library never asks)`)
      return (out as RunOutput).json as Answer
    } catch (e) {
      if (e instanceof InputError) throw new MechaError(e.code, this.keyNames(e.message), { cause: e })
      throw e
    }
  }

  private request(request: unknown, g: Globals): Request {
    const name = this.spec.name
    if (request === null || typeof request !== 'object' || Array.isArray(request))
      throw new InputError(
        'not-an-object',
        `${name}: the request is an object of option values, e.g. { acc: 9 }`,
      )
    const given: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(request)) {
      if (key === 'seed' || key === 'rolls' || key === 'odds')
        throw new InputError(
          'unknown-key',
          key === 'odds'
            ? `"odds" is not part of a request: call ${name}'s odds(request) for the exact odds`
            : `"${key}" is not part of a request: give the dice as resolve's second argument, e.g. resolve(request, { ${key}: … })`,
        )
      if (!this.keys.has(key))
        throw new InputError(
          'unknown-key',
          `${JSON.stringify(key)} is not an option of ${name} (see mecha ${name} --help)`,
        )
      if (key === ROSTER_KEY || key === GAME_KEY || this.unitKeys.includes(key)) continue
      if (value !== null && typeof value === 'object' && !Array.isArray(value))
        throw new InputError(
          'bad-value',
          `"${key}": got an object; give one value (see mecha ${name} --help)`,
        )
      given[key] = value
    }
    const req = request as Record<string, unknown>
    const refs = this.unitKeys.flatMap((k) => (Array.isArray(req[k]) ? (req[k] as unknown[]) : [req[k]]))
    const optional = unitWordsOf(name)?.[0].optional === true
    if (refs.every((r) => r === undefined) && !optional) return plainRequest(this.spec, given, 'json')
    if (refs.some((r) => r !== undefined && typeof r !== 'string'))
      throw new InputError(
        'bad-value',
        `${this.unitKeys.map((k) => `"${k}"`).join(' and ')}: unit names, e.g. "argonaut:machine-gun"`,
      )
    if (req[GAME_KEY] !== undefined) return this.inGame(req, refs, given, g)
    if (req[ROSTER_KEY] === undefined)
      throw new InputError(
        'no-roster',
        `${name}: units by name need "roster": the roster's YAML text, or its data as an object`,
      )
    return namedRequest(
      this.spec,
      rosterOf(req[ROSTER_KEY]),
      refs as Array<string | undefined>,
      given,
      'json',
    )
  }

  /**
   * A request by names read in a game (docs/api.md): the game's units with their HP left and its
   * round, a destroyed unit refused. The library writes no file, so it records nothing: a roll
   * with a game is refused (the command line and `mecha batch --game FILE` record it, one whole
   * write per roll); `odds` and `compare`, which record nothing anywhere, read it.
   */
  private inGame(
    req: Record<string, unknown>,
    refs: unknown[],
    given: Record<string, unknown>,
    g: Globals,
  ): Request {
    const name = this.spec.name
    if (req[ROSTER_KEY] !== undefined)
      throw new InputError(
        'bad-combination',
        `${name}: "game" and "roster": in a game the units are the game's; give one of them`,
      )
    const rolls = !g.odds && !(name === 'plan' && given.need !== undefined) && name !== 'matrix'
    if (rolls)
      throw new InputError(
        'bad-usage',
        `${name}: a roll in a game is recorded, and the library writes no file: roll it with mecha ${name} (or mecha batch --game FILE), which appends it to the game; here, ask odds(request), or resolve with "roster": game.roster(log) to roll without recording`,
      )
    const log = gameOf(req[GAME_KEY])
    const state = replay(log)
    const roster = gameRoster(log.header, 'game', state, name === 'matrix')
    for (const ref of [...refs, ...[given.vs ?? []].flat()]) {
      if (typeof ref !== 'string') continue
      for (const word of ref.split(',')) {
        const unit = state.units[word.split(':')[0].trim().toLowerCase()]
        if (unit?.destroyed)
          throw new InputError('destroyed', `${name}: ${word.split(':')[0].trim()} is destroyed in the game`)
      }
    }
    return namedRequest(
      this.spec,
      roster,
      refs as Array<string | undefined>,
      // The round of its battle (a Confrontation's round 4 is battle 2's first), as the CLI reads it.
      given.round === undefined ? { ...given, round: battleRound(state.mode, state.round).round } : given,
      'json',
    )
  }

  private keyNames(message: string): string {
    return message.replace(/--[a-z][a-z0-9-]*/g, (flag) => this.flagToKey.get(flag) ?? flag)
  }
}

function globalsOf(dice: unknown): Globals {
  const g: Globals = { json: true, odds: false, explain: false }
  if (dice === undefined) return g
  if (typeof dice === 'function') g.random = dice as () => number
  else if (dice !== null && typeof dice === 'object' && 'seed' in dice) {
    const seed = (dice as { seed: unknown }).seed
    if ((typeof seed !== 'string' || seed.trim() === '') && typeof seed !== 'number')
      throw new MechaError('bad-seed', '"seed": give some text to seed the dice, e.g. { seed: "table1" }')
    g.seed = String(seed)
  } else if (dice !== null && typeof dice === 'object' && 'rolls' in dice) {
    const rolls = (dice as { rolls: unknown }).rolls
    if (typeof rolls === 'string') g.rolls = parseRollsOrThrow(rolls)
    else if (Array.isArray(rolls) && rolls.every((x) => Number.isInteger(x))) g.rolls = rolls as number[]
    else
      throw new MechaError(
        'bad-roll',
        '"rolls": give the dice as whole numbers, e.g. { rolls: [1, 1, 4, 5] }',
      )
  } else
    throw new MechaError(
      'bad-dice',
      'dice: give { seed: "text" }, { rolls: [1, 4, 10] } or a random function such as Math.random',
    )
  return g
}

function parseRollsOrThrow(text: string): number[] {
  try {
    return parseRolls(text, '"rolls"')
  } catch (e) {
    if (e instanceof InputError) throw new MechaError(e.code, e.message, { cause: e })
    throw e
  }
}

/** A command that rolls no dice. */
export function calculation<Req>(spec: CommandSpec): Calculation<Req> {
  const front = new Front(spec)
  return {
    name: spec.name,
    resolve: (request) => front.answer(request, globalsOf(undefined)),
  }
}

/** A command that rolls dice. */
export function rolled<Req>(spec: CommandSpec): Rolled<Req> {
  const front = new Front(spec)
  return {
    name: spec.name,
    resolve: (request, dice) => front.answer(request, globalsOf(dice)),
    odds: (request) => front.answer(request, { json: true, odds: true, explain: false }),
  }
}

/** A command that rolls dice, with a player's choice to compare. */
export function compared<Req>(spec: CommandSpec): Compared<Req> {
  const front = new Front(spec)
  return Object.assign(rolled<Req>(spec), {
    compare: (request: Req) =>
      front.answer(request, { json: true, odds: true, compare: true, explain: false }),
  })
}
