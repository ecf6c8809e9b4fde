import { InputError } from '../../core/errors.js'
import { type CoverRequest } from '../../rules/stellar/cover.js'
import { type ValuesOf, boolOpt, defineCommand, intOpt, required } from '../../runtime/spec.js'
import { coverModel } from '../../models/stellar/cover.js'

const options = [
  required(
    intOpt('dmg', "the weapon's DMG per hit", { min: 0, max: 100000 }),
    "the weapon's DMG, e.g. --dmg 800",
  ),
  boolOpt('melee', 'melee weapon or Crash Through: double DMG against cover, three checks'),
  boolOpt('crash-through', 'Crash Through (same as --melee)'),
  boolOpt('direct', 'the cover itself is the target: three checks'),
  boolOpt('aoe', 'AOE weapon: up to two pieces of cover are checked'),
  intOpt('pieces', 'pieces of cover in the way (2 only for AOE; default 2 with --aoe, else 1)', {
    min: 1,
    max: 2,
  }),
] as const

export function buildCover(v: ValuesOf<typeof options>): CoverRequest {
  const { dmg, aoe, crashThrough } = v
  const pieces = v.pieces ?? (aoe ? 2 : 1)
  if (pieces === 2 && !aoe)
    throw new InputError(
      'bad-combination',
      '--pieces: only AOE weapons can destroy two pieces of cover; add --aoe or give --pieces 1',
    )
  return { dmg, melee: v.melee || crashThrough, crashThrough, direct: v.direct, aoe, pieces }
}
export const coverSpec = defineCommand({
  name: 'cover',
  summary: 'MechaStellar destroying terrain: does a piece of cover survive the attack it blocked?',
  diceOrder:
    'one d10 per check (three when the cover is targeted directly or hit by melee / Crash Through), for the first piece of cover, then the second (AOE). No dice when DMG 100 or less (always survives) or over 1000 (always destroyed)',
  examples: [
    'mecha cover --dmg 200 --rolls 2',
    'mecha cover --dmg 800 --direct --rolls 8,9,7',
    'mecha cover --dmg 300 --melee --odds',
    'mecha cover --dmg 600 --aoe --seed t1',
  ],
  options,
  build: buildCover,
  model: coverModel,
})
