import type { Dist } from '../../core/dist.js'
import { exactDists } from '../../core/exact.js'
import type { Rational } from '../../core/rational.js'
import { type AttackBonus, type DefenseChoice, type Shot, resolveShot } from './shoot.js'

/** Exact distributions of one shooting attack, walked through resolveShot itself. */
export interface ShotOdds {
  damage: Dist<number>
  unblockedHits: Dist<number>
  failedSaves: Dist<number>
  /** Chance the target is destroyed, when its HP is known. */
  destroyed?: Rational
  expected: { damage: number; unblockedHits: number; failedSaves: number }
}

export function shotOdds(s: Shot): ShotOdds {
  // Odds use the automatic Momentum policy: no prompts while walking the branches.
  const quiet: Shot = { ...s, askDecisions: false }
  const d = exactDists((dice) => resolveShot(dice, quiet), {
    damage: (r) => r.damage,
    unblockedHits: (r) => r.unblockedHits,
    failedSaves: (r) => r.save.failedSaves,
  }) as { damage: Dist<number>; unblockedHits: Dist<number>; failedSaves: Dist<number> }
  const odds: ShotOdds = {
    damage: d.damage,
    unblockedHits: d.unblockedHits,
    failedSaves: d.failedSaves,
    expected: {
      damage: d.damage.expected(),
      unblockedHits: d.unblockedHits.expected(),
      failedSaves: d.failedSaves.expected(),
    },
  }
  if (s.hp !== undefined) odds.destroyed = d.damage.where((dmg) => dmg >= s.hp!)
  return odds
}

/** One option of a choice with its exact expected outcome. */
export interface ScoredOption<T> {
  value: T
  odds: ShotOdds
}

export const ATTACK_BONUSES: AttackBonus[] = ['precision', 'barrage', 'none']
export const DEFENSES: DefenseChoice[] = ['dodge', 'guard', 'none']

/**
 * Order options by what the attacker wants: more expected damage, then more failed saves
 * (they matter for stun and push weapons, whose saves deal no damage), then more hits.
 * Ties keep the listed order.
 */
function attackerScore(o: ShotOdds): number[] {
  return [o.expected.damage, o.expected.failedSaves, o.expected.unblockedHits]
}

function better(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) {
    if (Math.abs(a[i] - b[i]) > 1e-12) return a[i] > b[i] ? 1 : -1
  }
  return 0
}

/** The defender's options against a fixed bonus, best (least harm) first. */
export function rankDefenses(s: Shot, options: DefenseChoice[] = DEFENSES): Array<ScoredOption<DefenseChoice>> {
  const scored = options.map((value) => ({ value, odds: shotOdds({ ...s, defense: value }) }))
  return stableSort(scored, (a, b) => better(attackerScore(a.odds), attackerScore(b.odds)))
}

/**
 * The attacker's options, each scored against the defender's best answer to it (or against the
 * defence already chosen), best (most harm) first.
 */
export function rankBonuses(
  s: Shot,
  defenseFixed: boolean,
  options: AttackBonus[] = ATTACK_BONUSES,
): Array<ScoredOption<AttackBonus> & { defense: DefenseChoice }> {
  const scored = options.map((value) => {
    const withBonus = { ...s, bonus: value }
    if (defenseFixed) return { value, defense: s.defense, odds: shotOdds(withBonus) }
    const best = rankDefenses(withBonus)[0]
    return { value, defense: best.value, odds: best.odds }
  })
  return stableSort(scored, (a, b) => better(attackerScore(b.odds), attackerScore(a.odds)))
}

function stableSort<T>(xs: T[], cmp: (a: T, b: T) => number): T[] {
  return xs
    .map((x, i) => ({ x, i }))
    .sort((a, b) => cmp(a.x, b.x) || a.i - b.i)
    .map((e) => e.x)
}
