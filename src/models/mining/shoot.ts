import { modelOf } from '../../runtime/spec.js'
import type { Chances, OddsAnswerOf, RolledAnswerOf } from '../../runtime/answer.js'
import { type ShotOdds, miningShotOdds } from '../../rules/mining/odds.js'
import { type ResolveTestResult, retreatsOnOrBelow } from '../../rules/mining/resolve.js'
import {
  type MiningShot,
  type MiningShotResult,
  type ShootModifier,
  hitNeeds,
  resolveMiningShot,
  shootModifier,
  shootModifiers,
} from '../../rules/mining/shoot.js'

/** Damage, or a suppression marker (suppressive fire). */
export type MiningShotMode = 'damage' | 'suppress'

function shotMode(s: MiningShot): MiningShotMode {
  return s.suppress ? 'suppress' : 'damage'
}

/** A shot's answer: what a known target damage adds sits before the resolve test. */
export interface MiningShotFields {
  mode: MiningShotMode
  roll: number
  modifier: number
  modifiers: ShootModifier[]
  total: number
  /** The natural d6 face needed to hit. */
  needs: number
  hit: boolean
  damage: number
  suppression: number
  markersBefore: number
  markersAfter: number
  lockUsed: boolean
  /** With the target's damage (`--target-damage`). */
  targetDamage?: number
  targetDamageAfter?: number
  eliminated?: boolean
  /** The resolve test this shot's kill made its force roll, or null. */
  resolve: ResolveTestResult | null
  /** Whether the force retreats; null when its losses are not known (no `--lost`). */
  retreat: boolean | null
}

/** The `odds` of a shot, all but the means (`expected`, added last). */
export interface MiningShotOddsMaps {
  hit: Chances
  damage: Chances
  suppression: Chances
  markersAfter: Chances
  /** With the target's damage. */
  targetDamageAfter?: Chances
  eliminated?: Chances
  /** With the target's damage and its force's losses. */
  retreat?: Chances
}

/**
 * The highest face of the resolve test a kill of this shot makes its force roll that means retreat
 * (with its losses before, `lost`), or null without them.
 */
function retreatFace(s: MiningShot): number | null {
  return s.lost === undefined ? null : retreatsOnOrBelow(s.lost + 1)
}

/** One shot, with what its text reads beside the answer (never in the JSON). */
export type MiningShotRoll = MiningShotResult & { retreatsOnOrBelow: number | null }

/** What the text of a shot's odds reads: the modifiers, the natural face needed, the resolve test's retreat faces. */
export interface MiningShotOddsTerms {
  modifiers: ReturnType<typeof shootModifiers>
  needs: number
  retreatsOnOrBelow: number | null
}

export const miningShootModel = modelOf<MiningShot, MiningShotRoll>()({
  resolve(dice, s) {
    const r = resolveMiningShot(dice, s)
    return Object.assign(r, { retreatsOnOrBelow: r.resolve ? retreatsOnOrBelow(r.resolve.eliminated) : null })
  },
  json(r, s): MiningShotFields {
    const out: Omit<MiningShotFields, 'resolve' | 'retreat'> = {
      mode: shotMode(s),
      roll: r.roll,
      modifier: r.modifier,
      modifiers: r.modifiers,
      total: r.total,
      needs: r.needs,
      hit: r.hit,
      damage: r.damage,
      suppression: r.suppression,
      markersBefore: s.markers,
      markersAfter: r.markersAfter,
      lockUsed: r.lockUsed,
    }
    if (r.targetDamageAfter !== undefined) {
      out.targetDamage = s.targetDamage
      out.targetDamageAfter = r.targetDamageAfter
      out.eliminated = r.eliminated
    }
    // With --lost a resolve test is possible: no test rolled means no retreat (as in the odds).
    // Without it, whether the force retreats is not known.
    const retreat = r.resolve ? r.resolve.retreat : s.lost !== undefined ? false : null
    return { ...out, resolve: r.resolve, retreat }
  },
  odds(s) {
    const o = miningShotOdds(s)
    const json: MiningShotOddsMaps = {
      hit: o.hit.toJSON(),
      damage: o.damage.toJSON(),
      suppression: o.suppression.toJSON(),
      markersAfter: o.markersAfter.toJSON(),
    }
    const expected: ShotOdds['expected'] & { eliminated?: number; retreat?: number } = { ...o.expected }
    if (o.targetDamageAfter) {
      json.targetDamageAfter = o.targetDamageAfter.toJSON()
      json.eliminated = o.eliminated!.toJSON()
      expected.eliminated = o.eliminated!.prob('true')
    }
    if (o.retreat) {
      json.retreat = o.retreat.toJSON()
      expected.retreat = o.retreat.prob('true')
    }
    return {
      json: { ...json, expected },
      extra: {
        mode: shotMode(s),
        modifier: shootModifier(s),
        modifiers: shootModifiers(s),
        needs: hitNeeds(s),
      },
      detail: [
        o,
        s,
        { modifiers: shootModifiers(s), needs: hitNeeds(s), retreatsOnOrBelow: retreatFace(s) },
      ] as [ShotOdds, MiningShot, MiningShotOddsTerms],
    }
  },
})

/** `mecha mining shoot … --json`, `mining.shoot.resolve(…)`: one shot. */
export type MiningShootAnswer = RolledAnswerOf<'mining shoot', typeof miningShootModel>

/** `mecha mining shoot … --odds --json`, `mining.shoot.odds(…)`: the exact odds of a shot. */
export type MiningShootOdds = OddsAnswerOf<'mining shoot', typeof miningShootModel>
