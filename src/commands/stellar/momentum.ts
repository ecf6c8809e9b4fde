import { InputError } from '../../core/errors.js'
import { boolOpt, defineCommand, intOpt } from '../../runtime/spec.js'
import { momentumModel } from '../../models/stellar/momentum.js'

export const momentumSpec = defineCommand({
  name: 'momentum',
  summary: "MechaStellar starting Momentum from the game's points size",
  examples: [
    'mecha momentum --points 1000',
    'mecha momentum --points 2000 --resourceful',
    'mecha momentum --rampage',
  ],
  options: [
    intOpt('points', "the game's points size (500: 3, 1000: 5, 1500: 7, more: 9)", { min: 1, max: 1000000 }),
    boolOpt('rampage', 'Defend the City | Rampage: both sides start with 7'),
    boolOpt('resourceful', 'Resourceful commander: +1'),
    intOpt('upgrades', 'Widespread Havoc / Immensely Powerful upgrades taken: -2 each', {
      min: 0,
      max: 10,
      default: 0,
    }),
  ],
  build(v) {
    const { points, rampage } = v
    if (points === undefined && !rampage)
      throw new InputError(
        'missing',
        "--points is required: the game's points size, e.g. --points 1000 (or --rampage)",
      )
    return { points, rampage, resourceful: v.resourceful, upgrades: v.upgrades }
  },
  model: momentumModel,
})
