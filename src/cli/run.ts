import type { Decidable } from '../core/decide.js'
import { InputError, NeedDecision, NeedDice } from '../core/errors.js'
import { PhysicalDice } from '../core/physical.js'
import { SeededDice, freshSeed } from '../core/seeded.js'
import type { ChoiceContext, CommandSpec, RenderContext, Values } from './spec.js'

/** The global flags every resolving command takes. */
export interface Globals {
  seed?: string
  rolls?: number[]
  json: boolean
  odds: boolean
  explain: boolean
}

/** What the runner needs from its surroundings (a terminal, or nothing for batch). */
export interface RunEnv {
  choice: ChoiceContext
  /** Ask for dice the typed list did not cover; only called when choice.interactive. */
  askDice?(need: NeedDice): Promise<number[]>
  render: RenderContext
}

export interface RunOutput {
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
 */
export async function runSpec(spec: CommandSpec, values: Values, g: Globals, env: RunEnv, wantText: boolean): Promise<RunOutput> {
  if (g.odds && g.rolls) throw new InputError('bad-usage', '--odds and --rolls do not go together: --odds rolls no dice')
  let input = spec.build(values)
  if (spec.choose) input = await spec.choose(input, env.choice)

  if (g.odds) {
    if (!spec.odds) throw new InputError('no-odds', `${spec.name}: --odds is not available here (nothing is rolled)`)
    const report = spec.odds(input)
    const json = { command: spec.name, ...(report.extra ?? {}), odds: report.json }
    return { json, text: wantText ? report.render(env.render) : undefined }
  }

  const usesDice = spec.usesDice ? spec.usesDice(input) : true
  const seed = g.rolls ? undefined : (g.seed ?? freshSeed())
  let rolls = g.rolls ? [...g.rolls] : undefined

  for (;;) {
    const dice = rolls ? new PhysicalDice(rolls) : new SeededDice(seed!)
    try {
      const result = spec.resolve(dice, input)
      if (dice instanceof PhysicalDice) dice.assertAllUsed()
      const json: Record<string, unknown> = { command: spec.name, ...spec.json(result, input) }
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
          const replay = [...(seed !== undefined ? ['--seed', seed] : []), ...same].join(' ')
          text += '\n' + st.dim(seed !== undefined ? `seed ${seed} (replay: ${replay})` : `dice: ${rolls!.join(',')}${same.length ? ` (same choices: ${replay})` : ''}`)
        }
      }
      return { json, text }
    } catch (e) {
      if (e instanceof NeedDice) {
        if (!rolls) throw e // seeded dice never run out
        if (env.choice.interactive && env.askDice) {
          rolls = [...rolls, ...(await env.askDice(e))]
          continue
        }
        throw new InputError(
          'need-dice',
          `--rolls: ran out after ${e.used} dice: ${e.count} more d${e.sides} needed for ${e.label}; add them to --rolls (see --help for the order)`,
        )
      }
      if (e instanceof NeedDecision && spec.decide) {
        const answer = await spec.decide(e.id, e.context, input, env.choice)
        const d = input as Decidable
        d.decisions = { ...(d.decisions ?? {}), [e.id]: answer }
        continue
      }
      throw e
    }
  }
}
