import type { Dice } from '../../core/dice.js'
import { Distribution } from '../../core/distribution.js'
import { poolOutcomes } from '../../core/exact.js'

/**
 * THE AUTOMATIC CHOICES: one policy, one score, one comparison (shooting, overwatch, the melee
 * clash, Titan Throw; prompts rank their options by it and --compare lists them in its order).
 *
 * Policy. Every choice is weighed by the Outlook of the attack it leads to, from the target's
 * side of it:
 * 1. the chance the target is destroyed (when its HP is known; 0 otherwise);
 * 2. the expected damage, capped at the target's HP when known (damage past destruction is
 *    worth nothing);
 * 3. the expected failed armor saves (for stun and push/pull weapons, whose saves deal no damage);
 * 4. the expected unblocked hits.
 * The attacker wants each of these high, the defender low, in that order: with HP known the
 * defender first minimises the chance of being destroyed, then the capped damage; without HP,
 * the first term is 0 for every option and the expected damage decides. Values within
 * TOLERANCE (relative) are equal; remaining ties keep the options' listed order (fewer dice
 * rerolled first).
 */
export interface Outlook {
  /** The chance the target is destroyed (0 when its HP is unknown). */
  destroyed: number
  /** Expected damage. */
  damage: number
  /** Expected damage, each outcome capped at the target's HP (the damage itself without HP). */
  capped: number
  /** Expected failed armor saves. */
  failedSaves: number
  /** Expected unblocked hits. */
  unblockedHits: number
}

/** Which way a side wants the outlook: the attacker (striker) more harm, the defender (target) less. */
export type Goal = 'harm' | 'spare'

/** The terms compared, in order. */
export function outlookScore(o: Outlook): number[] {
  return [o.destroyed, o.capped, o.failedSaves, o.unblockedHits]
}

/** Relative tolerance under which two terms are equal. */
export const TOLERANCE = 1e-9

/** Compares two scores term by term: >0 when `a` is more harm to the target, 0 when equal within TOLERANCE. */
export function compareScores(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i]
    const y = b[i]
    if (Math.abs(x - y) > TOLERANCE * Math.max(1, Math.abs(x), Math.abs(y))) return x > y ? 1 : -1
  }
  return 0
}

/** Orders two outlooks for a side: <0 when `a` is better for it (a sort comparator, best first). */
export function preferFor(goal: Goal, a: Outlook, b: Outlook): number {
  const c = compareScores(outlookScore(a), outlookScore(b))
  return goal === 'harm' ? -c : c
}

/** An outlook with nothing in it, to add into. */
export function noOutlook(): Outlook {
  return { destroyed: 0, damage: 0, capped: 0, failedSaves: 0, unblockedHits: 0 }
}

/**
 * One outcome added to an outlook with chance q: its damage against the target's HP, its failed
 * saves and hits (the terms addOutlook adds, without an outlook made per outcome).
 */
export function addOutcome(
  into: Outlook,
  q: number,
  damage: number,
  hp: number | undefined,
  failedSaves: number,
  unblockedHits: number,
): Outlook {
  if (hp !== undefined && damage >= hp) into.destroyed += q
  into.damage += q * damage
  into.capped += q * (hp === undefined ? damage : Math.min(damage, hp))
  into.failedSaves += q * failedSaves
  into.unblockedHits += q * unblockedHits
  return into
}

/** Adds `q` times `o` into `into`. */
export function addOutlook(into: Outlook, q: number, o: Outlook): Outlook {
  into.destroyed += q * o.destroyed
  into.damage += q * o.damage
  into.capped += q * o.capped
  into.failedSaves += q * o.failedSaves
  into.unblockedHits += q * o.unblockedHits
  return into
}

/** Several outlooks added (the targets of one attack). */
export function sumOutlooks(all: readonly Outlook[]): Outlook {
  const total = noOutlook()
  for (const o of all) addOutlook(total, 1, o)
  return total
}

// ---------------------------------------------------------------------------------------------
// Rerolls

/**
 * A REROLL, the one combinator every reroll a side picks goes through (Improvise, Spread
 * M-Particles, Three Times as Fast!, Blockade Runner on evade dice, shot or overwatch; Improvise
 * on melee dice): of the pool just rolled, which dice may be rerolled, how many, who picks, and
 * what the rest of the attack makes of the faces the pool ends with. The rerolled dice are a
 * new pool, classed as the first; each die is rerolled once at most.
 */
export interface Reroll {
  /** Faces of the pool's die. */
  sides: number
  /** How the rule reads a face (the pool's classes). */
  classify: (face: number) => number | string
  /** Whether the die at `i` may be rerolled. */
  eligible: (faces: readonly number[], i: number) => boolean
  /** Dice that may be rerolled, at most. */
  allowed: number
  /** Who picks: the striker (harm) or the target (spare). */
  goal: Goal
  /** The attack's outlook once the pool shows these faces. */
  outlook: (faces: readonly number[]) => Outlook
  /** Dice of `allowed` that are a use kept for later (HeldDice), when some are. */
  held?: HeldDice
}

/**
 * The last `dice` of a reroll's allowance when they are a use the side keeps for later in the
 * fight (the charger's Improvise on overwatch: once a round, and the clash comes after). The pick
 * is still the policy's (the best of all the dice allowed); when it rerolls more dice than the
 * rest allow it spends the use, and it is taken only when what it leaves is worth more, by
 * `worth`, than the best pick that keeps the use (ties keep it).
 */
export interface HeldDice {
  dice: number
  /**
   * What the rest of the fight is worth to the side picking once the pool shows these faces, the
   * use spent or kept: a score compared by compareScores, higher better for that side.
   */
  worth: (faces: readonly number[], spent: boolean) => readonly number[]
}

/** A pick (the faces of the dice rerolled, each naming a die of its class) with the outlook after it. */
export interface RerollOption {
  pick: number[]
  expected: Outlook
}

/**
 * The dice a pick rerolls: for each face picked, the first eligible die of its class not taken
 * yet, at most `allowed`; a face the dice do not show is passed over. In roll order.
 */
export function pickedDice(faces: readonly number[], r: Reroll, pick: readonly number[]): number[] {
  const taken: number[] = []
  for (const f of pick) {
    if (taken.length >= r.allowed) break
    const c = r.classify(f)
    const i = faces.findIndex((x, j) => !taken.includes(j) && r.eligible(faces, j) && r.classify(x) === c)
    if (i >= 0) taken.push(i)
  }
  return taken.sort((a, b) => a - b)
}

/** The faces with the dice at `dice` showing `again` instead. */
export function withRerolls(
  faces: readonly number[],
  dice: readonly number[],
  again: readonly number[],
): number[] {
  const out = faces.slice()
  dice.forEach((i, k) => (out[i] = again[k]))
  return out
}

/**
 * The picks a side may make of the dice it just rolled, each with the outlook after it (the
 * rerolled dice a new pool, walked exactly), best for the side first (the policy above); ties:
 * fewer dice, then the order of enumeration (fewer of the earlier classes first). Only eligible
 * dice are offered; dice of one class are alike, so a pick is how many of each class. With dice
 * held (HeldDice), the best pick that keeps them comes first unless spending them is worth more.
 */
export function rerollOptions(faces: readonly number[], r: Reroll): RerollOption[] {
  const kinds: Array<{ face: number; count: number }> = []
  const at = new Map<number | string, number>()
  faces.forEach((f, i) => {
    if (!r.eligible(faces, i)) return
    const c = r.classify(f)
    const k = at.get(c)
    if (k === undefined) {
      at.set(c, kinds.length)
      kinds.push({ face: f, count: 1 })
    } else kinds[k].count++
  })
  const picks: number[][] = []
  const build = (k: number, left: number, pick: number[]): void => {
    if (k === kinds.length) {
      picks.push(pick)
      return
    }
    for (let n = 0; n <= Math.min(left, kinds[k].count); n++)
      build(k + 1, left - n, n ? pick.concat(new Array<number>(n).fill(kinds[k].face)) : pick)
  }
  build(0, r.allowed, [])
  const pools = poolsOf(r)
  const out = picks.map((pick) => {
    const dice = pickedDice(faces, r, pick)
    const expected = noOutlook()
    const den = r.sides ** dice.length
    for (const b of pools(dice.length))
      addOutlook(expected, b.waysN / den, r.outlook(withRerolls(faces, dice, b.faces)))
    return { pick, expected }
  })
  out.sort((x, y) => preferFor(r.goal, x.expected, y.expected) || x.pick.length - y.pick.length)
  return r.held ? heldFirst(faces, r, r.held, out, pools) : out
}

/** The rerolled dice as a pool of their own, per number of dice: each looked up once for all the picks of one roll. */
function poolsOf(r: Reroll): (n: number) => ReturnType<typeof poolOutcomes> {
  const pools: Array<ReturnType<typeof poolOutcomes>> = []
  return (n) => (pools[n] ??= poolOutcomes(n, r.sides, r.classify))
}

/**
 * The options with the best pick keeping the held dice first, unless the best pick spends them
 * and is worth more (HeldDice). A pick names dice that are there (rerollOptions), so its length
 * is the dice it rerolls.
 */
function heldFirst(
  faces: readonly number[],
  r: Reroll,
  held: HeldDice,
  options: RerollOption[],
  pools: ReturnType<typeof poolsOf>,
): RerollOption[] {
  const free = r.allowed - held.dice
  if (options[0].pick.length <= free) return options
  const at = options.findIndex((o) => o.pick.length <= free)
  const worth = (pick: readonly number[], spent: boolean) => {
    const dice = pickedDice(faces, r, pick)
    const den = r.sides ** dice.length
    const sum: number[] = []
    for (const b of pools(dice.length)) {
      const w = held.worth(withRerolls(faces, dice, b.faces), spent)
      for (let i = 0; i < w.length; i++) sum[i] = (sum[i] ?? 0) + (b.waysN / den) * w[i]
    }
    return sum
  }
  if (compareScores(worth(options[0].pick, true), worth(options[at].pick, false)) > 0) return options
  return [options[at], ...options.slice(0, at), ...options.slice(at + 1)]
}

/**
 * The dice (indexes, in roll order) a side rerolls of the `faces` it just rolled: `ask`'s answer
 * when given and there is a choice (a person asked, or a pick given beforehand, which takes
 * what the dice allow: pickedDice), else the best option. Rolls and odds both pick through this.
 */
export function chooseReroll(
  faces: readonly number[],
  r: Reroll,
  ask?: (options: RerollOption[]) => readonly number[],
): number[] {
  if (r.allowed <= 0) return []
  const options = rerollOptions(faces, r)
  const wanted = ask && options.length > 1 ? ask(options) : options[0].pick
  return pickedDice(faces, r, wanted)
}

/** What a side rerolled: the dice (indexes into the pool, in roll order), their faces before and after. */
export interface Rerolled {
  dice: number[]
  /** The faces picked (each names a die of its class). */
  pick: number[]
  faces: number[]
}

/** A side rerolls the dice it picks (chooseReroll) of `faces`, which are changed in place. */
export function rollRerolls(
  dice: Dice,
  faces: number[],
  r: Reroll,
  label: string,
  ask?: (options: RerollOption[]) => readonly number[],
): Rerolled {
  const chosen = chooseReroll(faces, r, ask)
  const again = chosen.length ? dice.pool(chosen.length, r.sides, label, r.classify).slice() : []
  const rerolled: Rerolled = { dice: chosen, pick: chosen.map((i) => faces[i]), faces: again }
  chosen.forEach((i, k) => (faces[i] = again[k]))
  return rerolled
}

/**
 * The exact odds of what `read` makes of a pool of `n` dice with the automatic reroll (`reroll`
 * of the faces rolled; none when it returns null): each branch of the pool (counts per class),
 * the pick made once for it, the rerolled dice a pool of their own.
 */
export function poolWithRerollOdds<T extends number | string>(
  n: number,
  sides: number,
  classify: (face: number) => number | string,
  reroll: (faces: readonly number[]) => Reroll | null,
  read: (faces: readonly number[], rerolled: readonly number[]) => T,
): Distribution<T> {
  const branches = poolOutcomes(n, sides, classify)
  return Distribution.weighted(branches.map((b, i) => [i, b.waysN] as const)).bind((i) => {
    const faces = branches[i].faces
    const r = reroll(faces)
    const picked = r ? chooseReroll(faces, r) : []
    if (picked.length === 0) return Distribution.point(read(faces, picked)) as Distribution<T>
    const again = poolOutcomes(picked.length, sides, classify)
    return Distribution.weighted(
      again.map((b) => [read(withRerolls(faces, picked, b.faces), picked), b.waysN] as const),
    ) as Distribution<T>
  })
}
