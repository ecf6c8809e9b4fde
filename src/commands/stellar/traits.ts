import {
  type TraitCommand,
  type TraitEntry,
  TRAITS,
  TRAIT_COMMANDS,
  traitSides,
} from '../../rules/stellar/traits.js'
import { renderTraitChoices, renderTraits } from '../../render/stellar/traits.js'
import { type CommandSpec, defineCommand, enumOpt } from '../../engine/spec.js'

interface TraitsQuery {
  in?: TraitCommand
}

/** The registry's entries, or those that work in one command. */
function listTraits(q: TraitsQuery): TraitEntry[] {
  return q.in ? TRAITS.filter((t) => traitSides(t, q.in!).length > 0) : [...TRAITS]
}

export const traitsSpec: CommandSpec<TraitsQuery, TraitEntry[]> = defineCommand({
  name: 'traits',
  summary: 'MechaStellar traits that change shoot and melee: names, sides, effects (no dice)',
  examples: ['mecha traits', 'mecha traits --in shoot', 'mecha traits --json'],
  options: [enumOpt('in', TRAIT_COMMANDS, 'only the traits that work in this command')],
  build: (v) => ({ in: v.in }),
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
  render: (list, _q, out) => renderTraits(list, out),
  explain: (list, _q, out) => renderTraitChoices(list, out),
})
