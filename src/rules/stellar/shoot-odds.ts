import { Dist } from '../../core/dist.js'
import { exactDist, exactDists } from '../../core/exact.js'
import type { Rational } from '../../core/rational.js'
import { type AttackBonus, type DefenseChoice, type EvadeStage, type Shot, finishShot, rollEvade, shotBlocks } from './shoot.js'

/** Exact distributions of one shooting attack, walked through resolveShot itself. */
export interface ShotOdds {
  damage: Dist<number>
  unblockedHits: Dist<number>
  failedSaves: Dist<number>
  /** Chance the target is destroyed, when its HP is known. */
  destroyed?: Rational
  expected: { damage: number; unblockedHits: number; failedSaves: number }
}

/**
 * The exact odds of a shot. Memoised (see "Memo" below): the same parameters give the very same
 * (shared, read-only) ShotOdds object, so callers must not mutate what they get back.
 */
export function shotOdds(s: Shot): ShotOdds {
  // The last few shots asked for, compared field by field: a batch of one weapon profile, and
  // the handful of variants an automatic choice scores, never build a key.
  for (let i = 0; i < recent.length; i++) {
    const r = recent[i]
    if (sameShot(s, r.shot)) return r.odds
  }
  const key = shotKey(s)
  let odds = oddsMemo.get(key)
  if (!odds) {
    odds = computeShotOdds(s)
    oddsMemo.set(key, odds)
  }
  recent[recentNext] = { shot: keyedFields(s), odds }
  recentNext = (recentNext + 1) % RECENT
  return odds
}

/** The last RECENT shots asked for (their keyed fields, copied) and their odds. */
const RECENT = 8
const recent: Array<{ shot: Shot; odds: ShotOdds }> = []
let recentNext = 0

function computeShotOdds(s: Shot): ShotOdds {
  // Odds use the automatic Momentum policy (answers already given are not part of them): no
  // prompts while walking the branches.
  const quiet: Shot = { ...s, askDecisions: false, decisions: undefined }
  // The shot's two stages walked apart (see resolveShot): the evade dice give a number of hits,
  // and the rest is walked once per number of hits, weighted by its chance. 10 shots are 66
  // evade branches and a few short save walks, instead of every save walk under every branch.
  const hitsDist = exactDist((dice) => rollEvade(dice, quiet).hits, (h) => h)
  const d = { damage: new Dist<number>(), unblockedHits: new Dist<number>(), failedSaves: new Dist<number>() }
  for (const [hits, wHits] of hitsDist.weights) {
    const after = finishOdds(quiet, hits)
    for (const name of ['damage', 'unblockedHits', 'failedSaves'] as const) {
      for (const [k, w] of after[name].weights) d[name].add(k, w.mul(wHits))
    }
  }
  const odds: ShotOdds = {
    damage: PercentileMemoDist.from(d.damage),
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

type StageTwoOdds = { damage: Dist<number>; unblockedHits: Dist<number>; failedSaves: Dist<number> }
const noDice: EvadeStage = { targetNumber: 0, shotsFired: 0, dice: [], crits: 0, hits: 0 }
const stageTwoMemo = new Map<string, StageTwoOdds>()

/**
 * Stage 2 of a shot (finishShot) walked for a given number of hits. It depends on the shot only
 * through the blocks, Skill Defense and the weapon against the armour, so the walks are shared:
 * the automatic choices score four bonus/reaction pairs, and Precision, Barrage and Dodge only
 * change stage 1.
 */
function finishOdds(s: Shot, hits: number): StageTwoOdds {
  const { blocks } = shotBlocks(s)
  const key = `${hits}|${blocks}|${s.momentum}|${s.warship}|${s.dmg}|${s.pen.value}${s.pen.kind}|${s.armSv}|${s.aoe}|${s.size}`
  let hit = stageTwoMemo.get(key)
  if (!hit) {
    hit = exactDists((dice) => finishShot(dice, s, { ...noDice, hits }), {
      damage: (r) => r.damage,
      unblockedHits: (r) => r.unblockedHits,
      failedSaves: (r) => r.save.failedSaves,
    }) as StageTwoOdds
    if (stageTwoMemo.size >= 4096) stageTwoMemo.clear()
    stageTwoMemo.set(key, hit)
  }
  return hit
}

// ---------------------------------------------------------------------------------------------
// Memo. Batch mode resolves thousands of shots that share a few parameter sets, and every roll
// asks for its exact odds (the luck percentile) and automatic choices (up to 13 walks). Walking the
// branches costs ~0.2 ms, a lookup about a microsecond. The memo is pure: results are
// the exact objects the walk produced, keyed by every field that can change the walk.

/** A small LRU map: a hit moves the entry to the back; the front is evicted past `limit`. */
export class LruMemo<V> {
  private readonly map = new Map<string, V>()
  constructor(readonly limit: number) {}

  private lastKey: string | undefined
  private lastValue: V | undefined

  get(key: string): V | undefined {
    // A run of the same parameters (the usual batch) skips the map entirely.
    if (key === this.lastKey) return this.lastValue
    const v = this.map.get(key)
    if (v !== undefined) {
      this.map.delete(key)
      this.map.set(key, v)
      this.lastKey = key
      this.lastValue = v
    }
    return v
  }

  set(key: string, v: V): void {
    this.lastKey = key
    this.lastValue = v
    this.map.delete(key)
    this.map.set(key, v)
    if (this.map.size > this.limit) this.map.delete(this.map.keys().next().value!)
  }

  get size(): number {
    return this.map.size
  }

  clear(): void {
    this.lastKey = undefined
    this.lastValue = undefined
    this.map.clear()
  }
}

/** Distinct parameter sets kept; a balance study rarely has more, and each entry is small. */
export const SHOT_MEMO_LIMIT = 256

const oddsMemo = new LruMemo<ShotOdds>(SHOT_MEMO_LIMIT)

/**
 * Which Shot fields enter the memo key. Listing every field of Shot (the mapped type makes a
 * new field a compile error until it is listed here) keeps the memo from going stale silently:
 * `true` fields change the walk; `decisions` and `askDecisions` never enter it.
 */
const KEY_FIELDS: { [K in keyof Required<Shot>]: boolean } = {
  acc: true,
  evade: true,
  shots: true,
  rapidFire: true,
  dmg: true,
  pen: true,
  armSv: true,
  bonus: true,
  pilot: true,
  defense: true,
  defPilot: true,
  shield: true,
  cover: true,
  blindside: true,
  targetLock: true,
  indirect: true,
  advantage: true,
  focus: true,
  bullseye: true,
  extraHits: true,
  momentum: true,
  warship: true,
  aoe: true,
  size: true,
  hp: true,
  decisions: false,
  askDecisions: false,
}

/**
 * The memo key: every field KEY_FIELDS marks, in a fixed order (a test changes each of them and
 * checks the key changes). Flags are keyed by truthiness, as the rules read them.
 */
export function shotKey(s: Shot): string {
  const b = (x: unknown) => (x ? 1 : 0)
  return (
    `${s.acc}|${s.evade}|${s.shots}|${s.rapidFire}|${s.dmg}|${s.pen.value}${s.pen.kind}|${s.armSv}|${s.bonus}|${s.pilot}|` +
    `${s.defense}|${s.defPilot}|${s.shield}|${b(s.cover)}${b(s.blindside)}${b(s.targetLock)}${b(s.indirect)}${b(s.advantage)}` +
    `${b(s.focus)}${b(s.bullseye)}${b(s.warship)}${b(s.aoe)}|${s.extraHits}|${s.momentum}|${s.size}|${s.hp}`
  )
}

/** A copy of the keyed fields (the caller may change its object after asking). */
function keyedFields(s: Shot): Shot {
  return {
    acc: s.acc,
    evade: s.evade,
    shots: s.shots,
    rapidFire: s.rapidFire,
    dmg: s.dmg,
    pen: { value: s.pen.value, kind: s.pen.kind },
    armSv: s.armSv,
    bonus: s.bonus,
    pilot: s.pilot,
    defense: s.defense,
    defPilot: s.defPilot,
    shield: s.shield,
    cover: s.cover,
    blindside: s.blindside,
    targetLock: s.targetLock,
    indirect: s.indirect,
    advantage: s.advantage,
    focus: s.focus,
    bullseye: s.bullseye,
    extraHits: s.extraHits,
    momentum: s.momentum,
    warship: s.warship,
    aoe: s.aoe,
    size: s.size,
    hp: s.hp,
  }
}

/** Whether two shots agree on every keyed field, compared exactly as shotKey spells them. */
export function sameShot(a: Shot, b: Shot): boolean {
  return (
    a.bonus === b.bonus &&
    a.defense === b.defense &&
    a.acc === b.acc &&
    a.evade === b.evade &&
    a.shots === b.shots &&
    a.rapidFire === b.rapidFire &&
    a.dmg === b.dmg &&
    a.pen.value === b.pen.value &&
    a.pen.kind === b.pen.kind &&
    a.armSv === b.armSv &&
    a.pilot === b.pilot &&
    a.defPilot === b.defPilot &&
    a.shield === b.shield &&
    !a.cover === !b.cover &&
    !a.blindside === !b.blindside &&
    !a.targetLock === !b.targetLock &&
    !a.indirect === !b.indirect &&
    !a.advantage === !b.advantage &&
    !a.focus === !b.focus &&
    !a.bullseye === !b.bullseye &&
    !a.warship === !b.warship &&
    !a.aoe === !b.aoe &&
    a.extraHits === b.extraHits &&
    a.momentum === b.momentum &&
    a.size === b.size &&
    a.hp === b.hp
  )
}

/**
 * The damage distribution of a memoised ShotOdds: the same Dist, with each percentile asked
 * for kept (the luck of every roll asks once; the bigint sums cost a few microseconds).
 */
class PercentileMemoDist extends Dist<number> {
  private readonly percentiles = new Map<number, number>()

  static from(d: Dist<number>): PercentileMemoDist {
    const out = new PercentileMemoDist()
    for (const [k, w] of d.weights) out.weights.set(k, w)
    return out
  }

  override add(k: number, w: Rational): void {
    this.percentiles.clear()
    super.add(k, w)
  }

  override percentile(k: number): number {
    let p = this.percentiles.get(k)
    if (p === undefined) {
      p = super.percentile(k)
      this.percentiles.set(k, p)
    }
    return p
  }
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

/** Empty the memos (tests compare memoised and fresh walks). */
export function clearShotOddsMemo(): void {
  recent.length = 0
  recentNext = 0
  oddsMemo.clear()
}

function stableSort<T>(xs: T[], cmp: (a: T, b: T) => number): T[] {
  return xs
    .map((x, i) => ({ x, i }))
    .sort((a, b) => cmp(a.x, b.x) || a.i - b.i)
    .map((e) => e.x)
}
