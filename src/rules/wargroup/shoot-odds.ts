import type { Dist } from '../../core/dist.js'
import { exactDists } from '../../core/exact.js'
import type { Rational } from '../../core/rational.js'
import { type WargroupShot, resolveWargroupShot } from './shoot.js'

/**
 * Exact odds of one wargroup shot, walked through resolveWargroupShot itself: 36 to-hit
 * branches, 36 damage branches on a hit and at most 6 duration branches, so at most 7,776 leaves.
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
  const d = exactDists((dice) => resolveWargroupShot(dice, s), {
    hit: (r) => String(r.hit),
    damage: (r) => r.damage,
    module: (r) => r.module ?? 'none',
    disabledTurns: (r) => r.disabledTurns ?? 0,
    immobilizedTurns: (r) => r.immobilizedTurns ?? 0,
    fullPower: (r) => String(r.damageRoll?.fullPower ?? false),
  })
  const hit = d.hit as Dist<string>
  const damage = d.damage as Dist<number>
  const odds: WargroupShotOdds = {
    hit,
    damage,
    fullPower: (d.fullPower as Dist<string>).prob('true'),
    expected: { hit: hit.prob('true').toNumber(), damage: damage.expected() },
  }
  if (s.aim === 'module') {
    odds.module = d.module as Dist<string>
    odds.disabledTurns = d.disabledTurns as Dist<number>
    odds.expected.disabledTurns = odds.disabledTurns.expected()
  }
  if (s.aim === 'movement') {
    odds.immobilizedTurns = d.immobilizedTurns as Dist<number>
    odds.expected.immobilizedTurns = odds.immobilizedTurns.expected()
  }
  if (s.dam !== undefined) odds.destroyed = damage.where((k) => k >= s.dam!)
  return odds
}
