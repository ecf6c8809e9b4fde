import { defineModel } from '../../runtime/spec.js'
import type { OddsAnswerOf, RolledAnswerOf } from '../../runtime/answer.js'
import { InputError } from '../../core/errors.js'
import { walkMaps } from '../../core/exact.js'
import type { Distribution } from '../../core/distribution.js'
import { buildingArm, buildingDam, resolveBuilding } from '../../rules/wargroup/building.js'
import { type WargroupDamageRollJson, damageRollJson, fullMap } from './shoot.js'

/** A building's profile, and with the weapon's Str what the attack did. */
export interface WargroupBuildingFields {
  tiles: number
  arm: number
  /** The building's full Dam. */
  dam: number
  /** Its Dam left before the attack. */
  damLeft: number
  /** With `--str`: the attack. */
  damageRoll?: WargroupDamageRollJson
  damage?: number
  fullPower?: boolean
  remainingDam?: number
  destroyed?: boolean
  rubbleTiles?: number
}

export const wargroupBuildingModel = defineModel({
  usesDice: (b) => b.str !== undefined,
  resolve: resolveBuilding,
  json(r) {
    const out: WargroupBuildingFields = { tiles: r.tiles, arm: r.arm, dam: r.maxDam, damLeft: r.dam }
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
      detail: [damage, destroyed, profile, b],
      cutoffs: { damage: { at: profile.dam, label: `Dam ${profile.dam}: destroyed` } },
    }
  },
})

/**
 * `mecha wargroup building … --json`, `wargroup.building.resolve(…)`: an attack on a building,
 * or without `--str` its profile alone, worked out without dice (no `seed`).
 */
export type WargroupBuildingAnswer = Omit<
  RolledAnswerOf<'wargroup building', typeof wargroupBuildingModel>,
  'seed'
> & {
  /** The seed that replays this roll; `null` with typed dice; absent without `--str`. */
  seed?: string | null
}

/** `mecha wargroup building … --str N --odds --json`, `wargroup.building.odds(…)`: an attack's odds. */
export type WargroupBuildingOdds = OddsAnswerOf<'wargroup building', typeof wargroupBuildingModel>
