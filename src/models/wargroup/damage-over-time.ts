import {
  type DamageOverTime,
  type DamageOverTimeResult,
  type Effect,
  type EffectDie,
  resolveDamageOverTime,
} from '../../rules/wargroup/damage-over-time.js'
import { damageOverTimeOdds } from '../../rules/wargroup/damage-over-time-odds.js'
import { modelOf } from '../../runtime/spec.js'
import type { Chances, OddsAnswerOf, RolledAnswerOf } from '../../runtime/answer.js'

/** A roll of fire or void, built in steps: what a known Dam adds comes last. */
export interface DamageOverTimeFields<E extends Effect> {
  effect: E
  damage: number
  /** Turns (passes) that dealt damage. */
  duration: number
  /** A 1 ended it. */
  expired: boolean
  active: boolean
  dice: EffectDie[]
  /** The turns followed (`--turns`, `--passes`); null: until the effect ends. */
  turns: number | null
  /** With the target's Dam (`--dam`). */
  dam?: number
  remainingDam?: number
  destroyed?: boolean
}

/** The `odds` of fire or void. */
export interface DamageOverTimeOddsJson {
  damage: Chances
  duration: Chances
  expired: Chances
  /** With the target's Dam. */
  destroyed?: Chances
  expected: { damage: number; duration: number; dice: number; expired: number; destroyed?: number }
}

/** The report of fire and void: one model, its effect named in the answer. */
export function damageOverTimeModel<E extends Effect>(effect: E) {
  return modelOf<DamageOverTime, DamageOverTimeResult>()({
    resolve: resolveDamageOverTime,
    json(r, e) {
      const out: DamageOverTimeFields<E> = {
        effect,
        damage: r.damage,
        duration: r.duration,
        expired: r.expired,
        active: r.active,
        dice: r.dice,
        turns: e.turns ?? null,
      }
      if (r.remainingDam !== undefined) {
        out.dam = e.dam
        out.remainingDam = r.remainingDam
        out.destroyed = r.destroyed
      }
      return out
    },
    odds(e) {
      const o = damageOverTimeOdds(e)
      // Maps only directly under `odds`; chances of events go with the means in `expected`,
      // and the folded tail is described beside the odds.
      const json: DamageOverTimeOddsJson = {
        damage: o.damage.toJSON(),
        duration: o.duration.toJSON(),
        expired: o.expired.toJSON(),
        ...(o.destroyed ? { destroyed: o.destroyed.toJSON() } : {}),
        expected: {
          ...o.expected,
          expired: o.expired.prob('true'),
          ...(o.destroyed ? { destroyed: o.destroyed.prob('true') } : {}),
        },
      }
      const tail = o.tail
        ? {
            damage: { from: o.tail.damage.from, mass: o.tail.damage.mass },
            duration: { from: o.tail.duration.from, mass: o.tail.duration.mass },
          }
        : undefined
      return {
        json,
        extra: {
          effect,
          turns: e.turns ?? null,
          ...(e.dam !== undefined ? { dam: e.dam } : {}),
          ...(tail ? { tail } : {}),
        },
        detail: [o, e],
        cutoffs:
          e.dam === undefined ? undefined : { damage: { at: e.dam, label: `Dam ${e.dam}: destroyed` } },
      }
    },
  })
}

type BurnModel = ReturnType<typeof damageOverTimeModel<'burn'>>
type VoidModel = ReturnType<typeof damageOverTimeModel<'void'>>

/** `mecha wargroup burn … --json`, `wargroup.burn.resolve(…)`: a fire burning until a 1. */
export type WargroupBurnAnswer = RolledAnswerOf<'wargroup burn', BurnModel>

/** `mecha wargroup burn … --odds --json`, `wargroup.burn.odds(…)`: the exact odds of a fire. */
export type WargroupBurnOdds = OddsAnswerOf<'wargroup burn', BurnModel>

/** `mecha wargroup void … --json`, `wargroup.void.resolve(…)`: passes over a void tile until a 1. */
export type WargroupVoidAnswer = RolledAnswerOf<'wargroup void', VoidModel>

/** `mecha wargroup void … --odds --json`, `wargroup.void.odds(…)`: the exact odds of a void tile. */
export type WargroupVoidOdds = OddsAnswerOf<'wargroup void', VoidModel>
