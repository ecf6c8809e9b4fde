import { Distribution } from '../../core/distribution.js'
import { poolOutcomes } from '../../core/exact.js'
import { memoise } from '../../core/memo.js'
import type { SaveResult } from './armor-save.js'
import { savesFor } from './armor-save-odds.js'
import {
  type AttackBonus,
  type DefenseChoice,
  type EvadeInput,
  type EvadeStage,
  type Shot,
  type ShotResult,
  blockHits,
  concludeShot,
  countOutcomes,
  evadeClass,
  evadeHits,
  evadeInput,
  shotSaves,
} from './shoot.js'

/** Exact distributions of one shooting attack, composed from its stages. */
export interface ShotOdds {
  damage: Distribution<number>
  unblockedHits: Distribution<number>
  failedSaves: Distribution<number>
  /** 'true' or 'false': whether the target is destroyed, when its HP is known. */
  destroyed?: Distribution<string>
  expected: { damage: number; unblockedHits: number; failedSaves: number }
}

/** Stage 1's result when only its hits matter (the later stages read nothing else). */
const hitsOnly = (hits: number): EvadeStage => ({ targetNumber: 0, shotsFired: 0, dice: [], crits: 0, hits })

/**
 * The exact odds of a shot, composed from its stages (see resolveShot):
 * 1. the evade pool as counts per class (evadeClass), turned into hits by evadeHits;
 * 2. per number of hits, blocks and Skill Defense (blockHits);
 * 3. the armour saves (resolveArmorSaves, walked) and the result they conclude (concludeShot),
 *    read off as each distribution needs it.
 * Odds use the automatic Momentum policy (answers already given and prompts are not part of
 * them).
 */
export function shotOdds(s: Shot): ShotOdds {
  const read = shotReader(s)
  const damage = read((r) => r.damage)
  const unblockedHits = read((r) => r.unblockedHits)
  const failedSaves = read((r) => r.save.failedSaves)
  const odds: ShotOdds = {
    damage,
    unblockedHits,
    failedSaves,
    expected: {
      damage: damage.expected(),
      unblockedHits: unblockedHits.expected(),
      failedSaves: failedSaves.expected(),
    },
  }
  if (s.hp !== undefined) odds.destroyed = read((r) => String(r.destroyed))
  return odds
}

/**
 * Every result the stages of a shot conclude, each with its chance as a decimal (one per number
 * of hits and save outcome that lead to it): for means and percentiles read in one
 * floating-point pass, without building a distribution.
 */
function forEachResult(s: Shot, f: (r: ShotResult, chance: number) => void): void {
  const quiet = quietShot(s)
  const rest = afterEvade(quiet)
  evadeOdds(evadeInput(quiet)).forEach((h, p) => {
    const r = rest(h)
    r.saves.forEach((save, q) => f(r.conclude(save), p * q))
  })
}

/**
 * The expected outcomes of a shot, from the same stages as shotOdds, without building its
 * distributions: what the automatic choices compare.
 */
export function shotExpected(s: Shot): ShotOdds['expected'] {
  let damage = 0
  let unblockedHits = 0
  let failedSaves = 0
  forEachResult(s, (r, p) => {
    damage += p * r.damage
    unblockedHits += p * r.unblockedHits
    failedSaves += p * r.save.failedSaves
  })
  return { damage, unblockedHits, failedSaves }
}

/** The distribution of a shot's damage alone (a rolled shot's luck is measured against it). */
export function shotDamageOdds(s: Shot): Distribution<number> {
  return shotReader(s)((r) => r.damage)
}

/**
 * The shot's stages composed once, read as a map of any field of the result: the hits, then the
 * saves each number of hits owes, concluded (each number of hits settled once for every read).
 */
function shotReader(s: Shot) {
  const quiet = quietShot(s)
  const hits = evadeOdds(evadeInput(quiet))
  const rest = afterEvade(quiet)
  return <K extends number | string>(f: (r: ShotResult) => K): Distribution<K> =>
    hits.step(
      (h) => rest(h).saves,
      (h, save) => f(rest(h).conclude(save)),
    )
}

/** The shot as the odds play it: the automatic Momentum policy, nobody asked. */
function quietShot(s: Shot): Shot {
  return s.askDecisions || s.decisions ? { ...s, askDecisions: false, decisions: undefined } : s
}

/**
 * Stage 1's hits: the evade pool's branches as the exact driver makes them (one per count of
 * dice in each class evadeClass declares, its faces standing for the class), each counted by
 * evadeHits as rollEvade counts them. Remembered by the stage's declared input.
 */
export const evadeOdds = memoise((e: EvadeInput): Distribution<number> => {
  const classify = evadeClass(e)
  const branches = poolOutcomes(e.dice, 10, classify)
  return Distribution.weighted(
    branches.map((b) => [evadeHits(e, countOutcomes(b.faces.map(classify))).hits, b.waysN] as const),
  )
})

/**
 * Stages 2 and 3 from a number of hits: blocks and Skill Defense (blockHits), the armour saves
 * they call for (walked: saveStage), and `conclude`, the result a save outcome makes of them
 * (concludeShot). Each number of hits is settled once per shot, whatever is read.
 */
function afterEvade(s: Shot) {
  const at = new Map<
    number,
    { saves: Distribution<SaveResult>; conclude: (save: SaveResult) => ShotResult }
  >()
  const saves = savesFor(shotSaves(s, 0))
  return (hits: number) => {
    let r = at.get(hits)
    if (!r) {
      const b = blockHits(s, hits)
      const e = hitsOnly(hits)
      r = { saves: saves(b.unblockedHits), conclude: (save) => concludeShot(s, e, b, save) }
      at.set(hits, r)
    }
    return r
  }
}

/**
 * Expected damage once the evade dice are known: the rest of the shot (blocks, Skill Defense as
 * `s` decides it, saves) from `hits`. For a prompt's hints.
 */
export function expectedDamageFrom(s: Shot, hits: number): number {
  const r = afterEvade(s)(hits)
  return r.saves.expected((save) => r.conclude(save).damage)
}

/** One option of a choice with its expected outcome. */
export interface ScoredOption<T> {
  value: T
  expected: ShotOdds['expected']
}

export const ATTACK_BONUSES: AttackBonus[] = ['precision', 'barrage', 'none']
export const DEFENSES: DefenseChoice[] = ['dodge', 'guard', 'none']
/**
 * The options automatic choices compare. Taking no bonus is never better than Precision (a
 * higher target number) or Barrage (more shots), nor taking no reaction better than Dodge or
 * Guard, so `none` is only scored when a prompt lists it.
 */
export const AUTO_BONUSES: AttackBonus[] = ['precision', 'barrage']
export const AUTO_DEFENSES: DefenseChoice[] = ['dodge', 'guard']

/**
 * Order options by what the attacker wants: more expected damage, then more failed saves
 * (they matter for stun and push weapons, whose saves deal no damage), then more hits.
 * Ties keep the listed order.
 */
function attackerScore(e: ShotOdds['expected']): number[] {
  return [e.damage, e.failedSaves, e.unblockedHits]
}

function better(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) {
    if (Math.abs(a[i] - b[i]) > 1e-12) return a[i] > b[i] ? 1 : -1
  }
  return 0
}

/** The defender's options against a fixed bonus, best (least harm) first. */
export function rankDefenses(
  s: Shot,
  options: DefenseChoice[] = AUTO_DEFENSES,
): Array<ScoredOption<DefenseChoice>> {
  const trial = { ...s } // one copy, each option tried on it in turn
  const scored = options.map((value) => {
    trial.defense = value
    return { value, expected: shotExpected(trial) }
  })
  return [...scored].sort((a, b) => better(attackerScore(a.expected), attackerScore(b.expected)))
}

/**
 * The attacker's options, each scored against the defender's best answer to it (or against the
 * defence already chosen), best (most harm) first.
 */
export function rankBonuses(
  s: Shot,
  defenseFixed: boolean,
  options: AttackBonus[] = AUTO_BONUSES,
  defenses: DefenseChoice[] = AUTO_DEFENSES,
): Array<ScoredOption<AttackBonus> & { defense: DefenseChoice }> {
  const trial = { ...s }
  const scored = options.map((value) => {
    trial.bonus = value
    if (defenseFixed) return { value, defense: s.defense, expected: shotExpected(trial) }
    const best = rankDefenses(trial, defenses)[0]
    return { value, defense: best.value, expected: best.expected }
  })
  return [...scored].sort((a, b) => better(attackerScore(b.expected), attackerScore(a.expected)))
}
