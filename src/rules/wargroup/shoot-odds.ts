import { Distribution } from '../../core/distribution.js'
import { walk } from '../../core/exact.js'
import {
  type WargroupShot,
  effectiveAcu,
  effectiveDef,
  rollAimEffect,
  rollShotDamage,
  rollToHit,
  shotDamage,
  shutsDown,
} from './shoot.js'

/**
 * Exact odds of one wargroup shot, composed from the shot's stages, each walked through the
 * very function the shot uses: to hit (rollToHit); the damage stage (rollShotDamage: none on a
 * miss, shotDamage); then, for
 * an aimed shot, the duration die given the damage (rollAimEffect). About 80 branches instead of
 * the 7,776 of a walk over the whole shot; the tests check the two agree exactly.
 */
export interface WargroupShotOdds {
  hit: Distribution<string>
  damage: Distribution<number>
  module?: Distribution<string>
  disabledTurns?: Distribution<number>
  immobilizedTurns?: Distribution<number>
  /** Chance the target's Dam reaches 0 (when `dam` is given). */
  destroyed?: number
  /** Chance the armor was ignored (a full-power hit). */
  fullPower: number
  expected: { hit: number; damage: number; disabledTurns?: number; immobilizedTurns?: number }
}

/** What the later stages and the maps read of a shot so far. */
interface ShotState {
  damage: number
  fullPower: boolean
  module: string
  disabledTurns: number
  immobilizedTurns: number
}
const stateKey = (x: ShotState) =>
  `${x.damage}|${x.fullPower}|${x.module}|${x.disabledTurns}|${x.immobilizedTurns}`

export function wargroupShotOdds(s: WargroupShot): WargroupShotOdds {
  const hit = walk((dice) => String(rollToHit(dice, effectiveAcu(s), effectiveDef(s)).won))
  const struck = hit.bind(
    (h) =>
      walk((dice) => {
        const d = shotDamage(rollShotDamage(dice, s, h === 'true'))
        return { damage: d.damage, fullPower: d.fullPower, module: '', disabledTurns: 0, immobilizedTurns: 0 }
      }, stateKey),
    stateKey,
  )
  // An aimed shot's duration die, given the damage (a miss too: the rule says what 0 does).
  const shot =
    s.aim === 'none'
      ? struck
      : struck.bind(
          (x) =>
            walk((dice) => {
              const e = rollAimEffect(dice, s, x.damage)
              return {
                damage: x.damage,
                fullPower: x.fullPower,
                module: e.module ?? '',
                disabledTurns: e.disabledTurns ?? 0,
                immobilizedTurns: e.immobilizedTurns ?? 0,
              }
            }, stateKey),
          stateKey,
        )

  const damage = shot.map((x) => x.damage)
  const odds: WargroupShotOdds = {
    hit,
    damage,
    fullPower: shot.where((x) => x.fullPower),
    expected: { hit: hit.prob('true'), damage: damage.expected() },
  }
  if (s.aim === 'module') {
    odds.module = shot.map((x) => x.module)
    odds.disabledTurns = shot.map((x) => x.disabledTurns)
    odds.expected.disabledTurns = odds.disabledTurns.expected()
  }
  if (s.aim === 'movement') {
    odds.immobilizedTurns = shot.map((x) => x.immobilizedTurns)
    odds.expected.immobilizedTurns = odds.immobilizedTurns.expected()
  }
  if (s.dam !== undefined) odds.destroyed = damage.where((k) => shutsDown(s.dam!, k))
  return odds
}
