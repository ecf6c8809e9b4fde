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

/** The fields of a Shot that decide its odds, in a fixed order: the memo key. */
const SHOT_KEYS = [
  'acc', 'evade', 'shots', 'rapidFire', 'dmg', 'armSv', 'bonus', 'pilot', 'defense', 'defPilot', 'shield', 'cover',
  'blindside', 'targetLock', 'indirect', 'advantage', 'focus', 'bullseye', 'extraHits', 'momentum', 'warship', 'aoe', 'size', 'hp',
] as const satisfies ReadonlyArray<keyof Shot>

function shotKey(s: Shot): string {
  let k = `${s.pen.value}${s.pen.kind}`
  for (const f of SHOT_KEYS) k += `|${s[f]}`
  return k
}

/**
 * Odds are a pure function of the shot, so the last few are remembered: a roll's automatic
 * choices and its luck percentile ask for the same walks, and batch lines repeat parameters.
 */
const memo = new Map<string, ShotOdds>()
const MEMO_SIZE = 64

export function shotOdds(s: Shot): ShotOdds {
  const key = shotKey(s)
  const hit = memo.get(key)
  if (hit) {
    memo.delete(key)
    memo.set(key, hit)
    return hit
  }
  const odds = computeShotOdds(s)
  memo.set(key, odds)
  if (memo.size > MEMO_SIZE) memo.delete(memo.keys().next().value!)
  return odds
}

function computeShotOdds(s: Shot): ShotOdds {
  // Odds use the automatic Momentum policy: no prompts while walking the branches.
  const quiet: Shot = { ...s, askDecisions: false, decisions: undefined }
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
export function rankDefenses(s: Shot, options: DefenseChoice[] = AUTO_DEFENSES): Array<ScoredOption<DefenseChoice>> {
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
  options: AttackBonus[] = AUTO_BONUSES,
  defenses: DefenseChoice[] = AUTO_DEFENSES,
): Array<ScoredOption<AttackBonus> & { defense: DefenseChoice }> {
  const scored = options.map((value) => {
    const withBonus = { ...s, bonus: value }
    if (defenseFixed) return { value, defense: s.defense, odds: shotOdds(withBonus) }
    const best = rankDefenses(withBonus, defenses)[0]
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
