import type { Dice } from '../../core/dice.js'
import { Distribution } from '../../core/distribution.js'
import { walk } from '../../core/exact.js'
import {
  type AttackRoll,
  type Strike,
  type TargetResult,
  resolveTarget,
  rollAttack,
  rollHarmCheck,
  strikeDefended,
  strikeHit,
  targetsAttacked,
} from './strike.js'

/**
 * Exact odds of a strike, built from resolveTarget itself.
 *
 * Targets are independent once the attack roll is known, so instead of walking every target's
 * dice together (6 x 4^10 branches for a Burst at ten targets) we walk one target and add the
 * targets up by convolution: per attack face for Burst and single-target strikes (they share the
 * one roll), and over the whole target (its own attack roll included) for Split fire. The
 * targets attacked (targetsAttacked: none when HARM flies off) and the strike's hit and defended
 * (strikeHit, strikeDefended) are the rule's own. The tests check this against a direct walk of
 * resolveStrike.
 */
export interface StrikeOdds {
  damage: Distribution<number>
  /** 'true' when the strike landed on at least one target. */
  hit: Distribution<string>
  /** 'true' when it landed and every landed strike was answered successfully. */
  defended: Distribution<string>
  targetsHit: Distribution<number>
  targetsDefended: Distribution<number>
  /** Actions lost to Knockdown, over all targets. */
  knockdowns: Distribution<number>
  /** Actions spent dodging, over all targets. */
  dodges: Distribution<number>
  /** Targets destroyed (by damage or a `*` roll). */
  destroyed: Distribution<number>
  /** Zentraedi infantry units that appear. */
  infantry: Distribution<number>
  /** HARM at a target that is not a radar: the chance it flies off at a radar (null: no such HARM). */
  harmRetargeted: number | null
  expected: {
    damage: number
    hit: number
    defended: number
    targetsHit: number
    targetsDefended: number
    knockdowns: number
    dodges: number
    destroyed: number
    infantry: number
  }
}

const FIELDS = ['damage', 'hit', 'defended', 'knockdowns', 'dodges', 'destroyed', 'infantry'] as const
type Field = (typeof FIELDS)[number]
type Fields = Record<Field, number>

function fieldsOf(r: TargetResult): Fields {
  return {
    damage: r.damage,
    hit: r.hit ? 1 : 0,
    defended: r.hit && r.defended ? 1 : 0,
    knockdowns: r.knockdown?.actionLost ? 1 : 0,
    dodges: r.actionSpent ? 1 : 0,
    destroyed: r.destroyed ? 1 : 0,
    infantry: r.infantry ? 1 : 0,
  }
}
const fieldsKey = (v: Fields) => FIELDS.map((f) => v[f]).join(' ')

/** One target's marginal distributions, plus the joint (hit, defended) pair. */
interface PerTarget {
  marginals: Record<Field, Distribution<number>>
  pair: Distribution<string>
}

/** One target walked through resolveTarget, read field by field. */
function perTarget(fn: (dice: Dice) => TargetResult): PerTarget {
  const joint = walk((dice) => fieldsOf(fn(dice)), fieldsKey)
  const marginals = {} as Record<Field, Distribution<number>>
  for (const f of FIELDS) marginals[f] = joint.map((v) => v[f])
  return { marginals, pair: joint.map((v) => `${v.hit}|${v.defended}`) }
}

const addNum = (a: number, b: number) => a + b
const addPair = (a: string, b: string) => {
  const [h1, d1] = a.split('|').map(Number)
  const [h2, d2] = b.split('|').map(Number)
  return `${h1 + h2}|${d1 + d2}`
}

/** Every target's fields added up: `targets` independent copies of one target. */
function allTargets(pt: PerTarget, targets: number): PerTarget {
  const marginals = {} as Record<Field, Distribution<number>>
  for (const f of FIELDS) marginals[f] = pt.marginals[f].repeat(targets, addNum, 0)
  return { marginals, pair: pt.pair.repeat(targets, addPair, '0|0') }
}

export function strikeOdds(s: Strike): StrikeOdds {
  // Odds use the automatic answer: no prompts while walking the branches.
  const quiet: Strike = Object.assign({}, s, { askDecisions: false, decisions: undefined })
  // Split fire: each target has its own attack roll. Burst and single strikes share one roll
  // (rollAttack, walked): the targets are independent given it, so they are added up per roll.
  const attacks =
    s.mode === 'split'
      ? undefined
      : walk(
          (dice) => rollAttack(dice, quiet, 'attack'),
          (a) => a.roll,
        )
  const one =
    s.mode === 'split'
      ? perTarget((dice) => resolveTarget(dice, quiet, rollAttack(dice, quiet, 'attack'), 0))
      : undefined
  // One target against each attack roll shared (by its face), then every target's fields
  // added up, per attack roll and number of targets attacked.
  const single = new Map<number, PerTarget>()
  const against = (attack: AttackRoll): PerTarget => {
    let pt = single.get(attack.roll)
    if (!pt) single.set(attack.roll, (pt = perTarget((dice) => resolveTarget(dice, quiet, attack, 0))))
    return pt
  }
  const added = new Map<string, PerTarget>()
  const struck = (attack: AttackRoll | undefined, n: number): PerTarget => {
    const key = `${attack?.roll ?? 'own'} ${n}`
    let pt = added.get(key)
    if (!pt) added.set(key, (pt = allTargets(attack ? against(attack) : one!, n)))
    return pt
  }
  // The targets attacked, as resolveStrike counts them after its HARM check (when it makes one).
  const attacked = walk((dice) => targetsAttacked(quiet, quiet.harmStray ? rollHarmCheck(dice) : null))
  const landed = <K extends number | string>(read: (t: PerTarget) => Distribution<K>): Distribution<K> =>
    attacked.bind((n) =>
      attacks ? attacks.bind((attack) => read(struck(attack, n))) : read(struck(undefined, n)),
    )
  const harm = s.harmStray ? walk((dice) => String(rollHarmCheck(dice).retargeted)) : undefined

  const totals = {} as Record<Field, Distribution<number>>
  for (const f of FIELDS) totals[f] = landed((t) => t.marginals[f])
  const pairs = landed((t) => t.pair)
  const targetsHit = pairs.map((k) => Number(k.split('|')[0]))
  const targetsDefended = pairs.map((k) => Number(k.split('|')[1]))
  const hit = pairs.map((k) => String(strikeHit(Number(k.split('|')[0]))))
  const defended = pairs.map((k) => {
    const [h, d] = k.split('|').map(Number)
    return String(strikeDefended(h, d))
  })
  const pTrue = (d: Distribution<string>) => d.prob('true')
  return {
    damage: totals.damage,
    hit,
    defended,
    targetsHit,
    targetsDefended,
    knockdowns: totals.knockdowns,
    dodges: totals.dodges,
    destroyed: totals.destroyed,
    infantry: totals.infantry,
    harmRetargeted: harm ? harm.prob('true') : null,
    expected: {
      damage: totals.damage.expected(),
      hit: pTrue(hit),
      defended: pTrue(defended),
      targetsHit: targetsHit.expected(),
      targetsDefended: targetsDefended.expected(),
      knockdowns: totals.knockdowns.expected(),
      dodges: totals.dodges.expected(),
      destroyed: totals.destroyed.expected(),
      infantry: totals.infantry.expected(),
    },
  }
}
