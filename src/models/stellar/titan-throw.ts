import { modelOf } from '../../runtime/spec.js'
import type { Chances, OddsAnswerOf, RolledAnswerOf } from '../../runtime/answer.js'
import { type Split, survives } from '../../rules/stellar/melee.js'
import {
  type TitanThrow,
  type TitanThrowResult,
  resolveTitanThrow,
  throwNumber,
  throwReach,
  throwSpend,
  titanThrowOdds,
} from '../../rules/stellar/titan-throw.js'
import type { TraitEffect } from '../../rules/stellar/traits.js'
import type { Pool, Spend } from '../../rules/stellar/upgrades.js'
import { attackerBonus } from '../../rules/stellar/weapon.js'
import { strikeJson } from './melee.js'

/** A throw with its traits, as the command reports it. */
export interface TitanThrowRequest extends TitanThrow {
  traits: Record<'attacker' | 'defender', string[]>
  traitEffects: TraitEffect[]
  traitFieldsUsed: boolean
  chosenBy: { atkSplit: 'flag' | 'auto'; defSplit: 'flag' | 'auto' }
}

/** What a roll's answer and the odds' share: the sizes, the reach, what was paid, the splits. */
export interface TitanThrowFields {
  atkSize: number
  defSize: number
  /** Sizes larger than the thrower the throw reaches (-2: the free throw). */
  reach: number
  throwNumber: number
  /** What the throw cost, under the pool it was paid from; `{}` when free. */
  spend: Partial<Record<Pool, Spend>>
  atkSplit: Split
  defSplit: Split
  chosenBy: TitanThrowRequest['chosenBy']
  atkBonus: number
  /** A thrown target always guards. */
  defChoice: 'guard'
  blindside: boolean
  /** With traits (given or from the roster): every trait of each side. */
  traits?: Record<'attacker' | 'defender', string[]>
  /** `--low-gravity`: the throw dealt no DMG. */
  lowGravity?: true
  /** With a trait: what each one did. */
  traitEffects?: TraitEffect[]
}

/** The `odds` of a throw. */
export interface TitanThrowOddsJson {
  attack: { damage: Chances; unblockedHits: Chances; failedSaves: Chances }
  thrown: Chances
  expected: {
    damage: number
    failedSaves: number
    thrownChance: number
    /** With the target's HP. */
    destroyed?: { defender: number }
  }
  /** With the target's HP. */
  destroyed?: { defender: Chances }
}

/** What every report shares: the sizes, the reach, what was paid, the splits. */
function throwJson(t: TitanThrowRequest): TitanThrowFields {
  const spend = throwSpend(t)
  const out: TitanThrowFields = {
    atkSize: t.melee.atk.unit.size,
    defSize: t.melee.def.unit.size,
    reach: throwReach(t.pool, t.upgrades),
    throwNumber: throwNumber(t.upgrades),
    spend: spend && t.pool ? { [t.pool]: spend } : {},
    atkSplit: { ...t.melee.atkSplit },
    defSplit: { ...t.melee.defSplit },
    chosenBy: { ...t.chosenBy },
    atkBonus: attackerBonus(t.melee.atk.unit.pilot),
    defChoice: 'guard',
    blindside: t.melee.situation.blindside,
  }
  if (t.lowGravity) out.lowGravity = true
  if (t.traitFieldsUsed) out.traits = { attacker: [...t.traits.attacker], defender: [...t.traits.defender] }
  if (t.traitEffects.length) out.traitEffects = t.traitEffects
  return out
}

/** One throw, with what its text reads of the throw (the answer's own fields; never twice in the JSON). */
export type TitanThrowRoll = TitanThrowResult & { terms: TitanThrowFields }

/** What the text of a throw's odds reads: the throw's fields, and the chance the target is destroyed (with its HP). */
export type TitanThrowOddsTerms = TitanThrowFields & { destroyed?: number }

export const titanThrowModel = modelOf<TitanThrowRequest, TitanThrowRoll>()({
  resolve: (dice, t) => Object.assign(resolveTitanThrow(dice, t), { terms: throwJson(t) }),
  json: (r, t) => ({
    ...throwJson(t),
    attack: strikeJson(r.attack, t.traitFieldsUsed),
    thrown: r.thrown,
    pushes: r.attack.save.pushes,
    defender: { ...r.defender },
  }),
  odds(t) {
    const o = titanThrowOdds(t)
    const json: TitanThrowOddsJson = {
      attack: {
        damage: o.map((x) => x.damage).toJSON(),
        unblockedHits: o.map((x) => x.unblockedHits).toJSON(),
        failedSaves: o.map((x) => x.failedSaves).toJSON(),
      },
      thrown: o.map((x) => String(x.pushedOut)).toJSON(),
      expected: {
        damage: o.expected((x) => x.damage),
        failedSaves: o.expected((x) => x.failedSaves),
        thrownChance: o.where((x) => x.pushedOut),
      },
    }
    const hp = t.melee.def.unit.hp
    const terms: TitanThrowOddsTerms = throwJson(t)
    if (hp !== undefined) {
      const p = o.where((x) => !survives(x.damage, hp))
      json.destroyed = { defender: { false: 1 - p, true: p } }
      json.expected.destroyed = { defender: p }
      terms.destroyed = p
    }
    return {
      json,
      extra: throwJson(t),
      detail: [o, t, terms] as const,
      cutoffs:
        hp === undefined ? undefined : { 'attack.damage': { at: hp, label: `target's HP ${hp}: destroyed` } },
      charted: ['attack.damage', 'attack.failedSaves'],
    }
  },
})

/** `mecha titan-throw … --json`, `titanThrow.resolve(…)`: one throw. */
export type TitanThrowAnswer = RolledAnswerOf<'titan-throw', typeof titanThrowModel>

/** `mecha titan-throw … --odds --json`, `titanThrow.odds(…)`: the exact odds of a throw. */
export type TitanThrowOdds = OddsAnswerOf<'titan-throw', typeof titanThrowModel>
