import { Dist } from '../../core/dist.js'
import { enumerate, exactDist } from '../../core/exact.js'
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
  clashContext,
  counterSkippedBy,
  counterStrike,
  finishingBlow,
  overwatchAttacks,
  overwatchShot,
  rollAttackDice,
  rollDefenseDice,
  strikeSaveSpec,
  strikeSummary,
  tallyStrike,
} from './melee.js'
import { resolveShot } from './shoot.js'

/**
 * Exact odds of a melee clash, composed from its independent stages instead of walking the whole
 * clash (66 attack x 11 defense x 4 save outcomes per strike, twice, would be millions of leaves).
 *
 * Each pool's distribution comes from the exact driver running the very functions a roll uses
 * (rollAttackDice, rollDefenseDice, resolveArmorSaves, resolveShot), memoised by the parameters
 * that matter. A strike's outcome only depends on rolled hits minus rolled blocks (see
 * tallyStrike), so the two pools are combined into that difference, then tallied and followed by
 * the saves. The attack and the counter-attack use independent dice; they are joined through
 * counterSkippedBy and finishingBlow, the same functions a roll concludes with. finishingBlow
 * reads the attack only through its class (dealt damage, pushed out, defender alive), so the
 * join runs over attack classes x counter outcomes, not attack x counter outcomes.
 *
 * Weights are exact: bigint counts of equally likely dice outcomes over a power of 10 (a strike's
 * saves are padded to 3 dice so every outcome of a stage shares one denominator). Probabilities
 * become floating point only for JSON and text.
 */

// ---------------------------------------------------------------------------------------------
// Exact weights over a common denominator

const TEN = 10n
const pow10 = (n: number) => TEN ** BigInt(n)

/** An exact distribution as bigint weights over one denominator. */
export class WaysDist<K extends string | number = number> {
  readonly ways = new Map<K, bigint>()
  constructor(readonly den: bigint) {}

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
    return ratio(this.ways.get(k) ?? 0n, this.den)
  }

  where(pred: (k: K) => boolean): number {
    let t = 0n
    for (const [k, w] of this.ways) if (pred(k)) t += w
    return ratio(t, this.den)
  }

  /** Exact mean, as a float. */
  expected(f: (k: K) => number = (k) => Number(k)): number {
    let t = 0n
    for (const [k, w] of this.ways) {
      const v = f(k)
      if (!Number.isInteger(v)) throw new Error('WaysDist.expected: integer outcomes only')
      t += w * BigInt(v)
    }
    return ratio(t, this.den)
  }

  sortedKeys(): K[] {
    return [...this.ways.keys()].sort((a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b))))
  }

  toJSON(): Record<string, number> {
    const out: Record<string, number> = {}
    for (const k of this.sortedKeys()) out[String(k)] = ratio(this.ways.get(k)!, this.den)
    return out
  }

  /** As a Dist of exact rationals (for the histogram renderer). */
  toDist(): Dist<K> {
    const d = new Dist<K>()
    for (const k of this.sortedKeys()) d.add(k, Rational.of(this.ways.get(k)!, this.den))
    return d
  }
}

/** w / den as a float (within one unit in the last place), without reducing the fraction. */
export function ratio(w: bigint, den: bigint): number {
  if (w === 0n) return 0
  const neg = w < 0n
  const a = neg ? -w : w
  // Scale so the integer quotient carries at least 64 significant bits.
  const k = Math.max(0, den.toString(2).length - a.toString(2).length + 64)
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

const hitsCache = new Map<string, bigint[]>()
const blocksCache = new Map<string, bigint[]>()
const diffCache = new Map<string, bigint[]>()
const diffFloatCache = new Map<string, Float64Array>()
const saveCache = new Map<string, Array<{ failed: number; w: bigint; rep: SaveResult }>>()

/** Rolled hits (crits count 2) of `attackDice` dice hitting on hitOn+: ways over 10^attackDice. */
export function rolledHitsWays(attackDice: number, hitOn: number): bigint[] {
  const key = `${attackDice}|${hitOn}`
  let hit = hitsCache.get(key)
  if (hit) return hit
  const probe = { striker: 'attacker', attackDice, hitOn } as Strike
  const d = exactDist((dice) => rollAttackDice(dice, probe).rolledHits, (h) => h)
  hit = new Array<bigint>(2 * attackDice + 1).fill(0n)
  for (const [h, w] of d.weights) hit[h] = waysOf(w, attackDice)
  hitsCache.set(key, hit)
  return hit
}

/** Rolled blocks of `defenseDice` dice blocking on blockOn+: ways over 10^defenseDice. */
export function rolledBlocksWays(defenseDice: number, blockOn: number): bigint[] {
  const key = `${defenseDice}|${blockOn}`
  let hit = blocksCache.get(key)
  if (hit) return hit
  const probe = { striker: 'attacker', defenseDice, blockOn } as Strike
  const d = exactDist((dice) => rollDefenseDice(dice, probe).rolledBlocks, (b) => b)
  hit = new Array<bigint>(defenseDice + 1).fill(0n)
  for (const [b, w] of d.weights) hit[b] = waysOf(w, defenseDice)
  blocksCache.set(key, hit)
  return hit
}

/**
 * Rolled hits minus rolled blocks, as ways over 10^(attack + defense dice); index x + defenseDice
 * holds the difference x (from -defenseDice to 2 x attackDice).
 */
export function diffWays(s: Pick<Strike, 'attackDice' | 'hitOn' | 'defenseDice' | 'blockOn'>): bigint[] {
  const key = `${s.attackDice}|${s.hitOn}|${s.defenseDice}|${s.blockOn}`
  let hit = diffCache.get(key)
  if (hit) return hit
  const h = rolledHitsWays(s.attackDice, s.hitOn)
  const b = rolledBlocksWays(s.defenseDice, s.blockOn)
  hit = new Array<bigint>(h.length + b.length - 1).fill(0n)
  for (let i = 0; i < h.length; i++) {
    if (h[i] === 0n) continue
    for (let j = 0; j < b.length; j++) if (b[j] !== 0n) hit[i - j + s.defenseDice] += h[i] * b[j]
  }
  diffCache.set(key, hit)
  return hit
}

/** The same difference as float probabilities, for the choice search. */
function diffFloat(s: Strike): Float64Array {
  const key = `${s.attackDice}|${s.hitOn}|${s.defenseDice}|${s.blockOn}`
  let hit = diffFloatCache.get(key)
  if (hit) return hit
  const ways = diffWays(s)
  const den = pow10(s.attackDice + s.defenseDice)
  hit = Float64Array.from(ways, (w) => ratio(w, den))
  diffFloatCache.set(key, hit)
  return hit
}

/** Failed saves against `unblocked` hits, through resolveArmorSaves: ways over 10^3. */
function saveWays(s: Strike, unblocked: number): Array<{ failed: number; w: bigint; rep: SaveResult }> {
  const spec = strikeSaveSpec(s, unblocked)
  const key = `${Math.min(unblocked, 3)}|${spec.pen.value}|${spec.pen.kind}|${spec.armSv}|${spec.size}`
  let hit = saveCache.get(key)
  if (hit) return hit
  const byFailed = new Map<number, { failed: number; w: bigint; rep: SaveResult }>()
  enumerate(
    (dice) => resolveArmorSaves(dice, spec),
    (r, w) => {
      const e = byFailed.get(r.failedSaves)
      const ways = waysOf(w, 3)
      if (e) e.w += ways
      else byFailed.set(r.failedSaves, { failed: r.failedSaves, w: ways, rep: r })
    },
  )
  hit = [...byFailed.values()].sort((a, b) => a.failed - b.failed)
  saveCache.set(key, hit)
  return hit
}

// ---------------------------------------------------------------------------------------------
// One strike

export interface StrikeOutcome extends StrikeSummary {
  unblockedHits: number
  failedSaves: number
  /** Failed saves that cost actions (stun) or pushed (push/pull). */
  effects: number
  momentumSpent: number
}

/** A strike's exact outcomes, ways over 10^(attack dice + defense dice + 3). */
export interface StrikeWays {
  strike: Strike
  den: bigint
  outcomes: Array<StrikeOutcome & { w: bigint }>
}

export function strikeWays(s: Strike): StrikeWays {
  const diff = diffWays(s)
  const outcomes: Array<StrikeOutcome & { w: bigint }> = []
  for (let i = 0; i < diff.length; i++) {
    if (diff[i] === 0n) continue
    // tallyStrike only looks at rolled hits minus rolled blocks (see its comment).
    const t = tallyStrike(s, i - s.defenseDice, 0)
    for (const sv of saveWays(s, t.unblockedHits)) {
      const sum = strikeSummary(s, t.unblockedHits, sv.rep)
      outcomes.push({
        ...sum,
        unblockedHits: t.unblockedHits,
        failedSaves: sv.failed,
        effects: sv.rep.actionsLost + sv.rep.pushes,
        momentumSpent: t.momentumSpent,
        w: diff[i] * sv.w,
      })
    }
  }
  return { strike: s, den: pow10(s.attackDice + s.defenseDice + 3), outcomes }
}

interface FloatOutcome extends StrikeSummary {
  effects: number
  p: number
}

function strikeFloat(s: Strike): FloatOutcome[] {
  const diff = diffFloat(s)
  const out: FloatOutcome[] = []
  const d3 = pow10(3)
  for (let i = 0; i < diff.length; i++) {
    if (diff[i] === 0) continue
    const t = tallyStrike(s, i - s.defenseDice, 0)
    for (const sv of saveWays(s, t.unblockedHits)) {
      const sum = strikeSummary(s, t.unblockedHits, sv.rep)
      out.push({ ...sum, effects: sv.rep.actionsLost + sv.rep.pushes, p: diff[i] * ratio(sv.w, d3) })
    }
  }
  return out
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

const classKey = (a: StrikeSummary, c: ClashContext) => `${a.damage > 0}|${a.pushedOut}|${counterSkippedBy(a, c) ?? 'counter'}`

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
  const den = ow.den * D1 * D2
  const mk = <K extends string | number = number>() => new WaysDist<K>(den)
  const attack = { damage: mk(), unblockedHits: mk(), failedSaves: mk() }
  const counter = { damage: mk(), unblockedHits: mk(), failedSaves: mk() }
  const owDamage = mk()
  const fbDist = mk<FinishingBlowKey>()
  const defenderDamage = mk()
  const attackerDamage = mk()
  let counterWays = 0n
  let clashWays = 0n

  for (const st of ow.states) {
    owDamage.add(st.damage, st.w * D1 * D2)
    if (m.atk.hp !== undefined && st.damage >= m.atk.hp) {
      // The charger never reaches melee.
      const w = st.w * D1 * D2
      for (const d of [attack, counter]) for (const dist of Object.values(d)) dist.add(0, w)
      fbDist.add('none', w)
      defenderDamage.add(0, w)
      attackerDamage.add(st.damage, w)
      continue
    }
    clashWays += st.w * D1 * D2
    const ctx = clashContext(m, st.damage)
    const ctr = counterFor(m.atk.momentum - st.spent)
    const classes = new Map<string, { rep: StrikeSummary; w: bigint; fbByAttacker: bigint; fbDamage: number }>()
    for (const a of atkStrike.outcomes) {
      const w = st.w * a.w * D2
      attack.damage.add(a.damage, w)
      attack.unblockedHits.add(a.unblockedHits, w)
      attack.failedSaves.add(a.failedSaves, w)
      if (counterSkippedBy(a, ctx)) {
        const fb = finishingBlow(a, null, ctx)
        for (const d of Object.values(counter)) d.add(0, w)
        fbDist.add(fb ? fb.by : 'none', w)
        defenderDamage.add(a.damage + (fb?.by === 'attacker' ? fb.damage : 0), w)
        attackerDamage.add(st.damage + (fb?.by === 'defender' ? fb.damage : 0), w)
        continue
      }
      const k = classKey(a, ctx)
      const c = classes.get(k)
      if (c) c.w += st.w * a.w
      else classes.set(k, { rep: a, w: st.w * a.w, fbByAttacker: 0n, fbDamage: 0 })
    }
    // Counter-attacks: each attack class against every counter outcome.
    for (const c of classes.values()) {
      counterWays += c.w * D2
      for (const b of ctr.outcomes) {
        const w = c.w * b.w
        counter.damage.add(b.damage, w)
        counter.unblockedHits.add(b.unblockedHits, w)
        counter.failedSaves.add(b.failedSaves, w)
        const fb = finishingBlow(c.rep, b, ctx)
        fbDist.add(fb ? fb.by : 'none', w)
        if (fb?.by === 'attacker') {
          c.fbByAttacker += b.w
          c.fbDamage = fb.damage
        }
        attackerDamage.add(st.damage + b.damage + (fb?.by === 'defender' ? fb.damage : 0), w)
      }
    }
    // The defender's total for each attack outcome that met a counter-attack.
    for (const a of atkStrike.outcomes) {
      if (counterSkippedBy(a, ctx)) continue
      const c = classes.get(classKey(a, ctx))!
      const w = st.w * a.w
      defenderDamage.add(a.damage, w * (D2 - c.fbByAttacker))
      defenderDamage.add(a.damage + c.fbDamage, w * c.fbByAttacker)
    }
  }

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
    counterChance: ratio(counterWays, den),
    clashChance: ratio(clashWays, den),
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

interface ClassSums {
  pAtkFb: number
  fbDamage: number
  takenCap: number
  taken: number
  atkDestroyed: number
  effects: number
}

/** Expected outcome of the clash (no overwatch) for one combination of splits and choice. */
function clashValue(attack: FloatOutcome[], counter: FloatOutcome[], ctx: ClashContext, atkHp: number | undefined, classMemo: Map<string, ClassSums>): ClashValue {
  let capDiff = 0
  let dealt = 0
  let taken = 0
  let defDestroyed = 0
  let atkDestroyed = 0
  let effects = 0
  for (const a of attack) {
    if (counterSkippedBy(a, ctx)) {
      const fb = finishingBlow(a, null, ctx)
      const d = a.damage + (fb?.by === 'attacker' ? fb.damage : 0)
      capDiff += a.p * cap(d, ctx.defHp)
      dealt += a.p * d
      if (ctx.defHp !== undefined && d >= ctx.defHp) defDestroyed += a.p
      effects += a.p * a.effects
      continue
    }
    const k = classKey(a, ctx)
    let c = classMemo.get(k)
    if (!c) {
      c = { pAtkFb: 0, fbDamage: 0, takenCap: 0, taken: 0, atkDestroyed: 0, effects: 0 }
      for (const b of counter) {
        const fb = finishingBlow(a, b, ctx)
        if (fb?.by === 'attacker') {
          c.pAtkFb += b.p
          c.fbDamage = fb.damage
        }
        const t = b.damage + (fb?.by === 'defender' ? fb.damage : 0)
        c.takenCap += b.p * cap(t, atkHp)
        c.taken += b.p * t
        if (atkHp !== undefined && t >= atkHp) c.atkDestroyed += b.p
        c.effects += b.p * b.effects
      }
      classMemo.set(k, c)
    }
    const withFb = a.damage + c.fbDamage
    capDiff += a.p * ((1 - c.pAtkFb) * cap(a.damage, ctx.defHp) + c.pAtkFb * cap(withFb, ctx.defHp) - c.takenCap)
    dealt += a.p * (a.damage + c.pAtkFb * c.fbDamage)
    taken += a.p * c.taken
    if (ctx.defHp !== undefined) defDestroyed += a.p * ((a.damage >= ctx.defHp ? 1 - c.pAtkFb : 0) + (withFb >= ctx.defHp ? c.pAtkFb : 0))
    atkDestroyed += a.p * c.atkDestroyed
    effects += a.p * (a.effects - c.effects)
  }
  return { score: [capDiff, defDestroyed - atkDestroyed, effects], dealt, taken, defDestroyed, atkDestroyed }
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

/**
 * A search over the open choices, evaluated in double precision from the exact stage
 * distributions (each pool's distribution is computed once and shared by every split). The
 * search assumes the clash starts with the attacker's stated HP and Momentum: choices are made
 * when the charge is declared, before any overwatch dice.
 */
export class ClashSearch {
  private readonly attackMemo = new Map<string, FloatOutcome[]>()
  private readonly counterMemo = new Map<string, { outcomes: FloatOutcome[]; classes: Map<string, ClassSums> }>()
  private readonly ctx: ClashContext

  constructor(private readonly m: Melee) {
    this.ctx = clashContext(m, 0)
  }

  value(atkSplit: Split, defSplit: Split, defChoice: DefChoice): ClashValue {
    const s1 = attackStrike(this.m, atkSplit.attack, defSplit.defense, defChoice)
    const k1 = `${s1.attackDice}|${s1.defenseDice}|${defChoice}`
    let a = this.attackMemo.get(k1)
    if (!a) this.attackMemo.set(k1, (a = strikeFloat(s1)))
    const s2 = counterStrike(this.m, this.m.atk.momentum, defSplit.attack, atkSplit.defense, defChoice)
    const k2 = `${s2.attackDice}|${s2.defenseDice}|${defChoice}`
    let b = this.counterMemo.get(k2)
    if (!b) this.counterMemo.set(k2, (b = { outcomes: strikeFloat(s2), classes: new Map() }))
    return clashValue(a, b.outcomes, this.ctx, this.m.atk.hp, b.classes)
  }

  /** The defender's options against one attacker split, best for the defender first. */
  rankDefender(atkSplit: Split, space: ChoiceSpace): Option[] {
    const opts: Option[] = []
    for (const defChoice of space.defChoices) {
      for (const defSplit of space.defSplits) opts.push({ atkSplit, defSplit, defChoice, value: this.value(atkSplit, defSplit, defChoice) })
    }
    return stableSort(opts, (x, y) => compareValue(x.value, y.value))
  }

  /** The attacker's splits, each against the defender's best answer, best for the attacker first. */
  rankAttacker(space: ChoiceSpace): Option[] {
    const opts = space.atkSplits.map((s) => this.rankDefender(s, space)[0])
    return stableSort(opts, (x, y) => compareValue(y.value, x.value))
  }
}

function stableSort<T>(xs: T[], cmp: (a: T, b: T) => number): T[] {
  return xs
    .map((x, i) => ({ x, i }))
    .sort((a, b) => cmp(a.x, b.x) || a.i - b.i)
    .map((e) => e.x)
}
