/**
 * What a shot or a charge by unit names did to the game, read from its answer (the object
 * `--json` prints) against the state it was resolved in: HP lost, stun penalties, Momentum spent
 * and gained, once-per-game Skills used up. A resolution event carries these effects, and the
 * state is their replay (state.ts). Pure, as the rest of src/game.
 *
 * Readings (docs/game.md, docs/rules-notes.md):
 * - HP lost is the damage dealt, at most the HP the unit had: at 0 it is destroyed.
 * - Momentum (a side's pool): Skill Defense and "It's not over yet!" cost what the answer says was
 *   spent (a warship's Skill Defense already counted double); Bullseye costs 1; a remote weapon
 *   fired with Momentum costs its price; a charge that clashes gains its side 1 (quickstart,
 *   "+1 Momentum when you attack an enemy in Melee"); a resolution that destroys an enemy unit
 *   gains the destroying side 1 ("+1 if you destroyed any enemy units this turn"), once per
 *   resolution: a second kill in the same turn is corrected with `mecha game set`.
 * - Make it Count! is used once a game: the attacker's Skill is then spent.
 * - A Skill given as a trait (Take the Shot!, Giant Slayer, Unbeaten, Persevere: a roster's
 *   traits, as skills.ts takes them, or --trait) costs its side the Momentum its entry says
 *   ([M-2]) when the answer lists it among the side's traits in effect, once a unit turn: the
 *   effect's `skills` holds it for the turn's other rolls.
 * - Limited uses (src/rules/stellar/limited-uses.ts): a once-a-round use is spentThisRound (given
 *   back by next-round), Superior Instincts' blocks are spent, one entry a use, two a game, and
 *   Awe Inspiring Arrival's one; these two last the unit turn they are taken in, so a roll of
 *   that turn after the first takes them no more (state.ts, turnOf).
 *   Improvise: a shot spends the target's when its pick rerolled more evade dice than its other
 *   rerolls allow (those are used first); a charge spends each side's (Improvise in melee is
 *   spent on the charge: rules-notes). The others are taken by the attack they are in effect in,
 *   as the target's reaction says (Invincible: a Guard; Untouchable: a Dodge; Solo Operative:
 *   both; Unyielding's and Superior Instincts' blocks: any attack), a charger's too.
 * - Stun: a failed save against a stun weapon is -1 Action (the shot's `actionsLost`, the
 *   strikes' in a charge), overwatch shots with a stun weapon at the charger too (one per failed
 *   save of each overwatch attack).
 */
import { IMPROVISE_DICE, LIMITED_USES, usesIn, usesTaken } from '../rules/stellar/limited-uses.js'
import { REMOTE_MOMENTUM_COST } from '../rules/stellar/upgrades.js'
import type { Effect } from './log.js'
import { skillCost } from './skills.js'
import { type GameState, turnOf } from './state.js'

import type { PlayedCommand } from './modes.js'

/** The once-per-game Skills a game keeps track of, by the option that uses them. */
export const ONCE_PER_GAME: Record<string, string> = { makeItCount: 'make-it-count' }

const namesIn = (x: unknown): string[] =>
  Array.isArray(x) ? x.map((t) => String(t).split('=')[0].trim().toLowerCase()) : []

export interface Played {
  command: PlayedCommand
  /** Unit keys of the game: the attacker, and each defender named (melee: one). */
  attacker: string
  defenders: string[]
  /** The request's option values (camelCase), as resolved. */
  values: Record<string, unknown>
  /** The answer, as `--json` prints it. */
  answer: Record<string, unknown>
}

type Obj = Record<string, unknown>
const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : 0)
/** A PEN as a flag gives it (`5S`) or as parsed (`{kind: 'stun'}`): a stun weapon's. */
const stunWeapon = (pen: unknown) =>
  typeof pen === 'string' ? /s\s*$/i.test(pen) : obj(pen)?.kind === 'stun'
const obj = (x: unknown): Obj | undefined =>
  typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Obj) : undefined

class Tally {
  private readonly units = new Map<string, Effect>()
  private readonly sides = new Map<string, number>()
  readonly killers = new Set<string>()

  constructor(private readonly state: GameState) {}

  private of(unit: string): Effect {
    let e = this.units.get(unit)
    if (!e) this.units.set(unit, (e = { unit }))
    return e
  }

  /** `dealt` damage to `unit`: its HP lost (at most what it had), and whether that destroyed it. */
  damage(unit: string, dealt: number, by: string): void {
    const hp = this.state.units[unit].hp
    if (hp === null || dealt <= 0) return
    const lost = Math.min(dealt, hp)
    const e = this.of(unit)
    e.hpLost = (e.hpLost ?? 0) + lost
    if (lost === hp && this.state.units[unit].side !== this.state.units[by].side)
      this.killers.add(this.state.units[by].side)
  }

  stun(unit: string, n: number): void {
    if (n > 0) this.of(unit).stun = (this.of(unit).stun ?? 0) + n
  }

  spend(unit: string, skill: string): void {
    const e = this.of(unit)
    e.spent = [...(e.spent ?? []), skill]
  }

  /** A once-a-round trait used (once per resolution). */
  spendRound(unit: string, trait: string): void {
    const e = this.of(unit)
    if (!e.spentThisRound?.includes(trait)) e.spentThisRound = [...(e.spentThisRound ?? []), trait]
  }

  /**
   * The limited uses one side's traits (as the answer lists them, NAME=CHOICE) took in this
   * attack, its reaction `reaction`; Improvise when `improvise` says its rerolls took it.
   */
  uses(unit: string, traits: unknown, reaction: string, improvise: boolean): void {
    const texts = Array.isArray(traits) ? traits.map(String) : []
    // A use held for this turn (Superior Instincts' blocks) was taken by the turn's first roll.
    const taken = usesTaken(texts, reaction).filter((t) => !this.state.units[unit].held.includes(t))
    if (improvise && usesIn(texts).includes('improvise')) taken.push('improvise')
    for (const name of taken)
      if (LIMITED_USES.find((u) => u.trait === name)?.per === 'game') this.spend(unit, name)
      else this.spendRound(unit, name)
  }

  /**
   * A side's traits in effect: the Momentum of the Skills among them, paid by `unit`'s side, once
   * a unit turn (a Skill paid for this turn is held: "This turn take -200 DMG per Hit").
   */
  skills(unit: string, traits: unknown): void {
    const held = this.state.units[unit].held
    const paid = namesIn(traits).filter((t) => skillCost(t) > 0 && !held.includes(t))
    if (!paid.length) return
    const e = this.of(unit)
    e.skills = [...(e.skills ?? []), ...paid.filter((t) => !e.skills?.includes(t))]
    this.momentum(this.state.units[unit].side, -paid.reduce((n, t) => n + skillCost(t), 0))
  }

  momentum(side: string, change: number): void {
    if (change) this.sides.set(side, (this.sides.get(side) ?? 0) + change)
  }

  /** The effects, in the order the units were met; a side's Momentum on the first of its units met. */
  effects(order: string[]): Effect[] {
    for (const side of this.killers) this.momentum(side, 1)
    for (const [side, change] of this.sides) {
      if (!change) continue
      const unit = order.find((k) => this.state.units[k].side === side) ?? order[0]
      const e = this.of(unit)
      e.momentum = (e.momentum ?? 0) + change
    }
    return order.flatMap((k) => {
      const e = this.units.get(k)
      return e && Object.keys(e).length > 1 ? [e] : []
    })
  }
}

/**
 * The effects of one shot or charge resolved in `state` (as the attacker's turn meets it: a roll
 * by another unit than the last begins a new turn).
 */
export function resolutionEffects(p: Played, before: GameState): Effect[] {
  const state = turnOf(before, p.attacker)
  const t = new Tally(state)
  const a = p.answer
  const atkSide = state.units[p.attacker].side
  if (p.command === 'shoot') {
    const targets = Array.isArray(a.targets) ? (a.targets as Obj[]) : [a]
    targets.forEach((target, i) => {
      const unit = p.defenders[i]
      // --targets N with one unit named: the other targets are not units of the game.
      if (unit === undefined) return
      t.damage(unit, num(target.damage), p.attacker)
      t.stun(unit, num(target.actionsLost))
      t.momentum(state.units[unit].side, -(num(target.momentumSpent) + num(target.negated)))
      const traits = obj(target.traits) ?? obj(a.traits)
      t.skills(unit, traits?.defender)
      const reroll = obj(target.evadeReroll)
      const rerolled = Array.isArray(reroll?.faces) ? reroll.faces.length : 0
      const reaction = String(target.defense ?? a.defense ?? 'none')
      t.uses(unit, traits?.defender, reaction, rerolled > Math.max(0, num(reroll?.allowed) - IMPROVISE_DICE))
    })
    t.skills(p.attacker, obj(a.traits)?.attacker)
    if (p.values.bullseye === true) t.momentum(atkSide, -1)
    if (p.values.remote === 'momentum') t.momentum(atkSide, -REMOTE_MOMENTUM_COST)
  } else {
    const defender = p.defenders[0]
    const attack = obj(a.attack)
    const counter = obj(a.counter)
    const overwatch = obj(a.overwatch)
    t.damage(defender, num(obj(a.defender)?.damageTaken), p.attacker)
    t.damage(p.attacker, num(obj(a.attacker)?.damageTaken), defender)
    t.stun(defender, num(attack?.actionsLost))
    t.stun(p.attacker, num(counter?.actionsLost))
    // Overwatch with a stun weapon: -1 Action per failed save of each overwatch attack (a
    // warship's failed saves are damage instead: failedSaveKind in armor-save.ts).
    if (overwatch && stunWeapon(p.values.defOwPen) && p.values.atkWarship !== true)
      for (const shot of Array.isArray(overwatch.attacks) ? (overwatch.attacks as Obj[]) : [])
        t.stun(p.attacker, num(shot.failedSaves))
    const traits = obj(a.traits)
    t.skills(p.attacker, traits?.attacker)
    t.skills(defender, traits?.defender)
    t.uses(p.attacker, traits?.attacker, 'none', true)
    t.uses(defender, traits?.defender, String(a.defChoice ?? 'none'), true)
    t.momentum(state.units[defender].side, -(num(attack?.momentumSpent) + num(attack?.negated)))
    t.momentum(
      atkSide,
      (a.clash === true ? 1 : 0) -
        (num(counter?.momentumSpent) + num(counter?.negated) + num(overwatch?.momentumSpent)),
    )
  }
  for (const [key, skill] of Object.entries(ONCE_PER_GAME))
    if (p.values[key] === true) t.spend(p.attacker, skill)
  return t.effects([p.attacker, ...p.defenders])
}
