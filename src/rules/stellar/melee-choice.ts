import type { Distribution } from '../../core/distribution.js'
import { memoise } from '../../core/memo.js'
import {
  type AttackDiceInput,
  type ClashConclusion,
  type DefChoice,
  type DefenseDiceInput,
  type Melee,
  type Split,
  type Strike,
  OVERWATCH_START,
  attackDiceInput,
  attackStrike,
  cappedDamage,
  counterStrike,
  damageTaken,
  defenseDiceInput,
  momentumLeft,
  mostHits,
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
  strikeOutcomeChances,
  unblockedOdds,
} from './melee-odds.js'
import { clashAfterStrikes } from './melee-flow.js'
import { compareScores } from './choice.js'

/**
 * THE AUTOMATIC CHOICE OF SPLITS AND COUNTER/GUARD, scored through the charge's flow
 * (melee-flow.ts) from the clash on, without overwatch, in doubles (the CLI runs it cold, where
 * every evaluation counts).
 *
 * An option (the two splits and the defender's reaction) changes only the dice of the two
 * strikes: the chances of the attack's unblocked hits uA and of the counter-attack's uC (each
 * strike's dice stages: the pools' odds once per declared dice input, then
 * unblockedByDifference). Everything after the dice is the same for every option, so it is
 * filled once into a float cache from the flow's own stages:
 * - per uA, the strike stage's outcomes (strikeSaves), grouped by what the counter-attack and
 *   conclusion stages read of an attack besides its damage (clashAfterStrikes.view), and per
 *   later damage the defender can take (a Finishing Blow), the dealt parts;
 * - per uC, per attack view (one attack standing for it), the conclusion stage over the
 *   counter-attack's outcomes (or none, when the counter-attack stage does not strike): the taken
 *   parts and the chance of each later damage to the defender.
 * An option's value is those cells summed by its chances of uA and uC and joined per view.
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

/** What the attack deals, given one attack view and one later damage to the defender (chance-weighted sums). */
interface Dealt {
  p: number
  capped: number
  dealt: number
  destroyed: number
  failedSaves: number
  unblockedHits: number
}

/** What the counter-attack and conclusion give, given one attack view (chance-weighted sums). */
interface Taken {
  capped: number
  taken: number
  destroyed: number
  failedSaves: number
  unblockedHits: number
  /** The chance of each later damage to the defender, by its index. */
  later: Float64Array
}

const noDealt = (): Dealt => ({ p: 0, capped: 0, dealt: 0, destroyed: 0, failedSaves: 0, unblockedHits: 0 })
const noTaken = (laters: number): Taken => ({
  capped: 0,
  taken: 0,
  destroyed: 0,
  failedSaves: 0,
  unblockedHits: 0,
  later: new Float64Array(laters),
})

/** Float chances of a distribution of small whole numbers, by index. */
function chances(d: Distribution<number>): Float64Array {
  const sorted = d.sorted()
  const out = new Float64Array(sorted.length === 0 ? 1 : sorted[sorted.length - 1][0] + 1)
  for (const [k, p] of sorted) out[k] = p
  return out
}

/** Float chances of a pool's rolled hits or blocks, walked once per declared input (across a batch's lines too). */
const hitsChances = memoise((input: AttackDiceInput) => chances(attackDiceOdds(input)))
const blocksChances = memoise((input: DefenseDiceInput) => chances(defenseDiceOdds(input)))

/**
 * Float chances of a strike's rolled hits minus rolled blocks (at index difference + offset), once
 * per pair of its pools' declared inputs (across a batch's lines too): Counter and Guard change
 * only the bonus hits and blocks, which the tally adds after.
 */
const differenceOf = memoise((input: { attack: AttackDiceInput; defense: DefenseDiceInput }) => {
  const hits = hitsChances(input.attack)
  const blocks = blocksChances(input.defense)
  const diff = new Float64Array(hits.length + blocks.length - 1)
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
function unblockedChances(s: Strike): Float64Array {
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
  return Float64Array.from(out)
}

/**
 * A counter-attack's outcomes per unblocked hits (strikeOutcomeChances) with what the conclusion
 * tells apart of them, once per declared input across a batch's lines: views(u) is each outcome's
 * counter view, numbered in the order first met from 0 unblocked hits up; summaries holds the
 * outcome first met of each view, and seen(u) how many views the outcomes up to u hits have.
 */
const counterTable = memoise((input: AfterDiceInput) => {
  const outcomes = strikeOutcomeChances(input)
  const index = new Map<number, number>()
  const summaries: StrikeOutcome[] = []
  const views: Int32Array[] = []
  const seen: number[] = []
  const fill = (u: number) => {
    while (views.length <= u) {
      const list = outcomes(views.length)
      const v = new Int32Array(list.length)
      for (let i = 0; i < list.length; i++) {
        const c = list[i][0]
        const key = clashAfterStrikes.counterView(c)
        let j = index.get(key)
        if (j === undefined) index.set(key, (j = summaries.push(c) - 1))
        v[i] = j
      }
      views.push(v)
      seen.push(summaries.length)
    }
  }
  return {
    outcomes,
    summaries,
    views: (u: number) => (fill(u), views[u]),
    seen: (u: number) => (fill(u), seen[u]),
  }
})

/** The automatic choice over the splits and reactions of one clash: each option scored from the flow's cache. */
export class MeleeChoice {
  /** The attack views met so far, each with the attack that stands for it. */
  private readonly views: StrikeOutcome[] = []
  private readonly viewIndex = new Map<number, number>()
  /** The later damages the defender can take (the conclusion's later.defender), by index. */
  private readonly laters: number[] = []
  /** Per uA: per view, per later damage. */
  private readonly dealtCells: Dealt[][][] = []
  /** Per uC (filled when first needed): per view. */
  private readonly takenCells: Array<Taken[] | undefined> = []
  /** The attack's outcomes per unblocked hits, and each one's view (its index in views). */
  private readonly attacks: Array<ReadonlyArray<readonly [StrikeOutcome, number]>>
  private readonly attackViews: Int32Array[]
  /** The counter-attack's outcomes per unblocked hits, up to the most it can leave in the space, and each one's counter view. */
  private readonly counterOutcomes: Array<ReadonlyArray<readonly [StrikeOutcome, number]>>
  private readonly counterViewsOf: Int32Array[]
  /** Per attack view: whether the counter-attack strikes, and the conclusion per counter view (filled when first needed). */
  private readonly countered: boolean[]
  private readonly ends: Array<Array<ClashConclusion | undefined>>
  /** Per attack's dice (its splits and the reaction): the dealt cells summed by the chances of uA. */
  private readonly dealtMemo = new Map<string, Dealt[][]>()
  /** Per counter-attack's dice: the taken cells summed by the chances of uC. */
  private readonly takenMemo = new Map<string, Taken[]>()

  /** A choice over the splits and reactions of `space` (value reads no others). */
  constructor(
    private readonly m: Melee,
    space: ChoiceSpace,
  ) {
    // What follows the dice depends on the weapons and targets only, never on the splits or the
    // reaction. There is no overwatch here. The cells go up to the most hits (mostHits) of the
    // most attack dice each side rolls in the space, no further.
    const mostDice = (splits: Split[]) => Math.max(...splits.map((s) => s.attack))
    const attackRef = attackStrike(m, mostDice(space.atkSplits), 0, 'counter')
    const counterRef = counterStrike(
      m,
      momentumLeft(m, OVERWATCH_START),
      mostDice(space.defSplits),
      0,
      'both',
    )
    // Every attack outcome up front, so that every view has the attack standing for it before
    // any counter-attack cell.
    const attackSaves = strikeOutcomeChances(afterDiceInput(attackRef))
    this.attacks = Array.from({ length: mostHits(attackRef) + 1 }, (_, u) => attackSaves(u))
    this.attackViews = this.attacks.map((list) => {
      const views = new Int32Array(list.length)
      for (let i = 0; i < list.length; i++) views[i] = this.view(list[i][0])
      return views
    })
    const counters = counterTable(afterDiceInput(counterRef))
    const most = mostHits(counterRef)
    this.counterOutcomes = Array.from({ length: most + 1 }, (_, u) => counters.outcomes(u))
    this.counterViewsOf = Array.from({ length: most + 1 }, (_, u) => counters.views(u))
    // Then every later damage the defender can take, from each view against every counter-attack
    // outcome the conclusion tells apart (once per counter view).
    const summaries = counters.summaries.slice(0, counters.seen(most))
    this.countered = this.views.map((a) => clashAfterStrikes.countered(m, a))
    this.ends = this.views.map(() => [])
    const laters = new Set<number>()
    this.views.forEach((_, k) => {
      if (!this.countered[k]) laters.add(this.end(k, null, -1).later.defender)
      else summaries.forEach((c, j) => laters.add(this.end(k, c, j).later.defender))
    })
    this.laters.push(...laters)
    this.attacks.forEach((_, u) => this.dealtCells.push(this.dealtCell(u)))
  }

  private view(a: StrikeOutcome): number {
    const key = clashAfterStrikes.view(this.m, a)
    let k = this.viewIndex.get(key)
    if (k === undefined) {
      this.viewIndex.set(key, (k = this.views.length))
      this.views.push(a)
    }
    return k
  }

  /**
   * The conclusion stage after view k's attack and a counter-attack of counter view j (-1: none),
   * once per pair: it reads the counter-attack through its view alone.
   */
  private end(k: number, c: StrikeOutcome | null, j: number): ClashConclusion {
    return (this.ends[k][j + 1] ??= clashAfterStrikes.conclude(this.m, this.views[k], c))
  }

  /** Per view and later damage: the attack's chance and dealt parts over its outcomes. */
  private dealtCell(uA: number): Dealt[][] {
    const { m, laters } = this
    const cell = this.views.map(() => laters.map(noDealt))
    const outcomes = this.attacks[uA]
    const views = this.attackViews[uA]
    for (let i = 0; i < outcomes.length; i++) {
      const a = outcomes[i][0]
      const p = outcomes[i][1]
      const byLater = cell[views[i]]
      for (let x = 0; x < laters.length; x++) {
        const d = byLater[x]
        const dealt = damageTaken(a.damage, laters[x])
        d.p += p
        d.capped += p * cappedDamage(dealt, m.def.unit.hp)
        d.dealt += p * dealt
        if (!survives(dealt, m.def.unit.hp)) d.destroyed += p
        d.failedSaves += p * a.failedSaves
        d.unblockedHits += p * a.unblockedHits
      }
    }
    return cell
  }

  /** Per view (its attack standing for it): the conclusion over the counter-attack's outcomes with uC unblocked hits. */
  private takenCell(uC: number): Taken[] {
    let cell = this.takenCells[uC]
    if (cell) return cell
    if (uC >= this.counterOutcomes.length) throw new Error('MeleeChoice: a counter-attack outside its space')
    const { m, laters } = this
    const views = this.counterViewsOf[uC]
    const outcomes = this.counterOutcomes[uC]
    const add = (t: Taken, k: number, c: StrikeOutcome | null, p: number, j: number) => {
      const end = this.end(k, c, j)
      t.capped += p * cappedDamage(end.attacker.damageTaken, m.atk.unit.hp)
      t.taken += p * end.attacker.damageTaken
      if (end.attacker.destroyed) t.destroyed += p
      t.failedSaves += p * (c?.failedSaves ?? 0)
      t.unblockedHits += p * (c?.unblockedHits ?? 0)
      t.later[laters.indexOf(end.later.defender)] += p
    }
    cell = this.views.map((_, k) => {
      const t = noTaken(laters.length)
      if (!this.countered[k]) add(t, k, null, 1, -1)
      else for (let i = 0; i < outcomes.length; i++) add(t, k, outcomes[i][0], outcomes[i][1], views[i])
      return t
    })
    this.takenCells[uC] = cell
    return cell
  }

  /** The dealt cells summed by the chances of uA. */
  private dealtBy(chancesOfU: Float64Array): Dealt[][] {
    if (chancesOfU.length > this.dealtCells.length)
      throw new Error('MeleeChoice: an attack outside its space')
    const out = this.views.map(() => this.laters.map(noDealt))
    for (let u = 0; u < chancesOfU.length; u++) {
      const p = chancesOfU[u]
      if (p === 0) continue
      const cell = this.dealtCells[u]
      for (let k = 0; k < out.length; k++)
        for (let x = 0; x < out[k].length; x++) {
          const o = out[k][x]
          const r = cell[k][x]
          o.p += p * r.p
          o.capped += p * r.capped
          o.dealt += p * r.dealt
          o.destroyed += p * r.destroyed
          o.failedSaves += p * r.failedSaves
          o.unblockedHits += p * r.unblockedHits
        }
    }
    return out
  }

  /** The taken cells summed by the chances of uC. */
  private takenBy(chancesOfU: Float64Array): Taken[] {
    const out = this.views.map(() => noTaken(this.laters.length))
    for (let u = 0; u < chancesOfU.length; u++) {
      const p = chancesOfU[u]
      if (p === 0) continue
      const cell = this.takenCell(u)
      for (let k = 0; k < out.length; k++) {
        const o = out[k]
        const r = cell[k]
        o.capped += p * r.capped
        o.taken += p * r.taken
        o.destroyed += p * r.destroyed
        o.failedSaves += p * r.failedSaves
        o.unblockedHits += p * r.unblockedHits
        for (let x = 0; x < o.later.length; x++) o.later[x] += p * r.later[x]
      }
    }
    return out
  }

  /** Expected outcome of the clash (no overwatch) for one combination of splits and reaction. */
  value(atkSplit: Split, defSplit: Split, defChoice: DefChoice): ClashValue {
    // Each strike's chances depend only on its dice and the defender's reaction: memoised by those.
    const k1 = `${atkSplit.attack}|${defSplit.defense}|${defChoice}`
    let A = this.dealtMemo.get(k1)
    if (!A) {
      const pA = unblockedChances(attackStrike(this.m, atkSplit.attack, defSplit.defense, defChoice))
      this.dealtMemo.set(k1, (A = this.dealtBy(pA)))
    }
    const k2 = `${defSplit.attack}|${atkSplit.defense}|${defChoice}`
    let C = this.takenMemo.get(k2)
    if (!C) {
      const left = momentumLeft(this.m, OVERWATCH_START)
      const pC = unblockedChances(counterStrike(this.m, left, defSplit.attack, atkSplit.defense, defChoice))
      this.takenMemo.set(k2, (C = this.takenBy(pC)))
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
    for (let k = 0; k < this.views.length; k++) {
      const c = C[k]
      const byLater = A[k]
      for (let x = 0; x < byLater.length; x++) {
        const a = byLater[x]
        const pX = c.later[x]
        capDiff += pX * a.capped
        dealtCapped += pX * a.capped
        dealt += pX * a.dealt
        defDestroyed += pX * a.destroyed
        saves += pX * a.failedSaves
        hits += pX * a.unblockedHits
      }
      const pView = byLater.length ? byLater[0].p : 0
      if (pView === 0) continue
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
    const at = (i: number, k: number): Option => ({
      atkSplit: splits[i],
      ...answers[k],
      value: this.value(splits[i], answers[k].defSplit, answers[k].defChoice),
    })
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
