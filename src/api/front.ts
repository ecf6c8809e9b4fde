/**
 * One library command over a command's spec: the request a batch line would carry (checked with
 * the command's option table and the CLI's messages, keys named as in the request), the dice it
 * is rolled with, every open choice made automatically (nobody is asked), the answer exactly the
 * object `--json` prints. Bad input throws MechaError. Units by name come in through a `ByName`
 * (units.ts) given only to the commands that take them, so a page that imports `roll` carries
 * no roster code.
 */
import { InputError } from '../core/errors.js'
import { parseRolls } from '../core/physical.js'
import { checkSeed } from '../core/seeded.js'
import { type Request, answerRequest, plainRequest } from '../runtime/request.js'
import { type Globals, type RunOutput, quietEnv } from '../runtime/run.js'
import { type CommandSpec, type OptionSpec, camelKey, flagsAsKeys } from '../runtime/spec.js'
import type { UnitWord } from '../runtime/unit-words.js'
import { MechaError } from './errors.js'
import type { Calculation, Compared, CommandInfo, OptionInfo, Rolled, UnitWordInfo } from './types.js'

/** A request's words beside the command's options: the units named, the roster, a game. */
export interface ByName {
  /** The command's unit words (unit-words.ts). */
  words: readonly UnitWord[]
  /** The request keys it reads besides the unit words (`roster`, `game`). */
  keys: readonly string[]
  /**
   * The request for the units named in `refs`: or undefined when none is named and the command
   * needs them to read a roster at all (a plain request by numbers).
   */
  request(
    spec: CommandSpec,
    req: Record<string, unknown>,
    refs: unknown[],
    given: Record<string, unknown>,
    g: Globals,
  ): Request | undefined
}

/** What the answering took, for the text layer (text.ts): the spec and the runner's output. */
export interface Answering {
  spec: CommandSpec
  out: RunOutput
}

/** Each library command's own way to its answers, for text.ts (not part of the public face). */
export const FRONTS = new WeakMap<object, Front>()

export class Front {
  private readonly keys: Set<string>
  private readonly unitKeys: string[]
  /** `--arm-sv` → `"armSv"`: the runner's messages name flags, a request names keys. */
  private readonly flagToKey: Map<string, string>

  constructor(
    readonly spec: CommandSpec,
    private readonly byName?: ByName,
  ) {
    this.unitKeys = (byName?.words ?? []).map((w) => w.key)
    this.keys = new Set([
      ...spec.options.map((o) => camelKey(o.flag)),
      ...(spec.args ?? []).map((a) => a.name),
      ...this.unitKeys,
      ...(byName?.keys ?? []),
    ])
    this.flagToKey = new Map(spec.options.map((o) => [`--${o.flag}`, `"${camelKey(o.flag)}"`] as const))
    for (const k of ['seed', 'rolls']) this.flagToKey.set(`--${k}`, `"${k}"`)
  }

  /** The answer to a request and what it took (for its text). */
  answering(request: unknown, g: Globals): Answering {
    try {
      const out = answerRequest(this.spec, this.request(request, g), g, quietEnv)
      if (out instanceof Promise)
        throw new Error(`${this.spec.name}: the answer waited for a person (a bug: the library never asks)`)
      return { spec: this.spec, out }
    } catch (e) {
      throw mechaError(e, (m) => this.keyNames(m))
    }
  }

  /** Answer a request: its values checked and built, every open choice made automatically. */
  answer(request: unknown, g: Globals): any {
    return this.answering(request, g).out.json
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
      if (this.unitKeys.includes(key) || this.byName?.keys.includes(key)) continue
      if (value !== null && typeof value === 'object' && !Array.isArray(value))
        throw new InputError(
          'bad-value',
          `"${key}": got an object; give one value (see mecha ${name} --help)`,
        )
      if (Array.isArray(value) && value.length !== Object.keys(value).length)
        throw new InputError(
          'bad-value',
          `"${key}": a list with empty places; give each value, e.g. ["a", "b"]`,
        )
      given[key] = value
    }
    if (this.byName) {
      const req = request as Record<string, unknown>
      const refs = this.unitKeys.flatMap((k) => (Array.isArray(req[k]) ? (req[k] as unknown[]) : [req[k]]))
      const named = this.byName.request(this.spec, req, refs, given, g)
      if (named) return named
    }
    return plainRequest(this.spec, given, 'json')
  }

  private keyNames(message: string): string {
    return flagsAsKeys(message, this.flagToKey)
  }
}

/** An InputError as the library throws it (MechaError, keys named as a request names them). */
export function mechaError(e: unknown, rename: (message: string) => string = (m) => m): unknown {
  if (e instanceof InputError) return new MechaError(e.code, rename(e.message), { cause: e })
  return e
}

/** The globals of a roll with these dice (DiceSource). */
export function globalsOf(dice: unknown): Globals {
  const g: Globals = { json: true, odds: false, explain: false }
  if (dice === undefined) return g
  if (typeof dice === 'function') g.random = dice as () => number
  else if (dice !== null && typeof dice === 'object' && 'seed' in dice) {
    const seed = (dice as { seed: unknown }).seed
    const text = typeof seed === 'number' && Number.isFinite(seed) ? String(seed) : seed
    if (typeof text !== 'string' || text.trim() === '')
      throw new MechaError('bad-seed', '"seed": give some text to seed the dice, e.g. { seed: "table1" }')
    try {
      checkSeed(text, '"seed"')
    } catch (e) {
      throw mechaError(e)
    }
    g.seed = text
  } else if (dice !== null && typeof dice === 'object' && 'rolls' in dice) {
    const rolls = (dice as { rolls: unknown }).rolls
    if (typeof rolls === 'string') g.rolls = parseRollsOrThrow(rolls)
    else if (
      Array.isArray(rolls) &&
      rolls.length === Object.keys(rolls).length &&
      rolls.every((x) => Number.isInteger(x))
    )
      g.rolls = [...rolls] as number[]
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
    throw mechaError(e)
  }
}

/** An option as a form offers it. */
function optionInfo(o: OptionSpec): OptionInfo {
  const t = o.type
  const info: OptionInfo = {
    key: camelKey(o.flag),
    flag: `--${o.flag}`,
    kind: t.kind,
    description: o.description,
  }
  if (t.kind === 'int') {
    if (t.min !== undefined) info.min = t.min
    if (t.max !== undefined) info.max = t.max
  }
  if (t.kind === 'enum') info.values = t.values
  if (o.default !== undefined) info.default = o.default
  const placeholder = o.placeholder ?? (t.kind === 'text' ? t.placeholder : undefined)
  if (placeholder !== undefined) info.placeholder = placeholder
  if (o.completes?.length) info.suggestions = o.completes
  if (o.repeatable) info.repeatable = true
  if (o.open) info.choice = true
  if (o.required !== undefined) info.required = o.required
  return info
}

/** What a command takes, as data: its options (positional arguments first) and unit words. */
function infoOf(spec: CommandSpec, byName?: ByName): CommandInfo {
  const options: OptionInfo[] = [
    ...(spec.args ?? []).map((a): OptionInfo => ({
      key: a.name,
      flag: a.name,
      kind: 'string',
      description: a.description,
      positional: true,
      ...(a.required ? { required: a.description } : {}),
    })),
    ...spec.options.map(optionInfo),
  ]
  const info: CommandInfo = { name: spec.name, summary: spec.summary, options }
  if (byName)
    (info as { units?: UnitWordInfo[] }).units = byName.words.map((w) => {
      const u: UnitWordInfo = { key: w.key, usage: w.usage, description: w.description }
      if (w.weapons) u.weapons = w.weapons
      if (w.repeatable) u.repeatable = true
      if (w.optional) u.optional = true
      return u
    })
  return info
}

const ODDS: Globals = { json: true, odds: true, explain: false }
const COMPARE: Globals = { json: true, odds: true, compare: true, explain: false }

/** A command that rolls no dice. */
export function calculation<Req, A>(spec: CommandSpec, byName?: ByName): Calculation<Req, A> {
  const front = new Front(spec, byName)
  const command: Calculation<Req, A> = {
    ...infoOf(spec, byName),
    resolve: (request) => front.answer(request, globalsOf(undefined)),
  }
  FRONTS.set(command, front)
  return command
}

/** A command that rolls dice. */
export function rolled<Req, A, O>(spec: CommandSpec, byName?: ByName): Rolled<Req, A, O> {
  const front = new Front(spec, byName)
  const command: Rolled<Req, A, O> = {
    ...infoOf(spec, byName),
    resolve: (request, dice) => front.answer(request, globalsOf(dice)),
    odds: (request) => front.answer(request, ODDS),
  }
  FRONTS.set(command, front)
  return command
}

/** A command that rolls dice, with a player's choice to compare. */
export function compared<Req, A, O, C>(spec: CommandSpec, byName?: ByName): Compared<Req, A, O, C> {
  const front = new Front(spec, byName)
  const command: Compared<Req, A, O, C> = {
    ...infoOf(spec, byName),
    resolve: (request, dice) => front.answer(request, globalsOf(dice)),
    odds: (request) => front.answer(request, ODDS),
    compare: (request) => front.answer(request, COMPARE),
  }
  FRONTS.set(command, front)
  return command
}
