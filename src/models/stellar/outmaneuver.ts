import {
  MAX_MOMENTUM_SUCCESSES,
  type OutcomeCode,
  type OutmaneuverMomentumQuestion,
  type OutmaneuverRequest,
  type OutmaneuverResult,
  type Pool,
  type Winner,
  outmaneuverOdds,
  outmaneuverOutcome,
  resolveOutmaneuver,
} from '../../rules/stellar/outmaneuver.js'
import { type ChosenBy, modelOf } from '../../runtime/spec.js'
import type { NamedAnswer, OddsAnswerOf, RolledAnswerOf } from '../../runtime/answer.js'

export type MomentumChosenBy = ChosenBy | 'not-allowed'

/** The roll with how each side's Momentum was settled (on the command line). */
export interface OutmaneuverInput extends OutmaneuverRequest {
  chosenBy: { atkMomentum: MomentumChosenBy; defMomentum: MomentumChosenBy }
}

function sideJson(r: OutmaneuverResult['attacker'], pool: Pool, chosenBy: MomentumChosenBy) {
  return { ...r, pool: pool.parts, momentumChosenBy: chosenBy }
}

export const outmaneuverModel = modelOf<OutmaneuverInput, OutmaneuverResult>()({
  choose(req, ctx) {
    // Momentum is asked after the dice are seen, when a person is there to answer.
    const atkOpen = req.chosenBy.atkMomentum === 'auto' && ctx.interactive
    const defOpen = req.chosenBy.defMomentum === 'auto' && ctx.interactive
    if (!atkOpen && !defOpen) return req
    return Object.assign({}, req, {
      askDecisions: true,
      attacker: Object.assign({}, req.attacker, { momentumOpen: atkOpen }),
      defender: Object.assign({}, req.defender, { momentumOpen: defOpen }),
    })
  },
  async decide(id, context, req, ctx) {
    if (id !== 'atk-momentum' && id !== 'def-momentum') throw new Error(`unknown decision ${id}`)
    const q = context as OutmaneuverMomentumQuestion
    const options = []
    for (let p = 0; p <= MAX_MOMENTUM_SUCCESSES; p++) {
      const mine = q.own + p
      const [a, d] = q.who === 'attacker' ? [mine, q.other] : [q.other, mine]
      options.push({
        value: p,
        label: `Spend ${p} Momentum`,
        hint: `${mine} vs ${q.other}: ${outcomeShort(outmaneuverOutcome(q.bridge, a, d))}`,
      })
    }
    if (q.who === 'attacker') req.chosenBy.atkMomentum = 'prompt'
    else req.chosenBy.defMomentum = 'prompt'
    const name = q.who === 'attacker' ? 'Attacker' : 'Defender'
    return ctx.select(
      `${name}: ${q.own} success${q.own === 1 ? '' : 'es'} against ${q.other}. Spend Momentum for +1 success each?`,
      options,
      0,
    )
  },
  resolve: resolveOutmaneuver,
  replayFlags(req, r) {
    const flags: string[] = []
    if (req.chosenBy.atkMomentum === 'prompt') flags.push('--atk-momentum', String(r.attacker.momentum))
    if (req.chosenBy.defMomentum === 'prompt') flags.push('--def-momentum', String(r.defender.momentum))
    return flags
  },
  json(r, req) {
    return {
      bridge: r.bridge,
      attacker: sideJson(r.attacker, req.pools.attacker, req.chosenBy.atkMomentum),
      defender: sideJson(r.defender, req.pools.defender, req.chosenBy.defMomentum),
      winner: r.winner,
      margin: r.margin,
      outcome: r.outcome,
      description: outcomeText(r),
      effects: r.effects,
    }
  },
  odds(req) {
    const o = outmaneuverOdds(req)
    return {
      json: {
        winner: o.winner.toJSON(),
        // `margin` means what a roll's `margin` means (how far the winner won by, 0 on a tie);
        // `difference` keeps the sign: the attacker's successes minus the defender's.
        margin: o.margin.map((k) => Math.abs(k)).toJSON(),
        difference: o.margin.toJSON(),
        outcome: o.outcome.toJSON(),
        attackerSuccesses: o.attackerSuccesses.toJSON(),
        defenderSuccesses: o.defenderSuccesses.toJSON(),
        expected: {
          ...o.expected,
          margin: o.margin.expected((k) => Math.abs(k)),
          difference: o.expected.margin,
        },
      },
      extra: {
        bridge: req.bridge,
        attacker: {
          dice: req.attacker.dice,
          pool: req.pools.attacker.parts,
          momentum: req.attacker.momentum,
          reroll: req.attacker.reroll,
        },
        defender: {
          dice: req.defender.dice,
          pool: req.pools.defender.parts,
          momentum: req.defender.momentum,
          reroll: req.defender.reroll,
        },
        chosenBy: req.chosenBy,
      },
      detail: [o, req],
    }
  },
})

/** What the outcome means at the table, in one sentence. */
export function outcomeText(r: { winner: Winner; margin: number; outcome: OutcomeCode }): string {
  const by = r.winner === 'tie' ? '' : ` by ${r.margin}`
  switch (r.outcome) {
    case 'tactical-advantage':
      return `attacker wins${by}: Tactical Advantage (+1 critical hit) against the target this turn`
    case 'blindside':
      return `attacker wins${by}: Blindside (ignores Overwatch, shields and cover; +1 critical hit)`
    case 'bridge-hit':
      return `attacker wins${by}: Blindside and PEN +3; a ship that survives then shoots at ACC -2, and any attack from within 16" Blindsides it`
    case 'overwatch-shots':
      return `defender wins${by}: Overwatch attack with +3 shots (3 shots without an Overwatch weapon)`
    case 'overwatch-hits':
      return `defender wins${by}: Overwatch attack with +3 hits`
    case 'none':
      return 'tie: the sequence ends, nobody gains anything'
  }
}

/** A few words for prompt hints. */
export function outcomeShort(r: { winner: Winner; margin: number; outcome: OutcomeCode }): string {
  const effect: Record<OutcomeCode, string> = {
    'tactical-advantage': 'Tactical Advantage',
    blindside: 'Blindside',
    'bridge-hit': 'Blindside, PEN+3',
    'overwatch-shots': 'Overwatch +3 shots',
    'overwatch-hits': 'Overwatch +3 hits',
    none: 'sequence ends',
  }
  return r.winner === 'tie' ? 'tie, sequence ends' : `${r.winner} wins by ${r.margin}: ${effect[r.outcome]}`
}

/** `mecha outmaneuver … --json`, `outmaneuver.resolve(…)`: one roll of the sequence. */
export type OutmaneuverAnswer = RolledAnswerOf<'outmaneuver', typeof outmaneuverModel, NamedAnswer>

/** `mecha outmaneuver … --odds --json`, `outmaneuver.odds(…)`: the exact odds of the sequence. */
export type OutmaneuverOdds = OddsAnswerOf<'outmaneuver', typeof outmaneuverModel, NamedAnswer>
