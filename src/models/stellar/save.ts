import {
  FAILED_SAVE_DMG,
  type NotOverYetQuestion,
  SAVE_DIE,
  type SaveRequest,
  type SaveResult,
  type SaveSpec,
  failedSaveKind,
  resolveArmorSaves,
  saveCap,
  saveClass,
  saveTargetNumber,
  savesOwed,
  savesOwedFor,
} from '../../rules/stellar/armor-save.js'
import type { Penetration } from '../../rules/stellar/weapon.js'
import { saveOdds } from '../../rules/stellar/armor-save-odds.js'
import { penText } from '../../rules/stellar/weapon.js'
import { type ChosenBy, modelOf } from '../../runtime/spec.js'
import type { OddsAnswerOf, RolledAnswerOf } from '../../runtime/answer.js'

/** A save with how its Momentum was settled (on the command line). */
export interface SaveInput extends SaveRequest {
  /** How the "It's not over yet!" Momentum was settled. */
  chosenBy: { momentum: ChosenBy | 'not-allowed' }
  momentumGiven: boolean
}

/**
 * What the text of a set of saves says beside its numbers, worked out here by the save rule's own
 * functions so that src/render computes none of it: the cap, how many `hits` owe, the target
 * number, which faces pass, and what a failed save does.
 */
export interface SaveTerms {
  /** Saves at most (3; a warship 5, 10 against AOE). */
  cap: number
  /** Saves the hits owe (none under PEN 2), after the cap. */
  owed: number
  targetNumber: number
  /** Each face of the save die, 1 first: 1 passes, 0 fails. */
  faces: Array<0 | 1>
  /** What one failed save does (a warship's is always DMG). */
  failed: Penetration['kind']
}

/** The terms of the saves `hits` unblocked hits owe under `spec` (its own `hits` is not read). */
export function saveTerms(spec: Omit<SaveSpec, 'hits'>, hits: number): SaveTerms {
  const targetNumber = saveTargetNumber(spec)
  const pass = saveClass(targetNumber)
  return {
    cap: saveCap(spec),
    owed: savesOwedFor(spec, hits),
    targetNumber,
    faces: Array.from({ length: SAVE_DIE }, (_, i) => pass(i + 1)),
    failed: failedSaveKind(spec),
  }
}

/** The save-related fields every save JSON carries (rolls and odds alike). */
function saveFacts(s: SaveInput) {
  return {
    pen: penText(s.pen),
    armSv: s.armSv,
    armSvBonus: s.armSvBonus ?? 0,
    cap: saveCap(s),
    owed: savesOwed(s),
  }
}

/** One roll of saves, with the terms its text reads (saveTerms). */
export type SaveRoll = SaveResult & { terms: SaveTerms }

export const saveModel = modelOf<SaveInput, SaveRoll>()({
  choose(req, ctx) {
    // Momentum is asked after the saves are seen, when a person is there to answer.
    if (req.chosenBy.momentum === 'auto' && ctx.interactive)
      return Object.assign({}, req, { askDecisions: true })
    return req
  },
  async decide(id, context, s, ctx) {
    if (id !== 'not-over-yet') throw new Error(`unknown decision ${id}`)
    const q = context as NotOverYetQuestion
    const options = []
    for (let p = 0; p <= Math.min(10, q.maxPoints); p++) {
      const left = q.failed - p
      const effect =
        s.pen.kind === 'stun'
          ? `${left} action${left === 1 ? '' : 's'} lost`
          : `+${left * FAILED_SAVE_DMG} DMG`
      options.push({
        value: p,
        label: `Spend ${p} Momentum`,
        hint: `${left} failed save${left === 1 ? ' stands' : 's stand'}: ${effect}`,
      })
    }
    s.chosenBy.momentum = 'prompt'
    return ctx.select(
      `It's not over yet! ${q.failed} failed save${q.failed === 1 ? '' : 's'}. Spend Momentum to negate?`,
      options,
      0,
    )
  },
  // The roll with the terms its text reads (never in the JSON).
  resolve: (dice, s): SaveRoll => Object.assign(resolveArmorSaves(dice, s), { terms: saveTerms(s, s.hits) }),
  // Momentum answered at a prompt is at most the failed saves: a flag of that amount spends it again.
  replayFlags: (s, r) => (s.chosenBy.momentum === 'prompt' ? ['--momentum', String(r.negated)] : []),
  json(r, s) {
    return {
      targetNumber: r.targetNumber,
      ...saveFacts(s),
      autoPass: r.owed > 0 && r.targetNumber <= 1,
      saves: r.saves,
      rerolls: r.rerolls,
      negated: r.negated,
      momentumSpent: r.negated,
      failedSaves: r.failedSaves,
      damage: r.damage,
      actionsLost: r.actionsLost,
      pushes: r.pushes,
      chosenBy: s.chosenBy,
    }
  },
  odds(s) {
    const o = saveOdds(s)
    return {
      json: {
        failedSaves: o.failedSaves.toJSON(),
        damage: o.damage.toJSON(),
        actionsLost: o.actionsLost.toJSON(),
        pushes: o.pushes.toJSON(),
        expected: { ...o.expected },
      },
      extra: { targetNumber: saveTargetNumber(s), ...saveFacts(s), chosenBy: s.chosenBy },
      detail: [o, s, saveTerms(s, s.hits)],
    }
  },
})

/** `mecha save … --json`, `save.resolve(…)`: one roll of armor saves. */
export type SaveAnswer = RolledAnswerOf<'save', typeof saveModel>

/** `mecha save … --odds --json`, `save.odds(…)`: the exact odds of the saves. */
export type SaveOdds = OddsAnswerOf<'save', typeof saveModel>
