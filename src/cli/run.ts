import type { Decidable } from '../core/decide.js'
import { InputError, NeedDecision, NeedDice } from '../core/errors.js'
import { PhysicalDice } from '../core/physical.js'
import { SeededDice, freshSeed } from '../core/seeded.js'
import {
  type ChoiceContext,
  type CommandSpec,
  type RenderContext,
  type Values,
  checkOptions,
} from './spec.js'

/** The global flags every resolving command takes. */
export interface Globals {
  seed?: string
  rolls?: number[]
  json: boolean
  odds: boolean
  explain: boolean
  /** The batch line answered: the answer's first field. */
  line?: number
  /**
   * Words the replay line repeats before its flags: the units named, when a weapon was chosen at
   * a prompt (replaying without it would ask again).
   */
  replayWords?: string[]
}

/**
 * The JSON answer: the batch line (if any), the command, then the command's own fields, built
 * as one object in that order (copying an answer again to put a field in front costs batch ~2 us
 * a line: every command's answer has its own shape).
 */
function answerJson(g: Globals, command: string, fields: Record<string, unknown>): Record<string, unknown> {
  return g.line === undefined ? { command, ...fields } : { line: g.line, command, ...fields }
}

/** What the runner needs from its surroundings (a terminal, or nothing for batch). */
export interface RunEnv {
  choice: ChoiceContext
  /** Ask for dice the typed list did not cover; only called when choice.interactive. */
  askDice?(need: NeedDice): Promise<number[]>
  render: RenderContext
}

export interface RunOutput {
  /** The answer, as --json prints it. */
  json: Record<string, unknown>
  /** Human text, built only when asked for (not in batch or --json). */
  text?: string
}

/** A non-interactive environment: every choice automatic, no prompts. */
export const quietChoices: ChoiceContext = {
  interactive: false,
  select: async () => {
    throw new Error('select() called without a terminal')
  },
}

/**
 * Resolve one command: validate, settle choices, then either the exact odds or one roll
 * (seeded or physical), asking for missing dice and mid-way decisions when someone can answer.
 *
 * Synchronous unless a person is asked something (a choice, dice, a mid-way decision): then a
 * Promise. Batch resolves thousands of lines a second and awaits only when it must.
 */
export function runSpec(
  spec: CommandSpec,
  values: Values,
  g: Globals,
  env: RunEnv,
  wantText: boolean,
): RunOutput | Promise<RunOutput> {
  if (g.odds && g.rolls)
    throw new InputError('bad-usage', '--odds and --rolls do not go together: --odds rolls no dice')
  checkOptions(spec, values)
  const built = spec.build(values)
  const chosen = spec.choose ? spec.choose(built, env.choice) : built
  return chosen instanceof Promise
    ? chosen.then((input) => settle(spec, input, g, env, wantText))
    : settle(spec, chosen, g, env, wantText)
}

function settle(
  spec: CommandSpec,
  input: unknown,
  g: Globals,
  env: RunEnv,
  wantText: boolean,
): RunOutput | Promise<RunOutput> {
  if (g.odds) {
    if (!spec.odds)
      throw new InputError('no-odds', `${spec.name}: --odds is not available here (nothing is rolled)`)
    const report = spec.odds(input)
    const json = answerJson(g, spec.name, report.extra ?? {})
    json.odds = report.json
    return { json, text: wantText ? report.render(env.render) : undefined }
  }
  const usesDice = spec.usesDice ? spec.usesDice(input) : true
  const seed = g.rolls ? undefined : (g.seed ?? freshSeed())
  const rolls = g.rolls ? [...g.rolls] : undefined
  try {
    return rollOnce(spec, input, g, env, wantText, usesDice, seed, rolls)
  } catch (e) {
    // Dice ran out or the rule asks a question: someone must answer, asynchronously.
    if (
      (e instanceof NeedDice && rolls && env.choice.interactive && env.askDice) ||
      (e instanceof NeedDecision && spec.decide)
    ) {
      return rollAsking(spec, input, g, env, wantText, usesDice, seed, rolls)
    }
    throw noMoreDice(e, rolls, spec, input)
  }
}

/** One resolution with the dice and decisions known so far (throws NeedDice / NeedDecision). */
function rollOnce(
  spec: CommandSpec,
  input: unknown,
  g: Globals,
  env: RunEnv,
  wantText: boolean,
  usesDice: boolean,
  seed: string | undefined,
  rolls: number[] | undefined,
): RunOutput {
  const dice = rolls ? new PhysicalDice(rolls) : new SeededDice(seed!)
  const result = spec.resolve(dice, input)
  if (dice instanceof PhysicalDice) dice.assertAllUsed()
  const json = answerJson(g, spec.name, spec.json(result, input))
  if (usesDice) {
    json.seed = seed ?? null
    if (rolls) json.rolls = rolls
  }
  let text: string | undefined
  if (wantText) {
    text = spec.render(result, input, env.render)
    if (env.render.explain && spec.explain) text += '\n\n' + spec.explain(result, input, env.render)
    if (usesDice) {
      const st = env.render.style
      const same = spec.replayFlags?.(input, result) ?? []
      const replay = [
        ...(g.replayWords ?? []),
        ...(seed !== undefined ? ['--seed', seed] : []),
        ...same,
      ].join(' ')
      text +=
        '\n' +
        st.dim(
          seed !== undefined
            ? `seed ${seed} (replay: ${replay})`
            : `dice: ${rolls!.join(',')}${same.length ? ` (same choices: ${replay})` : ''}`,
        )
    }
  }
  return { json, text }
}

/** The roll again, asking for more dice and for decisions until it resolves. */
async function rollAsking(
  spec: CommandSpec,
  input: unknown,
  g: Globals,
  env: RunEnv,
  wantText: boolean,
  usesDice: boolean,
  seed: string | undefined,
  rolls: number[] | undefined,
): Promise<RunOutput> {
  for (;;) {
    try {
      return rollOnce(spec, input, g, env, wantText, usesDice, seed, rolls)
    } catch (e) {
      if (e instanceof NeedDice && rolls && env.choice.interactive && env.askDice) {
        rolls = [...rolls, ...(await env.askDice(e))]
        continue
      }
      if (e instanceof NeedDecision && spec.decide) {
        const answer = await spec.decide(e.id, e.context, input, env.choice)
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
    spec.resolve(dice, input)
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
