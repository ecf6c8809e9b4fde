import { modelOf } from '../../runtime/spec.js'
import type { CalculationAnswerOf } from '../../runtime/answer.js'
import { type TraitCommand, type TraitEntry, TRAITS, traitSides } from '../../rules/stellar/traits.js'

export interface TraitsQuery {
  in?: TraitCommand
}

/** The registry's entries, or those that work in one command. */
function listTraits(q: TraitsQuery): TraitEntry[] {
  return q.in ? TRAITS.filter((t) => traitSides(t, q.in!).length > 0) : [...TRAITS]
}

export const traitsModel = modelOf<TraitsQuery, TraitEntry[]>()({
  usesDice: () => false,
  resolve: (_dice, q) => listTraits(q),
  json: (list) => ({
    traits: list.map((t) => ({
      name: t.name,
      title: t.title,
      aliases: [...t.aliases],
      from: t.from,
      effect: t.effect,
      choices: t.choice ? Object.keys(t.choice) : [],
      shoot: traitSides(t, 'shoot'),
      melee: traitSides(t, 'melee'),
    })),
  }),
})

/** `mecha traits --json`, `traits.resolve(…)`: the traits the rules know (no dice, no seed). */
export type TraitsAnswer = CalculationAnswerOf<'traits', typeof traitsModel>
