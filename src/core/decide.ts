import { NeedDecision } from './errors.js'

/**
 * Inputs whose resolution may stop for a player's decision part-way (after some dice are
 * known). `decisions` holds answers already given; `askDecisions` says a person is there to ask.
 */
export interface Decidable {
  decisions?: Record<string, unknown>
  /** A person is there to ask: every decision, or only those listed. */
  askDecisions?: boolean | readonly string[]
}

/**
 * The answer to decision `id`: the one already given, or (when a person can be asked) a
 * NeedDecision for the CLI to ask and re-run, or else `fallback`, the automatic choice.
 */
export function decision<T>(input: Decidable, id: string, context: unknown, fallback: T): T {
  return decisionOr(input, id, context, () => fallback)
}

/** As decision, the automatic choice made only when it is taken (a search the answer may spare). */
export function decisionOr<T>(input: Decidable, id: string, context: unknown, fallback: () => T): T {
  if (input.decisions && Object.prototype.hasOwnProperty.call(input.decisions, id))
    return input.decisions[id] as T
  const ask = input.askDecisions
  if (ask === true || (Array.isArray(ask) && ask.includes(id))) throw new NeedDecision(id, context)
  return fallback()
}
