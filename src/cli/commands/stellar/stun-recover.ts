import { InputError } from '../../../core/errors.js'
import type { Dist } from '../../../core/dist.js'
import { exactDists } from '../../../core/exact.js'
import { RECOVERY_DICE, RECOVERY_TARGET, type StunRecovery, type StunRecoveryResult, resolveStunRecovery } from '../../../rules/stellar/stun-recover.js'
import { explainStunRecovery, renderStunRecovery, renderStunRecoveryOdds } from '../../../render/stellar/stun-recover.js'
import { type CommandSpec, intOpt } from '../../spec.js'

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

export const stunRecoverSpec: CommandSpec<StunRecovery, StunRecoveryResult> = {
  name: 'stun-recover',
  summary: `MechaStellar stun recovery: roll ${RECOVERY_DICE}d10 at the end of the turn, each ${RECOVERY_TARGET}+ removes a -1 Action penalty`,
  diceOrder: `${RECOVERY_DICE} d10s`,
  examples: ['mecha stun-recover --penalty 2 --actions 1 --rolls 2,5,7', 'mecha stun-recover --penalty 2 --odds'],
  options: [
    intOpt('penalty', '-1 Action penalties on the unit (one per failed stun save)', { min: 0, max: 20 }),
    intOpt('actions', "the unit's Actions stat, to report what it has left (needs --penalty)", { min: 0, max: 10 }),
  ],
  build(v) {
    if (v.actions !== undefined && v.penalty === undefined) throw new InputError('missing', '--penalty is required with --actions: how many -1 Action penalties the unit has, e.g. --penalty 2')
    return { penalty: v.penalty as number | undefined, actions: v.actions as number | undefined }
  },
  resolve: resolveStunRecovery,
  json: (r, s) => ({ penalty: s.penalty ?? null, ...r, penaltyLeft: r.penaltyLeft ?? null, actionsLeft: r.actionsLeft ?? null, shutdown: r.shutdown ?? null }),
  render: renderStunRecovery,
  explain: explainStunRecovery,
  odds(s) {
    const o = stunRecoveryOdds(s)
    const json: Record<string, unknown> = { removed: o.removed.toJSON(), expected: { ...o.expected } }
    if (o.penaltyLeft) json.penaltyLeft = o.penaltyLeft.toJSON()
    if (o.shutdown) json.shutdown = o.shutdown.toJSON()
    return { json, extra: { penalty: s.penalty ?? null }, render: (out) => renderStunRecoveryOdds(o, s, out) }
  },
}
