import type { Distribution } from '../../core/distribution.js'
import { walkMaps } from '../../core/exact.js'
import { type ActionPointsRoll, resolveActionPoints } from './action-points.js'
import { type Repair, resolveRepair } from './repair.js'
import { type ResolveTest, resolveResolveTest } from './resolve.js'
import { type MiningShot, miningShotFlow } from './shoot.js'

/**
 * Exact odds for every mining roll, walked through the rule functions themselves (one d6 each),
 * and a shot's as the fold of its flow (the to-hit d6, then a killing shot's resolve test), so a
 * roll and its odds cannot disagree.
 * Booleans are keyed "true"/"false".
 */

type D = Distribution<number | string>
/** A numeric outcome map (damage, points, scores). */
type N = Distribution<number>
/** A yes/no outcome map keyed "false"/"true". */
type B = Distribution<string>

export interface ShotOdds {
  hit: B
  damage: N
  suppression: N
  markersAfter: N
  /** Only when the target's damage is known. */
  targetDamageAfter?: N
  eliminated?: B
  /** Only when the target's damage and its force's earlier losses are known. */
  retreat?: B
  hitChance: number
  expected: { damage: number; suppression: number; hit: number }
}

const bool = (b: boolean | undefined) => String(Boolean(b))

/** Boolean maps always carry both keys ("false" first), even when one is impossible. */
function yesNo(d: D): B {
  return d.including(['false', 'true']) as B
}

const numeric = (d: D): N => d as N

export function miningShotOdds(s: MiningShot): ShotOdds {
  const shot = miningShotFlow(s).odds(s)
  const d = {
    hit: shot.map((r) => bool(r.hit)),
    damage: shot.map((r) => r.damage),
    suppression: shot.map((r) => r.suppression),
    markersAfter: shot.map((r) => r.markersAfter),
    targetDamageAfter: shot.map((r) => r.targetDamageAfter ?? -1),
    eliminated: shot.map((r) => bool(r.eliminated)),
    retreat: shot.map((r) => bool(r.resolve?.retreat)),
  }
  const out: ShotOdds = {
    hit: yesNo(d.hit),
    damage: numeric(d.damage),
    suppression: numeric(d.suppression),
    markersAfter: numeric(d.markersAfter),
    hitChance: d.hit.prob('true'),
    expected: {
      damage: d.damage.expected(),
      suppression: d.suppression.expected(),
      hit: d.hit.prob('true'),
    },
  }
  if (s.targetDamage !== undefined) {
    out.targetDamageAfter = numeric(d.targetDamageAfter)
    out.eliminated = yesNo(d.eliminated)
    if (s.lost !== undefined) out.retreat = yesNo(d.retreat)
  }
  return out
}

export interface ActionPointsOdds {
  actionPoints: N
  expected: { actionPoints: number }
}

export function actionPointsOdds(a: ActionPointsRoll): ActionPointsOdds {
  const d = walkMaps((dice) => resolveActionPoints(dice, a), { actionPoints: (r) => r.actionPoints })
  return { actionPoints: numeric(d.actionPoints), expected: { actionPoints: d.actionPoints.expected() } }
}

export interface RepairOdds {
  repaired: B
  damageAfter: N
  expected: { damageAfter: number; repaired: number }
}

export function repairOdds(r: Repair): RepairOdds {
  const d = walkMaps((dice) => resolveRepair(dice, r), {
    repaired: (x) => bool(x.repaired),
    damageAfter: (x) => x.damageAfter,
  })
  return {
    repaired: yesNo(d.repaired),
    damageAfter: numeric(d.damageAfter),
    expected: { damageAfter: d.damageAfter.expected(), repaired: d.repaired.prob('true') },
  }
}

export interface ResolveTestOdds {
  retreat: B
  score: N
  retreatChance: number
  expected: { score: number; retreat: number }
}

export function resolveTestOdds(t: ResolveTest): ResolveTestOdds {
  const d = walkMaps((dice) => resolveResolveTest(dice, t), {
    retreat: (x) => bool(x.retreat),
    score: (x) => x.score,
  })
  return {
    retreat: yesNo(d.retreat),
    score: numeric(d.score),
    retreatChance: d.retreat.prob('true'),
    expected: { score: d.score.expected(), retreat: d.retreat.prob('true') },
  }
}
