import { defineModel } from '../../runtime/spec.js'
import type { Chances, OddsAnswerOf, RolledAnswerOf } from '../../runtime/answer.js'
import { walk } from '../../core/exact.js'
import { type JamResult, jamTargetNumber, resolveJam } from '../../rules/formation/jam.js'

/** The `odds` of jamming: the counters this roll places, and those on the target after it. */
export interface JamCountersOdds {
  countersPlaced: Chances
  expected: { countersPlaced: number; counters: number }
  counters: Chances
}

/** The `odds` against missiles (`--vs-missiles`): the salvos removed. */
export interface JamMissilesOdds {
  salvosRemoved: Chances
  expected: { salvosRemoved: number }
}

export const jamModel = defineModel({
  usesDice: (j) => jamTargetNumber(j) !== null,
  resolve: resolveJam,
  json: (r) => ({
    mode: r.mode,
    targetNumber: r.targetNumber,
    dice: r.rolls,
    countersPlaced: r.countersPlaced,
    counters: r.counters,
    effects: r.effects,
    newEffects: r.newEffects,
    salvosRemoved: r.salvosRemoved,
  }),
  odds(j) {
    const d = walk((dice) => {
      const r = resolveJam(dice, j)
      return j.vsMissiles ? r.salvosRemoved : r.countersPlaced
    })
    let json: JamCountersOdds | JamMissilesOdds
    if (j.vsMissiles) json = { salvosRemoved: d.toJSON(), expected: { salvosRemoved: d.expected() } }
    else {
      const total = d.map((n) => n + j.counters)
      json = {
        countersPlaced: d.toJSON(),
        expected: { countersPlaced: d.expected(), counters: total.expected() },
        counters: total.toJSON(),
      }
    }
    const mode: JamResult['mode'] = j.vsMissiles ? 'missiles' : 'jam'
    return {
      json,
      extra: { targetNumber: jamTargetNumber(j), mode },
      detail: [d, j.vsMissiles ? 'salvos removed' : 'counters placed', j],
    }
  },
})

/**
 * `mecha formation jam … --json`, `formation.jam.resolve(…)`: one jamming roll. Against plain
 * missiles (`--vs-missiles` without `--smart`) every attempt removes a salvo: no dice, no `seed`.
 */
export type FormationJamAnswer = Omit<RolledAnswerOf<'formation jam', typeof jamModel>, 'seed'> & {
  /** The seed that replays this roll; `null` with typed dice; absent when nothing was rolled. */
  seed?: string | null
}

/** `mecha formation jam … --odds --json`, `formation.jam.odds(…)`: the exact odds of the roll. */
export type FormationJamOdds = OddsAnswerOf<'formation jam', typeof jamModel>
