import type { Distribution } from '../../core/distribution.js'
import { walk } from '../../core/exact.js'
import type { Decidable } from '../../core/decide.js'
import { memoise } from '../../core/memo.js'
import { type SaveResult, type SaveSpec, resolveArmorSaves, savesOwedFor } from './armor-save.js'

/** Exact distributions of one set of armour saves. */
export interface SaveOdds {
  failedSaves: Distribution<number>
  damage: Distribution<number>
  actionsLost: Distribution<number>
  pushes: Distribution<number>
  expected: { failedSaves: number; damage: number; actionsLost: number; pushes: number }
}

/**
 * The exact odds of armour saves: resolveArmorSaves itself walked over its dice (the saves, then
 * the rerolls of the failed ones), read off its own result. Odds follow the automatic Momentum
 * policy for "It's not over yet!": no prompts while walking the branches.
 */
export function saveOdds(s: SaveSpec): SaveOdds {
  const outcomes = saveStage(s)
  const failedSaves = outcomes.map((o) => o.failedSaves)
  const damage = outcomes.map((o) => o.damage)
  const actionsLost = outcomes.map((o) => o.actionsLost)
  const pushes = outcomes.map((o) => o.pushes)
  return {
    failedSaves,
    damage,
    actionsLost,
    pushes,
    expected: {
      failedSaves: failedSaves.expected(),
      damage: damage.expected(),
      actionsLost: actionsLost.expected(),
      pushes: pushes.expected(),
    },
  }
}

/**
 * The saves a spec calls for, as a stage of a larger attack: resolveArmorSaves walked over its
 * dice, its results told apart by what later stages read of them (failed saves, what they
 * negated and what they do).
 */
export function saveStage(spec: SaveSpec): Distribution<SaveResult> {
  return savesFor(spec)(spec.hits)
}

/**
 * The save stage of one weapon against one defender as a function of the unblocked hits (the
 * spec's own hits are ignored). Each count of saves owed is walked once per distinct weapon and
 * defender: hits past the cap roll no more dice.
 */
export function savesFor(spec: SaveSpec): (hits: number) => Distribution<SaveResult> {
  return stages(stageInput(spec))
}

/**
 * A spec as the save stage reads it: every field present (the type makes a field added to
 * SaveSpec a compile error here until it is listed), each as given (an absent option stays
 * undefined: what that means is the rule's to say, not restated here), and no prompts (the
 * automatic policy: "It's not over yet!" offered nothing is offered none).
 */
type SaveStageInput = { [K in keyof Required<Omit<SaveSpec, keyof Decidable>>]: SaveSpec[K] }

function stageInput(spec: SaveSpec): SaveStageInput {
  return {
    hits: 0,
    pen: spec.pen,
    armSv: spec.armSv,
    warship: spec.warship,
    aoe: spec.aoe,
    size: spec.size,
    armSvBonus: spec.armSvBonus,
    reroll: spec.reroll,
    notOverYet: spec.notOverYet,
  }
}

const stages = memoise((input: SaveSpec) => {
  const byOwed: Array<Distribution<SaveResult>> = []
  return (hits: number) => {
    const owed = savesOwedFor(input, hits)
    return (byOwed[owed] ??= walk(
      (dice) => resolveArmorSaves(dice, Object.assign({}, input, { hits: owed })),
      (r) => `${r.failedSaves} ${r.negated} ${r.damage} ${r.actionsLost} ${r.pushes}`,
    ))
  }
})
