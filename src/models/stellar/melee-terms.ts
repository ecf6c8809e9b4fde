import type { Distribution } from '../../core/distribution.js'
import {
  CRIT_FROM,
  MELEE_DIE,
  type Melee,
  type Strike,
  attackDieClass,
  attackStrike,
  canFinish,
  counterStrike,
  countAttack,
  defenseDieClass,
  meleeAttacks,
  meleeBlindside,
  meleeGuard,
  overwatchAttacks,
  strikeSaveSpec,
} from '../../rules/stellar/melee.js'
import type { MeleeOdds as ChargeOdds, StrikeOdds } from '../../rules/stellar/melee-flow.js'
import type { SaveSpec } from '../../rules/stellar/armor-save.js'
import { attackerBonus, defenderBonus } from '../../rules/stellar/weapon.js'
import { type SaveTerms, saveTerms } from './save.js'

/**
 * What the text of a charge says beside its answer, worked out here by the rules' own functions
 * once, so that src/render reads it and computes no rule (a drift between the text and the
 * answer cannot come back): a roll carries it (MeleeRoll), the odds' text gets it in `detail`.
 * None of it is in the JSON.
 */
export interface MeleeTerms {
  /** The attacker's attack bonus; the defender's Counter (hits) and Guard (blocks) bonuses. */
  attackBonus: number
  counterBonus: number
  guardBonus: number
  /** Whether each side strikes in melee: a warship without a Melee stat only defends (AA DEF). */
  strikes: { attacker: boolean; defender: boolean }
  /** Whether each side may strike a Finishing Blow (level 1+ pilots). */
  finishes: { attacker: boolean; defender: boolean }
  /** Blindside holds (asked for, and the defender is not immune): its shield does not count. */
  blindside: boolean
  /** The overwatch attacks the defender fires at the charger (0: none). */
  overwatchAttacks: number
}

export function meleeTerms(m: Melee): MeleeTerms {
  return {
    attackBonus: attackerBonus(m.atk.unit.pilot),
    counterBonus: defenderBonus(m.def.unit.pilot),
    guardBonus: meleeGuard(m.def),
    strikes: { attacker: meleeAttacks(m.atk), defender: meleeAttacks(m.def) },
    finishes: { attacker: canFinish(m.atk.unit.pilot), defender: canFinish(m.def.unit.pilot) },
    blindside: meleeBlindside(m),
    overwatchAttacks: overwatchAttacks(m),
  }
}

/** One strike as melee --odds --explain walks it: its pools by the rule's face classes, a worked row of saves. */
export interface StrikeOddsTerms {
  /** The strike as the odds count it (the choice made when the overwatch does nothing). */
  strike: Strike
  /** What each face of an attack die counts as, 1 first (attackDieClass: 0 miss, 1 hit, 2 critical, 5-8 a Desperation face). */
  attackFaces: number[]
  /** What each face of a defense die counts as, 1 first (defenseDieClass: 1 a block). */
  defenseFaces: Array<0 | 1>
  /** The rolled hits of attack dice counted by class (countAttack on a face of each class). */
  rolledHits(counts: ReadonlyMap<number, number>): number
  /** The saves' worked row: the most likely number of unblocked hits above 0, its spec and terms (PEN 2+ only). */
  saves: { unblockedHits: number; spec: Omit<SaveSpec, 'hits'>; terms: SaveTerms } | null
}

/** The counter-attack as the odds count it: the Momentum the charger has left after the overwatch. */
export interface CounterOddsTerms extends StrikeOddsTerms {
  /** The charger's Momentum for Skill Defense, given a counter-attack (per overwatch outcome); null: none is made. */
  momentum: Distribution<number> | null
}

/** The text's terms of a charge's odds: the charge's, and each strike's as the fold counted it. */
export interface MeleeOddsTerms extends MeleeTerms {
  attack: StrikeOddsTerms
  counter: CounterOddsTerms
}

/** A face standing for an attack die class: the rolled hits of a row of counts come from these. */
function classFace(s: Strike, c: number): number {
  return c === 2 ? CRIT_FROM : c === 1 ? s.hitOn : c === 0 ? 1 : c
}

/** The most likely outcome above 0 (1 when there is none). */
function likelyAboveZero(d: Distribution<number>): number {
  let best = 1
  let bestP = -1
  for (const [k, p] of d.sorted()) if (k > 0 && p > bestP) [best, bestP] = [k, p]
  return best
}

function strikeOddsTerms(s: Strike, odds: StrikeOdds): StrikeOddsTerms {
  const attack = attackDieClass(s)
  const defense = defenseDieClass(s)
  const u = likelyAboveZero(odds.unblockedHits)
  const spec = strikeSaveSpec(s, u)
  return {
    strike: s,
    attackFaces: Array.from({ length: MELEE_DIE }, (_, i) => attack(i + 1)),
    defenseFaces: Array.from({ length: MELEE_DIE }, (_, i) => defense(i + 1)),
    rolledHits: (counts) => {
      const faces: number[] = []
      for (const [c, k] of counts) for (let i = 0; i < k; i++) faces.push(classFace(s, c))
      return countAttack(s, faces).rolledHits
    },
    saves: s.pen.value < 2 ? null : { unblockedHits: u, spec, terms: saveTerms(spec, u) },
  }
}

/**
 * The terms of a charge's odds `o`. The counter-attack is the one the fold counted: against the
 * Momentum the overwatch left the charger (the most it can have left, when that differs by the
 * overwatch's outcome: the text lists each), not its starting Momentum.
 */
export function meleeOddsTerms(m: Melee, o: ChargeOdds): MeleeOddsTerms {
  const momentum = o.counterMomentum
  const left = momentum ? Math.max(...momentum.outcomes()) : m.atk.unit.momentum
  return {
    ...meleeTerms(m),
    attack: strikeOddsTerms(attackStrike(m), o.attack),
    counter: { ...strikeOddsTerms(counterStrike(m, left), o.counter), momentum },
  }
}
