import type { Distribution } from '../../core/distribution.js'
import { walk } from '../../core/exact.js'
import { type StunRecovery, resolveStunRecovery } from './stun-recover.js'

export interface StunRecoveryOdds {
  removed: Distribution<number>
  penaltyLeft?: Distribution<number>
  shutdown?: Distribution<string>
  expected: { removed: number; penaltyLeft?: number }
}

/** The exact odds of a stun recovery roll: resolveStunRecovery walked, read off its result. */
export function stunRecoveryOdds(s: StunRecovery): StunRecoveryOdds {
  const outcomes = walk(
    (dice) => {
      const r = resolveStunRecovery(dice, s)
      return { removed: r.removed, penaltyLeft: r.penaltyLeft ?? 0, shutdown: String(r.shutdown) }
    },
    (o) => `${o.removed} ${o.penaltyLeft} ${o.shutdown}`,
  )
  const removed = outcomes.map((o) => o.removed)
  const odds: StunRecoveryOdds = { removed, expected: { removed: removed.expected() } }
  if (s.penalty !== undefined) {
    odds.penaltyLeft = outcomes.map((o) => o.penaltyLeft)
    odds.expected.penaltyLeft = odds.penaltyLeft.expected()
  }
  if (s.actions !== undefined) odds.shutdown = outcomes.map((o) => o.shutdown)
  return odds
}
