import { defineModel } from '../../engine/spec.js'
import { survives } from '../../rules/stellar/melee.js'
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
import { attackerBonus } from '../../rules/stellar/weapon.js'
import { strikeJson } from './melee.js'

/** A throw with its traits, as the command reports it. */
export interface TitanThrowRequest extends TitanThrow {
  traits: Record<'attacker' | 'defender', string[]>
  traitEffects: TraitEffect[]
  traitFieldsUsed: boolean
  chosenBy: { atkSplit: 'flag' | 'auto'; defSplit: 'flag' | 'auto' }
}

/** What every report shares: the sizes, the reach, what was paid, the splits. */
function throwJson(t: TitanThrowRequest): Record<string, unknown> {
  const spend = throwSpend(t)
  const out: Record<string, unknown> = {
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
  if (t.traitFieldsUsed) out.traits = { attacker: [...t.traits.attacker], defender: [...t.traits.defender] }
  if (t.traitEffects.length) out.traitEffects = t.traitEffects
  return out
}

export const titanThrowModel = defineModel<TitanThrowRequest, TitanThrowResult>({
  resolve: resolveTitanThrow,
  json: (r, t) =>
    Object.assign(throwJson(t), {
      attack: strikeJson(r.attack, t.traitFieldsUsed),
      thrown: r.thrown,
      pushes: r.attack.save.pushes,
      defender: { ...r.defender },
    }),
  odds(t) {
    const o = titanThrowOdds(t)
    const json: Record<string, unknown> = {
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
    if (hp !== undefined) {
      const p = o.where((x) => !survives(x.damage, hp))
      json.destroyed = { defender: { false: 1 - p, true: p } }
      ;(json.expected as Record<string, unknown>).destroyed = { defender: p }
    }
    return {
      json,
      extra: throwJson(t),
      detail: [o, t],
      cutoffs:
        hp === undefined ? undefined : { 'attack.damage': { at: hp, label: `target's HP ${hp}: destroyed` } },
      charted: ['attack.damage', 'attack.failedSaves'],
    }
  },
})
