import { Distribution } from '../../core/distribution.js'
import { poolOutcomes, walk } from '../../core/exact.js'
import { memoise } from '../../core/memo.js'
import type { SaveResult } from './armor-save.js'
import { savesFor } from './armor-save-odds.js'
import {
  type AttackDiceInput,
  type ClashConclusion,
  type DefChoice,
  type DefenseDiceInput,
  type Melee,
  type OverwatchState,
  type Split,
  type Strike,
  type StrikeSummary,
  MAX_POOL,
  MELEE_DIE,
  OVERWATCH_START,
  afterOverwatchShot,
  attackDiceInput,
  attackRerollPool,
  attackStrike,
  attackDieClass,
  attackView,
  blocksAgainst,
  cappedDamage,
  attackMade,
  counterMomentum,
  countAttack,
  defenseDiceInput,
  firesAgain,
  mostHits,
  momentumLeft,
  picksRerolls,
  rollBlocks,
  usableDice,
  concludeClash,
  counterStrike,
  damageTaken,
  nextOverwatchShot,
  overwatchAttacks,
  overwatchKey,
  overwatchView,
  strikeSaveSpec,
  strikeSummary,
  survives,
  tallyStrike,
  unblockedByDifference,
} from './melee.js'
import { shotResultOdds } from './shoot-odds.js'
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

/** Strike outcomes that are the same for everything read of them. */
const outcomeKey = (o: StrikeOutcome) => `${o.damage} ${o.pushedOut} ${o.unblockedHits} ${o.failedSaves}`
/** What concludeClash reads of a strike (outcomes that differ only in the report merge). */
const summaryKey = (o: StrikeSummary) => `${o.damage} ${o.pushedOut}`

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
 * A strike's saves stage from its unblocked hits, read as StrikeOutcome: the saves its hits call
 * for (strikeSaveSpec) walked by savesFor, then strikeSummary (strikeOutcome), as strikeSaves
 * runs them. The saves depend on the hits only through the count owed (their cap makes many
 * counts alike), so each count owed is walked once per weapon and target: an attack and a
 * counter-attack of the same weapon, and the choice search, share the walks.
 */
function strikeSaveStage(s: Strike): (unblockedHits: number) => Distribution<StrikeOutcome> {
  const saves = savesFor(strikeSaveSpec(s, 0))
  return (u) => saves(u).map((save) => strikeOutcome(s, u, save), outcomeKey)
}

/** A whole strike: dice, tally, saves. */
export function strikeOdds(s: Strike): Distribution<StrikeOutcome> {
  return unblockedOdds(s).bind(strikeSaveStage(s), outcomeKey)
}

/**
 * The overwatch stage: resolveOverwatch's loop over a distribution of states (merged on
 * overwatchKey). One attack's distribution is resolveShot's stages composed (shotResultOdds: the
 * evade pool per class count, then blocks and saves per number of hits) for the Momentum the
 * charger has left (all the next shot depends on, see nextOverwatchShot), composed once per
 * value. (A walk of resolveShot gives the same counts, but runs the whole shot again for each
 * branch of its dice: at 10 shots about twice the composition's time in a cold run.)
 */
export function overwatchOdds(m: Melee): Distribution<OverwatchState> {
  const key = overwatchKey(m)
  let states = Distribution.point(OVERWATCH_START, key) as Distribution<OverwatchState>
  const n = overwatchAttacks(m)
  if (n === 0) return states
  // The next attack depends on the state only through the shot it makes (nextOverwatchShot: the
  // Momentum left, the rerolls left, the HP left when it may reroll): one distribution per shot.
  type One = { damage: number; momentumSpent: number; rerolled: number }
  const byShot = new Map<string, Distribution<One>>()
  const oneAttack = (st: OverwatchState) => {
    const shot = nextOverwatchShot(m, st)
    const k = `${shot.momentum} ${shot.evadeRerolls} ${shot.hp}`
    let d = byShot.get(k)
    if (!d) {
      d = shotResultOdds(
        shot,
        (r, rerolled): One => ({ damage: r.damage, momentumSpent: r.momentumSpent, rerolled }),
        (r) => `${r.damage} ${r.momentumSpent} ${r.rerolled}`,
      )
      byShot.set(k, d)
    }
    return d
  }
  /** A charger fired at no more (firesAgain, as resolveOverwatch's loop reads it): nothing is added. */
  const none = Distribution.point({ damage: 0, momentumSpent: 0, rerolled: 0 })
  for (let i = 0; i < n; i++) {
    states = states.step(
      (st) => (firesAgain(st) ? oneAttack(st) : none),
      (st, r) => afterOverwatchShot(m, st, r, r.rerolled),
      key,
    )
  }
  return states
}

// ---------------------------------------------------------------------------------------------
// The whole charge, exact

export type FinishingBlowKey = 'none' | 'attacker' | 'defender'

/** One strike's report: all 0 when the strike did not happen. */
export interface StrikeOdds {
  damage: Distribution<number>
  unblockedHits: Distribution<number>
  failedSaves: Distribution<number>
}

export interface MeleeOdds {
  /** The attacker's strike (0 when there is no clash). */
  attack: StrikeOdds
  /** The counter-attack (0 when there is none). */
  counter: StrikeOdds
  overwatch: { damage: Distribution<number> } | null
  finishingBlow: Distribution<FinishingBlowKey>
  /** Total damage each side takes: strikes, overwatch and Finishing Blow. */
  defenderDamage: Distribution<number>
  attackerDamage: Distribution<number>
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

const NO_STRIKE: StrikeOutcome = { damage: 0, pushedOut: false, unblockedHits: 0, failedSaves: 0 }

/** What the maps read of a conclusion (the sides' own damage taken is composed separately). */
const conclusionKey = (e: ClashConclusion) =>
  `${e.finishingBlow?.by ?? 'none'} ${e.later.attacker} ${e.later.defender}`

function strikeReport(d: Distribution<StrikeOutcome>): StrikeOdds {
  return {
    damage: d.map((o) => o.damage),
    unblockedHits: d.map((o) => o.unblockedHits),
    failedSaves: d.map((o) => o.failedSaves),
  }
}

/**
 * Exact odds of the charge with the splits and choice in `m`. When the charger may have spent its
 * Improvise on overwatch dice, its attack strike depends on that: the clash is composed for each
 * (the overwatch states that spent it, those that did not) and the two are mixed by their chances.
 */
export function meleeOdds(m: Melee): MeleeOdds {
  const ow = overwatchOdds(m)
  const spent = ow.waysWhere((st) => st.improvised)
  if (spent === 0n || spent === ow.den) return clashOdds(m, ow, spent !== 0n)
  const part = (improvised: boolean) =>
    Distribution.weighted(ow.sortedWays().filter(([st]) => st.improvised === improvised))
  const kept = clashOdds(m, part(false), false)
  const used = clashOdds(m, part(true), true)
  const which = Distribution.weighted([
    [0, ow.den - spent],
    [1, spent],
  ])
  const mix = <K extends number | string>(a: Distribution<K>, b: Distribution<K>) =>
    which.bind((i) => (i ? b : a)) as Distribution<K>
  const strike = (a: StrikeOdds, b: StrikeOdds): StrikeOdds => ({
    damage: mix(a.damage, b.damage),
    unblockedHits: mix(a.unblockedHits, b.unblockedHits),
    failedSaves: mix(a.failedSaves, b.failedSaves),
  })
  const pUsed = which.prob(1)
  return summarise(m, ow, {
    attack: strike(kept.attack, used.attack),
    counter: strike(kept.counter, used.counter),
    finishingBlow: mix(kept.finishingBlow, used.finishingBlow),
    defenderDamage: mix(kept.defenderDamage, used.defenderDamage),
    attackerDamage: mix(kept.attackerDamage, used.attackerDamage),
    counterChance: (1 - pUsed) * kept.counterChance + pUsed * used.counterChance,
  })
}

/** What the charge's odds are built from; summarise adds the rest. */
type ClashParts = Pick<
  MeleeOdds,
  'attack' | 'counter' | 'finishingBlow' | 'defenderDamage' | 'attackerDamage' | 'counterChance'
>

/** The charge's odds from its parts: overwatch, the chances of destruction, the means. */
function summarise(m: Melee, ow: Distribution<OverwatchState>, p: ClashParts): MeleeOdds {
  const owDamage = ow.map((st) => st.damage)
  const destroyed: MeleeOdds['destroyed'] = {}
  if (m.def.hp !== undefined) destroyed.defender = p.defenderDamage.where((d) => !survives(d, m.def.hp))
  if (m.atk.hp !== undefined) destroyed.attacker = p.attackerDamage.where((d) => !survives(d, m.atk.hp))
  const ex = (d: StrikeOdds) => ({
    damage: d.damage.expected(),
    unblockedHits: d.unblockedHits.expected(),
    failedSaves: d.failedSaves.expected(),
  })
  const expAttack = ex(p.attack)
  const expCounter = ex(p.counter)
  return {
    attack: p.attack,
    counter: p.counter,
    overwatch: overwatchAttacks(m) > 0 ? { damage: owDamage } : null,
    finishingBlow: p.finishingBlow,
    defenderDamage: p.defenderDamage,
    attackerDamage: p.attackerDamage,
    counterChance: p.counterChance,
    clashChance: ow.where(attackMade),
    destroyed,
    expected: {
      attack: expAttack,
      counter: expCounter,
      overwatchDamage: owDamage.expected(),
      attackDamage: expAttack.damage,
      counterDamage: expCounter.damage,
      defenderDamage: p.defenderDamage.expected(),
      attackerDamage: p.attackerDamage.expected(),
      finishingBlow: p.finishingBlow.where((by) => by !== 'none'),
    },
  }
}

/** The clash after the overwatch states `ow`, all alike in whether the charger spent its Improvise. */
function clashOdds(m: Melee, ow: Distribution<OverwatchState>, improvised: boolean): MeleeOdds {
  const attack = strikeOdds(attackStrike(m, m.atkSplit.attack, m.defSplit.defense, m.defChoice, improvised))
  /** The counter-attack against a charger with `left` Momentum: its outcomes, what the clash reads of them, their damages. */
  const counters = new Map<
    number,
    { outcomes: Distribution<StrikeOutcome>; summaries: Distribution<StrikeSummary>; damages: number[] }
  >()
  const counterFor = (left: number) => {
    let c = counters.get(left)
    if (!c) {
      const outcomes = strikeOdds(counterStrike(m, left))
      const summaries = outcomes.map(
        (o): StrikeSummary => ({ damage: o.damage, pushedOut: o.pushedOut }),
        summaryKey,
      )
      const damages = [...new Set(summaries.outcomes().map((o) => o.damage))].sort((a, b) => a - b)
      counters.set(left, (c = { outcomes, summaries, damages }))
    }
    return c
  }

  // The joins are keyed on what concludeClash reads (overwatchView, attackView, melee.ts): one
  // state and one attack stand for each view, and concludeClash runs once per view pair and
  // counter-attack. The sides' own stage damage (overwatch's, the attack's) is added after, one
  // product per view (damageTaken), so the overwatch states never meet the attack's outcomes.
  const owView = (st: OverwatchState) =>
    overwatchView(m, st, attackMade(st) ? counterFor(momentumLeft(m, st)).damages : [])
  const atkView = (a: StrikeSummary) => attackView(m, a)
  const owViews = ow.bind((st) => Distribution.point(st, owView), owView)
  const attackViews = attack.bind((a) => Distribution.point(a as StrikeSummary, atkView), atkView)
  const pairs = new Map<
    string,
    { ends: Distribution<ClashConclusion>; laterDefender: Distribution<number> }
  >()
  /** concludeClash over the counter-attack, for one overwatch view and one attack view. */
  const pair = (st: OverwatchState, a: StrikeSummary) => {
    const key = `${owView(st)}|${atkView(a)}`
    let p = pairs.get(key)
    if (!p) {
      const left = counterMomentum(m, st, a)
      let ends: Distribution<ClashConclusion>
      if (!attackMade(st)) ends = Distribution.point(concludeClash(m, st, null, null), conclusionKey)
      else if (left === null) ends = Distribution.point(concludeClash(m, st, a, null), conclusionKey)
      else ends = counterFor(left).summaries.map((c) => concludeClash(m, st, a, c), conclusionKey)
      pairs.set(key, (p = { ends, laterDefender: ends.map((e) => e.later.defender) }))
    }
    return p
  }
  // Per overwatch view, the conclusion over the attack views and the counter-attack: the maps
  // that read the conclusion read it from here (one join per view, not one per map).
  const endsByView = new Map<string, Distribution<ClashConclusion>>()
  const ends = (st: OverwatchState) => {
    const key = owView(st)
    let e = endsByView.get(key)
    if (!e) endsByView.set(key, (e = attackViews.bind((a) => pair(st, a).ends, conclusionKey)))
    return e
  }
  const finishingBlow = owViews.bind((st) =>
    ends(st).map((e): FinishingBlowKey => e.finishingBlow?.by ?? 'none'),
  )
  const laterAttacker = new Map(
    owViews.outcomes().map((st) => [owView(st), ends(st).map((e) => e.later.attacker)]),
  )
  const attackerDamage = ow.step(
    (st) => laterAttacker.get(owView(st))!,
    (st, x) => damageTaken(st.damage, x),
  )
  // The defender takes the attack's damage, then what concludeClash adds later, which reads the
  // overwatch view and the attack view only. The overwatch and the attack are independent, so
  // per attack view the later damage is joined over the overwatch views once ('no clash' where
  // overwatch destroyed the charger: then the conclusion without an attack stands).
  type Later = number | 'no clash'
  const laterDefender = new Map<string, Distribution<Later>>()
  const laterFor = (a: StrikeSummary): Distribution<Later> => {
    const key = atkView(a)
    let d = laterDefender.get(key)
    if (!d) {
      d = owViews.bind<Later>((st) =>
        attackMade(st)
          ? (pair(st, a).laterDefender as Distribution<Later>)
          : (Distribution.point('no clash') as Distribution<Later>),
      )
      laterDefender.set(key, d)
    }
    return d
  }
  const noClash = owViews.outcomes().find((st) => !attackMade(st))
  const defenderDamage = attack.step(laterFor, (a, x): number =>
    x === 'no clash' ? concludeClash(m, noClash!, null, null).defender.damageTaken : damageTaken(a.damage, x),
  )

  // Which strikes happen (attackMade, counterMomentum): the counter-attack's Momentum, -1 for none.
  const counterLeft = owViews.bind((st) => {
    if (!attackMade(st)) return Distribution.point(-1)
    return attackViews.map((a) => counterMomentum(m, st, a) ?? -1)
  })
  const attackOutcomes = ow
    .map((st) => (attackMade(st) ? 'yes' : 'no'))
    .bind((x) => (x === 'yes' ? attack : Distribution.point(NO_STRIKE)), outcomeKey)
  const counterMade = counterLeft.bind(
    (left) => (left < 0 ? Distribution.point(NO_STRIKE) : counterFor(left).outcomes),
    outcomeKey,
  )

  return summarise(m, ow, {
    attack: strikeReport(attackOutcomes),
    counter: strikeReport(counterMade),
    finishingBlow,
    defenderDamage,
    attackerDamage,
    counterChance: counterLeft.where((left) => left >= 0),
  })
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
