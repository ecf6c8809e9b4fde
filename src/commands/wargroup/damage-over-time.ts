import {
  type DamageOverTime,
  type DamageOverTimeResult,
  type Effect,
  resolveDamageOverTime,
} from '../../rules/wargroup/damage-over-time.js'
import { damageOverTimeOdds } from '../../rules/wargroup/damage-over-time-odds.js'
import {
  explainDamageOverTime,
  renderDamageOverTime,
  renderDamageOverTimeOdds,
} from '../../render/wargroup/damage-over-time.js'
import {
  type CommandSpec,
  type OptionSpec,
  type ValuesOf,
  conflicts,
  defineCommand,
  intOpt,
} from '../../engine/spec.js'

/** Sanity limits on the input, not rules. */
const MAX_TURNS = 50
const MAX_EFFECT_DAM = 100

const dam = intOpt('dam', "target's Dam left: stop once it is destroyed, and report it", {
  min: 1,
  max: MAX_EFFECT_DAM,
})
const burnOptions = [
  intOpt('turns', 'follow at most N turns (default: until a 1 puts the fire out)', {
    min: 1,
    max: MAX_TURNS,
  }),
  dam,
] as const
const voidOptions = [
  intOpt('turns', 'follow at most N passes over the tile (default: until a 1 ends it)', {
    min: 1,
    max: MAX_TURNS,
  }),
  conflicts(intOpt('passes', 'same as --turns: passes over the void tile', { min: 1, max: MAX_TURNS }), {
    turns: 'it means the same as --passes for a void tile',
  }),
  dam,
] as const

function buildEffect(effect: Effect, turns: number | undefined, dam: number | undefined): DamageOverTime {
  const e: DamageOverTime = { effect }
  if (turns !== undefined) e.turns = turns
  if (dam !== undefined) e.dam = dam
  return e
}

function effectSpec<const O extends readonly OptionSpec[]>(
  effect: Effect,
  options: O,
  build: (v: ValuesOf<O>) => DamageOverTime,
): CommandSpec<DamageOverTime, DamageOverTimeResult> {
  const burn = effect === 'burn'
  const turn = burn ? 'turn' : 'pass over the tile'
  return defineCommand({
    name: `wargroup ${effect}`,
    summary: burn
      ? 'fire: a burning mech or building takes d6 damage each turn until a 1 puts it out'
      : 'void tile: each pass over it deals d6 damage until a 1 ends it',
    diceOrder: `one d6 per ${turn}, until a 1 ends the effect, the --turns run out, or the target's --dam is used up`,
    examples: [
      `mecha wargroup ${effect} --rolls 4,6,1`,
      `mecha wargroup ${effect} --turns 3 --seed table1`,
      `mecha wargroup ${effect} --odds`,
      `mecha wargroup ${effect} --dam 10 --odds`,
    ],
    options,
    build,
    resolve: resolveDamageOverTime,
    json(r, e) {
      const out: Record<string, unknown> = {
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
    render: renderDamageOverTime,
    explain: explainDamageOverTime,
    odds(e) {
      const o = damageOverTimeOdds(e)
      // Maps only directly under `odds`; chances of events go with the means in `expected`,
      // and the folded tail is described beside the odds.
      const json: Record<string, unknown> = {
        damage: o.damage.toJSON(),
        duration: o.duration.toJSON(),
        expired: o.expired.toJSON(),
      }
      if (o.destroyed) json.destroyed = o.destroyed.toJSON()
      json.expected = Object.assign(
        {},
        o.expected,
        { expired: o.expired.prob('true') },
        o.destroyed ? { destroyed: o.destroyed.prob('true') } : {},
      )
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
        render: (out) => renderDamageOverTimeOdds(o, e, out),
        cutoffs:
          e.dam === undefined ? undefined : { damage: { at: e.dam, label: `Dam ${e.dam}: destroyed` } },
      }
    },
  })
}

export const wargroupBurnSpec = effectSpec('burn', burnOptions, (v) => buildEffect('burn', v.turns, v.dam))
export const wargroupVoidSpec = effectSpec('void', voidOptions, (v) =>
  buildEffect('void', v.passes ?? v.turns, v.dam),
)
