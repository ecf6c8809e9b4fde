import { type Distribution, type Outcome, lcm, probability } from '../../core/distribution.js'
import { type Outlook, addOutlook, noOutlook, preferFor } from './choice.js'
import {
  type AttackBonus,
  type DefenseChoice,
  type After,
  type HeldEvade,
  type Shot,
  type ShotResult,
  aim,
  blockHits,
  defenseAllowed,
  evadeCodeHits,
  evadeCodeOdds,
  afterOf,
  laterOutlook,
  shotFlow,
} from './shoot.js'

export { evadeOdds } from './shoot.js'

/** Exact distributions of one shooting attack, read off its flow. */
export interface ShotOdds {
  damage: Distribution<number>
  unblockedHits: Distribution<number>
  failedSaves: Distribution<number>
  /** 'true' or 'false': whether the target is destroyed, when its HP is known. */
  destroyed?: Distribution<string>
  /** Remote weapons an Ace shoots down (its natural 10s), when a remote weapon is shot at one. */
  remoteDowned?: Distribution<number>
  expected: { damage: number; unblockedHits: number; failedSaves: number }
}

/**
 * The exact fold of a shot's flow (shotFlow: the evade dice with the defender's reroll, blocks
 * and Skill Defense, saves), its results merged on what the reads tell apart. Odds use the
 * automatic policy (answers already given and prompts are not part of them).
 */
function shotFold(s: Shot): Distribution<ShotResult> {
  return shotFlow.odds(aim(quietShot(s)))
}

/** The exact odds of a shot: reads of its flow's fold. */
export function shotOdds(s: Shot): ShotOdds {
  const results = shotFold(s)
  const damage = results.map((r) => r.damage)
  const unblockedHits = results.map((r) => r.unblockedHits)
  const failedSaves = results.map((r) => r.save.failedSaves)
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
  if (s.target.hp !== undefined) odds.destroyed = results.map((r) => String(r.destroyed))
  if (s.situation.remoteShootDown) odds.remoteDowned = results.map((r) => r.remoteDowned ?? 0)
  return odds
}

/**
 * The outlook of a shot (choice.ts: the automatic choices' quantities): the flow's evade stage
 * (its states as their keys: evadeCodeOdds), each weighed by the later stages' outlook from its
 * hits (afterOf, laterOutlook, filled from the same flow; `after`: the caller's, when it already
 * has it).
 */
export function shotExpected(s: Shot, after?: After): Outlook {
  return weighShot(s, after).expected
}

/** A shot weighed: its outlook, and the later stages and evade stage's states it was weighed over. */
export interface Weighed {
  expected: Outlook
  after: After
  codes: Distribution<number>
}

/** The outlook of a shot (shotExpected), with what it was weighed over: the luck of its roll reads them again. */
function weighShot(s: Shot, after?: After): Weighed {
  const a = aim(quietShot(s), after)
  const expected = noOutlook()
  const codes = evadeCodeOdds(a)
  codes.forEach((code, p) => addOutlook(expected, p, a.after.outlook(evadeCodeHits(code))))
  return { expected, after: a.after, codes }
}

/** The distribution of a shot's damage alone (a rolled shot's luck is measured against it). */
export function shotDamageOdds(s: Shot): Distribution<number> {
  return shotFlow.odds(aim(quietShot(s)), (r) => r.damage)
}

/**
 * The luck of a rolled shot: the mid-rank percentile of `damage` in shotDamageOdds (the same
 * fraction, over the same denominator, so the same number), read without mixing the damage
 * distribution: the evade stage's states (evadeCodeOdds), each weighed by the chance that the
 * later stages from its hits (blocks and Skill Defense, then the saves' distribution, as the
 * flow plays them) deal less than `damage`, or exactly it (counted half). `weighed`: what the
 * automatic choice weighed this shot over, when it did (its later stages and evade states).
 */
export function shotDamagePercentile(s: Shot, damage: number, weighed?: Weighed): number {
  const a = aim(quietShot(s), weighed?.after)
  const evade = weighed ? weighed.codes : evadeCodeOdds(a)
  // Per number of hits: twice the ways below `damage` plus the ways at it, over the saves' den.
  const later = new Map<number, { den: bigint; twice: bigint }>()
  const saves = a.after.saves
  let common = 1n
  evade.forEachWays((code) => {
    const hits = evadeCodeHits(code)
    if (later.has(hits)) return
    const block = blockHits(a.shot, hits, a.blocks)
    const owed = saves(block.unblockedHits)
    let twice = 0n
    owed.forEachWays((save, c) => {
      const dealt = block.hitDamage + save.damage
      if (dealt < damage) twice += 2n * c
      else if (dealt === damage) twice += c
    })
    later.set(hits, { den: owed.den, twice })
    common = lcm(common, owed.den)
  })
  // The flow's fold puts every state over the saves' common denominator: the same sum here.
  let num = 0n
  evade.forEachWays((code, w) => {
    const l = later.get(evadeCodeHits(code))!
    num += w * (common / l.den) * l.twice
  })
  return probability(num, 2n * evade.den * common)
}

/**
 * One read of a shot's result as a distribution, off its flow's fold (`key` as in
 * Distribution.bind), with the number of evade dice the defender rerolled: melee's overwatch
 * attack reads its damage, the Momentum it cost and whether the charger's rerolls spent its
 * Improvise (`held`: the evade rerolls the target holds for later, when it does).
 */
export function shotResultOdds<K extends Outcome>(
  s: Shot,
  f: (r: ShotResult, rerolled: number) => K,
  key?: (v: K) => number | string,
  held?: HeldEvade,
): Distribution<K> {
  return shotFlow.odds(aim(quietShot(s), undefined, held), (r) => f(r, r.reroll?.dice.length ?? 0), key)
}

/** The shot as the odds play it: the automatic Momentum policy, nobody asked. */
function quietShot(s: Shot): Shot {
  return s.askDecisions || s.decisions ? { ...s, askDecisions: false, decisions: undefined } : s
}

/**
 * Expected damage once the evade dice are known: the rest of the shot (blocks, Skill Defense as
 * `s` decides it, saves) from `hits`. For a prompt's hints.
 */
export function expectedDamageFrom(s: Shot, hits: number): number {
  return laterOutlook(s)(hits).damage
}

/** One option of a choice with its expected outcome. */
export interface ScoredOption<T> {
  value: T
  expected: Outlook
  /** What it was weighed over (the shot with this option taken). */
  weighed: Weighed
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

/** The defender's options against a fixed bonus, best for it first (the policy of choice.ts). */
export function rankDefenses(
  s: Shot,
  options: DefenseChoice[] = AUTO_DEFENSES,
  later = new Map<DefenseChoice, After>(),
): Array<ScoredOption<DefenseChoice>> {
  const trial = quietShot({ ...s }) // one copy, each option tried on it in turn
  // Only the reactions the defender may make (a Solo Operative's Dodge and Guard together first).
  const offered: DefenseChoice[] = options.includes('both') ? options : ['both', ...options]
  const allowed = offered.filter((d) => defenseAllowed(s, d))
  const scored = allowed.map((value) => {
    trial.defense = value
    // The later stages depend on the defence, not on the attacker's bonus (AfterEvadeInput):
    // rankBonuses hands the same ones to every bonus it tries.
    let rows = later.get(value)
    if (!rows) later.set(value, (rows = afterOf(trial)))
    const weighed = weighShot(trial, rows)
    return { value, expected: weighed.expected, weighed }
  })
  return [...scored].sort((a, b) => preferFor('spare', a.expected, b.expected))
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
  const trial = quietShot({ ...s })
  const later = new Map<DefenseChoice, After>()
  const scored = options.map((value) => {
    trial.bonus = value
    if (defenseFixed) {
      let rows = later.get(s.defense)
      if (!rows) later.set(s.defense, (rows = afterOf(trial)))
      const weighed = weighShot(trial, rows)
      return { value, defense: s.defense, expected: weighed.expected, weighed }
    }
    const best = rankDefenses(trial, defenses, later)[0]
    return { value, defense: best.value, expected: best.expected, weighed: best.weighed }
  })
  return [...scored].sort((a, b) => preferFor('harm', a.expected, b.expected))
}
