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
 */
import { REMOTE_MOMENTUM_COST } from '../rules/stellar/upgrades.js'
import type { Effect } from './log.js'
import type { GameState } from './state.js'

import type { PlayedCommand } from './modes.js'

/** The once-per-game Skills a game keeps track of, by the option that uses them. */
export const ONCE_PER_GAME: Record<string, string> = { makeItCount: 'make-it-count' }

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

/** The effects of one shot or charge resolved in `state`. */
export function resolutionEffects(p: Played, state: GameState): Effect[] {
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
    })
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
