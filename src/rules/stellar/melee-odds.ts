import { Dist } from '../../core/dist.js'
import type { Dice } from '../../core/dice.js'
import { exactDist } from '../../core/exact.js'
import { Rational } from '../../core/rational.js'
import { type SaveResult, resolveArmorSaves } from './armor-save.js'
import {
  type ClashContext,
  type DefChoice,
  type Melee,
  type Split,
  type Strike,
  type StrikeSummary,
  MAX_POOL,
  attackStrike,
  bonusTotal,
  clashContext,
  counterSkippedBy,
  counterStrike,
  finishingBlow,
  finishingBlowDamage,
  overwatchAttacks,
  overwatchShot,
  rollAttackDice,
  rollDefenseDice,
  strikeSaveSpec,
  strikeShift,
  strikeSummary,
  tallyStrike,
} from './melee.js'
import { resolveShot } from './shoot.js'

/**
 * Exact odds of a melee clash, composed from its independent stages instead of walking the whole
 * clash (66 attack x 11 defense x 4 save outcomes per strike, twice, would be millions of leaves).
 *
 * Each pool's distribution comes from the very functions a roll uses (rollAttackDice,
 * rollDefenseDice and resolveArmorSaves run on each face of one die, then convolved; overwatch
 * through the exact driver walking resolveShot), memoised by the parameters that matter. A
 * strike's outcome only depends on rolled hits minus rolled blocks (see
 * tallyStrike), so the two pools are combined into that difference, then tallied and followed by
 * the saves. The attack and the counter-attack use independent dice; they are joined through
 * counterSkippedBy and finishingBlow, the same functions a roll concludes with. finishingBlow
 * reads the attack only through its class (dealt damage, pushed out, defender alive), so the
 * join runs over attack classes x counter outcomes, not attack x counter outcomes.
 *
 * Weights are exact: bigint counts of equally likely dice outcomes over a power of 10 (a strike's
 * saves are padded to 3 dice so every outcome of a stage shares one denominator). Probabilities
 * become floating point only for JSON and text. The choice search (ClashSearch, below) works in
 * double precision from the same exact stage distributions; tests hold it to these odds.
 */

// ---------------------------------------------------------------------------------------------
// Exact weights over a common denominator

const TEN = 10n
const pow10 = (n: number) => TEN ** BigInt(n)

/** An exact distribution as bigint weights over one denominator. */
export class WaysDist<K extends string | number = number> {
  readonly ways = new Map<K, bigint>()
  private readonly denBits: number
  constructor(readonly den: bigint) {
    this.denBits = bitsOf(den)
  }

  private p(w: bigint): number {
    return ratio(w, this.den, this.denBits)
  }

  add(k: K, w: bigint): void {
    if (w === 0n) return
    this.ways.set(k, (this.ways.get(k) ?? 0n) + w)
  }

  total(): bigint {
    let t = 0n
    for (const w of this.ways.values()) t += w
    return t
  }

  prob(k: K): number {
    return this.p(this.ways.get(k) ?? 0n)
  }

  where(pred: (k: K) => boolean): number {
    let t = 0n
    for (const [k, w] of this.ways) if (pred(k)) t += w
    return this.p(t)
  }

  /** Exact mean, as a float. */
  expected(f: (k: K) => number = (k) => Number(k)): number {
    let t = 0n
    for (const [k, w] of this.ways) {
      const v = f(k)
      if (!Number.isInteger(v)) throw new Error('WaysDist.expected: integer outcomes only')
      t += w * BigInt(v)
    }
    return this.p(t)
  }

  sortedKeys(): K[] {
    return [...this.ways.keys()].sort((a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : a < b ? -1 : a > b ? 1 : 0))
  }

  toJSON(): Record<string, number> {
    const out: Record<string, number> = {}
    for (const k of this.sortedKeys()) out[String(k)] = this.p(this.ways.get(k)!)
    return out
  }

  /**
   * For display only (histograms show rounded percentages): each probability rounded to a
   * multiple of 2^-52, which keeps the rationals small and cheap to build.
   */
  toDisplayDist(): Dist<K> {
    const d = new Dist<K>()
    const den = 2n ** 52n
    for (const k of this.sortedKeys()) d.add(k, Rational.of(BigInt(Math.round(this.p(this.ways.get(k)!) * 2 ** 52)), den))
    return d
  }

  /** As a Dist of exact rationals. */
  toDist(): Dist<K> {
    const d = new Dist<K>()
    for (const k of this.sortedKeys()) d.add(k, Rational.of(this.ways.get(k)!, this.den))
    return d
  }
}

/** Bits in a positive bigint, to within 4 (from its hex digits). */
function bitsOf(x: bigint): number {
  return 4 * x.toString(16).length
}

/**
 * w / den as a float, without reducing the fraction: the integer quotient is scaled to carry at
 * least 64 significant bits for any w >= 1 (every non-zero weight is at least one way).
 */
export function ratio(w: bigint, den: bigint, denBits = bitsOf(den)): number {
  if (w === 0n) return 0
  const neg = w < 0n
  const a = neg ? -w : w
  const k = denBits + 68
  const v = Number((a << BigInt(k)) / den) * 2 ** -k
  return neg ? -v : v
}

/** A Rational from the exact driver as ways over 10^n (its denominator divides 10^n). */
function waysOf(r: Rational, n: number): bigint {
  const den = pow10(n)
  if (den % r.den !== 0n) throw new Error('waysOf: denominator is not a divisor of 10^n')
  return r.num * (den / r.den)
}

// ---------------------------------------------------------------------------------------------
// Pool distributions through the rolling functions, memoised
//
// rollAttackDice, rollDefenseDice and resolveArmorSaves count each die on its own and add the
// counts up, and the dice are independent. So each is run on every face of ONE die (exact: ten
// equally likely faces), and a pool of n dice is that one-die distribution convolved n times.
// Pool counts of up to 10 dice are exact in doubles (at most 10^10 ways).

/** Dice that hand out given faces: each face of one die, or a chosen set of faces. */
class FaceDice implements Dice {
  /** How many dice the rule asked for. */
  asked = 0
  constructor(private readonly face: (i: number) => number) {}
  pool(n: number): number[] {
    this.asked = n
    return Array.from({ length: n }, (_, i) => this.face(i))
  }
  roll(): number {
    return this.pool(1)[0]
  }
}

/** ways[k]: faces of one d10 for which `count` is k. */
function oneDieWays(count: (dice: Dice) => number): number[] {
  const ways: number[] = []
  for (let f = 1; f <= 10; f++) {
    const k = count(new FaceDice(() => f))
    while (ways.length <= k) ways.push(0)
    ways[k]++
  }
  return ways
}

interface PoolTable {
  /** ways[n][k]: ways for n dice to count k, over 10^n (exact integers). */
  ways: number[][]
  /** The same as probabilities, for the choice search. */
  probs: Float64Array[]
}

const poolCache = new Map<string, PoolTable>()

function poolTable(key: string, count: (dice: Dice) => number): PoolTable {
  let hit = poolCache.get(key)
  if (hit) return hit
  const die = oneDieWays(count)
  const ways: number[][] = [[1]]
  const probs: Float64Array[] = [Float64Array.of(1)]
  for (let n = 1; n <= MAX_POOL; n++) {
    const prev = ways[n - 1]
    const next = new Array<number>(prev.length + die.length - 1).fill(0)
    for (let i = 0; i < prev.length; i++) {
      if (prev[i] === 0) continue
      for (let k = 0; k < die.length; k++) next[i + k] += prev[i] * die[k]
    }
    ways.push(next)
    const den = 10 ** n
    const p = new Float64Array(next.length)
    for (let i = 0; i < next.length; i++) p[i] = next[i] / den
    probs.push(p)
  }
  poolCache.set(key, (hit = { ways, probs }))
  return hit
}

/** Rolled hits (crits count 2) of attack dice hitting on hitOn+: ways[n] over 10^n. */
export function attackPool(hitOn: number): PoolTable {
  const probe = { striker: 'attacker', attackDice: 1, hitOn } as Strike
  return poolTable(`attack|${hitOn}`, (dice) => rollAttackDice(dice, probe).rolledHits)
}

/** Rolled blocks of defense dice blocking on blockOn+: ways[n] over 10^n. */
export function defensePool(blockOn: number): PoolTable {
  const probe = { striker: 'attacker', defenseDice: 1, blockOn } as Strike
  return poolTable(`defense|${blockOn}`, (dice) => rollDefenseDice(dice, probe).rolledBlocks)
}

const diffCache = new Map<string, bigint[]>()
const diffFloatCache = new Map<string, Float64Array>()
type DiffKey = Pick<Strike, 'attackDice' | 'hitOn' | 'defenseDice' | 'blockOn'>

/**
 * Rolled hits minus rolled blocks, as ways over 10^(attack + defense dice); index x + defenseDice
 * holds the difference x (from -defenseDice to 2 x attackDice).
 */
export function diffWays(s: DiffKey): bigint[] {
  const key = `${s.attackDice}|${s.hitOn}|${s.defenseDice}|${s.blockOn}`
  let hit = diffCache.get(key)
  if (hit) return hit
  const h = attackPool(s.hitOn).ways[s.attackDice].map(BigInt)
  const b = defensePool(s.blockOn).ways[s.defenseDice].map(BigInt)
  hit = new Array<bigint>(h.length + b.length - 1).fill(0n)
  for (let i = 0; i < h.length; i++) {
    if (h[i] === 0n) continue
    for (let j = 0; j < b.length; j++) if (b[j] !== 0n) hit[i - j + s.defenseDice] += h[i] * b[j]
  }
  diffCache.set(key, hit)
  return hit
}

/** The same difference as float probabilities, for the choice search. */
function diffFloat(s: DiffKey): Float64Array {
  const key = `${s.attackDice}|${s.hitOn}|${s.defenseDice}|${s.blockOn}`
  let hit = diffFloatCache.get(key)
  if (hit) return hit
  const h = attackPool(s.hitOn).probs[s.attackDice]
  const b = defensePool(s.blockOn).probs[s.defenseDice]
  hit = new Float64Array(h.length + b.length - 1)
  for (let i = 0; i < h.length; i++) {
    if (h[i] === 0) continue
    for (let j = 0; j < b.length; j++) hit[i - j + s.defenseDice] += h[i] * b[j]
  }
  diffFloatCache.set(key, hit)
  return hit
}

// ---------------------------------------------------------------------------------------------
// One strike: the difference, then the tally and the saves for each number of unblocked hits

/** One outcome of the saves after `unblockedHits` got through, with its strike summary. */
export interface SaveRow extends StrikeSummary {
  unblockedHits: number
  failedSaves: number
  /** Failed saves that cost actions (stun) or pushed (push/pull). */
  effects: number
  /** Ways over 10^3 (saves padded to 3 dice) and the same as a probability. */
  w: bigint
  p: number
}

/**
 * Saves and summaries by unblocked hits, for one weapon against one target. resolveArmorSaves
 * runs on each face of one save die (pass or fail), and on one set of faces per number of
 * failures for that outcome's effects; failures among n saves are then binomial.
 */
class SaveTable {
  private readonly rows: SaveRow[][] = []
  private readonly byOwed = new Map<number, Array<{ failed: number; w: number; rep: SaveResult }>>()
  private failFaces = -1
  private failFace = 0
  private passFace = 0
  constructor(private readonly s: Strike) {}

  private saves(unblocked: number): Array<{ failed: number; w: number; rep: SaveResult }> {
    const spec = strikeSaveSpec(this.s, unblocked)
    const probe = new FaceDice(() => 10)
    const none = resolveArmorSaves(probe, spec)
    const n = probe.asked
    let hit = this.byOwed.get(n)
    if (hit) return hit
    if (n === 0) {
      hit = [{ failed: 0, w: 1000, rep: none }]
    } else {
      if (this.failFaces < 0) {
        this.failFaces = 0
        for (let f = 1; f <= 10; f++) {
          if (resolveArmorSaves(new FaceDice(() => f), strikeSaveSpec(this.s, 1)).failedSaves) {
            this.failFaces++
            this.failFace = f
          } else this.passFace = f
        }
      }
      const pass = 10 - this.failFaces
      hit = []
      for (let k = 0; k <= n; k++) {
        const w = binomial(n, k) * this.failFaces ** k * pass ** (n - k) * 10 ** (3 - n)
        if (w === 0) continue
        const rep = resolveArmorSaves(new FaceDice((i) => (i < k ? this.failFace : this.passFace)), spec)
        hit.push({ failed: rep.failedSaves, w, rep })
      }
    }
    this.byOwed.set(n, hit)
    return hit
  }

  get(unblocked: number): SaveRow[] {
    let hit = this.rows[unblocked]
    if (hit) return hit
    hit = this.saves(unblocked).map((sv) => ({
      ...strikeSummary(this.s, unblocked, sv.rep),
      unblockedHits: unblocked,
      failedSaves: sv.failed,
      effects: sv.rep.actionsLost + sv.rep.pushes,
      w: BigInt(sv.w),
      p: sv.w / 1000,
    }))
    this.rows[unblocked] = hit
    return hit
  }
}

function binomial(n: number, k: number): number {
  let r = 1
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i
  return r
}

const saveTables = new Map<string, SaveTable>()

/** The save table for a strike's weapon and target (cached: it does not depend on the dice). */
function saveTable(s: Strike): SaveTable {
  const key = `${s.dmg}|${s.pen.value}|${s.pen.kind}|${s.armSv}|${s.size}`
  let hit = saveTables.get(key)
  if (!hit) saveTables.set(key, (hit = new SaveTable(s)))
  return hit
}

/**
 * Unblocked hits after blocks and Skill Defense, as ways over 10^(attack + defense dice): index u.
 * tallyStrike decides each difference of rolled hits minus rolled blocks (it only looks at that
 * difference, see its comment).
 */
export function unblockedWays(s: Strike): bigint[] {
  const diff = diffWays(s)
  const out: bigint[] = []
  for (let i = 0; i < diff.length; i++) {
    if (diff[i] === 0n) continue
    const u = tallyStrike(s, i - s.defenseDice, 0).unblockedHits
    while (out.length <= u) out.push(0n)
    out[u] += diff[i]
  }
  return out
}

/**
 * The same as float probabilities, for the choice search, through the identity in tallyStrike's
 * comment: unblocked = max(0, difference + strikeShift). A test holds the two to each other.
 */
function unblockedFloat(s: Strike): Float64Array {
  const diff = diffFloat(s)
  const shift = strikeShift(s) - s.defenseDice
  const out = new Float64Array(Math.max(1, diff.length + shift))
  for (let i = 0; i < diff.length; i++) if (diff[i] !== 0) out[Math.max(0, i + shift)] += diff[i]
  return out
}

/** A strike's exact outcomes, ways over 10^(attack dice + defense dice + 3). */
export interface StrikeWays {
  strike: Strike
  den: bigint
  outcomes: Array<SaveRow & { ways: bigint }>
}

export function strikeWays(s: Strike): StrikeWays {
  const unblocked = unblockedWays(s)
  const table = saveTable(s)
  const outcomes: Array<SaveRow & { ways: bigint }> = []
  unblocked.forEach((w, u) => {
    if (w !== 0n) for (const row of table.get(u)) outcomes.push({ ...row, ways: w * row.w })
  })
  return { strike: s, den: pow10(s.attackDice + s.defenseDice + 3), outcomes }
}

// ---------------------------------------------------------------------------------------------
// Overwatch

interface OverwatchState {
  damage: number
  spent: number
  w: bigint
}

/** Overwatch outcomes (damage taken, Momentum spent) as ways over the returned denominator. */
export function overwatchWays(m: Melee): { den: bigint; states: OverwatchState[] } {
  const n = overwatchAttacks(m)
  if (!m.overwatch || n === 0) return { den: 1n, states: [{ damage: 0, spent: 0, w: 1n }] }
  const ow = m.overwatch
  const digits = Math.min(10, ow.shots) + 3
  const perShot = new Map<number, Array<{ damage: number; spent: number; w: bigint }>>()
  const shotOutcomes = (momentum: number) => {
    let hit = perShot.get(momentum)
    if (hit) return hit
    const shot = overwatchShot(m, ow, momentum)
    const d = exactDist(
      (dice) => resolveShot(dice, shot),
      (r) => `${r.damage}|${r.momentumSpent}`,
    )
    hit = [...d.weights].map(([k, w]) => {
      const [damage, spent] = k.split('|').map(Number)
      return { damage, spent, w: waysOf(w, digits) }
    })
    perShot.set(momentum, hit)
    return hit
  }
  const shotDen = pow10(digits)
  let states = new Map<string, OverwatchState>([['0|0', { damage: 0, spent: 0, w: 1n }]])
  for (let i = 0; i < n; i++) {
    const next = new Map<string, OverwatchState>()
    const put = (damage: number, spent: number, w: bigint) => {
      const k = `${damage}|${spent}`
      const e = next.get(k)
      if (e) e.w += w
      else next.set(k, { damage, spent, w })
    }
    for (const st of states.values()) {
      // A destroyed charger is shot no more (as resolveOverwatch stops firing).
      if (m.atk.hp !== undefined && st.damage >= m.atk.hp) {
        put(st.damage, st.spent, st.w * shotDen)
        continue
      }
      for (const o of shotOutcomes(m.atk.momentum - st.spent)) put(st.damage + o.damage, st.spent + o.spent, st.w * o.w)
    }
    states = next
  }
  return { den: shotDen ** BigInt(n), states: [...states.values()] }
}

// ---------------------------------------------------------------------------------------------
// The whole clash, exact

export type FinishingBlowKey = 'none' | 'attacker' | 'defender'

export interface MeleeOdds {
  /** Damage the attacker's strike deals to the defender (0 when there is no clash). */
  attack: { damage: WaysDist; unblockedHits: WaysDist; failedSaves: WaysDist }
  /** Damage the counter-attack deals to the attacker (0 when there is none). */
  counter: { damage: WaysDist; unblockedHits: WaysDist; failedSaves: WaysDist }
  overwatch: { damage: WaysDist } | null
  finishingBlow: WaysDist<FinishingBlowKey>
  /** Total damage each side takes: strikes, overwatch and Finishing Blow. */
  defenderDamage: WaysDist
  attackerDamage: WaysDist
  counterChance: number
  clashChance: number
  destroyed: { attacker?: number; defender?: number }
  expected: {
    attack: { damage: number; unblockedHits: number; failedSaves: number }
    counter: { damage: number; unblockedHits: number; failedSaves: number }
    overwatchDamage: number
    attackDamage: number
    counterDamage: number
    defenderDamage: number
    attackerDamage: number
    finishingBlow: number
  }
}

/**
 * The attack's class as finishingBlow sees it, for attacks that meet a counter-attack (the
 * defender survived, so only these two facts remain).
 */
const classKey = (a: StrikeSummary) => (a.damage > 0 ? 1 : 0) | (a.pushedOut ? 2 : 0)

/** Exact odds of the clash with the splits and choice in `m`. */
export function meleeOdds(m: Melee): MeleeOdds {
  const ow = overwatchWays(m)
  const atkStrike = strikeWays(attackStrike(m))
  const counterByMomentum = new Map<number, StrikeWays>()
  const counterFor = (momentum: number) => {
    let hit = counterByMomentum.get(momentum)
    if (!hit) counterByMomentum.set(momentum, (hit = strikeWays(counterStrike(m, momentum))))
    return hit
  }
  const D1 = atkStrike.den
  const D2 = pow10(m.defSplit.attack + m.atkSplit.defense + 3)
  // The attack's own outcomes need no counter dice: their weights stay over ow.den x D1.
  const attackDen = ow.den * D1
  const den = attackDen * D2
  const mk = <K extends string | number = number>(d = den) => new WaysDist<K>(d)
  const attack = { damage: mk(attackDen), unblockedHits: mk(attackDen), failedSaves: mk(attackDen) }
  const counter = { damage: mk(), unblockedHits: mk(), failedSaves: mk() }
  const owDamage = mk(ow.den)
  const fbDist = mk<FinishingBlowKey>()
  const defenderDamage = mk()
  const attackerDamage = mk()
  let noCounter = 0n
  let clashWays = 0n

  for (const st of ow.states) {
    owDamage.add(st.damage, st.w)
    if (m.atk.hp !== undefined && st.damage >= m.atk.hp) {
      // The charger never reaches melee.
      const w = st.w * D1
      attack.damage.add(0, w)
      attack.unblockedHits.add(0, w)
      attack.failedSaves.add(0, w)
      noCounter += w
      fbDist.add('none', w * D2)
      defenderDamage.add(0, w * D2)
      attackerDamage.add(st.damage, w * D2)
      continue
    }
    clashWays += st.w
    const ctx = clashContext(m, st.damage)
    const ctr = counterFor(m.atk.momentum - st.spent)
    const classes = new Map<number, { rep: StrikeSummary; w: bigint; fbByAttacker: bigint; fbDamage: number }>()
    for (const a of atkStrike.outcomes) {
      const w = st.w === 1n ? a.ways : st.w * a.ways
      attack.damage.add(a.damage, w)
      attack.unblockedHits.add(a.unblockedHits, w)
      attack.failedSaves.add(a.failedSaves, w)
      if (counterSkippedBy(a, ctx)) {
        const fb = finishingBlow(a, null, ctx)
        noCounter += w
        fbDist.add(fb ? fb.by : 'none', w * D2)
        defenderDamage.add(a.damage + (fb?.by === 'attacker' ? fb.damage : 0), w * D2)
        attackerDamage.add(st.damage + (fb?.by === 'defender' ? fb.damage : 0), w * D2)
        continue
      }
      const k = classKey(a)
      const c = classes.get(k)
      if (c) c.w += w
      else classes.set(k, { rep: a, w, fbByAttacker: 0n, fbDamage: 0 })
    }
    // Counter-attacks: each attack class against every counter outcome.
    for (const c of classes.values()) {
      for (const b of ctr.outcomes) {
        const w = c.w * b.ways
        counter.damage.add(b.damage, w)
        counter.unblockedHits.add(b.unblockedHits, w)
        counter.failedSaves.add(b.failedSaves, w)
        const fb = finishingBlow(c.rep, b, ctx)
        fbDist.add(fb ? fb.by : 'none', w)
        if (fb?.by === 'attacker') {
          c.fbByAttacker += b.ways
          c.fbDamage = fb.damage
        }
        attackerDamage.add(st.damage + b.damage + (fb?.by === 'defender' ? fb.damage : 0), w)
      }
    }
    // The defender's total for each attack outcome that met a counter-attack.
    for (const a of atkStrike.outcomes) {
      if (counterSkippedBy(a, ctx)) continue
      const c = classes.get(classKey(a))!
      const w = st.w === 1n ? a.ways : st.w * a.ways
      defenderDamage.add(a.damage, w * (D2 - c.fbByAttacker))
      defenderDamage.add(a.damage + c.fbDamage, w * c.fbByAttacker)
    }
  }
  const counterWays = attackDen - noCounter
  counter.damage.add(0, noCounter * D2)
  counter.unblockedHits.add(0, noCounter * D2)
  counter.failedSaves.add(0, noCounter * D2)

  const destroyed: MeleeOdds['destroyed'] = {}
  if (m.def.hp !== undefined) destroyed.defender = defenderDamage.where((d) => d >= m.def.hp!)
  if (m.atk.hp !== undefined) destroyed.attacker = attackerDamage.where((d) => d >= m.atk.hp!)
  const ex = (d: { damage: WaysDist; unblockedHits: WaysDist; failedSaves: WaysDist }) => ({
    damage: d.damage.expected(),
    unblockedHits: d.unblockedHits.expected(),
    failedSaves: d.failedSaves.expected(),
  })
  const expAttack = ex(attack)
  const expCounter = ex(counter)
  return {
    attack,
    counter,
    overwatch: overwatchAttacks(m) > 0 ? { damage: owDamage } : null,
    finishingBlow: fbDist,
    defenderDamage,
    attackerDamage,
    counterChance: ratio(counterWays, attackDen),
    clashChance: ratio(clashWays, ow.den),
    destroyed,
    expected: {
      attack: expAttack,
      counter: expCounter,
      overwatchDamage: owDamage.expected(),
      attackDamage: expAttack.damage,
      counterDamage: expCounter.damage,
      defenderDamage: defenderDamage.expected(),
      attackerDamage: attackerDamage.expected(),
      finishingBlow: 1 - fbDist.prob('none'),
    },
  }
}

// ---------------------------------------------------------------------------------------------
// Choosing splits and Counter/Guard

/**
 * How good a clash is for the attacker, from expected values (the clash is zero-sum under this
 * objective, so the defender's score is the negation):
 * 1. expected damage dealt minus expected damage taken, each capped at the target's HP when known
 *    (damage past destruction is worth nothing), Finishing Blows included;
 * 2. then chance the defender is destroyed minus chance the attacker is;
 * 3. then expected failed saves dealt minus taken against stun and push/pull weapons.
 * Values within 1e-9 (relative) are ties; remaining ties keep the listed order.
 */
export interface ClashValue {
  score: [number, number, number]
  dealt: number
  taken: number
  defDestroyed: number
  atkDestroyed: number
}

export interface Option {
  atkSplit: Split
  defSplit: Split
  defChoice: DefChoice
  value: ClashValue
}

const cap = (x: number, hp: number | undefined) => (hp === undefined ? x : Math.min(x, hp))
const indicator = (b: boolean) => (b ? 1 : 0)

/**
 * The search's arithmetic. The clash's value is linear in the probabilities of each strike's
 * outcomes, and both strikes' outcomes only depend on their unblocked hits u (then the saves), so
 * every outcome's contribution is summed per u once per weapon, through counterSkippedBy and
 * finishingBlow; a combination of splits then costs one pass over u for each strike.
 *
 * Per attack u: SKIP (attacks after which there is no counter-attack) holds [p x capped dealt,
 * p x dealt, p x defender destroyed, p x effects]; for each attack class k (see classKey), ATK[k]
 * holds [p, p x cap(d), p x cap(d + F), p x d, p x (d destroys), p x (d + F destroys), p x effects]
 * with F the attacker's Finishing Blow. Per counter u and class k, CTR[k] holds [p x attacker
 * strikes a Finishing Blow, p x capped taken, p x taken, p x attacker destroyed, p x effects].
 */
const SKIP_N = 4
const ATK_N = 7
const CTR_N = 5
const CLASSES = 4

export class ClashSearch {
  private readonly ctx: ClashContext
  private readonly atkHp: number | undefined
  private readonly fbA: number
  /** Per attack u: SKIP then ATK[0..3], flattened. */
  private readonly atkRows: Float64Array[] = []
  /** The non-zero entries of each row (a row has ~4 of its 32): the sums only visit those. */
  private readonly atkNz: Int32Array[] = []
  /** A representative attack summary of each class, from the attack rows. */
  private readonly reps: Array<StrikeSummary | undefined> = []
  /** Per counter u: CTR[0..3], flattened. */
  private readonly ctrRows: Float64Array[] = []
  private readonly ctrNz: Int32Array[] = []
  private readonly counterMemo = new Map<string, Float64Array>()
  private readonly attackMemo = new Map<string, Float64Array>()

  constructor(private readonly m: Melee) {
    this.ctx = clashContext(m, 0)
    this.atkHp = m.atk.hp
    this.fbA = finishingBlowDamage(m.atk.finisher)
    // Every attack row up front, so each class has its representative before any counter row.
    const s = attackStrike(m, MAX_POOL, 0, 'counter')
    const maxU = 2 * MAX_POOL + bonusTotal(s.bonusHits)
    for (let u = 0; u <= maxU; u++) this.attackRow(s, u)
  }

  private attackRow(s: Strike, u: number): Float64Array {
    let row = this.atkRows[u]
    if (row) return row
    row = new Float64Array(SKIP_N + CLASSES * ATK_N)
    const { ctx, fbA } = this
    const hp = ctx.defHp
    for (const a of saveTable(s).get(u)) {
      const p = a.p
      if (counterSkippedBy(a, ctx)) {
        const fb = finishingBlow(a, null, ctx)
        const d = a.damage + (fb?.by === 'attacker' ? fb.damage : 0)
        row[0] += p * cap(d, hp)
        row[1] += p * d
        row[2] += p * indicator(hp !== undefined && d >= hp)
        row[3] += p * a.effects
        continue
      }
      const k = classKey(a)
      this.reps[k] ??= a
      const o = SKIP_N + k * ATK_N
      row[o] += p
      row[o + 1] += p * cap(a.damage, hp)
      row[o + 2] += p * cap(a.damage + fbA, hp)
      row[o + 3] += p * a.damage
      row[o + 4] += p * indicator(hp !== undefined && a.damage >= hp)
      row[o + 5] += p * indicator(hp !== undefined && a.damage + fbA >= hp)
      row[o + 6] += p * a.effects
    }
    this.atkRows[u] = row
    this.atkNz[u] = nonZero(row)
    return row
  }

  private counterRow(s: Strike, u: number): Float64Array {
    let row = this.ctrRows[u]
    if (row) return row
    row = new Float64Array(CLASSES * CTR_N)
    const { ctx, atkHp } = this
    for (let k = 0; k < CLASSES; k++) {
      const rep = this.reps[k]
      if (!rep) continue
      const o = k * CTR_N
      for (const b of saveTable(s).get(u)) {
        const fb = finishingBlow(rep, b, ctx)
        const t = b.damage + (fb?.by === 'defender' ? fb.damage : 0)
        row[o] += b.p * indicator(fb?.by === 'attacker')
        row[o + 1] += b.p * cap(t, atkHp)
        row[o + 2] += b.p * t
        row[o + 3] += b.p * indicator(atkHp !== undefined && t >= atkHp)
        row[o + 4] += b.p * b.effects
      }
    }
    this.ctrRows[u] = row
    this.ctrNz[u] = nonZero(row)
    return row
  }

  /** Expected outcome of the clash (no overwatch) for one combination of splits and choice. */
  value(atkSplit: Split, defSplit: Split, defChoice: DefChoice): ClashValue {
    // Each strike's sums depend only on its dice and the defender's choice: memoised by those.
    const k1 = `${atkSplit.attack}|${defSplit.defense}|${defChoice}`
    let A = this.attackMemo.get(k1)
    if (!A) {
      // SKIP and ATK summed over the attack's unblocked hits.
      const s1 = attackStrike(this.m, atkSplit.attack, defSplit.defense, defChoice)
      A = new Float64Array(SKIP_N + CLASSES * ATK_N)
      const pu = unblockedFloat(s1)
      for (let u = 0; u < pu.length; u++) {
        const p = pu[u]
        if (p === 0) continue
        const row = this.attackRow(s1, u)
        const nz = this.atkNz[u]
        for (let j = 0; j < nz.length; j++) A[nz[j]] += p * row[nz[j]]
      }
      this.attackMemo.set(k1, A)
    }
    const k2 = `${defSplit.attack}|${atkSplit.defense}|${defChoice}`
    let C = this.counterMemo.get(k2)
    if (!C) {
      const s2 = counterStrike(this.m, this.m.atk.momentum, defSplit.attack, atkSplit.defense, defChoice)
      C = new Float64Array(CLASSES * CTR_N)
      const pu = unblockedFloat(s2)
      for (let u = 0; u < pu.length; u++) {
        const p = pu[u]
        if (p === 0) continue
        const row = this.counterRow(s2, u)
        const nz = this.ctrNz[u]
        for (let j = 0; j < nz.length; j++) C[nz[j]] += p * row[nz[j]]
      }
      this.counterMemo.set(k2, C)
    }
    let capDiff = A[0]
    let dealt = A[1]
    let defDestroyed = A[2]
    let effects = A[3]
    let taken = 0
    let atkDestroyed = 0
    for (let k = 0; k < CLASSES; k++) {
      const o = SKIP_N + k * ATK_N
      const pk = A[o]
      if (pk === 0) continue
      const c = k * CTR_N
      const pFb = C[c]
      capDiff += (1 - pFb) * A[o + 1] + pFb * A[o + 2] - pk * C[c + 1]
      dealt += A[o + 3] + pFb * pk * this.fbA
      taken += pk * C[c + 2]
      defDestroyed += (1 - pFb) * A[o + 4] + pFb * A[o + 5]
      atkDestroyed += pk * C[c + 3]
      effects += A[o + 6] - pk * C[c + 4]
    }
    return { score: [capDiff, defDestroyed - atkDestroyed, effects], dealt, taken, defDestroyed, atkDestroyed }
  }

  /** The defender's options against one attacker split, best for the defender first. */
  rankDefender(atkSplit: Split, space: ChoiceSpace): Option[] {
    const opts: Option[] = []
    for (const defChoice of space.defChoices) {
      for (const defSplit of space.defSplits) opts.push({ atkSplit, defSplit, defChoice, value: this.value(atkSplit, defSplit, defChoice) })
    }
    return stableSort(opts, (x, y) => compareValue(x.value, y.value))
  }

  /**
   * The attacker's best split against the defender's best answer: exactly rankAttacker(space)[0],
   * found with far fewer evaluations when no prompt needs the whole ranking (the CLI runs cold,
   * where every evaluation counts). Any one defender answer bounds a split from above, so every
   * split is first bounded by the same answer, then the splits are examined best bound first: a
   * split whose bound cannot beat the best split so far is skipped, and a split's answers are
   * tried starting with the one that held the best split down, dropping the split as soon as
   * it cannot win. Ties go to the earlier split (in space.atkSplits) and, within a split, to the
   * earlier answer, as in the ranking.
   */
  bestAttacker(space: ChoiceSpace): Option {
    const answers: Array<{ defSplit: Split; defChoice: DefChoice }> = []
    for (const defChoice of space.defChoices) for (const defSplit of space.defSplits) answers.push({ defSplit, defChoice })
    const splits = space.atkSplits
    const at = (i: number, k: number): Option => ({
      atkSplit: splits[i],
      ...answers[k],
      value: this.value(splits[i], answers[k].defSplit, answers[k].defChoice),
    })
    // x (split xi) beats y (split yi) for the attacker.
    const beats = (x: Option, xi: number, y: Option, yi: number) => {
      const c = compareValue(x.value, y.value)
      return c > 0 || (c === 0 && xi < yi)
    }
    const bounds = splits.map((_, i) => at(i, 0))
    const order = splits.map((_, i) => i).sort((a, b) => compareValue(bounds[b].value, bounds[a].value) || a - b)

    let best: Option | undefined
    let bestIndex = -1
    let bestAnswer = 0
    for (const i of order) {
      if (best && !beats(bounds[i], i, best, bestIndex)) continue
      // Split i against every answer, the one that held the best split down first.
      let worst: Option | undefined
      let worstAt = -1
      let dropped = false
      for (let j = 0; j < answers.length; j++) {
        const k = j === 0 ? bestAnswer : j <= bestAnswer ? j - 1 : j
        const o = k === 0 ? bounds[i] : at(i, k)
        const c = worst ? compareValue(o.value, worst.value) : -1
        if (c < 0 || (c === 0 && k < worstAt)) {
          worst = o
          worstAt = k
        }
        if (best && !beats(worst!, i, best, bestIndex)) {
          dropped = true
          break
        }
      }
      if (!dropped) {
        best = worst
        bestIndex = i
        bestAnswer = worstAt
      }
    }
    return best!
  }

  /** The attacker's splits, each against the defender's best answer, best for the attacker first. */
  rankAttacker(space: ChoiceSpace): Option[] {
    const opts = space.atkSplits.map((s) => this.rankDefender(s, space)[0])
    return stableSort(opts, (x, y) => compareValue(y.value, x.value))
  }
}

/** Where a row is non-zero (adding its zeros would change no sum: x + 0 === x). */
function nonZero(row: Float64Array): Int32Array {
  let n = 0
  for (let i = 0; i < row.length; i++) if (row[i] !== 0) n++
  const out = new Int32Array(n)
  for (let i = 0, j = 0; i < row.length; i++) if (row[i] !== 0) out[j++] = i
  return out
}

/** Lexicographic comparison with a relative tolerance: >0 when a is better for the attacker. */
export function compareValue(a: ClashValue, b: ClashValue): number {
  for (let i = 0; i < 3; i++) {
    const x = a.score[i]
    const y = b.score[i]
    const tol = 1e-9 * Math.max(1, Math.abs(x), Math.abs(y))
    if (Math.abs(x - y) > tol) return x > y ? 1 : -1
  }
  return 0
}

/** Every split of a pool, most attack dice first. A pool over 20 loses the dice past 10/10. */
export function splitsOf(pool: number): Split[] {
  const used = Math.min(pool, 2 * MAX_POOL)
  const out: Split[] = []
  for (let a = Math.min(MAX_POOL, used); a >= used - Math.min(MAX_POOL, used); a--) out.push({ attack: a, defense: used - a })
  return out
}

export interface ChoiceSpace {
  atkSplits: Split[]
  defSplits: Split[]
  defChoices: DefChoice[]
}

function stableSort<T>(xs: T[], cmp: (a: T, b: T) => number): T[] {
  return xs
    .map((x, i) => ({ x, i }))
    .sort((a, b) => cmp(a.x, b.x) || a.i - b.i)
    .map((e) => e.x)
}
