import type { Dice } from '../../core/dice.js'
import { Flow } from '../../core/flow.js'
import { type ResolveTestResult, resolveResolveTest } from './resolve.js'
import { ELIMINATED_AT, MAX_SUPPRESSION } from './units.js'

/**
 * SHOOTING and SUPPRESSIVE FIRE (seed 003, "Shooting", "Suppressive Fire", "Target Lock",
 * "Eliminating Units and Resolve").
 *
 * One d6 per shooting action; with its modifiers added, 4 or more hits. Modifiers: -1 when the
 * target is in cover, +1 when the shooter is on higher ground, +1 when a target lock is on the
 * target (that lock marker is then removed), -1 when the shooter is a drone or a gun sentry.
 * They run from -2 to +2, so a natural 2-6 is needed and no shot is ever certain or hopeless.
 *
 * A hit deals 1 damage point; 4 damage eliminates the target, and its force then tests its
 * resolve (resolve.ts), rolled here when the force's earlier losses are known.
 *
 * Readings:
 * - Suppressive fire is a shooting action: the same roll and modifiers, but a hit places one
 *   suppression marker instead of dealing damage. It may not be aimed at a unit that already
 *   carries the maximum of 2 markers (the command rejects that as input).
 * - A target lock boosts one shot, hit or miss, and is used up by it; several locks on one
 *   target still give +1 per shot, and the shot removes one of them.
 * - A shooter cannot be both a drone and a gun sentry (an input error), so the -1 applies once.
 */
export interface MiningShot {
  cover: boolean
  highGround: boolean
  lock: boolean
  drone: boolean
  sentry: boolean
  /** Suppressive fire: a hit places a suppression marker instead of dealing damage. */
  suppress: boolean
  /** Suppression markers already on the target (0-2). */
  markers: number
  /** Damage the target already carries (0-3), to report elimination; undefined: unknown. */
  targetDamage?: number
  /** Units the target's force had lost before this shot; given: a kill rolls its resolve test. */
  lost?: number
}

export interface ShootModifier {
  reason: 'cover' | 'high ground' | 'target lock' | 'drone' | 'gun sentry'
  value: number
}

export interface MiningShotResult {
  roll: number
  modifier: number
  modifiers: ShootModifier[]
  /** roll + modifier. */
  total: number
  /** The natural d6 face needed to hit. */
  needs: number
  hit: boolean
  /** Damage points dealt (0 or 1; always 0 for suppressive fire). */
  damage: number
  /** Suppression markers placed (0 or 1). */
  suppression: number
  markersAfter: number
  lockUsed: boolean
  targetDamageAfter?: number
  eliminated?: boolean
  /** The target force's resolve test, when this shot eliminated it and its losses were given. */
  resolve: ResolveTestResult | null
}

/** The modified score a shot must reach. */
export const HIT_ON = 4

export function shootModifiers(s: MiningShot): ShootModifier[] {
  const mods: ShootModifier[] = []
  if (s.cover) mods.push({ reason: 'cover', value: -1 })
  if (s.highGround) mods.push({ reason: 'high ground', value: 1 })
  if (s.lock) mods.push({ reason: 'target lock', value: 1 })
  if (s.drone) mods.push({ reason: 'drone', value: -1 })
  else if (s.sentry) mods.push({ reason: 'gun sentry', value: -1 })
  return mods
}

export function shootModifier(s: MiningShot): number {
  return shootModifiers(s).reduce((t, m) => t + m.value, 0)
}

/** The natural face needed: 4 minus the modifier (2 to 6 for every legal shot). */
export function hitNeeds(s: MiningShot): number {
  return HIT_ON - shootModifier(s)
}

/** What the resolve test and the odds read of a shot (not its dice). */
export function miningShotKey(r: MiningShotResult): string {
  return `${r.hit} ${r.damage} ${r.suppression} ${r.markersAfter} ${r.targetDamageAfter} ${r.eliminated} ${r.resolve?.retreat}`
}

/**
 * A shot as a flow: the to-hit d6 and what it does to the target, then (when the shot
 * eliminated it and the force's losses are known) the force's resolve test. resolveMiningShot
 * plays it; the odds fold it (odds.ts).
 */
export function miningShotFlow(s: MiningShot): Flow<MiningShot, MiningShotResult> {
  return Flow.from<MiningShot>(() => 0)
    .then<MiningShotResult>({ name: 'shot', run: (x, dice) => shotStage(dice, x), key: miningShotKey })
    .then<MiningShotResult>({
      name: 'resolve test',
      run: (r, dice) =>
        r.eliminated && s.lost !== undefined
          ? { ...r, resolve: resolveResolveTest(dice, { eliminated: s.lost + 1 }) }
          : r,
      key: miningShotKey,
    })
}

function shotStage(dice: Dice, s: MiningShot): MiningShotResult {
  const modifiers = shootModifiers(s)
  const modifier = modifiers.reduce((t, m) => t + m.value, 0)
  const roll = dice.roll(6, s.suppress ? 'suppressive fire' : 'to-hit')
  const total = roll + modifier
  const hit = total >= HIT_ON
  const damage = hit && !s.suppress ? 1 : 0
  const suppression = hit && s.suppress && s.markers < MAX_SUPPRESSION ? 1 : 0
  const result: MiningShotResult = {
    roll,
    modifier,
    modifiers,
    total,
    needs: HIT_ON - modifier,
    hit,
    damage,
    suppression,
    markersAfter: s.markers + suppression,
    lockUsed: s.lock,
    resolve: null,
  }
  if (s.targetDamage !== undefined) {
    result.targetDamageAfter = s.targetDamage + damage
    result.eliminated = result.targetDamageAfter >= ELIMINATED_AT
  }
  return result
}

export function resolveMiningShot(dice: Dice, s: MiningShot): MiningShotResult {
  return miningShotFlow(s).run(s, dice)
}
