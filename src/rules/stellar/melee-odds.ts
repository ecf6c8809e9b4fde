import { Distribution } from '../../core/distribution.js'
import { poolOutcomes, walk } from '../../core/exact.js'
import { memoise } from '../../core/memo.js'
import { Flow, type Stage } from '../../core/flow.js'
import type { SaveResult, SaveSpec } from './armor-save.js'
import { savesFor } from './armor-save-odds.js'
import {
  type AttackDiceInput,
  type DefenseDiceInput,
  type Split,
  type Strike,
  type StrikeResult,
  type StrikeSummary,
  resolveStrike,
  MAX_POOL,
  MELEE_DIE,
  attackDiceInput,
  attackRerollPool,
  attackDieClass,
  blocksAgainst,
  countAttack,
  defenseDiceInput,
  picksRerolls,
  rollBlocks,
  usableDice,
  strikeSaveSpec,
  strikeSummary,
  tallyInput,
  tallyOf,
} from './melee.js'
import { poolWithRerollOdds } from './choice.js'

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
 * The automatic choice (melee-choice.ts) works in doubles, from a cache filled through the same
 * stages.
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
  const t = tallyInput(s)
  if (picksRerolls(s, 'defense'))
    return rolledHitsOdds(s).bind((h) => blocksAgainst(s, h).map((b) => tallyOf(t, h, b).unblockedHits))
  return rolledHitsOdds(s).product(rolledBlocksOdds(s), (h, b) => tallyOf(t, h, b).unblockedHits)
}

/** A strike as the charge and the throw read it. */
export function strikeOutcomeOf(r: StrikeResult): StrikeOutcome {
  return {
    damage: r.damage,
    pushedOut: r.pushedOut,
    unblockedHits: r.unblockedHits,
    failedSaves: r.save.failedSaves,
  }
}

function strikeOutcome(s: Pick<Strike, 'dmg'>, unblockedHits: number, save: SaveResult): StrikeOutcome {
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
  odds: (s) => unblockedOdds(s).bind(strikeSaves(s), strikeStage.key),
}

/**
 * The strike stage after its dice: its outcomes per unblocked hits (the saves they call for,
 * then strikeSummary). The automatic choice (melee-choice.ts) reads the stage through this.
 */
export function strikeSaves(s: Strike): (unblockedHits: number) => Distribution<StrikeOutcome> {
  const input = afterDiceInput(s)
  const saves = savesFor(input.save)
  return (u) => saves(u).map((save) => strikeOutcome(input, u, save), strikeStage.key)
}

/** Everything the strike stage reads after its dice besides the unblocked hits: the saves' spec and a hit's DMG. */
export interface AfterDiceInput {
  save: SaveSpec
  dmg: number
}

export function afterDiceInput(s: Strike): AfterDiceInput {
  return { save: strikeSaveSpec(s, 0), dmg: s.dmg }
}

/**
 * strikeSaves in float chances, per unblocked hits (each list in Distribution.sorted's order):
 * the automatic choice's read of the stage, made once per declared input across a batch's lines
 * (an attack's or counter-attack's weapon against its target repeats where the clashes do not).
 */
export const strikeOutcomeChances = memoise((input: AfterDiceInput) => {
  const saves = savesFor(input.save)
  const byHits: Array<Array<[StrikeOutcome, number]>> = []
  return (u: number): ReadonlyArray<readonly [StrikeOutcome, number]> =>
    (byHits[u] ??= saves(u)
      .map((save) => strikeOutcome(input, u, save), strikeStage.key)
      .sorted())
})

/** A strike alone as a flow (Titan Throw). */
export const strikeFlow = Flow.from<Strike>(() => 0).then(strikeStage)

/** The strike stage's exact outcomes, folded once per declared strike. */
export const strikeFold = memoise((s: Strike) => strikeFlow.odds(s))

/** Every split of a pool, most attack dice first. A pool over 20 loses the dice past 10/10. */
export function splitsOf(pool: number): Split[] {
  const used = usableDice(pool)
  const out: Split[] = []
  for (let a = Math.min(MAX_POOL, used); a >= used - Math.min(MAX_POOL, used); a--)
    out.push({ attack: a, defense: used - a })
  return out
}
