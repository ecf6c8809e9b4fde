import { withArticle } from '../../core/text.js'
import { InputError } from '../../core/errors.js'
import { type BuildingAttack, type BuildingResult, buildingDam } from '../../rules/wargroup/building.js'
import { type CommandSpec, defineCommand, intOpt, required } from '../../runtime/spec.js'
import { MAX_SCORE } from '../../rules/wargroup/shoot.js'
import { wargroupBuildingModel } from '../../models/wargroup/building.js'

/** The largest building the command takes (a sanity limit on the input, not a rule). */
const MAX_TILES = 100
export const wargroupBuildingSpec: CommandSpec<BuildingAttack, BuildingResult> = defineCommand({
  name: 'wargroup building',
  summary: "a building's Arm and Dam (tiles + 2), and with --str an attack on it",
  diceOrder:
    "with --str: the attacker's damage d6, then the building's armor d6 (no to-hit roll against a building); without --str no dice",
  examples: [
    'mecha wargroup building --tiles 4',
    'mecha wargroup building --tiles 2 --str 6 --rolls 5,2',
    'mecha wargroup building --tiles 3 --str 6 --dam 2 --odds',
  ],
  options: [
    required(
      intOpt('tiles', 'tiles the building covers', { min: 1, max: MAX_TILES }),
      'how many tiles the building covers, e.g. --tiles 4',
    ),
    intOpt('str', "the attacking weapon's Str (leave out to just see the building's profile)", {
      min: 0,
      max: MAX_SCORE,
    }),
    // Its range depends on --tiles, so build() checks it.
    intOpt('dam', "the building's Dam left, 1 to tiles + 2 (default: its full Dam)"),
  ],
  build(v) {
    const { tiles, str, dam } = v
    const b: BuildingAttack = { tiles }
    if (str !== undefined) b.str = str
    if (dam !== undefined) {
      const full = buildingDam(tiles)
      if (dam < 1 || dam > full)
        throw new InputError(
          'out-of-range',
          `--dam: ${dam} is out of range for ${withArticle(`${tiles}-tile`)} building (Dam ${full}); give 1 to ${full}`,
        )
      b.dam = dam
    }
    return b
  },
  model: wargroupBuildingModel,
})
