import type { Dice } from '../../core/dice.js'
import { Flow } from '../../core/flow.js'
import { type DamageRoll, rollDamage } from './damage.js'
import { type OpposedRoll, opposedRoll } from './opposed.js'

/**
 * SHOOTING (wargroup seed: the attack section, "Aiming at weapons/Ability modules", "Aiming at
 * movement", "A note on 1's and 6's", and the commander upgrade under "The battlegroup").
 *
 * To hit: the attacker's d6 + Acu must beat the target's Def + d6. On a hit, the weapon's
 * Str + d6 against the target's Arm + d6 gives the damage (see damage.ts). Both rolls follow the
 * 1s-and-6s rule (opposed.ts).
 *
 * Aimed shots:
 * - at a weapon or ability module: Acu -2. Damage is rolled as normal and the mech takes it;
 *   damage over the module's MtP disables it for d3 turns, damage over 3 x MtP destroys it for
 *   the rest of the game (no duration die then).
 * - at movement: Acu -1 and -2 on the damage roll; any damage immobilises the mech for d6 turns.
 *
 * Readings (docs/wargroup.md):
 * - The mech still takes the damage of an aimed shot; the module or movement effect comes on top.
 * - "Higher than MtP" and "more than 3 times MtP" are strict: damage equal to MtP leaves the
 *   module intact, damage equal to 3 x MtP disables it.
 * - The commander upgrade (+1 to every characteristic) raises the commanding mech's own
 *   characteristics: Acu when it shoots, Def and Arm when it is the target (also Dam and Mov,
 *   which no roll here uses). A weapon's Str and a module's MtP belong to the weapon or module,
 *   not the mech, and are not raised.
 * - `dam` (the target's Dam left) only reports whether the shot shuts it down; the duration die
 *   of an aimed shot is rolled on a hit either way, so the dice order never depends on it.
 */

export type Aim = 'none' | 'module' | 'movement'
export type ModuleState = 'intact' | 'disabled' | 'destroyed'

export interface WargroupShot {
  /** The attacker's Acu (before the commander upgrade and aiming). */
  acu: number
  /** The target's Def. */
  def: number
  /** The weapon's Str. */
  str: number
  /** The target's Arm. */
  arm: number
  aim: Aim
  /** The aimed-at module's MtP (aim 'module' only). */
  mtp?: number
  /** The attacker is the battlegroup's commander: +1 Acu. */
  commander: boolean
  /** The target is its battlegroup's commander: +1 Def and +1 Arm. */
  defCommander: boolean
  /** The target's Dam left, to report whether it shuts down. */
  dam?: number
}

export interface WargroupShotResult {
  /** Acu after the commander upgrade and the aiming penalty. */
  acu: number
  def: number
  arm: number
  /** Modifier on the damage roll (-2 when aiming at movement). */
  damageModifier: number
  toHit: OpposedRoll
  hit: boolean
  damageRoll: DamageRoll | null
  damage: number
  /** Aim 'module': what became of the module. */
  module?: ModuleState
  /** Aim 'module': turns the module is disabled (0 unless disabled). */
  disabledTurns?: number
  /** Aim 'movement': turns the target cannot move (0 when it took no damage). */
  immobilizedTurns?: number
  remainingDam?: number
  destroyed?: boolean
}

export const AIM_ACU_PENALTY: Record<Aim, number> = { none: 0, module: 2, movement: 1 }
export const AIM_DAMAGE_MODIFIER: Record<Aim, number> = { none: 0, module: 0, movement: -2 }

/** Acu used to hit: +1 for a commander, minus the aiming penalty. */
export function effectiveAcu(s: Pick<WargroupShot, 'acu' | 'commander' | 'aim'>): number {
  return s.acu + (s.commander ? 1 : 0) - AIM_ACU_PENALTY[s.aim]
}

export function effectiveDef(s: Pick<WargroupShot, 'def' | 'defCommander'>): number {
  return s.def + (s.defCommander ? 1 : 0)
}

export function effectiveArm(s: Pick<WargroupShot, 'arm' | 'defCommander'>): number {
  return s.arm + (s.defCommander ? 1 : 0)
}

/** What damage does to the aimed-at module: over MtP disabled, over 3 x MtP destroyed. */
export function moduleState(damage: number, mtp: number): ModuleState {
  if (damage > 3 * mtp) return 'destroyed'
  if (damage > mtp) return 'disabled'
  return 'intact'
}

/** The to-hit roll: the attacker's d6 + Acu against the defender's d6 + Def. */
export function rollToHit(dice: Dice, acu: number, def: number): OpposedRoll {
  const hitRoll = dice.roll(6, 'to hit (attacker)')
  const defenseRoll = dice.roll(6, 'defence (defender)')
  return opposedRoll(hitRoll, acu, defenseRoll, def)
}

export interface AimEffect {
  module?: ModuleState
  disabledTurns?: number
  immobilizedTurns?: number
}

/** What an aimed shot that dealt `damage` does, rolling its duration die when it takes effect. */
export function rollAimEffect(dice: Dice, s: Pick<WargroupShot, 'aim' | 'mtp'>, damage: number): AimEffect {
  if (s.aim === 'module') {
    const module = damage > 0 ? moduleState(damage, s.mtp ?? 0) : 'intact'
    return { module, disabledTurns: module === 'disabled' ? dice.roll(3, 'turns disabled (d3)') : 0 }
  }
  if (s.aim === 'movement')
    return { immobilizedTurns: damage > 0 ? dice.roll(6, 'turns immobilised (d6)') : 0 }
  return {}
}

/** The target's Dam left after `damage`; at 0 it shuts down. */
export function remainingDam(dam: number, damage: number): number {
  return Math.max(0, dam - damage)
}

export function shutsDown(dam: number, damage: number): boolean {
  return remainingDam(dam, damage) === 0
}

/** What the later stages and the odds read of a shot so far (not its dice). */
function shotKey(r: WargroupShotResult): string {
  return `${r.hit}|${r.damage}|${r.damageRoll?.fullPower ?? false}|${r.module ?? ''}|${r.disabledTurns ?? 0}|${r.immobilizedTurns ?? 0}`
}

/**
 * A wargroup shot as a flow: to hit, then on a hit the damage roll (Str + d6 against Arm + d6,
 * the aim's modifier; a miss rolls none), then an aimed shot's effect given the damage (a miss
 * too: the rule says what 0 does, with no die). resolveWargroupShot plays it; the odds fold it
 * (shoot-odds.ts).
 */
export function shotFlow(s: WargroupShot): Flow<WargroupShot, WargroupShotResult> {
  return Flow.from<WargroupShot>(() => 0)
    .then<WargroupShotResult>({
      name: 'to hit',
      run(x, dice) {
        const toHit = rollToHit(dice, effectiveAcu(x), effectiveDef(x))
        return {
          acu: effectiveAcu(x),
          def: effectiveDef(x),
          arm: effectiveArm(x),
          damageModifier: AIM_DAMAGE_MODIFIER[x.aim],
          toHit,
          hit: toHit.won,
          damageRoll: null,
          damage: 0,
        }
      },
      key: shotKey,
    })
    .then<WargroupShotResult>({
      name: 'damage',
      run(r, dice) {
        if (!r.hit) return r
        const damageRoll = rollDamage(dice, s.str, r.damageModifier, r.arm)
        return { ...r, damageRoll, damage: damageRoll.damage }
      },
      key: shotKey,
    })
    .then<WargroupShotResult>({
      name: 'aim',
      run(r, dice) {
        const out: WargroupShotResult = { ...r, ...rollAimEffect(dice, s, r.damage) }
        if (s.dam !== undefined) {
          out.remainingDam = remainingDam(s.dam, r.damage)
          out.destroyed = shutsDown(s.dam, r.damage)
        }
        return out
      },
      key: shotKey,
    })
}

export function resolveWargroupShot(dice: Dice, s: WargroupShot): WargroupShotResult {
  return shotFlow(s).run(s, dice)
}

/** The largest score (Acu, Def, Str, Arm, MtP) the commands take: a sanity limit on the input, not a rule. */
export const MAX_SCORE = 30
