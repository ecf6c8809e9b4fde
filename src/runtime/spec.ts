import type { Dice } from '../core/dice.js'
import { InputError } from '../core/errors.js'

/**
 * A resolving command, described once: what the command line and a batch line take (its options
 * and positional arguments, src/commands) and the request it builds from them, then its model
 * (src/models): everything the answer is made of. The CLI builds its commander command from this,
 * batch mode parses JSON keys with the same option table, and both resolve through `runSpec`.
 *
 * I: the input a resolution takes, every choice made; R: its result; Q: what build() makes of
 * the options, where a player's choice may still be open (the model's choose() settles it).
 */
export interface CommandSpec<
  I = any,
  R = any,
  Q = I,
  M extends CommandModel<I, R, Q> = CommandModel<I, R, Q>,
> {
  /** 'shoot', or 'wargroup shoot' for a command in a group. */
  name: string
  summary: string
  /** The order `--rolls` are consumed in, for --help. Omit for commands without dice. */
  diceOrder?: string
  examples?: string[]
  /** Positional arguments (for example the expression of `mecha roll`), stored under their name. */
  args?: readonly ArgSpec[]
  options: OptionSpec[]
  /** Turn parsed option values (camelCase keys) into the validated request. Throws InputError. */
  build(values: Values): Q
  /** The answer to the request: the result, its report, the odds, the choices. */
  model: M
}

/**
 * One command's model, the library's own (no options, no flags, no terminal, no text): the request
 * settled into an input (I, from the request Q), the result R of one roll, the answer's own fields
 * J, the odds (O under `odds`, X beside it, D what their text reads) and the comparison (CX beside
 * it, K the choices an option makes). Each command's answer types are read off its model
 * (answer.ts: RolledAnswerOf, OddsAnswerOf, CompareAnswerOf). The choices it
 * makes go through an abstract ChoiceContext: a person is asked by the CLI's context, and nobody
 * by batch's and the library's. Its text is another module's (src/render: CommandText), so an
 * answer never loads the code that draws tables and colours.
 */
export interface CommandModel<
  I = any,
  R = any,
  Q = I,
  J = any,
  O = any,
  X = any,
  D = any,
  CX = any,
  K = any,
> {
  /**
   * Settle every player choice left open ('auto' or missing): through `ctx` when it can ask,
   * otherwise pick the best option for that player. Returns a concrete input.
   */
  choose?(input: Q, ctx: ChoiceContext): Promise<I> | I
  /** Answer a decision a resolution asked for mid-way (NeedDecision), through `ctx`. */
  decide?(id: string, context: unknown, input: I, ctx: ChoiceContext): Promise<unknown>
  /**
   * Warnings about the input, one line each (the CLI writes them on stderr, the answer is still
   * given): `mecha roll '3d6>=10'` counts dice, not the total, and never succeeds.
   */
  warnings?(input: I): string[]
  /** Whether this input needs dice at all (false: a pure calculation, no seed reported). */
  usesDice?(input: I): boolean
  /** Why an input that needs no dice rolls none, to refuse --rolls (plan's `--need`). */
  noDiceReason?(input: I): string
  resolve(dice: Dice, input: I): R
  /** The answer's own fields (the runner adds command, seed, rolls and inputs around them). */
  json(result: R, input: I): J
  /**
   * Flags that make a replay of this roll take the same choices as were answered at prompts
   * (a seed alone would replay with the automatic ones), for the line that reports the seed.
   */
  replayFlags?(input: I, result: R): string[]
  /** Exact odds for --odds. Commands without dice omit it. */
  odds?(input: I): OddsReport<O, X, D>
  /** --odds --compare: every option of the choices left open, with its odds (never asks). */
  compare?(query: Q): CompareReport<CX, K, O>
}

/** A command's model: its types read off the model itself (resolve, json, odds, compare). */
export function defineModel<I, R, Q = I, J = any, O = any, X = any, D = any, CX = any, K = any>(
  model: CommandModel<I, R, Q, J, O, X, D, CX, K>,
): CommandModel<I, R, Q, J, O, X, D, CX, K> {
  return model
}

/**
 * A command's model whose input, result and request are named (they cannot be read off its
 * resolve), its answers still read off the model: `modelOf<SaveInput, SaveResult>()({ … })`.
 */
export function modelOf<I, R, Q = I>() {
  return <J, O = any, X = any, D = any, CX = any, K = any>(
    model: CommandModel<I, R, Q, J, O, X, D, CX, K>,
  ): CommandModel<I, R, Q, J, O, X, D, CX, K> => model
}

/**
 * The exact odds of one input: the answer's `odds` and the fields beside it, and what its text
 * reads (`detail`: the distributions and the input, never printed as JSON).
 */
export interface OddsReport<O = any, X = any, D = any> {
  /** The `odds` JSON object (maps of outcome → probability, plus `expected`). */
  json: O
  /** Extra top-level JSON fields (the choices used, target numbers…). */
  extra?: X
  /** What the command's text of these odds reads (its CommandText.odds). */
  detail: D
  /**
   * How many lines at the top of the text say what was resolved (the chart's title, then the
   * choices made): 1 when not given.
   */
  headLines?: number
  /**
   * Distributions (by their name under `odds`, "damage", "defender.damage") whose outcomes from
   * `at` up destroy a unit: the chart marks where they start.
   */
  cutoffs?: Record<string, { at: number; label: string }>
  /** The distributions a chart draws, by name (every one when not given). */
  charted?: string[]
}

/**
 * --compare: the options of each open choice, each with its exact odds (the command's own
 * `odds`) and the value the automatic choice ranks it by.
 */
export interface CompareReport<CX = any, K = any, O = any> {
  /** Top-level JSON fields beside `compare` (the inputs every option shares). */
  extra?: CX
  /** The choices compared, in the order they are made (the attacker's first). */
  choices: Array<ComparedChoice<K, O>>
}

export interface ComparedChoice<K = any, O = any> {
  /** Whose choice, and against what: "Attacker's bonus, each against the defender's best reaction". */
  question: string
  /** What the ranking reads: "expected damage". */
  quantity: string
  /** How it ranks: "more is better for the attacker; ties: failed saves, then unblocked hits". */
  ranking: string
  /** Best first, as the automatic choice ranks them. */
  options: Array<ComparedOption<K, O>>
}

export interface ComparedOption<K = any, O = any> {
  /** Short, for CSV and JSON: "barrage/guard", "6/3". */
  name: string
  /** As a prompt names it: "Barrage (+1 shot) vs Guard (+1 Block)". */
  label: string
  /** The ranked quantity, and as the prompt writes it. */
  value: number
  valueText: string
  /** The automatic choice (the first option). */
  best: boolean
  /** The choices this option makes, as the JSON names them ({bonus, defense}). */
  choices: K
  odds: OddsReport<O>
}

export type Values = Record<string, unknown>

/**
 * The option values of each target after the first, when a command's last unit word names
 * several units (`mecha shoot ATTACKER DEF1 DEF2`, unit-words.ts): a list of Values under this
 * key of the first target's values, which build() reads.
 */
export const MORE_TARGETS = 'moreTargets'

/**
 * The values of each target after the first (MORE_TARGETS), when several are named: parsed by the
 * same option table as the first's, so of the same type.
 */
export function moreTargets<V extends object>(values: V): V[] | undefined {
  return (values as Values)[MORE_TARGETS] as V[] | undefined
}

export interface ChoiceContext {
  /** True when a person can answer prompts (stdin and stderr are terminals, not batch). */
  interactive: boolean
  select<T>(message: string, options: Array<ChoiceOption<T>>, defaultValue: T): Promise<T>
}

export interface ChoiceOption<T> {
  value: T
  label: string
  /** Shown beside the option: its exact expected outcome (short: the line fits 80 columns). */
  hint?: string
  /** Shown under the list for the option the cursor is on: how the hint is made. */
  detail?: string
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

export interface OptionSpec<K extends string = string, T = unknown> {
  /** Flag without dashes: 'arm-sv'. The value key is its camelCase form: 'armSv'. */
  flag: K
  type: OptionType
  description: string
  /** Value when the flag is not given (undefined: not given, the command decides). */
  default?: unknown
  /** Short placeholder for help: N, S, A/D … */
  placeholder?: string
  /** The flag may be given several times (a JSON array in batch); the value is an array. */
  repeatable?: boolean
  /** A repeatable flag that also takes several values at once: `--vs dervish blue-djinn`. */
  variadic?: boolean
  /**
   * The value may be left out (`--focus` alone): it is then this value. In batch `true` means the
   * same, and `false` the default (the option was a switch before it took a number).
   */
  bare?: unknown
  /** Set when the command cannot do without it: what to give, for the message when it is missing. */
  required?: string
  /** The inputs with which a required option may be left out (see required()). */
  requiredUnless?: (values: Values) => boolean
  /** A player's choice that may be left open: missing is 'ask', and 'auto' is accepted. */
  open?: boolean
  /** Flags that cannot be given with this one, each with the reason. */
  conflicts?: Record<string, string>
  /** Flags this one needs, each with the reason. */
  requires?: Record<string, string>
  /** Values shell completion offers for a free-text option (it accepts others: NAME=CHOICE…). */
  completes?: readonly string[]
  /** A variadic option whose values are roster units: completion offers their names, and with
   * `unit:` the weapons of this kind (`none`: the unit alone). */
  completesUnits?: 'shoot' | 'melee' | 'any' | 'none'
  /** Never set: carries the type of the value build() receives. */
  readonly valueType?: T
}

/** 'arm-sv' → 'armSv', as a type. */
export type CamelCase<S extends string> = S extends `${infer A}-${infer B}`
  ? `${A}${Capitalize<CamelCase<B>>}`
  : S

/** The values build() receives from an option table, keyed and typed by the table. */
export type ValuesOf<O extends readonly OptionSpec[]> = {
  [P in O[number] as CamelCase<P['flag']>]: P extends OptionSpec<string, infer T> ? T : never
}

/** A player's choice: made with a flag, or left open (asked in a terminal, or chosen automatically). */
export type Open<T extends string> = T | 'ask' | 'auto'

/** Whether a choice is still open: to ask ('ask', when someone can answer) or to choose automatically. */
export function isOpen(choice: unknown): choice is 'ask' | 'auto' {
  return choice === 'ask' || choice === 'auto'
}

/** How a choice was made, as the JSON's `chosenBy` reports it. */
export type ChosenBy = 'flag' | 'auto' | 'prompt'

/**
 * A message about flags said for a request of keys (batch, the library): each `--flag` that is a
 * key written as the key (`--arm-sv` -> `"armSv"`), except inside a command line the message
 * suggests (`mecha game set b1 --hp N`, up to its closing parenthesis, semicolon or comma), which
 * is typed at a shell as it is.
 */
export function flagsAsKeys(message: string, flagToKey: ReadonlyMap<string, string>): string {
  return message.replace(/\bmecha [^);,]*|--[a-z][a-z0-9-]*/g, (m) =>
    m.startsWith('mecha ') ? m : (flagToKey.get(m) ?? m),
  )
}

const camelKeys = new Map<string, string>()

/** 'arm-sv' -> 'armSv' (remembered: batch asks for every option of every line). */
export function camelKey<S extends string>(flag: S): CamelCase<S> {
  let key = camelKeys.get(flag)
  if (key === undefined)
    camelKeys.set(flag, (key = flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())))
  return key as CamelCase<S>
}

interface IntLimits {
  min?: number
  max?: number
  /** The value of the flag given alone (`--focus` is `--focus 1`). */
  bare?: number
}

export function intOpt<K extends string>(
  flag: K,
  description: string,
  opts: IntLimits & { default: number },
): OptionSpec<K, number>
export function intOpt<K extends string>(
  flag: K,
  description: string,
  opts?: IntLimits,
): OptionSpec<K, number | undefined>
export function intOpt<K extends string>(
  flag: K,
  description: string,
  opts: IntLimits & { default?: number } = {},
): OptionSpec<K, number | undefined> {
  const opt: OptionSpec<K, number | undefined> = {
    flag,
    description,
    type: { kind: 'int', min: opts.min, max: opts.max },
    default: opts.default,
    placeholder: 'N',
  }
  if (opts.bare !== undefined) opt.bare = opts.bare
  return opt
}

/** A pilot level, 0-2 (0 when not given; undefined with `optional`, where giving it at all means something). */
export function levelOpt<K extends string>(flag: K, description: string): OptionSpec<K, 0 | 1 | 2>
export function levelOpt<K extends string>(
  flag: K,
  description: string,
  opts: { optional: true },
): OptionSpec<K, 0 | 1 | 2 | undefined>
export function levelOpt<K extends string>(
  flag: K,
  description: string,
  opts?: { optional: true },
): OptionSpec<K, 0 | 1 | 2 | undefined> {
  return {
    flag,
    description,
    type: { kind: 'int', min: 0, max: 2 },
    default: opts?.optional ? undefined : 0,
    placeholder: 'N',
  }
}

export function boolOpt<K extends string>(flag: K, description: string): OptionSpec<K, boolean> {
  return { flag, description, type: { kind: 'bool' }, default: false }
}

export function enumOpt<K extends string, const V extends readonly string[]>(
  flag: K,
  values: V,
  description: string,
  def: V[number],
): OptionSpec<K, V[number]>
export function enumOpt<K extends string, const V extends readonly string[]>(
  flag: K,
  values: V,
  description: string,
): OptionSpec<K, V[number] | undefined>
export function enumOpt<K extends string, const V extends readonly string[]>(
  flag: K,
  values: V,
  description: string,
  def?: V[number],
): OptionSpec<K, V[number] | undefined> {
  return { flag, description, type: { kind: 'enum', values }, default: def, placeholder: values.join('|') }
}

/**
 * A player's choice among `values`, which the player may leave open: missing is 'ask' (asked in
 * a terminal, else chosen automatically), `auto` is always chosen automatically.
 */
export function choiceOpt<K extends string, const V extends readonly string[]>(
  flag: K,
  values: V,
  description: string,
): OptionSpec<K, Open<V[number]>> {
  return {
    flag,
    description,
    type: { kind: 'enum', values: [...values, 'auto'] },
    default: 'ask',
    open: true,
    placeholder: 'choice',
  }
}

export function textOpt<K extends string, T>(
  flag: K,
  placeholder: string,
  description: string,
  parse: (text: string, flag: string) => T,
  def: T,
): OptionSpec<K, T>
export function textOpt<K extends string, T>(
  flag: K,
  placeholder: string,
  description: string,
  parse: (text: string, flag: string) => T,
): OptionSpec<K, T | undefined>
export function textOpt<K extends string, T>(
  flag: K,
  placeholder: string,
  description: string,
  parse: (text: string, flag: string) => T,
  def?: T,
): OptionSpec<K, T | undefined> {
  return { flag, description, type: { kind: 'text', placeholder, parse }, default: def, placeholder }
}

/**
 * The option, required: `hint` says what to give (e.g. "the weapon's DMG per hit, e.g. --dmg
 * 200"); `unless`, when given, names the inputs with which the command does without it (the
 * value build() receives may then be undefined, and its type says so).
 */
export function required<K extends string, T>(
  opt: OptionSpec<K, T>,
  hint: string,
): OptionSpec<K, Exclude<T, undefined>>
export function required<K extends string, T>(
  opt: OptionSpec<K, T>,
  hint: string,
  unless: (values: Values) => boolean,
): OptionSpec<K, T>
export function required<K extends string, T>(
  opt: OptionSpec<K, T>,
  hint: string,
  unless?: (values: Values) => boolean,
): OptionSpec<K, T> {
  return Object.assign({}, opt, unless ? { required: hint, requiredUnless: unless } : { required: hint })
}

/** The option, given any number of times (a JSON array in batch): its values in order, or undefined when never given. */
export function repeatable<K extends string, T>(
  opt: OptionSpec<K, T>,
): OptionSpec<K, Array<Exclude<T, undefined>> | undefined> {
  return Object.assign({}, opt, { repeatable: true, default: undefined }) as OptionSpec<
    K,
    Array<Exclude<T, undefined>> | undefined
  >
}

/** The option is a player's choice that may be left open (its default is 'ask', not shown in help). */
export function openChoice<K extends string, T>(opt: OptionSpec<K, T>): OptionSpec<K, T> {
  return Object.assign({}, opt, { open: true })
}

/** The option, with the values shell completion offers for it. */
export function completing<K extends string, T>(
  opt: OptionSpec<K, T>,
  values: readonly string[],
): OptionSpec<K, T> {
  return Object.assign({}, opt, { completes: values })
}

/** The option, with the flags it cannot be given with (flag → why). */
export function conflicts<K extends string, T>(
  opt: OptionSpec<K, T>,
  others: Record<string, string>,
): OptionSpec<K, T> {
  return Object.assign({}, opt, { conflicts: others })
}

/** The option, with the flags it needs (flag → why). */
export function requires<K extends string, T>(
  opt: OptionSpec<K, T>,
  others: Record<string, string>,
): OptionSpec<K, T> {
  return Object.assign({}, opt, { requires: others })
}

export interface ArgSpec<N extends string = string> {
  name: N
  description: string
  required: boolean
}

/** Positional arguments' values, by name: their text, or undefined when not given. */
export type ArgValuesOf<A extends readonly ArgSpec[]> = { [P in A[number] as P['name']]: string | undefined }

/**
 * A command whose build() receives the values its option table declares, typed, and makes the
 * request its model takes. Positional arguments arrive as text, by name.
 */
export function defineCommand<
  const O extends readonly OptionSpec[],
  I,
  R,
  Q,
  J,
  OO,
  X,
  D,
  CX,
  K,
  const A extends readonly ArgSpec[] = [],
>(
  spec: Omit<CommandSpec<I, R, Q>, 'options' | 'build' | 'args' | 'model'> & {
    options: O
    args?: A
    build(values: ValuesOf<O> & ArgValuesOf<A>): NoInfer<Q>
    model: CommandModel<I, R, Q, J, OO, X, D, CX, K>
  },
): CommandSpec<I, R, Q, CommandModel<I, R, Q, J, OO, X, D, CX, K>>
export function defineCommand(spec: CommandSpec): CommandSpec {
  return spec
}

/**
 * Validate raw option values (strings from the command line, or JSON values from batch) against
 * the spec. Unknown keys are rejected by the callers; this only converts and checks. Error texts
 * are only built when there is an error: batch validates every option of every line.
 */
export function parseValues(spec: CommandSpec, raw: Record<string, unknown>, from: 'flag' | 'json'): Values {
  const { keys, index, defaults } = tableOf(spec.options)
  // A copy of the defaults, then the values given: a line names a few of a command's options, so
  // its own keys are looked up in the table rather than every option in the line.
  const out: Values = { ...defaults }
  for (const a of spec.args ?? []) {
    const v = Object.prototype.hasOwnProperty.call(raw, a.name) ? raw[a.name] : undefined
    if (v === undefined || v === null) continue
    if (typeof v !== 'string')
      throw new InputError(
        'bad-value',
        `${from === 'flag' ? a.name : `"${a.name}"`}: expected text, got ${show(v)}`,
      )
    out[a.name] = v
  }
  const options = spec.options
  for (const key in raw) {
    if (!Object.prototype.hasOwnProperty.call(raw, key)) continue
    const i = index.get(key)
    const v = raw[key]
    if (i === undefined || v === undefined || v === null) continue
    const opt = options[i]
    if (opt.repeatable) {
      const list = Array.isArray(v) ? v : [v]
      out[keys[i]] = list.map((item) => parseValue(opt, item, from))
    } else {
      if (Array.isArray(v) && from === 'flag') {
        throw new InputError(
          'repeated-flag',
          `${optionName(opt, from)} was given ${v.length} times; give it once`,
        )
      }
      out[keys[i]] = parseValue(opt, v, from)
    }
  }
  return out
}

/**
 * What validating a line needs of an option table, worked out once per table (batch validates
 * every line against it): each option's value key, the required options, and those that name
 * conflicting or needed flags.
 */
interface OptionTable {
  keys: string[]
  /** Option index by value key. */
  index: Map<string, number>
  /**
   * Each option's default by value key, in one object V8 keeps with fast properties (JSON.parse
   * makes it so; writing ~20 computed keys one by one turns an object into a slow dictionary),
   * so that a line's values are a cheap copy of it and read fast (measured: 3-6 us a batch line
   * saved).
   */
  defaults: Values
  required: OptionSpec[]
  linked: OptionSpec[]
}

const tables = new WeakMap<readonly OptionSpec[], OptionTable>()

function tableOf(options: readonly OptionSpec[]): OptionTable {
  let t = tables.get(options)
  if (!t) {
    const keys = options.map((o) => camelKey(o.flag))
    const defaults = JSON.parse(JSON.stringify(Object.fromEntries(keys.map((k) => [k, null])))) as Values
    options.forEach((o, i) => (defaults[keys[i]] = o.default))
    t = {
      keys,
      index: new Map(keys.map((k, i) => [k, i])),
      defaults,
      required: options.filter((o) => o.required !== undefined),
      linked: options.filter((o) => o.conflicts || o.requires),
    }
    tables.set(options, t)
  }
  return t
}

/** How a message names an option: --arm-sv on the command line, "armSv" in a batch line. */
function optionName(opt: OptionSpec, from: 'flag' | 'json'): string {
  return from === 'flag' ? `--${opt.flag}` : `"${camelKey(opt.flag)}"`
}

function parseValue(opt: OptionSpec, v: unknown, from: 'flag' | 'json'): unknown {
  const t = opt.type
  if (opt.bare !== undefined && typeof v === 'boolean') return v ? opt.bare : opt.default
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
        throw new InputError(
          'bad-value',
          `${optionName(opt, from)}: ${show(v)} is not a whole number; give ${rangeText(t.min, t.max)}`,
        )
      }
      if ((t.min !== undefined && n < t.min) || (t.max !== undefined && n > t.max)) {
        throw new InputError(
          'out-of-range',
          `${optionName(opt, from)}: ${n} is out of range; give ${rangeText(t.min, t.max)}`,
        )
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
      throw new InputError(
        'bad-choice',
        `${optionName(opt, from)}: ${show(v)} is not one of ${t.values.join(', ')}`,
      )
    }
    case 'string':
      if (typeof v !== 'string' && typeof v !== 'number')
        throw new InputError('bad-value', `${optionName(opt, from)}: expected text, got ${show(v)}`)
      return String(v)
    case 'text':
      if (typeof v !== 'string' && typeof v !== 'number') {
        throw new InputError(
          'bad-value',
          `${optionName(opt, from)}: expected ${t.placeholder}, got ${show(v)}`,
        )
      }
      return t.parse(String(v).trim(), optionName(opt, from))
  }
}

function rangeText(min?: number, max?: number): string {
  if (min !== undefined && max !== undefined) return `${min} to ${max}`
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

/** Whether an option was given a value of its own (not left to its default). */
function given(opt: OptionSpec, values: Values): boolean {
  const v = values[camelKey(opt.flag)]
  return v !== undefined && v !== false && v !== opt.default
}

/**
 * The checks the option table declares, before build(): every required option that is missing,
 * named in one message (with an example of each when several are missing), then the flags
 * given together that conflict, and the flags given without one they need.
 */
export function checkOptions(spec: { options: readonly OptionSpec[] }, values: Values): void {
  const table = tableOf(spec.options)
  const missing = table.required.filter(
    (o) => values[camelKey(o.flag)] === undefined && !o.requiredUnless?.(values),
  )
  if (missing.length === 1)
    throw new InputError('missing', `--${missing[0].flag} is required: ${missing[0].required}`)
  if (missing.length > 1) {
    const names = missing.map((o) => `--${o.flag}`)
    const list = `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
    const examples = missing
      .map((o) => /e\.g\. (--\S+ \S+)/.exec(o.required!)?.[1])
      .filter((x) => x !== undefined)
    throw new InputError(
      'missing',
      `${list} are required${examples.length === missing.length ? `, e.g. ${examples.join(' ')}` : ''}`,
    )
  }
  for (const o of table.linked) {
    if (!given(o, values)) continue
    for (const [flag, why] of Object.entries(o.conflicts ?? {})) {
      const other = spec.options.find((x) => x.flag === flag)
      if (other && given(other, values))
        throw new InputError('bad-combination', `--${flag}: ${why}; drop --${flag} or --${o.flag}`)
    }
    for (const [flag, why] of Object.entries(o.requires ?? {})) {
      const other = spec.options.find((x) => x.flag === flag)
      if (other && !given(other, values))
        throw new InputError('bad-combination', `--${o.flag}: ${why}; add --${flag} or drop --${o.flag}`)
    }
  }
}

/**
 * Run a choose() written as a generator that yields each prompt's answer (a Promise) and returns
 * the input: synchronously when nothing is asked (batch and the library take no turn of the event
 * loop), else as a Promise that awaits each answer in turn.
 */
export function runSteps<T>(steps: Generator<unknown, T, any>): T | Promise<T> {
  let step = steps.next()
  while (!step.done) {
    if (step.value instanceof Promise) return stepsAsking(steps, step.value)
    step = steps.next(step.value)
  }
  return step.value
}

async function stepsAsking<T>(steps: Generator<unknown, T, any>, first: Promise<unknown>): Promise<T> {
  let step = steps.next(await first)
  while (!step.done) step = steps.next(await step.value)
  return step.value
}
