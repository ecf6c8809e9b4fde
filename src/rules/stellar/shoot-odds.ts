import { Distribution, type Outcome } from '../../core/distribution.js'
import { poolOutcomes } from '../../core/exact.js'
import { memoise } from '../../core/memo.js'
import { type Outlook, addOutlook, noOutlook, poolWithRerollOdds, preferFor } from './choice.js'
import {
  type AttackBonus,
  type DefenseChoice,
  type EvadeClass,
  type EvadeInput,
  type LaterStages,
  type Shot,
  type ShotResult,
  EVADE_DIE,
  MAX_SHOTS,
  countOutcomes,
  defenseAllowed,
  evadeClass,
  evadeHits,
  evadeInput,
  evadeReroll,
  laterStages,
  rerollsAllowed,
  shotDamage,
} from './shoot.js'

/** Exact distributions of one shooting attack, composed from its stages. */
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
 * The exact odds of a shot, composed from its stages (see resolveShot):
 * 1. the evade pool as counts per class (evadeClass), rerolled as the defender picks
 *    (evadeReroll, through choice.ts), turned into hits by evadeHits;
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
  if (s.remoteShootDown) {
    // The same evade stage (its pool, classes and reroll policy) read for its natural 10s.
    const quiet = quietShot(s)
    odds.remoteDowned = evadeStageBy(quiet, laterStages(quiet), (counts) => counts.downed)
  }
  return odds
}

/**
 * The outlook of a shot (choice.ts: the automatic choices' quantities), from the same stages as
 * shotOdds, without building its distributions. Each number of hits brings the outlook of what
 * the later stages conclude from it (`rows`: the shot's later stages, when the caller already
 * has them).
 */
export function shotExpected(s: Shot, rows?: LaterStages): Outlook {
  const quiet = quietShot(s)
  const rest = rows ?? laterStages(quiet)
  const out = noOutlook()
  evadeStage(quiet, rest).forEach((h, p) => addOutlook(out, p, rest(h).expected()))
  return out
}

/**
 * The distribution of a shot's damage alone (a rolled shot's luck is measured against it): as
 * shotReader reads it, without concluding a whole result per outcome.
 */
export function shotDamageOdds(s: Shot): Distribution<number> {
  const quiet = quietShot(s)
  const rest = laterStages(quiet)
  return evadeStage(quiet, rest).step(
    (h) => rest(h).saves,
    (h, save) => shotDamage(rest(h).block, save),
  )
}

/**
 * The shot's stages composed once, read as a map of any field of the result: the hits, then the
 * saves each number of hits owes, concluded (each number of hits settled once for every read).
 */
function shotReader(s: Shot) {
  const quiet = quietShot(s)
  const rest = laterStages(quiet)
  const hits = evadeStage(quiet, rest)
  return <K extends Outcome>(f: (r: ShotResult) => K, key?: (v: K) => number | string): Distribution<K> =>
    hits.step(
      (h) => rest(h).saves,
      (h, save) => f(rest(h).conclude(save)),
      key,
    )
}

/**
 * One read of a shot's result as a distribution, from the stages shotOdds composes (`key` as in
 * Distribution.bind), with the number of evade dice the defender rerolled (the result of the
 * later stages does not carry the evade dice): melee's overwatch attack reads its damage, the
 * Momentum it cost and whether the charger's rerolls spent its Improvise.
 */
export function shotResultOdds<K extends Outcome>(
  s: Shot,
  f: (r: ShotResult, rerolled: number) => K,
  key?: (v: K) => number | string,
): Distribution<K> {
  const quiet = quietShot(s)
  const rest = laterStages(quiet)
  // Hits and dice rerolled, one number: hits * (MAX_SHOTS + 1) + rerolled.
  const per = MAX_SHOTS + 1
  const stage =
    rerollsAllowed(quiet) === 0
      ? evadeOdds(evadeInput(quiet)).map((h) => h * per)
      : evadeStageBy(quiet, rest, (counts, e, rerolled) => evadeHits(e, counts).hits * per + rerolled)
  return stage.step(
    (x) => rest(Math.floor(x / per)).saves,
    (x, save) => f(rest(Math.floor(x / per)).conclude(save), x % per),
    key,
  )
}

/** The shot as the odds play it: the automatic Momentum policy, nobody asked. */
function quietShot(s: Shot): Shot {
  return s.askDecisions || s.decisions
    ? Object.assign({}, s, { askDecisions: false, decisions: undefined })
    : s
}

/**
 * Stage 1's hits: the evade pool's branches as the exact driver makes them (one per count of
 * dice in each class evadeClass declares, its faces standing for the class), each counted by
 * evadeHits as rollEvade counts them. Remembered by the stage's declared input.
 */
export const evadeOdds = memoise((e: EvadeInput): Distribution<number> => {
  const classify = evadeClass(e)
  const branches = poolOutcomes(e.dice, EVADE_DIE, classify)
  return Distribution.weighted(
    branches.map((b) => [evadeHits(e, countOutcomes(b.faces.map(classify))).hits, b.waysN] as const),
  )
})

/**
 * Stage 1's hits for this shot: evadeOdds, or, when the defender may reroll evade dice, each
 * branch of the pool rerolled as the defender picks it (evadeReroll, as rollEvade picks it),
 * the rerolled dice a pool of their own. The pick weighs the later stages (`later`), so
 * these are composed per shot.
 */
function evadeStage(s: Shot, later: LaterStages): Distribution<number> {
  if (rerollsAllowed(s) === 0) return evadeOdds(evadeInput(s))
  return evadeStageBy(s, later, (counts, e) => evadeHits(e, counts).hits)
}

/**
 * Stage 1 read as `read` makes of its final class counts: the pool's branches, each rerolled as
 * the defender picks (evadeReroll through the one reroll combinator, as rollEvade picks it),
 * the rerolled dice a pool of their own. The hits (evadeStage), and an Ace's remote weapons
 * downed, are two reads of it.
 */
function evadeStageBy(
  s: Shot,
  later: LaterStages,
  read: (counts: Record<EvadeClass, number>, e: EvadeInput, rerolled: number) => number,
): Distribution<number> {
  const e = evadeInput(s)
  const allowed = rerollsAllowed(s)
  const classify = evadeClass(e)
  const reroll = allowed > 0 ? evadeReroll(e, allowed, later) : null
  return poolWithRerollOdds(
    e.dice,
    EVADE_DIE,
    classify,
    () => reroll,
    (faces, picked) => read(countOutcomes(faces.map(classify)), e, picked.length),
  )
}

/**
 * Expected damage once the evade dice are known: the rest of the shot (blocks, Skill Defense as
 * `s` decides it, saves) from `hits`. For a prompt's hints.
 */
export function expectedDamageFrom(s: Shot, hits: number): number {
  return laterStages(s)(hits).expected().damage
}

/** One option of a choice with its expected outcome. */
export interface ScoredOption<T> {
  value: T
  expected: Outlook
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
  later = new Map<DefenseChoice, LaterStages>(),
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
    if (!rows) later.set(value, (rows = laterStages(trial)))
    return { value, expected: shotExpected(trial, rows) }
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
  const later = new Map<DefenseChoice, LaterStages>()
  const scored = options.map((value) => {
    trial.bonus = value
    if (defenseFixed) {
      let rows = later.get(s.defense)
      if (!rows) later.set(s.defense, (rows = laterStages(trial)))
      return { value, defense: s.defense, expected: shotExpected(trial, rows) }
    }
    const best = rankDefenses(trial, defenses, later)[0]
    return { value, defense: best.value, expected: best.expected }
  })
  return [...scored].sort((a, b) => preferFor('harm', a.expected, b.expected))
}
