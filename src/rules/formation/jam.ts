import { type Dice, atLeast } from '../../core/dice.js'

/**
 * JAM / SPOOF (formation rules, weapon traits, "Jam/Spoof").
 *
 * Every point of damage from a jam/spoof item is one attempt: a d6 that places a jam counter on
 * the target on 3+, or 5+ when the target counters with a jam/spoof of its own. Counters stack
 * up in effect: the first costs an action and gives STR -1; the second also stops missile fire
 * and spotting and makes it STR -2; the third also stops fire beyond 6" and makes it STR -3.
 * Alternatively each attempt can remove one missile salvo in range outright (a smart missile
 * salvo only on a 4+).
 *
 * Readings:
 * - The STR penalty is the one for the current count (-1, -2, -3), not a running sum (-1, -3, -6).
 * - Effects stop growing at three counters; further counters are recorded but change nothing.
 * - The rules say "the third action" where the list is about counters; we read "third counter".
 * - Against missiles, a non-smart salvo is removed with no roll; a countering jammer only
 *   matters for jamming units, not missiles.
 */
export interface Jam {
  attempts: number
  countered: boolean
  /** Counters already on the target before this roll. */
  counters: number
  /** Use the attempts against missile salvos instead (one salvo per attempt). */
  vsMissiles: boolean
  smart: boolean
}

export interface JamEffects {
  counters: number
  actionsLost: number
  strModifier: number
  noMissileFire: boolean
  noSpotting: boolean
  /** Longest range it may still fire at, in inches (null: no limit). */
  maxRangeInches: number | null
}

export interface JamRoll {
  roll: number
  success: boolean
}

export interface JamResult {
  mode: 'jam' | 'missiles'
  /** The d6 result each attempt needs (null when no dice are rolled). */
  targetNumber: number | null
  rolls: JamRoll[]
  countersPlaced: number
  /** Counters on the target after this roll (jam mode). */
  counters: number
  effects: JamEffects
  /** Effects this roll added (compared with the counters before it). */
  newEffects: string[]
  salvosRemoved: number
}

export const MAX_JAM_EFFECT = 3

export function jamTargetNumber(j: Pick<Jam, 'countered' | 'vsMissiles' | 'smart'>): number | null {
  if (j.vsMissiles) return j.smart ? 4 : null
  return j.countered ? 5 : 3
}

/** What `counters` jam counters do to a unit. */
export function jamEffects(counters: number): JamEffects {
  const c = Math.min(counters, MAX_JAM_EFFECT)
  return {
    counters,
    actionsLost: c >= 1 ? 1 : 0,
    strModifier: -c,
    noMissileFire: c >= 2,
    noSpotting: c >= 2,
    maxRangeInches: c >= 3 ? 6 : null,
  }
}

/** The STR penalty (a positive number) an attacker carrying `counters` jam counters suffers. */
export function jamStrPenalty(counters: number): number {
  return Math.min(counters, MAX_JAM_EFFECT)
}

function effectsGained(before: number, after: number): string[] {
  const out: string[] = []
  const b = Math.min(before, MAX_JAM_EFFECT)
  const a = Math.min(after, MAX_JAM_EFFECT)
  if (b < 1 && a >= 1) out.push('loses an action')
  if (b < 2 && a >= 2) out.push('no missile fire or spotting')
  if (b < 3 && a >= 3) out.push('no fire beyond 6"')
  if (a > b) out.push(`STR ${-a}`)
  return out
}

export function resolveJam(dice: Dice, j: Jam): JamResult {
  const tn = jamTargetNumber(j)
  if (j.vsMissiles) {
    if (tn === null) {
      return {
        mode: 'missiles',
        targetNumber: null,
        rolls: [],
        countersPlaced: 0,
        counters: j.counters,
        effects: jamEffects(j.counters),
        newEffects: [],
        salvosRemoved: j.attempts,
      }
    }
    const faces = dice.pool(j.attempts, 6, 'spoof vs smart missiles', atLeast(tn))
    const rolls = faces.map((roll) => ({ roll, success: roll >= tn }))
    const removed = rolls.filter((r) => r.success).length
    return {
      mode: 'missiles',
      targetNumber: tn,
      rolls,
      countersPlaced: 0,
      counters: j.counters,
      effects: jamEffects(j.counters),
      newEffects: [],
      salvosRemoved: removed,
    }
  }
  const faces = dice.pool(j.attempts, 6, 'jam', atLeast(tn!))
  const rolls = faces.map((roll) => ({ roll, success: roll >= tn! }))
  const placed = rolls.filter((r) => r.success).length
  const counters = j.counters + placed
  return {
    mode: 'jam',
    targetNumber: tn,
    rolls,
    countersPlaced: placed,
    counters,
    effects: jamEffects(counters),
    newEffects: effectsGained(j.counters, counters),
    salvosRemoved: 0,
  }
}
