import type { Decidable } from '../core/decide.js'
import { InputError, NeedDecision, NeedDice } from '../core/errors.js'
import { PhysicalDice } from '../core/physical.js'
import { RandomDice } from '../core/random.js'
import { SeededDice, freshSeed } from '../core/seeded.js'
import { type SeenPool, seenPools } from './seen-pools.js'
import {
  type ChoiceContext,
  type CompareReport,
  type OddsReport,
  type CommandSpec,
  type Values,
  checkOptions,
} from './spec.js'

/** The global flags every resolving command takes. */
export interface Globals {
  seed?: string
  rolls?: number[]
  /** Dice from a random function in [0, 1) (the library's): reported as the faces rolled, as --rolls. */
  random?: () => number
  json: boolean
  odds: boolean
  explain: boolean
  /** With --odds: the distributions as CSV rows (the text layer's) instead of text. */
  csv?: boolean
  /** With --odds: the distributions as an SVG chart (the text layer's; cli/main writes it). */
  plot?: boolean
  /** With --odds: every option of the open choices side by side, none chosen. */
  compare?: boolean
  /** The command as typed, for a chart's subtitle. */
  commandLine?: string
  /**
   * Words the replay line repeats before its flags: the units named, when a weapon was chosen at
   * a prompt (replaying without it would ask again).
   */
  replayWords?: string[]
}

/** What the runner needs from its surroundings (a terminal, or nothing for batch and the library). */
export interface RunEnv {
  choice: ChoiceContext
  /** Ask for dice the typed list did not cover; only called when choice.interactive. */
  askDice?(need: NeedDice): Promise<number[]>
}

/** What every answer carries: the JSON, and the model's warnings about its input. */
interface Answered {
  /** The answer, as --json prints it (the command's typed answer, serialised). */
  json: Record<string, unknown>
  /** The model's warnings about the input (CommandModel.warnings): the CLI writes them on stderr. */
  warnings?: string[]
}

/** One roll: the answer, and what its text reads (src/render/run.ts). */
export interface RolledOutput extends Answered {
  kind: 'roll'
  input: unknown
  result: unknown
  usesDice: boolean
  /** The seed rolled with (none with typed dice or a random function). */
  seed?: string
  /** The dice typed, when they were. */
  rolls?: number[]
  /** A roll: the flags that make again the choices a person made at a prompt (a game log keeps them). */
  replay?: string[]
}

/** The exact odds of one input. */
export interface OddsOutput extends Answered {
  kind: 'odds'
  input: unknown
  report: OddsReport
  /** The pools the rule rolls, seen when asked for (the walk-through of a command without its own). */
  pools: () => SeenPool[]
}

/** Every option of the open choices, side by side. */
export interface CompareOutput extends Answered {
  kind: 'compare'
  report: CompareReport
}

export type RunOutput = RolledOutput | OddsOutput | CompareOutput

/** A non-interactive environment: every choice automatic, no prompts. */
export const quietChoices: ChoiceContext = {
  interactive: false,
  select: async () => {
    throw new Error('select() called without a terminal')
  },
}

/** Nobody to ask: batch, the library, the commands that answer others' questions. */
export const quietEnv: RunEnv = { choice: quietChoices }

/**
 * Answer one command: validate, settle choices, then either the exact odds, the options compared,
 * or one roll (seeded, physical or from a random function), asking for missing dice and mid-way
 * decisions when someone can answer. No text: src/render/run.ts draws it from this output.
 *
 * Synchronous unless a person is asked something (a choice, dice, a mid-way decision): then a
 * Promise. Batch resolves thousands of lines a second and awaits only when it must.
 */
export function runSpec(
  spec: CommandSpec,
  values: Values,
  g: Globals,
  env: RunEnv,
): RunOutput | Promise<RunOutput> {
  if (g.odds && g.rolls)
    throw new InputError('bad-usage', '--odds and --rolls do not go together: --odds rolls no dice')
  checkOptions(spec, values)
  const built = spec.build(values)
  if (g.compare) return compareOptions(spec, built)
  const chosen = spec.model.choose ? spec.model.choose(built, env.choice) : built
  return chosen instanceof Promise
    ? chosen.then((input) => warned(spec, input, settle(spec, input, g, env)))
    : warned(spec, chosen, settle(spec, chosen, g, env))
}

/** The answer with the model's warnings about its input, when it has any. */
function warned(
  spec: CommandSpec,
  input: unknown,
  out: RunOutput | Promise<RunOutput>,
): RunOutput | Promise<RunOutput> {
  const warnings = spec.model.warnings?.(input) ?? []
  if (!warnings.length) return out
  return out instanceof Promise ? out.then((o) => ({ ...o, warnings })) : { ...out, warnings }
}

function settle(spec: CommandSpec, input: unknown, g: Globals, env: RunEnv): RunOutput | Promise<RunOutput> {
  if (g.odds) {
    if (!spec.model.odds)
      throw new InputError('no-odds', `${spec.name}: --odds is not available here (nothing is rolled)`)
    const report = spec.model.odds(input)
    const json: Record<string, unknown> = { command: spec.name, ...report.extra }
    json.odds = report.json
    return { kind: 'odds', json, input, report, pools: () => seenPools(spec, input) }
  }
  const usesDice = spec.model.usesDice ? spec.model.usesDice(input) : true
  if (!usesDice && g.rolls) {
    const why = spec.model.noDiceReason?.(input) ?? 'this answer is worked out and rolls no dice'
    throw new InputError('bad-usage', `${spec.name}: ${why}; drop --rolls`)
  }
  const seed = g.rolls || g.random ? undefined : (g.seed ?? freshSeed())
  const rolls = g.rolls ? [...g.rolls] : undefined
  try {
    return rollOnce(spec, input, g, usesDice, seed, rolls)
  } catch (e) {
    // Dice ran out or the rule asks a question: someone must answer, asynchronously.
    if (
      (e instanceof NeedDice && rolls && env.choice.interactive && env.askDice) ||
      (e instanceof NeedDecision && spec.model.decide)
    ) {
      return rollAsking(spec, input, g, env, usesDice, seed, rolls)
    }
    throw noMoreDice(e, rolls, spec, input)
  }
}

/** One resolution with the dice and decisions known so far (throws NeedDice / NeedDecision). */
function rollOnce(
  spec: CommandSpec,
  input: unknown,
  g: Globals,
  usesDice: boolean,
  seed: string | undefined,
  rolls: number[] | undefined,
): RolledOutput {
  const dice = rolls ? new PhysicalDice(rolls) : g.random ? new RandomDice(g.random) : new SeededDice(seed!)
  const result = spec.model.resolve(dice, input)
  if (dice instanceof PhysicalDice) dice.assertAllUsed()
  const json: Record<string, unknown> = { command: spec.name, ...spec.model.json(result, input) }
  if (usesDice) {
    json.seed = seed ?? null
    if (rolls) json.rolls = rolls
    // A random function's faces: the same roll as physical dice, replayable with them.
    else if (dice instanceof RandomDice) json.rolls = dice.faces
  }
  const out: RolledOutput = { kind: 'roll', json, input, result, usesDice, seed, rolls }
  const same = usesDice ? (spec.model.replayFlags?.(input, result) ?? []) : []
  if (same.length) out.replay = same
  return out
}

/** The roll again, asking for more dice and for decisions until it resolves. */
async function rollAsking(
  spec: CommandSpec,
  input: unknown,
  g: Globals,
  env: RunEnv,
  usesDice: boolean,
  seed: string | undefined,
  rolls: number[] | undefined,
): Promise<RunOutput> {
  for (;;) {
    try {
      return rollOnce(spec, input, g, usesDice, seed, rolls)
    } catch (e) {
      if (e instanceof NeedDice && rolls && env.choice.interactive && env.askDice) {
        rolls = [...rolls, ...(await env.askDice(e))]
        continue
      }
      if (e instanceof NeedDecision && spec.model.decide) {
        const answer = await spec.model.decide(e.id, e.context, input, env.choice)
        const d = input as Decidable
        d.decisions = Object.assign({}, d.decisions, { [e.id]: answer })
        continue
      }
      throw noMoreDice(e, rolls, spec, input)
    }
  }
}

/**
 * Physical dice that ran out with nobody to ask: the user's input was short. The message names
 * every die still needed: the resolution is run on, past the typed dice, to find them (the
 * faces it stands in for them only decide which dice come next, and no answer is given).
 */
function noMoreDice(e: unknown, rolls: number[] | undefined, spec: CommandSpec, input: unknown): unknown {
  if (!(e instanceof NeedDice) || !rolls) return e // seeded dice never run out
  const dice = new PhysicalDice(rolls)
  const needed = dice.lookAhead()
  try {
    spec.model.resolve(dice, input)
  } catch {
    // A question or a limit reached: the dice found so far are still needed.
  }
  if (needed.length === 0)
    needed.push(...Array.from({ length: e.count }, () => ({ sides: e.sides, label: e.label })))
  // Runs of the same die for the same purpose, counted: "2 d10 for armor save".
  const runs: Array<{ count: number; sides: number; label: string }> = []
  for (const d of needed) {
    const last = runs[runs.length - 1]
    if (last && last.sides === d.sides && last.label === d.label) last.count++
    else runs.push({ count: 1, ...d })
  }
  const what =
    runs.length === 1
      ? `${runs[0].count} more d${runs[0].sides} needed for ${runs[0].label}`
      : `${needed.length} more dice needed: ${runs.map((r) => `${r.count} d${r.sides} for ${r.label}`).join(', then ')} (later dice depend on earlier ones)`
  return new InputError(
    'need-dice',
    `--rolls: ran out after ${e.used} dice: ${what}; add them to --rolls (see --help for the order)`,
  )
}

/**
 * --compare: every option of each open choice with its exact odds, side by side, and the value
 * the automatic choice ranks it by (the same numbers a prompt shows beside each option).
 */
function compareOptions(spec: CommandSpec, query: unknown): CompareOutput {
  if (!spec.model.compare)
    throw new InputError(
      'bad-usage',
      `${spec.name}: --compare needs a player's choice to compare, and ${spec.name} has none (shoot, melee and plan have); drop --compare`,
    )
  const report = spec.model.compare(query)
  const json: Record<string, unknown> = { command: spec.name, ...report.extra }
  json.compare = report.choices.map((c) => ({
    question: c.question,
    quantity: c.quantity,
    ranking: c.ranking,
    options: c.options.map((o) =>
      Object.assign({ name: o.name, label: o.label, value: o.value, best: o.best }, o.choices, {
        odds: o.odds.json,
      }),
    ),
  }))
  return { kind: 'compare', json, report }
}
