import { Distribution } from '../../core/distribution.js'
import { poolOutcomes, walk } from '../../core/exact.js'
import { memoise } from '../../core/memo.js'
import { Flow, type Stage } from '../../core/flow.js'
import type { SaveResult } from './armor-save.js'
import { savesFor } from './armor-save-odds.js'
import {
  type AttackDiceInput,
  type DefChoice,
  type DefenseDiceInput,
  type Melee,
  type Split,
  type Strike,
  type StrikeResult,
  type StrikeSummary,
  resolveStrike,
  MAX_POOL,
  MELEE_DIE,
  OVERWATCH_START,
  attackDiceInput,
  attackRerollPool,
  attackStrike,
  attackDieClass,
  blocksAgainst,
  cappedDamage,
  counterMomentum,
  countAttack,
  defenseDiceInput,
  mostHits,
  momentumLeft,
  picksRerolls,
  rollBlocks,
  usableDice,
  concludeClash,
  counterStrike,
  damageTaken,
  strikeSaveSpec,
  strikeSummary,
  survives,
  tallyStrike,
  unblockedByDifference,
} from './melee.js'
import { attackView } from './melee-flow.js'
export { type MeleeOdds, type StrikeOdds, meleeOdds } from './melee-flow.js'
import { compareScores, poolWithRerollOdds } from './choice.js'

/**
 * Exact odds of a melee charge, composed from the stages resolveMelee runs:
 * - the overwatch loop over a distribution of OverwatchState (one attack's distribution is
 *   resolveShot's stages composed as shoot --odds composes them, then afterOverwatchShot, as
 *   resolveOverwatch does);
 * - each strike as its stages: the attack dice (the pool per class count, counted by
 *   countAttack) and the defense dice (rollBlocks walked; rollDefenseDice when the target picks
 *   rerolls), tallyStrike on each pair,
 *   then the saves (resolveArmorSaves through savesFor, then strikeSummary, as strikeSaves runs
 *   them) walked once per count of saves owed;
 * - concludeClash once per (overwatch view, attack view, counter-attack outcome): the joins are
 *   keyed on what it reads (overwatchView, attackView), and the overwatch's and the attack's own
 *   damage are added per view afterwards (damageTaken), so the cost grows with the number of views
 *   and outcomes, never with overwatch states times attacks times counter-attacks.
 * Weights are exact counts (Distribution) until they are printed.
 *
 * The choice search (ClashSearch, below) works in doubles, from tables filled through the same
 * stages and the same concludeClash.
 */

/** What the report and the clash read of one strike. */
export interface StrikeOutcome extends StrikeSummary {
  unblockedHits: number
  failedSaves: number
}

/**
 * Rolled hits of attack dice no one picks rerolls of, from their declared input: rollAttackDice's
 * pool per count of dice in each class attackDieClass declares (as the exact driver branches
 * it), each branch counted by countAttack, as rollAttackDice counts it.
 */
export function attackDiceOdds(input: AttackDiceInput): Distribution<number> {
  const branches = poolOutcomes(input.attackDice, MELEE_DIE, attackDieClass(input))
  return Distribution.weighted(
    branches.map((b) => [countAttack(input, b.faces).rolledHits, b.waysN] as const),
  )
}

/**
 * Rolled hits of a strike's attack dice (crits count 2): the attack-dice stage (attackDiceOdds).
 * When the striker picks rerolls (Improvise), each branch of the pool is rerolled as
 * rollAttackDice picks it (choice.ts's combinator, from the same pool as the rule: attackRerollPool),
 * the rerolled dice a pool of their own, counted by countAttack: the pick is made once per
 * branch, not once per branch of its reroll, as a walk of the rule would.
 */
export function rolledHitsOdds(s: Strike): Distribution<number> {
  if (!picksRerolls(s, 'attack')) return attackDiceOdds(attackDiceInput(s))
  const pool = attackRerollPool(s)
  return poolWithRerollOdds(
    s.attackDice,
    MELEE_DIE,
    pool.classify,
    () => pool,
    (faces) => countAttack(s, faces).rolledHits,
  )
}

/** Rolled blocks of defense dice no one picks rerolls of, from their declared input: rollBlocks walked. */
export function defenseDiceOdds(input: DefenseDiceInput): Distribution<number> {
  return walk((dice) => rollBlocks(dice, input, 'target').rolledBlocks)
}

/**
 * Rolled blocks of a strike's defense dice: the defense-dice stage (defenseDiceOdds); when the
 * target picks rerolls, against no rolled hits (blocksAgainst).
 */
export function rolledBlocksOdds(s: Strike): Distribution<number> {
  return picksRerolls(s, 'defense') ? blocksAgainst(s, 0) : defenseDiceOdds(defenseDiceInput(s))
}

/**
 * Unblocked hits after blocks and Skill Defense: tallyStrike on each pair of rolls. A target that
 * picks defense rerolls (Improvise) picks them against the hits rolled, so then the blocks are
 * walked per number of rolled hits (blocksAgainst).
 */
export function unblockedOdds(s: Strike): Distribution<number> {
  if (picksRerolls(s, 'defense'))
    return rolledHitsOdds(s).bind((h) => blocksAgainst(s, h).map((b) => tallyStrike(s, h, b).unblockedHits))
  return rolledHitsOdds(s).product(rolledBlocksOdds(s), (h, b) => tallyStrike(s, h, b).unblockedHits)
}

/** What the clash reads of a strike (outcomes that differ only in the report merge). */
const summaryKey = (o: StrikeSummary) => `${o.damage} ${o.pushedOut}`

/** A strike as the charge and the throw read it. */
export function strikeOutcomeOf(r: StrikeResult): StrikeOutcome {
  return {
    damage: r.damage,
    pushedOut: r.pushedOut,
    unblockedHits: r.unblockedHits,
    failedSaves: r.save.failedSaves,
  }
}

function strikeOutcome(s: Strike, unblockedHits: number, save: SaveResult): StrikeOutcome {
  const summary = strikeSummary(s, unblockedHits, save)
  return {
    damage: summary.damage,
    pushedOut: summary.pushedOut,
    unblockedHits,
    failedSaves: save.failedSaves,
  }
}

/**
 * ONE STRIKE AS A STAGE (src/core/flow.ts): attack dice, defense dice, tally, armor saves
 * (resolveStrike); the charge's attack and counter-attack and Titan Throw's strike are this stage.
 * Its exact distribution: unblockedOdds, then the saves its hits call for (strikeSaveSpec) walked
 * by savesFor, then strikeSummary, as strikeSaves runs them. The saves depend on the hits only
 * through the count owed (their cap makes many counts alike), so each count owed is walked once
 * per weapon and target: an attack and a counter-attack of the same weapon, and the choice search,
 * share the walks.
 */
export const strikeStage: Stage<Strike, StrikeOutcome> = {
  name: 'strike',
  run: (s, dice) => strikeOutcomeOf(resolveStrike(dice, s)),
  /** Everything read of a strike: its damage, push, unblocked hits and failed saves. */
  key: (o) => `${o.damage} ${o.pushedOut} ${o.unblockedHits} ${o.failedSaves}`,
  odds: (s) => {
    const saves = savesFor(strikeSaveSpec(s, 0))
    return unblockedOdds(s).bind(
      (u) => saves(u).map((save) => strikeOutcome(s, u, save), strikeStage.key),
      strikeStage.key,
    )
  },
}

/** A strike alone as a flow (Titan Throw). */
export const strikeFlow = Flow.from<Strike>(() => 0).then(strikeStage)

/** The strike stage's exact outcomes, folded once per declared strike. */
export const strikeFold = memoise((s: Strike) => strikeFlow.odds(s))

/** A strike's saves stage per unblocked hits (the choice search's rows). */
function strikeSaveStage(s: Strike): (unblockedHits: number) => Distribution<StrikeOutcome> {
  const saves = savesFor(strikeSaveSpec(s, 0))
  return (u) => saves(u).map((save) => strikeOutcome(s, u, save), strikeStage.key)
}

// ---------------------------------------------------------------------------------------------
// Choosing splits and Counter/Guard

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

/** An attack row's parts per (attack view, damage the defender takes later): chance, capped dealt, dealt, defender destroyed, failed saves, unblocked hits. */
const A_P = 0
const A_CAP = 1
const A_DEALT = 2
const A_DESTROYED = 3
const A_SAVES = 4
const A_HITS = 5
const A_N = 6
/** A counter row's parts per attack view: capped taken, taken, attacker destroyed, failed saves, unblocked hits, then the chance of each later damage to the defender. */
const C_CAP = 0
const C_TAKEN = 1
const C_DESTROYED = 2
const C_SAVES = 3
const C_HITS = 4
const C_N = 5

/**
 * The search's arithmetic, in doubles (the CLI runs it cold, where every evaluation counts). A
 * clash without overwatch is decided by each strike's unblocked hits, then its saves; and
 * concludeClash reads the attack only through its view (attackView) and its damage, which it
 * passes on to damageTaken with the defender's later damage (a Finishing Blow). So:
 * - an attack row (per attack's unblocked hits uA) sums, per attack view and per later damage
 *   the defender can take, the chance and the dealt parts over the attack's saves;
 * - a counter row (per counter's unblocked hits uC) sums, per attack view (one attack standing
 *   for each), concludeClash over the counter's saves: the taken parts and the chance of each
 *   later damage to the defender.
 * A split and choice then only change the chances of uA and uC (the pools' odds, attackDiceOdds
 * and defenseDiceOdds, once per declared dice input, and unblockedByDifference); a value is the
 * rows summed by those chances and joined per view.
 */
export class ClashSearch {
  /** The attack views met so far, each with the attack that stands for it. */
  private readonly views: StrikeOutcome[] = []
  private readonly viewIndex = new Map<string, number>()
  /** The later damages the defender can take (concludeClash's later.defender), by index. */
  private readonly laters: number[] = []
  private readonly attackRows: Float64Array[] = []
  private readonly counterRows: Array<Float64Array | undefined> = []
  /** The counter-attack's outcomes per unblocked hits, up to the most it can leave in the space. */
  private readonly counterOutcomes: Array<Distribution<StrikeOutcome>>
  /** Per attack configuration: the attack rows summed by the chances of uA. */
  private readonly attackMemo = new Map<string, Float64Array>()
  /** Per counter-attack configuration: the counter rows summed by the chances of uC. */
  private readonly counterMemo = new Map<string, Float64Array>()
  private readonly aWidth: number
  private readonly cWidth: number

  /** A search over the splits and choices of `space` (value reads no others). */
  constructor(
    private readonly m: Melee,
    space: ChoiceSpace,
  ) {
    // The saves depend on the weapon and target only, never on the splits or the choice. There
    // is no overwatch here: the clash starts from OVERWATCH_START. The rows go up to the most
    // hits (mostHits) of the most attack dice each side rolls in the space, no further.
    const mostDice = (splits: Split[]) => Math.max(...splits.map((s) => s.attack))
    const attackRef = attackStrike(m, mostDice(space.atkSplits), 0, 'counter')
    const counterRef = counterStrike(
      m,
      momentumLeft(m, OVERWATCH_START),
      mostDice(space.defSplits),
      0,
      'both',
    )
    // Every attack row up front, so that every view has the attack standing for it before any
    // counter row.
    const attackSaves = strikeSaveStage(attackRef)
    const saves = Array.from({ length: mostHits(attackRef) + 1 }, (_, u) => attackSaves(u).sorted())
    for (const list of saves) for (const [a] of list) this.view(a)
    const counterSaves = strikeSaveStage(counterRef)
    this.counterOutcomes = Array.from({ length: mostHits(counterRef) + 1 }, (_, u) => counterSaves(u))
    // Then every later damage the defender can take, from each view against every counter
    // outcome: concludeClash reads a counter-attack only through summaryKey, so once per key.
    const summaries = new Map<string, StrikeSummary>()
    for (const d of this.counterOutcomes)
      for (const c of d.outcomes()) if (!summaries.has(summaryKey(c))) summaries.set(summaryKey(c), c)
    const laters = new Set<number>()
    for (const a of this.views) {
      const skipped = counterMomentum(m, OVERWATCH_START, a) === null
      for (const c of skipped ? [null] : summaries.values())
        laters.add(concludeClash(m, OVERWATCH_START, a, c).later.defender)
    }
    this.laters.push(...laters)
    this.aWidth = this.views.length * this.laters.length * A_N
    this.cWidth = this.views.length * (C_N + this.laters.length)
    for (const list of saves) this.attackRows.push(this.attackRow(list))
  }

  private view(a: StrikeOutcome): number {
    const key = attackView(this.m, a)
    let k = this.viewIndex.get(key)
    if (k === undefined) {
      this.viewIndex.set(key, (k = this.views.length))
      this.views.push(a)
    }
    return k
  }

  /** Per view and later damage: the attack's chance and dealt parts over its saves. */
  private attackRow(saves: Array<[StrikeOutcome, number]>): Float64Array {
    const { m, laters } = this
    const row = new Float64Array(this.aWidth)
    for (const [a, p] of saves) {
      const k = this.view(a)
      for (let x = 0; x < laters.length; x++) {
        const at = (k * laters.length + x) * A_N
        const dealt = damageTaken(a.damage, laters[x])
        row[at + A_P] += p
        row[at + A_CAP] += p * cappedDamage(dealt, m.def.hp)
        row[at + A_DEALT] += p * dealt
        if (!survives(dealt, m.def.hp)) row[at + A_DESTROYED] += p
        row[at + A_SAVES] += p * a.failedSaves
        row[at + A_HITS] += p * a.unblockedHits
      }
    }
    return row
  }

  /** Per view (its attack standing for it): concludeClash over the counter's saves, uC unblocked hits. */
  private counterRow(uC: number): Float64Array {
    let row = this.counterRows[uC]
    if (row) return row
    if (uC >= this.counterOutcomes.length) throw new Error('ClashSearch: a counter-attack outside its space')
    const { m, laters } = this
    row = new Float64Array(this.cWidth)
    const saves = this.counterOutcomes[uC].sorted()
    const per = C_N + laters.length
    this.views.forEach((a, k) => {
      const skipped = counterMomentum(m, OVERWATCH_START, a) === null
      for (const [c, p] of skipped ? ([[null, 1]] as const) : saves) {
        const end = concludeClash(m, OVERWATCH_START, a, c)
        const at = k * per
        row![at + C_CAP] += p * cappedDamage(end.attacker.damageTaken, m.atk.hp)
        row![at + C_TAKEN] += p * end.attacker.damageTaken
        if (end.attacker.destroyed) row![at + C_DESTROYED] += p
        row![at + C_SAVES] += p * (c?.failedSaves ?? 0)
        row![at + C_HITS] += p * (c?.unblockedHits ?? 0)
        row![at + C_N + laters.indexOf(end.later.defender)] += p
      }
    })
    this.counterRows[uC] = row
    return row
  }

  /**
   * Float chances of a strike's unblocked hits. tallyStrike reads the rolls only through rolled
   * hits minus rolled blocks, so the two pools are convolved into that difference first and
   * tallied once per difference (unblockedByDifference).
   */
  private unblocked(s: Strike): Float64Array {
    // Rerolls picked after the dice are seen: the strike's own composed odds.
    if (picksRerolls(s, 'attack') || picksRerolls(s, 'defense')) return chances(unblockedOdds(s))
    const hits = hitsChances(attackDiceInput(s))
    const blocks = blocksChances(defenseDiceInput(s))
    const diff = new Float64Array(hits.length + blocks.length - 1)
    const offset = blocks.length - 1
    for (let h = 0; h < hits.length; h++) {
      if (hits[h] === 0) continue
      for (let b = 0; b < blocks.length; b++) diff[h - b + offset] += hits[h] * blocks[b]
    }
    const out: number[] = []
    for (let i = 0; i < diff.length; i++) {
      if (diff[i] === 0) continue
      const u = unblockedByDifference(s, i - offset)
      while (out.length <= u) out.push(0)
      out[u] += diff[i]
    }
    return Float64Array.from(out)
  }

  /** Rows summed by the chances of their unblocked hits. */
  private summed(chancesOfU: Float64Array, width: number, row: (u: number) => Float64Array): Float64Array {
    const out = new Float64Array(width)
    for (let u = 0; u < chancesOfU.length; u++) {
      const p = chancesOfU[u]
      if (p === 0) continue
      const r = row(u)
      for (let j = 0; j < width; j++) out[j] += p * r[j]
    }
    return out
  }

  /** Expected outcome of the clash (no overwatch) for one combination of splits and choice. */
  value(atkSplit: Split, defSplit: Split, defChoice: DefChoice): ClashValue {
    // Each strike's chances depend only on its dice and the defender's choice: memoised by those.
    const k1 = `${atkSplit.attack}|${defSplit.defense}|${defChoice}`
    let A = this.attackMemo.get(k1)
    if (!A) {
      const pA = this.unblocked(attackStrike(this.m, atkSplit.attack, defSplit.defense, defChoice))
      if (pA.length > this.attackRows.length) throw new Error('ClashSearch: an attack outside its space')
      this.attackMemo.set(k1, (A = this.summed(pA, this.aWidth, (u) => this.attackRows[u])))
    }
    const k2 = `${defSplit.attack}|${atkSplit.defense}|${defChoice}`
    let C = this.counterMemo.get(k2)
    if (!C) {
      const pC = this.unblocked(
        counterStrike(
          this.m,
          momentumLeft(this.m, OVERWATCH_START),
          defSplit.attack,
          atkSplit.defense,
          defChoice,
        ),
      )
      this.counterMemo.set(k2, (C = this.summed(pC, this.cWidth, (u) => this.counterRow(u))))
    }
    // Joined per view: the attack's parts weighted by the chance of each later damage to the
    // defender, the counter's parts by the chance of the view.
    const L = this.laters.length
    const per = C_N + L
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
      const c = k * per
      let pView = 0
      for (let x = 0; x < L; x++) {
        const a = (k * L + x) * A_N
        const pX = C[c + C_N + x]
        if (x === 0) pView = A[a + A_P]
        capDiff += pX * A[a + A_CAP]
        dealtCapped += pX * A[a + A_CAP]
        dealt += pX * A[a + A_DEALT]
        defDestroyed += pX * A[a + A_DESTROYED]
        saves += pX * A[a + A_SAVES]
        hits += pX * A[a + A_HITS]
      }
      if (pView === 0) continue
      capDiff -= pView * C[c + C_CAP]
      takenCapped += pView * C[c + C_CAP]
      taken += pView * C[c + C_TAKEN]
      atkDestroyed += pView * C[c + C_DESTROYED]
      saves -= pView * C[c + C_SAVES]
      hits -= pView * C[c + C_HITS]
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
    return [...opts].sort((x, y) => compareValue(x.value, y.value))
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
    // x (split xi) beats y (split yi) for the attacker.
    const beats = (x: Option, xi: number, y: Option, yi: number) => {
      const c = compareValue(x.value, y.value)
      return c > 0 || (c === 0 && xi < yi)
    }
    const bounds = splits.map((_, i) => at(i, 0))
    const order = splits
      .map((_, i) => i)
      .sort((a, b) => compareValue(bounds[b].value, bounds[a].value) || a - b)

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
    return [...opts].sort((x, y) => compareValue(y.value, x.value))
  }
}

/** The policy's comparison (compareScores, choice.ts): >0 when a is better for the attacker. */
export function compareValue(a: ClashValue, b: ClashValue): number {
  return compareScores(a.score, b.score)
}

/** Every split of a pool, most attack dice first. A pool over 20 loses the dice past 10/10. */
export function splitsOf(pool: number): Split[] {
  const used = usableDice(pool)
  const out: Split[] = []
  for (let a = Math.min(MAX_POOL, used); a >= used - Math.min(MAX_POOL, used); a--)
    out.push({ attack: a, defense: used - a })
  return out
}

export interface ChoiceSpace {
  atkSplits: Split[]
  defSplits: Split[]
  defChoices: DefChoice[]
}
