import type { Distribution } from '../../core/distribution.js'
import { decisionOr } from '../../core/decide.js'
import { memoise } from '../../core/memo.js'
import {
  type AttackDiceInput,
  type ClashChoice,
  type ClashConclusion,
  type DefChoice,
  type DefenseDiceInput,
  type Melee,
  type OverwatchState,
  type Split,
  type Strike,
  MAX_POOL,
  OVERWATCH_START,
  attackDiceInput,
  attackStrike,
  cappedDamage,
  clashContext,
  counterStrike,
  damageTaken,
  defenseDiceInput,
  momentumLeft,
  picksRerolls,
  survives,
  tallyInput,
  tallyOf,
} from './melee.js'
import {
  type AfterDiceInput,
  type StrikeOutcome,
  afterDiceInput,
  attackDiceOdds,
  defenseDiceOdds,
  splitsOf,
  strikeOutcomeChances,
  unblockedOdds,
} from './melee-odds.js'
import type { ShotResult } from './shoot.js'
import { clashAfterStrikes } from './melee-views.js'
import { compareScores } from './choice.js'

/**
 * THE AUTOMATIC CHOICE OF SPLITS AND COUNTER/GUARD, scored through the charge's flow
 * (melee-flow.ts) from the clash on, after an overwatch outcome (the charger's HP left, Momentum
 * left and Improvise: OverwatchState; none fired: OVERWATCH_START), in doubles (the CLI runs it
 * cold, where every evaluation counts).
 *
 * An option (the two splits and the defender's reaction) changes only the dice of the two
 * strikes: the chances of the attack's unblocked hits uA and of the counter-attack's uC (each
 * strike's dice stages: the pools' odds once per declared dice input, then
 * unblockedByDifference), made once per strike of the options weighed. Everything after the dice
 * is read from the flow's own stages, only where some option weighs it:
 * - the attack: the strike stage's outcomes per uA (strikeOutcomeChances) summed per what the
 *   counter-attack and conclusion stages read of an attack besides its damage
 *   (clashAfterStrikes.view), at each later damage the defender can take (a Finishing Blow), once
 *   per declared input across a batch's lines (attackCells), then summed by the attack's
 *   chances of uA;
 * - the counter-attack: per attack view met (one attack standing for it), the conclusion stage
 *   over the counter-attack's outcomes summed by its chances of uC (or none, when the
 *   counter-attack stage does not strike): the taken parts and the chance of each later damage
 *   to the defender. The conclusion is made once per attack view and counter view.
 * An option's value joins the two per view.
 */

/**
 * How good a clash is for the attacker, from expected values. The clash is zero-sum under this
 * objective (the defender's score is the negation), each term what the attacker deals minus what
 * it takes, compared by the one comparison of the automatic choices (compareScores, choice.ts):
 * 1. expected damage, each side's capped at its HP when known, Finishing Blows included;
 * 2. then the chance the defender is destroyed minus the chance the attacker is;
 * 3. then expected failed saves (they matter for stun and push/pull weapons);
 * 4. then expected unblocked hits.
 * Reading: the splits and Counter/Guard keep the net capped damage first (a clash deals damage
 * both ways, and the frozen seeded rulings were made so); every choice within one attack (a
 * shot's bonus and reaction, every reroll) puts the chance of destruction first (choice.ts).
 * Remaining ties keep the listed order.
 */
export interface ClashValue {
  score: number[]
  dealt: number
  taken: number
  /** Expected damage dealt and taken, each capped at the target's HP: score[0] is their difference. */
  dealtCapped: number
  takenCapped: number
  defDestroyed: number
  atkDestroyed: number
}

export interface Option {
  atkSplit: Split
  defSplit: Split
  defChoice: DefChoice
  value: ClashValue
}

export interface ChoiceSpace {
  atkSplits: Split[]
  defSplits: Split[]
  defChoices: DefChoice[]
}

/** What the attack deals in one view (chance-weighted sums). */
interface Dealt {
  p: number
  failedSaves: number
  unblockedHits: number
  capped: number
  dealt: number
  destroyed: number
}

const noDealt = (): Dealt => ({ p: 0, failedSaves: 0, unblockedHits: 0, capped: 0, dealt: 0, destroyed: 0 })

/** Adds q times `d` to `into`, term by term. */
function addDealt(into: Dealt, q: number, d: Dealt): void {
  into.p += q * d.p
  into.failedSaves += q * d.failedSaves
  into.unblockedHits += q * d.unblockedHits
  into.capped += q * d.capped
  into.dealt += q * d.dealt
  into.destroyed += q * d.destroyed
}

/**
 * An attack's outcomes with some unblocked hits summed per view met: `views` lists the views in
 * the order met, each with `reps`, an outcome standing for it, and `sums`, what it deals.
 */
interface AttackCell {
  views: number[]
  reps: StrikeOutcome[]
  sums: Dealt[]
}

/** The counter-attack and conclusion given one attack view (chance-weighted sums). */
interface Taken {
  capped: number
  taken: number
  destroyed: number
  failedSaves: number
  unblockedHits: number
  /** The chance of each later damage to the defender: [damage, chance]. */
  later: Array<[number, number]>
}

const noTaken = (): Taken => ({
  capped: 0,
  taken: 0,
  destroyed: 0,
  failedSaves: 0,
  unblockedHits: 0,
  later: [],
})

/** Adds chance p of later damage x to the defender. */
function addLater(t: { later: Array<[number, number]> }, x: number, p: number): void {
  for (const l of t.later)
    if (l[0] === x) {
      l[1] += p
      return
    }
  t.later.push([x, p])
}

/** Everything an attack's cells read: the strike stage after its dice, the defender's HP and the later damage it takes. */
interface AttackCellsInput {
  after: AfterDiceInput
  defHp?: number
  later: number
}

/**
 * An attack's outcomes per unblocked hits (strikeOutcomeChances) summed per view, at a later
 * damage to the defender (a Finishing Blow, or 0), each made when first weighed, once per
 * declared input across a batch's lines (weapons, targets and HP repeat where clashes do not).
 */
const attackCells = memoise((input: AttackCellsInput) => {
  const outcomes = strikeOutcomeChances(input.after)
  const cells: AttackCell[] = []
  return (u: number): AttackCell => {
    let cell = cells[u]
    if (cell) return cell
    cell = { views: [], reps: [], sums: [] }
    for (const [a, p] of outcomes(u)) {
      const k = clashAfterStrikes.view(input.defHp, a)
      let at = cell.views.indexOf(k)
      if (at < 0) {
        at = cell.views.push(k) - 1
        cell.reps.push(a)
        cell.sums.push(noDealt())
      }
      const d = cell.sums[at]
      const dealt = damageTaken(a.damage, input.later)
      d.p += p
      d.failedSaves += p * a.failedSaves
      d.unblockedHits += p * a.unblockedHits
      d.capped += p * cappedDamage(dealt, input.defHp)
      d.dealt += p * dealt
      if (!survives(dealt, input.defHp)) d.destroyed += p
    }
    return (cells[u] = cell)
  }
})

/** A strike's dice in an option, as one number: its attack dice, the defense dice against it, the reaction. */
const diceCode = (attack: number, defense: number, choice: DefChoice) =>
  (attack * (2 * MAX_POOL + 1) + defense) * 3 + (choice === 'counter' ? 0 : choice === 'guard' ? 1 : 2)

/** What the attack deals per attack view (the number clashAfterStrikes.view gives: dealt 1, pushed 2, destroyed 4), the views met. */
type ByView = Array<Dealt | undefined>

/** Float chances of a distribution of small whole numbers, by index. */
function chances(d: Distribution<number>): number[] {
  const sorted = d.sorted()
  const out = new Array<number>(sorted.length === 0 ? 1 : sorted[sorted.length - 1][0] + 1).fill(0)
  for (const [k, p] of sorted) out[k] = p
  return out
}

/** Float chances of a pool's rolled hits or blocks, walked once per declared input (across a batch's lines too). */
const hitsChances = memoise((input: AttackDiceInput) => chances(attackDiceOdds(input)))
const blocksChances = memoise((input: DefenseDiceInput) => chances(defenseDiceOdds(input)))

interface DifferenceInput {
  attack: AttackDiceInput
  defense: DefenseDiceInput
}
interface Difference {
  diff: number[]
  offset: number
}
/**
 * Float chances of a strike's rolled hits minus rolled blocks (at index difference + offset), once
 * per pair of its pools' declared inputs (across a batch's lines too): Counter and Guard change
 * only the bonus hits and blocks, which the tally adds after.
 */
const differenceOf = memoise((input: DifferenceInput): Difference => {
  const hits = hitsChances(input.attack)
  const blocks = blocksChances(input.defense)
  const diff = new Array<number>(hits.length + blocks.length - 1).fill(0)
  const offset = blocks.length - 1
  for (let h = 0; h < hits.length; h++) {
    if (hits[h] === 0) continue
    for (let b = 0; b < blocks.length; b++) diff[h - b + offset] += hits[h] * blocks[b]
  }
  return { diff, offset }
})

/**
 * Float chances of a strike's unblocked hits. The tally reads the rolls only through rolled hits
 * minus rolled blocks (unblockedByDifference), so it is made once per difference (differenceOf).
 */
function unblockedChances(s: Strike): number[] {
  // Rerolls picked after the dice are seen: the strike's own composed odds.
  if (picksRerolls(s, 'attack') || picksRerolls(s, 'defense')) return chances(unblockedOdds(s))
  const { diff, offset } = differenceOf({ attack: attackDiceInput(s), defense: defenseDiceInput(s) })
  const tally = tallyInput(s)
  const out: number[] = []
  for (let i = 0; i < diff.length; i++) {
    if (diff[i] === 0) continue
    const u = tallyOf(tally, i - offset, 0).unblockedHits
    while (out.length <= u) out.push(0)
    out[u] += diff[i]
  }
  return out
}

/**
 * A counter-attack's outcomes per unblocked hits (strikeOutcomeChances) with each one's counter
 * view (what the conclusion tells apart of them), once per declared input across a batch's lines.
 */
const counterTable = memoise((input: AfterDiceInput) => {
  const outcomes = strikeOutcomeChances(input)
  const views: Int32Array[] = []
  return {
    outcomes,
    views: (u: number) =>
      (views[u] ??= Int32Array.from(outcomes(u), ([c]) => clashAfterStrikes.counterView(c))),
  }
})

/**
 * The counter-attack (or none) and the conclusion after one attack view, summed over the
 * counter-attack's outcomes, as far as the charger's HP left does not matter: each counter damage
 * `d` with the defender's Finishing Blow it earns when the charger survives it (`fb`, 0: none),
 * and the parts that read no HP (the later damage to the defender, the failed saves, the unblocked
 * hits). Taken then reads them at an HP left (takenAt).
 */
interface CounterParts {
  byDamage: Map<number, { d: number; fb: number; p: number }>
  failedSaves: number
  unblockedHits: number
  later: Array<[number, number]>
}

const noParts = (): CounterParts => ({ byDamage: new Map(), failedSaves: 0, unblockedHits: 0, later: [] })

/** Adds q times `x` to `into`. */
function addParts(into: CounterParts, q: number, x: CounterParts): void {
  for (const [key, e] of x.byDamage) {
    const at = into.byDamage.get(key)
    if (at) at.p += q * e.p
    else into.byDamage.set(key, { d: e.d, fb: e.fb, p: q * e.p })
  }
  into.failedSaves += q * x.failedSaves
  into.unblockedHits += q * x.unblockedHits
  for (const [x2, p] of x.later) addLater(into, x2, q * p)
}

/**
 * What the searches share across charges alike but for the defender's HP (Melee.hpFamily: a
 * plan's charge at each HP the attacks before it leave; a charge alone has its own): what reads no
 * defender HP. Each counter-attack's chances of uC per counter-attack weighed (its splits, the
 * reaction and the Momentum the charger has left), the attack's chances of uA (unless a reroll
 * pick weighs them against the HP), the attack views met, and the counter-attack's parts per view
 * (CounterParts) and their reading at each HP the charger has left (takenAt): the counter-attack
 * and the conclusion read the defender's HP only through the attack view (clashAfterStrikes).
 */
class ClashCommon {
  /** Per attack's dice (its splits, the reaction, the charger's Improvise): its chances of uA. */
  private readonly attackChances = new Map<string, number[]>()
  /** The strike stage after the attack's dice (its weapon and target: every option's attack shares it). */
  attackAfter?: AfterDiceInput
  readonly counterChances = new Map<string, number[]>()
  /**
   * Per attack view: an attack standing for it (met first), whether the counter-attack strikes
   * after it, and the charge it was met in, the charger's HP unbounded (the conclusions before
   * the HP left is read: the view holds all they read of the defender's HP).
   */
  readonly views: Array<StrikeOutcome | undefined> = []
  readonly countered: boolean[] = []
  private readonly viewCharges: Melee[] = []
  /** The counter-attack's outcomes per unblocked hits, from the first counter-attack weighed (its weapon and target). */
  counters?: ReturnType<typeof counterTable>
  /** Per attack view: the conclusion per counter view, the charger's HP unbounded (CounterParts' `fb`). */
  private readonly ends: Array<Map<number, ClashConclusion>> = []
  /** Per attack view, per uC weighed: the counter-attack's outcomes at uC through the conclusion, summed. */
  private readonly cells: CounterParts[][] = []
  /** Per counter-attack's dice (and the Momentum it meets) and attack view: its parts. */
  private readonly parts = new Map<string, CounterParts>()
  /** Per counter-attack's dice and the charger's HP left: its parts read at that HP, per view. */
  readonly taken = new Map<string, Array<Taken | undefined>>()

  /** The attack `s` (its dice: `key`): its chances of uA, once per family, or per HP when a pick reads it. */
  attackChancesOf(key: string, s: Strike): number[] {
    const at = picksRerolls(s, 'attack') || picksRerolls(s, 'defense') ? `${key}|${s.targetHp}` : key
    let pA = this.attackChances.get(at)
    if (!pA) this.attackChances.set(at, (pA = unblockedChances(s)))
    return pA
  }

  /** Notes attack view k, met first with `rep` in the charge `unbounded` (the charger's HP unbounded). */
  meet(k: number, rep: StrikeOutcome, unbounded: Melee): void {
    this.views[k] = rep
    this.viewCharges[k] = unbounded
    this.countered[k] = clashAfterStrikes.countered(unbounded, rep)
  }

  /** The conclusion after view k's attack and a counter-attack of counter view j (null, -1: none), once per pair. */
  private end(k: number, c: StrikeOutcome | null, j: number): ClashConclusion {
    const byCounter = (this.ends[k] ??= new Map())
    let e = byCounter.get(j)
    if (!e) byCounter.set(j, (e = clashAfterStrikes.conclude(this.viewCharges[k], this.views[k]!, c)))
    return e
  }

  /** Adds the conclusion after view k's attack and the counter-attack c of counter view j (null, -1: none), with chance p. */
  private addEnd(t: CounterParts, k: number, c: StrikeOutcome | null, p: number, j: number): void {
    const end = this.end(k, c, j)
    const d = c?.damage ?? 0
    const fb = end.later.attacker - d
    const key = 2 * d + (fb > 0 ? 1 : 0)
    const at = t.byDamage.get(key)
    if (at) at.p += p
    else t.byDamage.set(key, { d, fb, p })
    t.failedSaves += p * (c?.failedSaves ?? 0)
    t.unblockedHits += p * (c?.unblockedHits ?? 0)
    addLater(t, end.later.defender, p)
  }

  /**
   * The counter-attack's outcomes with uC unblocked hits through the conclusion after view k's
   * attack (none when the counter-attack stage does not strike after it: then the same for every
   * uC), summed, once per family (every option's counter-attack shares them).
   */
  private cell(k: number, u: number): CounterParts {
    const byHits = (this.cells[k] ??= [])
    let cell = byHits[u]
    if (cell) return cell
    cell = noParts()
    if (!this.countered[k]) this.addEnd(cell, k, null, 1, -1)
    else {
      const outcomes = this.counters!.outcomes(u)
      const views = this.counters!.views(u)
      for (let i = 0; i < outcomes.length; i++) this.addEnd(cell, k, outcomes[i][0], outcomes[i][1], views[i])
    }
    return (byHits[u] = cell)
  }

  /** The counter-attack of chances pC (its dice: `key`) and the conclusion after view k's attack: its cells summed. */
  counterParts(key: string, pC: number[], k: number): CounterParts {
    const at = `${key}|${k}`
    let t = this.parts.get(at)
    if (t) return t
    t = noParts()
    for (let u = 0; u < pC.length; u++) if (pC[u] !== 0) addParts(t, pC[u], this.cell(k, u))
    // Ascending: no later damage first (the order the sums are joined in, as the views').
    if (t.later.length > 1) t.later.sort((a, b) => a[0] - b[0])
    this.parts.set(at, t)
    return t
  }
}

/**
 * What a family's searches share (Melee.hpFamily). A charge alone keeps its own in its ClashShared:
 * kept per charge in a table, the matrix's 125 lone charges took 20% more instructions.
 */
const commons = new WeakMap<object, ClashCommon>()
function commonOf(family: object): ClashCommon {
  let c = commons.get(family)
  if (!c) commons.set(family, (c = new ClashCommon()))
  return c
}

/**
 * What the searches of one charge share, whatever the overwatch left the charger: what the
 * family shares (ClashCommon), and what the attack deals per view at this defender's HP. The
 * searches after each overwatch outcome differ only in the charger's HP left.
 */
class ClashShared {
  /** Per attack's dice (its splits, the reaction, the charger's Improvise): its chances of uA and parts per view. */
  readonly dealt = new Map<string, { pA: number[]; byLater: Map<number, ByView> }>()
  /** The attack's cells per later damage to the defender, each table looked up once. */
  readonly attackTables = new Map<number, (u: number) => AttackCell>()
  /** The charge with the charger's HP unbounded: the conclusions before the HP left is read. */
  readonly unbounded: Melee
  readonly common: ClashCommon

  constructor(m: Melee) {
    this.unbounded = { ...m, atk: { ...m.atk, unit: { ...m.atk.unit, hp: undefined } } }
    this.common = m.hpFamily ? commonOf(m.hpFamily) : new ClashCommon()
  }
}

/** The counter-attack's parts read at the charger's HP left `hp` (none: no HP, never destroyed). */
function takenAt(parts: CounterParts, hp: number | undefined): Taken {
  const t = noTaken()
  for (const e of parts.byDamage.values()) {
    // The defender's Finishing Blow is never struck at a charger the counter-attack destroyed.
    const later = e.fb > 0 && !survives(e.d, hp) ? e.d : e.d + e.fb
    t.capped += e.p * cappedDamage(later, hp)
    t.taken += e.p * later
    if (!survives(later, hp)) t.destroyed += e.p
  }
  t.failedSaves = parts.failedSaves
  t.unblockedHits = parts.unblockedHits
  t.later = parts.later
  return t
}

/**
 * The automatic choice over the splits and reactions of one clash, after the overwatch state
 * `ow`. Each strike's chances of unblocked hits are made once per strike (an option's splits and
 * reaction), then its parts per attack view through the flow's stages, only for the hits it can
 * have and the views it meets.
 */
export class MeleeChoice {
  /** Per attack's dice (its splits and the reaction): the shared chances of uA and parts per view. */
  private readonly dealtMemo: Array<{ pA: number[]; byLater: Map<number, ByView> } | undefined> = []
  /** Per counter-attack's dice: its key, its chances of uC and, per view met, the taken parts. */
  private readonly takenMemo: Array<
    { key: string; pC: number[]; cells: Array<Taken | undefined> } | undefined
  > = []

  /** The charger's HP left after the overwatch (what the damage it takes in the clash is capped at). */
  private readonly atkHpLeft: number | undefined

  /** The choice clashChoice makes automatically here, once made: read by the clash stage and the charger's Improvise on overwatch. */
  automatic?: ClashChoice

  /** A choice over the splits and reactions of the clash `m` after the overwatch state `ow`. */
  constructor(
    private readonly m: Melee,
    private readonly ow: OverwatchState = OVERWATCH_START,
    private readonly shared: ClashShared = new ClashShared(m),
  ) {
    this.atkHpLeft = clashContext(m, ow.damage).atkHpLeft
  }

  /**
   * What an attack deals per view at later damage x to the defender: its cells summed by its
   * chances of uA, noting an attack standing for each view met.
   */
  private dealtAt(A: { pA: number[]; byLater: Map<number, ByView> }, x: number): ByView {
    let parts = A.byLater.get(x)
    if (parts) return parts
    const { attackTables, common } = this.shared
    let cells = attackTables.get(x)
    if (!cells) {
      cells = attackCells({ after: common.attackAfter!, defHp: this.m.def.unit.hp, later: x })
      attackTables.set(x, cells)
    }
    parts = []
    for (let u = 0; u < A.pA.length; u++) {
      const q = A.pA[u]
      if (q === 0) continue
      const cell = cells(u)
      for (let j = 0; j < cell.views.length; j++) {
        const k = cell.views[j]
        if (!common.views[k]) common.meet(k, cell.reps[j], this.shared.unbounded)
        addDealt((parts[k] ??= noDealt()), q, cell.sums[j])
      }
    }
    A.byLater.set(x, parts)
    return parts
  }

  /**
   * The views of the attack's outcomes with fewer than n unblocked hits, in the order first met
   * from 0 hits up (each hits' outcomes in their order): the order the value joins them in, so
   * that it is the same whichever options were weighed before.
   */
  private viewOrder(n: number): number[] {
    const cells = this.shared.attackTables.get(0)!
    const order: number[] = []
    for (let u = 0; u < n; u++) for (const k of cells(u).views) if (!order.includes(k)) order.push(k)
    return order
  }

  /** Expected outcome of the clash after the overwatch for one combination of splits and reaction. */
  value(atkSplit: Split, defSplit: Split, defChoice: DefChoice): ClashValue {
    // Each strike's chances depend only on its dice and the defender's reaction: memoised by those.
    const i1 = diceCode(atkSplit.attack, defSplit.defense, defChoice)
    let A = this.dealtMemo[i1]
    if (!A) {
      // What an attack deals reads nothing of the overwatch but the charger's Improvise.
      const shared = `${atkSplit.attack}|${defSplit.defense}|${defChoice}|${this.ow.improvised}`
      A = this.shared.dealt.get(shared)
      if (!A) {
        const s = attackStrike(this.m, atkSplit.attack, defSplit.defense, defChoice, this.ow.improvised)
        const { common } = this.shared
        common.attackAfter ??= afterDiceInput(s)
        this.shared.dealt.set(shared, (A = { pA: common.attackChancesOf(shared, s), byLater: new Map() }))
      }
      this.dealtMemo[i1] = A
    }
    const i2 = diceCode(defSplit.attack, atkSplit.defense, defChoice)
    let C = this.takenMemo[i2]
    if (!C) {
      const { common } = this.shared
      const left = momentumLeft(this.m, this.ow)
      const key = `${defSplit.attack}|${atkSplit.defense}|${defChoice}|${left}`
      let pC = common.counterChances.get(key)
      if (!pC) {
        const s = counterStrike(this.m, left, defSplit.attack, atkSplit.defense, defChoice)
        common.counters ??= counterTable(afterDiceInput(s))
        common.counterChances.set(key, (pC = unblockedChances(s)))
      }
      // Read at the charger's HP left once per family: a search at another defender HP meets them too.
      const at = `${key}|${this.atkHpLeft}`
      let cells = common.taken.get(at)
      if (!cells) common.taken.set(at, (cells = []))
      this.takenMemo[i2] = C = { key, pC, cells }
    }
    // Joined per view: the attack's parts weighted by the chance of each later damage to the
    // defender, the counter-attack's by the chance of the view.
    let capDiff = 0
    let dealtCapped = 0
    let takenCapped = 0
    let saves = 0
    let hits = 0
    let dealt = 0
    let taken = 0
    let defDestroyed = 0
    let atkDestroyed = 0
    // The chance, failed saves and unblocked hits of each view do not read the later damage.
    const base = this.dealtAt(A, 0)
    const order = this.viewOrder(A.pA.length)
    for (let v = 0; v < order.length; v++) {
      const k = order[v]
      const pView = base[k]?.p ?? 0
      if (pView === 0) continue
      const c = (C.cells[k] ??= takenAt(this.shared.common.counterParts(C.key, C.pC, k), this.atkHpLeft))
      for (let l = 0; l < c.later.length; l++) {
        const [x, pX] = c.later[l]
        // The views met do not depend on the later damage: view k is met at x as at 0.
        const ax = this.dealtAt(A, x)[k]!
        capDiff += pX * ax.capped
        dealtCapped += pX * ax.capped
        dealt += pX * ax.dealt
        defDestroyed += pX * ax.destroyed
        saves += pX * ax.failedSaves
        hits += pX * ax.unblockedHits
      }
      capDiff -= pView * c.capped
      takenCapped += pView * c.capped
      taken += pView * c.taken
      atkDestroyed += pView * c.destroyed
      saves -= pView * c.failedSaves
      hits -= pView * c.unblockedHits
    }
    return {
      score: [capDiff, defDestroyed - atkDestroyed, saves, hits],
      dealt,
      taken,
      dealtCapped,
      takenCapped,
      defDestroyed,
      atkDestroyed,
    }
  }

  /** The defender's options against one attacker split, best for the defender first. */
  rankDefender(atkSplit: Split, space: ChoiceSpace): Option[] {
    const opts: Option[] = []
    for (const defChoice of space.defChoices) {
      for (const defSplit of space.defSplits)
        opts.push({ atkSplit, defSplit, defChoice, value: this.value(atkSplit, defSplit, defChoice) })
    }
    return [...opts].sort((x, y) => compareScores(x.value.score, y.value.score))
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
    for (const defChoice of space.defChoices)
      for (const defSplit of space.defSplits) answers.push({ defSplit, defChoice })
    const splits = space.atkSplits
    const at = (i: number, k: number): Option => {
      const { defSplit, defChoice } = answers[k]
      return { atkSplit: splits[i], defSplit, defChoice, value: this.value(splits[i], defSplit, defChoice) }
    }
    const compare = (x: Option, y: Option) => compareScores(x.value.score, y.value.score)
    // x (split xi) beats y (split yi) for the attacker.
    const beats = (x: Option, xi: number, y: Option, yi: number) => {
      const c = compare(x, y)
      return c > 0 || (c === 0 && xi < yi)
    }
    const bounds = splits.map((_, i) => at(i, 0))
    const order = splits.map((_, i) => i).sort((a, b) => compare(bounds[b], bounds[a]) || a - b)

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
        const c = worst ? compare(o, worst) : -1
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
    return [...opts].sort((x, y) => compareScores(y.value.score, x.value.score))
  }
}

/**
 * The searches of one charge, one per overwatch outcome weighed (by what the clash reads of it:
 * the charger's HP left, Momentum left and Improvise), sharing each strike's chances.
 */
class ClashSearches {
  private readonly shared: ClashShared
  private readonly byOutcome = new Map<string, MeleeChoice>()

  constructor(private readonly m: Melee) {
    this.shared = new ClashShared(m)
  }

  at(ow: OverwatchState): MeleeChoice {
    const k = `${clashContext(this.m, ow.damage).atkHpLeft} ${momentumLeft(this.m, ow)} ${ow.improvised}`
    let search = this.byOutcome.get(k)
    if (!search) this.byOutcome.set(k, (search = new MeleeChoice(this.m, ow, this.shared)))
    return search
  }
}
const searches = new WeakMap<Melee, ClashSearches>()

/** The search over the clash's choices after the overwatch state `ow` (once per charge and outcome). */
export function clashSearch(m: Melee, ow: OverwatchState = OVERWATCH_START): MeleeChoice {
  let s = searches.get(m)
  if (!s) searches.set(m, (s = new ClashSearches(m)))
  return s.at(ow)
}

/** The options of each of the clash's choices: every split of an open pool, every reaction the defender may take. */
export function clashSpace(m: Melee, open = m.openChoices): ChoiceSpace {
  return {
    atkSplits: open?.atkSplit ? splitsOf(m.atk.unit.melee!) : [m.atkSplit],
    defSplits: open?.defSplit ? splitsOf(m.def.unit.melee!) : [m.defSplit],
    defChoices: open?.defChoice
      ? m.def.mods.soloOperative
        ? ['counter', 'guard', 'both']
        : ['counter', 'guard']
      : [m.defChoice],
  }
}

/**
 * What a prompt of the clash's choices shows: the overwatch as it fell (its attacks and the state
 * it left) and the choices made before this one.
 */
export interface ClashQuestion {
  ow: OverwatchState
  shots: readonly ShotResult[]
  atkSplit?: Split
  defChoice?: DefChoice
}

/**
 * THE CLASH'S CHOICES AFTER THE OVERWATCH (quickstart, Charge into Melee: the defender's Overwatch
 * is rolled "before entering the Melee Clash", then "both sides clash"). Reading: each player
 * splits, and the defender takes Counter or Guard, knowing what the overwatch did (the charger's
 * HP left, its Momentum and Improvise left; the actions a stun weapon's failed saves cost are
 * shown at the prompt but change nothing in the clash, which reads no actions: Shutdown is a
 * game's state), in the order the clash has always asked them: the attacker's split against the
 * defender's best reply, then the defender's reaction and split against that split. Each open
 * choice is given (a decision answered at a prompt, `asking`), or the search's best after `ow`
 * (clashSearch); a choice given by a flag is not open and stays.
 */
export function clashChoice(
  m: Melee,
  ow: OverwatchState,
  shots: readonly ShotResult[] = [],
  asking = false,
): ClashChoice {
  const open = m.openChoices!
  const search = clashSearch(m, ow)
  if (!asking && search.automatic) return search.automatic
  const space = clashSpace(m)
  const pick = <T>(id: string, q: ClashQuestion, auto: () => T): T =>
    asking ? decisionOr(m, id, q, auto) : auto()
  const atkSplit = open.atkSplit
    ? pick('atk-split', { ow, shots }, () => search.bestAttacker(space).atkSplit)
    : m.atkSplit
  let defChoice = m.defChoice
  let defSplit = m.defSplit
  if (open.defChoice || open.defSplit) {
    let ranked: Option[] | undefined
    const rank = () => (ranked ??= search.rankDefender(atkSplit, { ...space, atkSplits: [atkSplit] }))
    if (open.defChoice) defChoice = pick('def-choice', { ow, shots, atkSplit }, () => rank()[0].defChoice)
    if (open.defSplit)
      defSplit = pick(
        'def-split',
        { ow, shots, atkSplit, defChoice },
        () => rank().find((o) => o.defChoice === defChoice)!.defSplit,
      )
  }
  const choice = { atkSplit, defSplit, defChoice }
  if (!asking) search.automatic = choice
  return choice
}

/**
 * What the clash after the overwatch state `ow` is worth to the charger: the value of the choice
 * the clash stage makes there (clashChoice, automatically; the choice given when none is open).
 * The charger's Improvise on overwatch is weighed by it (melee-flow.ts, OverwatchWorth).
 */
export function clashWorth(m: Melee, ow: OverwatchState): ClashValue {
  const c = m.openChoices ? clashChoice(m, ow) : m
  return clashSearch(m, ow).value(c.atkSplit, c.defSplit, c.defChoice)
}
