import { Dist } from '../../core/dist.js'
import { exactDist } from '../../core/exact.js'
import { Rational } from '../../core/rational.js'
import { rollDamage } from './damage.js'
import { AIM_DAMAGE_MODIFIER, type WargroupShot, effectiveAcu, effectiveArm, effectiveDef, rollAimEffect, rollToHit } from './shoot.js'

/**
 * Exact odds of one wargroup shot. The three stages of resolveWargroupShot are independent
 * given what came before (to hit; damage on a hit; the duration die given the damage), so each
 * stage is walked on its own by the exact driver through the very functions the shot uses
 * (rollToHit, rollDamage, rollAimEffect) and the stages are multiplied together: about 80 leaves
 * instead of the 7,776 of a walk over the whole shot. The tests check the two agree exactly.
 */
export interface WargroupShotOdds {
  hit: Dist<string>
  damage: Dist<number>
  module?: Dist<string>
  disabledTurns?: Dist<number>
  immobilizedTurns?: Dist<number>
  /** Chance the target's Dam reaches 0 (when `dam` is given). */
  destroyed?: Rational
  /** Chance the armor was ignored (a full-power hit). */
  fullPower: Rational
  expected: { hit: number; damage: number; disabledTurns?: number; immobilizedTurns?: number }
}

export function wargroupShotOdds(s: WargroupShot): WargroupShotOdds {
  const hit = exactDist((dice) => rollToHit(dice, effectiveAcu(s), effectiveDef(s)), (t) => String(t.won))
  const pHit = hit.prob('true')
  const pMiss = hit.prob('false')
  // Damage on a hit, keyed "damage|fullPower".
  const onHit = exactDist((dice) => rollDamage(dice, s.str, AIM_DAMAGE_MODIFIER[s.aim], effectiveArm(s)), (d) => `${d.damage}|${d.fullPower}`)

  const damage = new Dist<number>()
  const module = new Dist<string>()
  const disabledTurns = new Dist<number>()
  const immobilizedTurns = new Dist<number>()
  let fullPower = Rational.ZERO
  const addEffect = (dmg: number, w: Rational): void => {
    if (s.aim === 'none') return
    const e = exactDist((dice) => rollAimEffect(dice, s, dmg), (x) => `${x.module ?? ''}|${x.disabledTurns ?? 0}|${x.immobilizedTurns ?? 0}`)
    for (const [key, p] of e.weights) {
      const [m, dis, imm] = key.split('|')
      const pw = w.mul(p)
      if (s.aim === 'module') {
        module.add(m, pw)
        disabledTurns.add(Number(dis), pw)
      } else immobilizedTurns.add(Number(imm), pw)
    }
  }
  if (!pMiss.isZero()) {
    damage.add(0, pMiss)
    addEffect(0, pMiss)
  }
  for (const [key, p] of onHit.sorted()) {
    const [dmg, full] = key.split('|')
    const w = pHit.mul(p)
    damage.add(Number(dmg), w)
    if (full === 'true') fullPower = fullPower.add(w)
    addEffect(Number(dmg), w)
  }

  const odds: WargroupShotOdds = { hit, damage: sortedDist(damage), fullPower, expected: { hit: pHit.toNumber(), damage: damage.expected() } }
  if (s.aim === 'module') {
    odds.module = module
    odds.disabledTurns = sortedDist(disabledTurns)
    odds.expected.disabledTurns = disabledTurns.expected()
  }
  if (s.aim === 'movement') {
    odds.immobilizedTurns = sortedDist(immobilizedTurns)
    odds.expected.immobilizedTurns = immobilizedTurns.expected()
  }
  if (s.dam !== undefined) odds.destroyed = damage.where((k) => k >= s.dam!)
  return odds
}

function sortedDist(d: Dist<number>): Dist<number> {
  const out = new Dist<number>()
  for (const [k, w] of d.sorted()) out.add(k, w)
  return out
}
