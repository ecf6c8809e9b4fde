import {
  FAILED_SAVE_DMG,
  type NotOverYetQuestion,
  type SaveRequest,
  type SaveResult,
  resolveArmorSaves,
  saveCap,
  saveTargetNumber,
  savesOwed,
} from '../../rules/stellar/armor-save.js'
import { saveOdds } from '../../rules/stellar/armor-save-odds.js'
import { penText } from '../../rules/stellar/weapon.js'
import { type ChosenBy, modelOf } from '../../engine/spec.js'
import type { OddsAnswerOf, RolledAnswerOf } from '../../engine/answer.js'

/** A save with how its Momentum was settled (on the command line). */
export interface SaveInput extends SaveRequest {
  /** How the "It's not over yet!" Momentum was settled. */
  chosenBy: { momentum: ChosenBy | 'not-allowed' }
  momentumGiven: boolean
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

export const saveModel = modelOf<SaveInput, SaveResult>()({
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
  resolve: resolveArmorSaves,
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
      detail: [o, s],
    }
  },
})

/** `mecha save … --json`, `save.resolve(…)`: one roll of armor saves. */
export type SaveAnswer = RolledAnswerOf<'save', typeof saveModel>

/** `mecha save … --odds --json`, `save.odds(…)`: the exact odds of the saves. */
export type SaveOdds = OddsAnswerOf<'save', typeof saveModel>
