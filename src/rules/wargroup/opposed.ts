/**
 * OPPOSED d6 ROLLS and the rule of 1s and 6s (wargroup seed, "A note on 1's and 6's").
 *
 * Every roll in this rule set is one side's d6 + score against the other side's d6 + score: to
 * hit (Acu vs Def) and to damage (Str vs Arm). The rolling side ("attacker" here) wins when its
 * total is strictly higher. On top of that, a natural 1 is an automatic failure for whoever
 * rolled it and a natural 6 an automatic success, unless both dice show the same 1 or the same
 * 6, when the totals decide as usual.
 *
 * Readings (listed in docs/wargroup.md):
 * - Equal totals: nobody "beat" anybody, so the attacker fails (a miss, or no damage).
 * - "Both players get a 6 or 1" is read as both dice showing the SAME special face (1-1 or 6-6):
 *   those are the only cases where the two automatic results contradict each other. A 6 against
 *   a 1 is not an exception: the 6 wins automatically and the 1 fails automatically, which is
 *   one and the same result, so the side that rolled the 6 wins.
 * - The automatic results look at the natural die only; modifiers (aiming, commander) never
 *   turn a die into or out of a 1 or a 6.
 */

/** Why an opposed roll came out the way it did. */
export type OpposedReason =
  /** The attacker's lone natural 6: automatic success. */
  | 'attacker-6'
  /** The defender's lone natural 1: the defender fails automatically, so the attacker wins. */
  | 'defender-1'
  /** The attacker's 6 and the defender's 1 together: both say the attacker wins. */
  | 'attacker-6-defender-1'
  /** The attacker's lone natural 1: automatic failure. */
  | 'attacker-1'
  /** The defender's lone natural 6: automatic success for the defender. */
  | 'defender-6'
  /** The attacker's 1 and the defender's 6 together: both say the defender wins. */
  | 'attacker-1-defender-6'
  /** No automatic result (including a double 1 or double 6): the totals decide. */
  | 'totals'

export interface OpposedRoll {
  /** The attacker's natural die. */
  roll: number
  /** The attacker's die plus its modifiers. */
  total: number
  /** The defender's natural die. */
  opposingRoll: number
  opposingTotal: number
  /** True when the attacker won. */
  won: boolean
  /** True when the 1s-and-6s rule decided it, not the totals. */
  automatic: boolean
  reason: OpposedReason
}

/**
 * The automatic result of two natural d6, or null when the totals decide: `true` when the
 * attacker wins automatically, `false` when it loses automatically.
 */
export function automaticResult(
  roll: number,
  opposingRoll: number,
): { won: boolean; reason: OpposedReason } | null {
  if (roll === opposingRoll && (roll === 1 || roll === 6)) return null
  if (roll === 6 && opposingRoll === 1) return { won: true, reason: 'attacker-6-defender-1' }
  if (roll === 1 && opposingRoll === 6) return { won: false, reason: 'attacker-1-defender-6' }
  if (roll === 6) return { won: true, reason: 'attacker-6' }
  if (opposingRoll === 1) return { won: true, reason: 'defender-1' }
  if (roll === 1) return { won: false, reason: 'attacker-1' }
  if (opposingRoll === 6) return { won: false, reason: 'defender-6' }
  return null
}

/**
 * One opposed roll: the attacker's `roll + modifier` against the defender's
 * `opposingRoll + opposingModifier`, with the 1s-and-6s rule applied to the natural dice.
 */
export function opposedRoll(
  roll: number,
  modifier: number,
  opposingRoll: number,
  opposingModifier: number,
): OpposedRoll {
  const total = roll + modifier
  const opposingTotal = opposingRoll + opposingModifier
  const auto = automaticResult(roll, opposingRoll)
  if (auto)
    return { roll, total, opposingRoll, opposingTotal, won: auto.won, automatic: true, reason: auto.reason }
  return {
    roll,
    total,
    opposingRoll,
    opposingTotal,
    won: total > opposingTotal,
    automatic: false,
    reason: 'totals',
  }
}

/** A short human phrase for why an opposed roll ended as it did. */
export function reasonText(reason: OpposedReason): string {
  switch (reason) {
    case 'attacker-6':
      return 'a natural 6 succeeds automatically'
    case 'defender-1':
      return "the opponent's natural 1 fails automatically"
    case 'attacker-6-defender-1':
      return 'a natural 6 against a natural 1: automatic success'
    case 'attacker-1':
      return 'a natural 1 fails automatically'
    case 'defender-6':
      return "the opponent's natural 6 succeeds automatically"
    case 'attacker-1-defender-6':
      return 'a natural 1 against a natural 6: automatic failure'
    case 'totals':
      return 'the totals decide'
  }
}

/** Exact chance the attacker wins an opposed roll with these modifiers (36 equally likely pairs). */
export function opposedChance(
  modifier: number,
  opposingModifier: number,
): { wins: number; automaticWins: number; automaticLosses: number } {
  let wins = 0
  let automaticWins = 0
  let automaticLosses = 0
  for (let a = 1; a <= 6; a++) {
    for (let d = 1; d <= 6; d++) {
      const o = opposedRoll(a, modifier, d, opposingModifier)
      if (o.won) wins++
      if (o.automatic) {
        if (o.won) automaticWins++
        else automaticLosses++
      }
    }
  }
  return { wins, automaticWins, automaticLosses }
}
