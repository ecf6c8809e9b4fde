/**
 * A profile's Skills in a game (issue 37; rules-notes, "Skills in a game"). Quickstart: Pilot
 * Skills cost Momentum ("[M-#]") and "You may only use one Skill per unit turn": a Skill a roster
 * profile lists (Persevere, Giant Slayer, Take the Shot!, Unbeaten) is an option, never a debt.
 * In a game, a roll meets a unit's profile Skill as follows:
 * - paid for already in this unit turn (Persevere's "This turn take -200 DMG per Hit"): in effect,
 *   paid no more (state.ts keeps it `held` for the turn);
 * - otherwise taken automatically only when it helps in this roll (it changes something for the
 *   unit's side of this command: Persevere for a shot's target, not its shooter; Unbeaten in
 *   melee), the unit has used no other Skill this turn (nor names one by a flag in this roll:
 *   Skill Defense's Momentum, Bullseye), and its side can pay it from what the roll's flags leave;
 * - else left out of the roll, which is made all the same.
 * A Skill named by a flag (`--trait persevere`) is the player's choice, and is used and paid as
 * given (more than the side has is refused, as any Momentum offered).
 * Skills without a cost (Improvise, "[M-0]") are as the profile gives them.
 */
import { type TraitCommand, type TraitSide, traitOf } from '../rules/stellar/traits.js'
import type { RosterUnit } from '../rules/stellar/roster.js'
import type { GameState } from './state.js'

/** The Momentum a trait costs when used, as its entry says it ("bonus skill [M-2]"); 0 for none. */
export function skillCost(text: string): number {
  const m = /\[M-(\d+)\]/.exec(traitOf(text.split('=')[0])?.from ?? '')
  return m ? Number(m[1]) : 0
}

/** A roll as its Skills meet it. */
export interface SkillRoll {
  /** The command each unit's Skills are for; a plan's attacks are shots or charges: either. */
  command?: TraitCommand
  /** The defending units' keys (the others named attack). */
  defenders: readonly string[]
  /** Momentum each unit's flags offer in this roll (Skill Defense, Bullseye…), by unit key. */
  offers: Record<string, number>
  /** The units that name a Skill by a flag in this roll (Skill Defense, Bullseye, Make it Count!). */
  flagSkills: ReadonlySet<string>
}

/** Whether a Skill as written changes anything for `side` of `command` (its chosen option's). */
function helps(text: string, command: TraitCommand | undefined, side: TraitSide): boolean {
  const entry = traitOf(text.split('=')[0])
  if (!entry) return false
  const option = text.split('=')[1]?.trim().toLowerCase() ?? Object.keys(entry.choice ?? {})[0]
  return (command ? [command] : (['shoot', 'melee'] as const)).some((c) =>
    (entry[c]?.[side] ?? []).some((m) => m.if === undefined || m.if === option),
  )
}

/** Skills that may go with Skill Defense in one turn (traits.ts, checkSkills). */
const WITH_SKILL_DEFENSE = new Set(['improvise', 'unbeaten'])

/**
 * The units `keys` (those the roll names) with their profile Skills as the game takes them in
 * `state` (the state as the roll's unit turn meets it: state.ts, turnOf); other units unchanged.
 */
export function skillsInGame(
  units: readonly RosterUnit[],
  state: GameState,
  roll: SkillRoll,
  keys: readonly string[],
): RosterUnit[] {
  const pool = new Map<string, number>()
  const left = (side: string) => pool.get(side) ?? state.sides[side]?.momentum ?? 0
  for (const [k, n] of Object.entries(roll.offers)) {
    const side = state.units[k]?.side
    if (side !== undefined) pool.set(side, left(side) - n)
  }
  // The attackers first: their Skills are the roll's own.
  const attacks = (k: string) => !roll.defenders.includes(k)
  const order = [...keys].sort((a, b) => Number(attacks(b)) - Number(attacks(a)))
  const changed = new Map<string, RosterUnit>()
  for (const key of order) {
    const unit = units.find((u) => u.key === key)
    const now = state.units[key]
    if (!unit || !now || changed.has(key)) continue
    const side: TraitSide = attacks(key) ? 'attacker' : 'defender'
    const perTurn = Math.max(1, ...unit.traits.map((t) => traitOf(t)?.skillsPerTurn ?? 1))
    let used = now.held.filter((t) => traitOf(t)?.skill && skillCost(t) > 0).length
    if (roll.flagSkills.has(key)) used++
    const traits = unit.traits.filter((t) => {
      const entry = traitOf(t)
      const cost = skillCost(t)
      if (!entry?.skill || cost === 0) return true
      if (now.held.includes(entry.name)) return true
      // Skill Defense may go with Unbeaten: the flag's Skill does not count against it.
      const counted = used - (roll.flagSkills.has(key) && WITH_SKILL_DEFENSE.has(entry.name) ? 1 : 0)
      if (counted >= perTurn || !helps(t, roll.command, side) || left(now.side) < cost) return false
      pool.set(now.side, left(now.side) - cost)
      used++
      return true
    })
    if (traits.length !== unit.traits.length) changed.set(key, { ...unit, traits })
  }
  return units.map((u) => changed.get(u.key) ?? u)
}
