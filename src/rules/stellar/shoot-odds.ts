import { Distribution } from '../../core/distribution.js'
import { poolOutcomes, walk } from '../../core/exact.js'
import { type SaveResult, resolveArmorSaves, savesOwed } from './armor-save.js'
import {
  type AttackBonus,
  type DefenseChoice,
  type EvadeStage,
  type Shot,
  type ShotResult,
  blockHits,
  concludeShot,
  countOutcomes,
  evadeClass,
  evadeHits,
  shotSaves,
  shotsFired,
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
  const quiet: Shot = { ...s, askDecisions: false, decisions: undefined }
  const hits = evadeOdds(quiet)
  const rest = afterEvade(quiet)
  const damage = hits.bind(rest((r) => r.damage))
  const unblockedHits = hits.bind(rest((r) => r.unblockedHits))
  const failedSaves = hits.bind(rest((r) => r.save.failedSaves))
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
  if (s.hp !== undefined) odds.destroyed = hits.bind(rest((r) => String(r.destroyed)))
  return odds
}

/**
 * The expected outcomes of a shot, from the same stages as shotOdds, without building its
 * distributions: what the automatic choices compare.
 */
export function shotExpected(s: Shot): ShotOdds['expected'] {
  const quiet: Shot = { ...s, askDecisions: false, decisions: undefined }
  const hits = evadeOdds(quiet)
  const rest = afterEvade(quiet)
  const mean = (read: (r: ShotResult) => number) => hits.expected((h) => rest(read)(h).expected())
  return {
    damage: mean((r) => r.damage),
    unblockedHits: mean((r) => r.unblockedHits),
    failedSaves: mean((r) => r.save.failedSaves),
  }
}

/**
 * Stage 1's hits: the evade pool's branches as the exact driver makes them (one per count of
 * dice in each class evadeClass declares, its faces standing for the class), each counted by
 * evadeHits as rollEvade counts them.
 */
export function evadeOdds(s: Shot): Distribution<number> {
  const classify = evadeClass(s)
  const branches = poolOutcomes(shotsFired(s), 10, classify)
  return Distribution.weighted(
    branches.map((b) => [evadeHits(s, countOutcomes(b.faces.map(classify))).hits, b.waysN] as const),
  )
}

/**
 * Stages 2 and 3 from a number of hits: blocks and Skill Defense, then the armour saves
 * (walked) and the result they conclude, read through `read`. The saves depend on the hits only
 * through the count owed (their cap makes many counts of hits alike), so each count owed is
 * walked once per shot, whatever is read.
 */
function afterEvade(s: Shot) {
  const byOwed = new Map<number, Distribution<SaveResult>>()
  return <K extends number | string>(read: (r: ShotResult) => K) =>
    (hits: number): Distribution<K> => {
      const b = blockHits(s, hits)
      const spec = shotSaves(s, b.unblockedHits)
      const owed = savesOwed(spec)
      let saves = byOwed.get(owed)
      // Later stages read a save result only through its failed saves and their damage.
      if (!saves)
        byOwed.set(
          owed,
          (saves = walk(
            (dice) => resolveArmorSaves(dice, spec),
            (r) => `${r.failedSaves} ${r.damage}`,
          )),
        )
      const e = hitsOnly(hits)
      return saves.map((save) => read(concludeShot(s, e, b, save)))
    }
}

/**
 * Expected damage once the evade dice are known: the rest of the shot (blocks, Skill Defense as
 * `s` decides it, saves) from `hits`. For a prompt's hints.
 */
export function expectedDamageFrom(s: Shot, hits: number): number {
  return afterEvade(s)((r) => r.damage)(hits).expected()
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
  const scored = options.map((value) => ({ value, expected: shotExpected({ ...s, defense: value }) }))
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
  const scored = options.map((value) => {
    const withBonus = { ...s, bonus: value }
    if (defenseFixed) return { value, defense: s.defense, expected: shotExpected(withBonus) }
    const best = rankDefenses(withBonus, defenses)[0]
    return { value, defense: best.value, expected: best.expected }
  })
  return [...scored].sort((a, b) => better(attackerScore(b.expected), attackerScore(a.expected)))
}
