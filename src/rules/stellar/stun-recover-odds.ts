import type { Dist } from '../../core/dist.js'
import { exactDists } from '../../core/exact.js'
import { type StunRecovery, type StunRecoveryResult, resolveStunRecovery } from './stun-recover.js'

export interface StunRecoveryOdds {
  removed: Dist<number>
  penaltyLeft?: Dist<number>
  shutdown?: Dist<string>
  expected: { removed: number; penaltyLeft?: number }
}

export function stunRecoveryOdds(s: StunRecovery): StunRecoveryOdds {
  const keys: Record<string, (r: StunRecoveryResult) => number | string> = { removed: (r) => r.removed }
  if (s.penalty !== undefined) keys.penaltyLeft = (r) => r.penaltyLeft!
  if (s.actions !== undefined) keys.shutdown = (r) => String(r.shutdown)
  const d = exactDists((dice) => resolveStunRecovery(dice, s), keys) as Record<string, Dist<number>>
  const o: StunRecoveryOdds = { removed: d.removed, expected: { removed: d.removed.expected() } }
  if (d.penaltyLeft) {
    o.penaltyLeft = d.penaltyLeft
    o.expected.penaltyLeft = d.penaltyLeft.expected()
  }
  if (d.shutdown) o.shutdown = d.shutdown as unknown as Dist<string>
  return o
}
