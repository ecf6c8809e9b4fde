import { Distribution } from '../../core/distribution.js'
import {
  type AttackRoll,
  type Strike,
  type TargetResult,
  openingFlow,
  splitTargetFlow,
  strikeDefended,
  strikeHit,
  targetFlow,
} from './strike.js'

/**
 * Exact odds of a strike: the folds of the flows resolveStrike plays.
 *
 * The opening (openingFlow: the HARM check, the shared attack roll) is folded into the targets
 * attacked and the attack face. Targets are independent once the attack roll is known, so
 * instead of walking every target's dice together (6 x 4^10 branches for a Burst at ten
 * targets) one target's flow is folded (targetFlow per attack face; splitTargetFlow, its own
 * attack roll included, for Split fire) and the targets are added up by convolution. The strike's
 * hit and defended are the rule's own (strikeHit, strikeDefended). The tests check this against
 * a direct walk of resolveStrike.
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

/** One target's flow folded, read field by field. */
function perTarget(joint: Distribution<Fields>): PerTarget {
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

/** No target attacked (HARM flew off at a radar): every count 0. */
const NONE: PerTarget = {
  marginals: Object.fromEntries(FIELDS.map((f) => [f, Distribution.point(0)])) as Record<
    Field,
    Distribution<number>
  >,
  pair: Distribution.point('0|0'),
}

export function strikeOdds(s: Strike): StrikeOdds {
  // Odds use the automatic answer: no prompts while walking the branches.
  const quiet: Strike = { ...s, askDecisions: false, decisions: undefined }
  const opening = openingFlow(quiet).odds(quiet)
  // One target's fold per attack face shared (Split fire: per target, its own roll included),
  // then every target's fields added up, per attack face and number of targets attacked.
  const single = new Map<number | 'own', PerTarget>()
  const one = (attack: AttackRoll | null): PerTarget => {
    const face = attack?.roll ?? 'own'
    let pt = single.get(face)
    if (!pt) {
      const joint = attack
        ? targetFlow(quiet, 0).odds(attack, fieldsOf, fieldsKey)
        : splitTargetFlow(quiet, 0).odds(quiet, fieldsOf, fieldsKey)
      single.set(face, (pt = perTarget(joint)))
    }
    return pt
  }
  const added = new Map<string, PerTarget>()
  const struck = (attack: AttackRoll | null, n: number): PerTarget => {
    if (n === 0) return NONE
    const key = `${attack?.roll ?? 'own'} ${n}`
    let pt = added.get(key)
    if (!pt) added.set(key, (pt = allTargets(one(attack), n)))
    return pt
  }
  const landed = <K extends number | string>(read: (t: PerTarget) => Distribution<K>): Distribution<K> =>
    opening.bind((o) => read(struck(o.attack, o.attacked)))

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
    harmRetargeted: s.harmStray ? opening.where((o) => Boolean(o.harm?.retargeted)) : null,
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
