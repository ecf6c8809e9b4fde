import type { DamageOverTime, DamageOverTimeResult, Effect } from '../../rules/wargroup/damage-over-time.js'
import { damageOverTimeModel } from '../../models/wargroup/damage-over-time.js'
import {
  type CommandSpec,
  type OptionSpec,
  type ValuesOf,
  conflicts,
  defineCommand,
  intOpt,
} from '../../runtime/spec.js'

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
    model: damageOverTimeModel(effect),
  })
}

export const wargroupBurnSpec = effectSpec('burn', burnOptions, (v) => buildEffect('burn', v.turns, v.dam))
export const wargroupVoidSpec = effectSpec('void', voidOptions, (v) =>
  buildEffect('void', v.passes ?? v.turns, v.dam),
)
