import type { Dice } from '../../core/dice.js'
import { Dist } from '../../core/dist.js'
import { enumerate } from '../../core/exact.js'
import { Rational } from '../../core/rational.js'
import { type Strike, type TargetResult, attackFromFace, resolveTarget, rollAttack, rollHarmCheck } from './strike.js'

/**
 * Exact odds of a strike, built from resolveTarget itself.
 *
 * Targets are independent once the attack roll is known, so instead of walking every target's
 * dice together (6 x 4^10 branches for a Burst at ten targets) we walk one target and add the
 * targets up by convolution: per attack face for Burst and single-target strikes (they share the
 * one roll), and over the whole target (its own attack roll included) for Split fire. The tests
 * check this against a direct walk of resolveStrike.
 */
export interface StrikeOdds {
  damage: Dist<number>
  /** 'true' when the strike landed on at least one target. */
  hit: Dist<string>
  /** 'true' when it landed and every landed strike was answered successfully. */
  defended: Dist<string>
  targetsHit: Dist<number>
  targetsDefended: Dist<number>
  /** Actions lost to Knockdown, over all targets. */
  knockdowns: Dist<number>
  /** Actions spent dodging, over all targets. */
  dodges: Dist<number>
  /** Targets destroyed (by damage or a `*` roll). */
  destroyed: Dist<number>
  /** Zentraedi infantry units that appear. */
  infantry: Dist<number>
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

function fieldsOf(r: TargetResult): Record<Field, number> {
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

/** One target's marginal distributions, plus the joint (hit, defended) pair. */
interface PerTarget {
  marginals: Record<Field, Dist<number>>
  pair: Dist<string>
}

function perTarget(fn: (dice: Dice) => TargetResult): PerTarget {
  const marginals = {} as Record<Field, Dist<number>>
  for (const f of FIELDS) marginals[f] = new Dist<number>()
  const pair = new Dist<string>()
  enumerate(fn, (r, w) => {
    const v = fieldsOf(r)
    for (const f of FIELDS) marginals[f].add(v[f], w)
    pair.add(`${v.hit}|${v.defended}`, w)
  })
  return { marginals, pair }
}

/** The distribution of the sum of `k` independent copies of `d`. */
export function sumOfCopies<K extends string | number>(d: Dist<K>, k: number, add: (a: K, b: K) => K, zero: K): Dist<K> {
  let acc = Dist.point<K>(zero)
  for (let i = 0; i < k; i++) {
    const next = new Dist<K>()
    for (const [a, wa] of acc.weights) for (const [b, wb] of d.weights) next.add(add(a, b), wa.mul(wb))
    acc = next
  }
  return acc
}

const addNum = (a: number, b: number) => a + b
const addPair = (a: string, b: string) => {
  const [h1, d1] = a.split('|').map(Number)
  const [h2, d2] = b.split('|').map(Number)
  return `${h1 + h2}|${d1 + d2}`
}

function addScaled<K extends string | number>(into: Dist<K>, d: Dist<K>, w: Rational): void {
  for (const [k, x] of d.weights) into.add(k, x.mul(w))
}

export function strikeOdds(s: Strike): StrikeOdds {
  // Odds use the automatic answer: no prompts while walking the branches.
  const quiet: Strike = { ...s, askDecisions: false, decisions: undefined }
  const totals = {} as Record<Field, Dist<number>>
  for (const f of FIELDS) totals[f] = new Dist<number>()
  let pairs = new Dist<string>()

  const accumulate = (pt: PerTarget, w: Rational) => {
    for (const f of FIELDS) addScaled(totals[f], sumOfCopies(pt.marginals[f], s.targets, addNum, 0), w)
    addScaled(pairs, sumOfCopies(pt.pair, s.targets, addPair, '0|0'), w)
  }

  if (s.mode === 'split') {
    accumulate(
      perTarget((dice) => resolveTarget(dice, quiet, rollAttack(dice, quiet, 'attack'), 0)),
      Rational.ONE,
    )
  } else {
    const sixth = Rational.of(1, 6)
    for (let face = 1; face <= 6; face++) {
      const attack = attackFromFace(quiet, face)
      accumulate(
        perTarget((dice) => resolveTarget(dice, quiet, attack, 0)),
        sixth,
      )
    }
  }

  // HARM at something other than a radar: the strike above happens only when the HARM d6 keeps
  // it on this target; otherwise nothing happens here.
  let pStray = Rational.ZERO
  if (s.harmStray) {
    enumerate(rollHarmCheck, (h, w) => {
      if (h.retargeted) pStray = pStray.add(w)
    })
    const stays = Rational.ONE.sub(pStray)
    const mix = <K extends string | number>(d: Dist<K>, nothing: K) => {
      const out = new Dist<K>()
      out.add(nothing, pStray)
      addScaled(out, d, stays)
      return out
    }
    for (const f of FIELDS) totals[f] = mix(totals[f], 0)
    pairs = mix(pairs, '0|0')
  }

  const targetsHit = pairs.map((k) => Number(k.split('|')[0]))
  const targetsDefended = pairs.map((k) => Number(k.split('|')[1]))
  const hit = pairs.map((k) => String(Number(k.split('|')[0]) > 0))
  const defended = pairs.map((k) => {
    const [h, d] = k.split('|').map(Number)
    return String(h > 0 && d === h)
  })
  const pTrue = (d: Dist<string>) => d.prob('true').toNumber()
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
    harmRetargeted: s.harmStray ? pStray.toNumber() : null,
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
