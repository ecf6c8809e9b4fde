import type { Dice } from '../core/dice.js'
import { InputError } from '../core/errors.js'
import type { RenderContext } from '../render/context.js'

export type { RenderContext } from '../render/context.js'

/**
 * A resolving command, described once. The CLI builds its commander command from this, batch
 * mode parses JSON keys with the same option table, and both resolve through `runSpec`.
 */
export interface CommandSpec<I = any, R = any> {
  /** 'shoot', or 'wargroup shoot' for a command in a group. */
  name: string
  summary: string
  /** The order `--rolls` are consumed in, for --help. Omit for commands without dice. */
  diceOrder?: string
  examples?: string[]
  /** Positional arguments (for example the expression of `mecha roll`), stored under their name. */
  args?: Array<{ name: string; description: string; required: boolean }>
  options: OptionSpec[]
  /** Turn parsed option values (camelCase keys) into the validated input. Throws InputError. */
  build(values: Values): I
  /**
   * Settle every player choice left open ('auto' or missing): in a terminal ask through
   * `ctx`, otherwise pick the best option for that player. Returns a concrete input.
   */
  choose?(input: I, ctx: ChoiceContext): Promise<I> | I
  /** Answer a decision a resolution asked for mid-way (NeedDecision), in a terminal. */
  decide?(id: string, context: unknown, input: I, ctx: ChoiceContext): Promise<unknown>
  /** Whether this input needs dice at all (false: a pure calculation, no seed reported). */
  usesDice?(input: I): boolean
  resolve(dice: Dice, input: I): R
  /** Fields of the JSON object (seed, rolls and command are added by the runner). */
  json(result: R, input: I): Record<string, unknown>
  /**
   * Optional, for speed: the same fields as JSON text, exactly JSON.stringify(json(r, i)) without
   * its braces. Batch writes one answer per line, and a hand-laid string is ~3x faster than
   * JSON.stringify on Node 20. A property test holds every command that has it to json().
   */
  jsonFields?(result: R, input: I): string
  render(result: R, input: I, out: RenderContext): string
  /**
   * Flags that make a replay of this roll take the same choices as were answered at prompts
   * (a seed alone would replay with the automatic ones), for the line that reports the seed.
   */
  replayFlags?(input: I, result: R): string[]
  /** Step-by-step arithmetic for --explain (appended after the summary). */
  explain?(result: R, input: I, out: RenderContext): string
  /** Exact odds for --odds. Commands without dice omit it. */
  odds?(input: I): OddsReport
}

export interface OddsReport {
  /** The `odds` JSON object (maps of outcome → probability, plus `expected`). */
  json: Record<string, unknown>
  /** Extra top-level JSON fields (the choices used, target numbers…). */
  extra?: Record<string, unknown>
  render(out: RenderContext): string
}

export type Values = Record<string, unknown>

export interface ChoiceContext {
  /** True when a person can answer prompts (stdin and stderr are terminals, not batch). */
  interactive: boolean
  select<T>(message: string, options: Array<ChoiceOption<T>>, defaultValue: T): Promise<T>
}

export interface ChoiceOption<T> {
  value: T
  label: string
  /** Shown beside the option: its exact expected outcome. */
  hint?: string
}

// ---------------------------------------------------------------------------------------------
// Options

export type OptionType =
  | { kind: 'int'; min?: number; max?: number }
  | { kind: 'bool' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'string' }
  /** Parsed by the command itself from the text (PEN 5S, splits 6/3 …). */
  | { kind: 'text'; placeholder: string; parse: (text: string, flag: string) => unknown }

export interface OptionSpec {
  /** Flag without dashes: 'arm-sv'. The value key is its camelCase form: 'armSv'. */
  flag: string
  type: OptionType
  description: string
  /** Value when the flag is not given (undefined: not given, the command decides). */
  default?: unknown
  /** Short placeholder for help: N, S, A/D … */
  placeholder?: string
  /** The flag may be given several times (a JSON array in batch); the value is an array. */
  repeatable?: boolean
}

const camelKeys = new Map<string, string>()

/** 'arm-sv' -> 'armSv' (remembered: batch asks for every option of every line). */
export function camelKey(flag: string): string {
  let key = camelKeys.get(flag)
  if (key === undefined) camelKeys.set(flag, (key = flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())))
  return key
}

export function intOpt(flag: string, description: string, opts: { min?: number; max?: number; default?: number } = {}): OptionSpec {
  return { flag, description, type: { kind: 'int', min: opts.min, max: opts.max }, default: opts.default, placeholder: 'N' }
}

export function boolOpt(flag: string, description: string): OptionSpec {
  return { flag, description, type: { kind: 'bool' }, default: false }
}

export function enumOpt(flag: string, values: readonly string[], description: string, def?: string): OptionSpec {
  return { flag, description, type: { kind: 'enum', values }, default: def, placeholder: values.join('|') }
}

export function textOpt(flag: string, placeholder: string, description: string, parse: (text: string, flag: string) => unknown, def?: unknown): OptionSpec {
  return { flag, description, type: { kind: 'text', placeholder, parse }, default: def, placeholder }
}

/**
 * Validate raw option values (strings from the command line, or JSON values from batch) against
 * the spec. Unknown keys are rejected by the callers; this only converts and checks.
 */
export function parseValues(spec: CommandSpec, raw: Record<string, unknown>, from: 'flag' | 'json'): Values {
  return parseValuesInto({}, spec, raw, from)
}

/**
 * parseValues writing into `out` (batch passes a copy of the defaults and a spec narrowed to the
 * options a line gives). Error texts are only built when there is an error: batch validates
 * every option of every line.
 */
export function parseValuesInto(out: Values, spec: CommandSpec, raw: Record<string, unknown>, from: 'flag' | 'json'): Values {
  for (const a of spec.args ?? []) {
    const v = Object.prototype.hasOwnProperty.call(raw, a.name) ? raw[a.name] : undefined
    if (v === undefined || v === null) continue
    if (typeof v !== 'string') throw new InputError('bad-value', `${from === 'flag' ? a.name : `"${a.name}"`}: expected text, got ${show(v)}`)
    out[a.name] = v
  }
  const options = spec.options
  for (let i = 0; i < options.length; i++) {
    const opt = options[i]
    const key = opt.flag.indexOf('-') < 0 ? opt.flag : camelKey(opt.flag) // batch's flags are keys already
    const v = Object.prototype.hasOwnProperty.call(raw, key) ? raw[key] : undefined
    if (v === undefined || v === null) {
      out[key] = opt.default
      continue
    }
    if (opt.repeatable) {
      const list = Array.isArray(v) ? v : [v]
      out[key] = list.map((item) => parseValue(opt, item, from))
    } else {
      if (Array.isArray(v) && from === 'flag') {
        throw new InputError('repeated-flag', `${optionName(opt, from)} was given ${v.length} times; give it once`)
      }
      out[key] = parseValue(opt, v, from)
    }
  }
  return out
}

/** How a message names an option: --arm-sv on the command line, "armSv" in a batch line. */
function optionName(opt: OptionSpec, from: 'flag' | 'json'): string {
  return from === 'flag' ? `--${opt.flag}` : `"${camelKey(opt.flag)}"`
}

function parseValue(opt: OptionSpec, v: unknown, from: 'flag' | 'json'): unknown {
  const t = opt.type
  switch (t.kind) {
    case 'bool':
      if (typeof v === 'boolean') return v
      if (v === 'true') return true
      if (v === 'false') return false
      throw new InputError('bad-value', `${optionName(opt, from)}: expected true or false, got ${show(v)}`)
    case 'int': {
      let n: number
      if (typeof v === 'number') n = v
      else if (typeof v === 'string' && /^[+-]?\d+$/.test(v.trim())) n = Number(v.trim())
      else n = NaN
      if (!Number.isSafeInteger(n)) {
        throw new InputError('bad-value', `${optionName(opt, from)}: ${show(v)} is not a whole number; give ${rangeText(t.min, t.max)}`)
      }
      if ((t.min !== undefined && n < t.min) || (t.max !== undefined && n > t.max)) {
        throw new InputError('out-of-range', `${optionName(opt, from)}: ${n} is out of range; give ${rangeText(t.min, t.max)}`)
      }
      return n
    }
    case 'enum': {
      if (typeof v === 'string') {
        // Exact spellings first (the usual case), then any case and surrounding spaces.
        if (t.values.includes(v)) return v
        const s = v.trim().toLowerCase()
        if (t.values.includes(s)) return s
      }
      throw new InputError('bad-choice', `${optionName(opt, from)}: ${show(v)} is not one of ${t.values.join(', ')}`)
    }
    case 'string':
      if (typeof v !== 'string' && typeof v !== 'number') throw new InputError('bad-value', `${optionName(opt, from)}: expected text, got ${show(v)}`)
      return String(v)
    case 'text':
      if (typeof v !== 'string' && typeof v !== 'number') {
        throw new InputError('bad-value', `${optionName(opt, from)}: expected ${t.placeholder}, got ${show(v)}`)
      }
      return t.parse(String(v).trim(), optionName(opt, from))
  }
}

function rangeText(min?: number, max?: number): string {
  if (min !== undefined && max !== undefined) return `${min}-${max}`
  if (min !== undefined) return `${min} or more`
  if (max !== undefined) return `at most ${max}`
  return 'a whole number'
}

export function show(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v)
  try {
    return JSON.stringify(v) ?? String(v)
  } catch {
    return String(v)
  }
}

/** Common check for options a command needs. */
export function requireValue<T>(values: Values, key: string, flag: string, hint: string): T {
  const v = values[key]
  if (v === undefined) throw new InputError('missing', `${flag} is required: ${hint}`)
  return v as T
}
