import { InputError } from '../../core/errors.js'
import { walkMaps } from '../../core/exact.js'
import type { Distribution } from '../../core/distribution.js'
import {
  type BuildingAttack,
  type BuildingResult,
  buildingArm,
  buildingDam,
  resolveBuilding,
} from '../../rules/wargroup/building.js'
import { explainBuilding, renderBuilding, renderBuildingOdds } from '../../render/wargroup/building.js'
import { type CommandSpec, defineCommand, intOpt, required } from '../../engine/spec.js'
import { MAX_SCORE } from '../../rules/wargroup/shoot.js'
import { damageRollJson, fullMap } from './shoot.js'

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
          `--dam: ${dam} is out of range for a ${tiles}-tile building (Dam ${full}); give 1 to ${full}`,
        )
      b.dam = dam
    }
    return b
  },
  usesDice: (b) => b.str !== undefined,
  resolve: resolveBuilding,
  json(r) {
    const out: Record<string, unknown> = { tiles: r.tiles, arm: r.arm, dam: r.maxDam, damLeft: r.dam }
    if (r.damageRoll) {
      Object.assign(out, {
        damageRoll: damageRollJson(r.damageRoll),
        damage: r.damage,
        fullPower: r.damageRoll.fullPower,
        remainingDam: r.remainingDam,
        destroyed: r.destroyed,
        rubbleTiles: r.rubbleTiles,
      })
    }
    return out
  },
  render: renderBuilding,
  explain: explainBuilding,
  odds(b) {
    if (b.str === undefined)
      throw new InputError(
        'no-odds',
        "wargroup building --odds: give the attacking weapon's --str to get the odds of an attack",
      )
    const d = walkMaps((dice) => resolveBuilding(dice, b), {
      damage: (r) => r.damage,
      destroyed: (r) => String(r.destroyed),
    })
    const damage = d.damage as Distribution<number>
    const destroyed = (d.destroyed as Distribution<string>).prob('true')
    const profile = { arm: buildingArm(b.tiles), dam: b.dam ?? buildingDam(b.tiles) }
    return {
      json: {
        damage: damage.toJSON(),
        destroyed: fullMap(d.destroyed as Distribution<string>, ['false', 'true']),
        expected: { damage: damage.expected(), destroyed },
      },
      extra: {
        tiles: b.tiles,
        arm: profile.arm,
        dam: buildingDam(b.tiles),
        damLeft: profile.dam,
        str: b.str,
      },
      render: (out) => renderBuildingOdds(damage, destroyed, profile, b, out),
      cutoffs: { damage: { at: profile.dam, label: `Dam ${profile.dam}: destroyed` } },
    }
  },
})
