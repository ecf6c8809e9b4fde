import type { Dice } from '../../core/dice.js'
import { type Decidable, decision } from '../../core/decide.js'
import type { Level, Penetration } from './weapon.js'

/**
 * ARMOR SAVES (quickstart, "Armor Saves", "Warship Armor Saves", "Stun", "Push/Pull").
 *
 * Unblocked hits from a weapon with PEN 2 or more each call for a d10 save, at most 3 per
 * weapon (warships: 5, or 10 against AOE weapons). The save's target number is PEN minus the
 * defender's ARM Sv; push/pull weapons also subtract twice the defender's Size. A target number
 * of 1 or less passes outright, so no dice are rolled.
 *
 * Each failed save: +1000 DMG (a warship's controller may lose a weapon instead; we count the
 * damage), or one action lost for stun (S) weapons, or one push for push/pull (P) weapons.
 *
 * Reading (issue 37): against a warship every failed save is the warship's, whatever the weapon:
 * "Warship Armor Saves" says what a failed save does to a warship ("either destroys a weapon or
 * does 1000 DMG, Defender's choice") without excepting stun or push/pull weapons, and a specific
 * rule beats the general one. So a stun or push/pull weapon's failed save deals a warship 1000
 * DMG (the damage counted, as above) and costs it no action and pushes it nowhere. The save's
 * target number is unchanged: a push/pull weapon's save still gains 2 x Size (failedSaveKind).
 *
 * Reading: the "10 vs AOE" cap is written in the warship paragraph, so it applies to warships
 * only; other units keep the cap of 3 against AOE weapons too.
 *
 * Optional extras, all off unless asked for (shooting and melee pass none of them):
 * - Unyielding (commander trait) and Don't Give up the Ship (fleet commander) reroll every failed
 *   save once; the reroll stands. The reroll dice come after the first save dice.
 * - It's not over yet! (1 Momentum each): a level 1+ pilot or kaiju cancels one failed save per Momentum
 *   point, after any rerolls. Reading: nothing limits it to one use per attack, so each point
 *   spent negates one more failed save. Never against push/pull weapons.
 */
export interface SaveSpec extends Decidable {
  hits: number
  pen: Penetration
  armSv: number
  warship?: boolean
  aoe?: boolean
  /** Defender's Size: push/pull saves improve by 2 x Size. */
  size?: number
  /** Anti-Beam Coating and similar: extra ARM Sv against this weapon. */
  armSvBonus?: number
  /** Unyielding / Don't Give up the Ship: reroll failed saves once. */
  reroll?: boolean
  /** "It's not over yet!": most Momentum the defender will spend, one failed save negated per point. */
  notOverYet?: number
}

export interface SaveRoll {
  roll: number
  passed: boolean
}

export interface SaveResult {
  /** The d10 result needed to pass; 1 or less means every save passes without a roll. */
  targetNumber: number
  /** How many saves the hits called for, after the cap. */
  owed: number
  saves: SaveRoll[]
  /** Rerolls of the failed saves (Unyielding), in the same order. */
  rerolls: SaveRoll[]
  /** Failed saves negated with Momentum ("It's not over yet!"). */
  negated: number
  /** Failed saves that take effect: after rerolls and negation. */
  failedSaves: number
  /** Extra damage from failed saves (0 for stun and push/pull weapons). */
  damage: number
  /** Actions lost (stun weapons). */
  actionsLost: number
  /** Pushes suffered (push/pull weapons). */
  pushes: number
}

export const FAILED_SAVE_DMG = 1000
/** Each armor save is a d10. */
export const SAVE_DIE = 10

export function saveCap(spec: Pick<SaveSpec, 'warship' | 'aoe'>): number {
  if (spec.warship) return spec.aoe ? 10 : 5
  return 3
}

export function saveTargetNumber(spec: Pick<SaveSpec, 'pen' | 'armSv' | 'size' | 'armSvBonus'>): number {
  const sizeBonus = spec.pen.kind === 'push' ? 2 * (spec.size ?? 0) : 0
  return spec.pen.value - spec.armSv - (spec.armSvBonus ?? 0) - sizeBonus
}

/** Saves owed: only weapons with PEN 2+ call for them, one per unblocked hit, capped. */
export function savesOwed(spec: SaveSpec): number {
  return savesOwedFor(spec, spec.hits)
}

/** Saves owed by `hits` unblocked hits of this weapon on this defender. */
export function savesOwedFor(spec: Pick<SaveSpec, 'pen' | 'warship' | 'aoe'>, hits: number): number {
  if (spec.pen.value < 2 || hits <= 0) return 0
  return Math.min(hits, saveCap(spec))
}

/** Anti-Beam Coating: +2 ARM Sv against [E]nergy shooting weapons (wargame rules, unit upgrades). */
export const ANTI_BEAM_BONUS = 2

/** The ARM Sv Anti-Beam Coating adds: only against an energy weapon (save --anti-beam, shoot's trait). */
export function antiBeamBonus(d: { antiBeam: boolean; energy: boolean }): number {
  return d.antiBeam && d.energy ? ANTI_BEAM_BONUS : 0
}

/** "It's not over yet!" is a reaction of level 1+ pilots and kaiju, never against push/pull. */
export function notOverYetAllowed(pen: Penetration): boolean {
  return pen.kind !== 'push'
}

/**
 * Why a defender may not use "It's not over yet!" against this weapon: a warship (its captain
 * is not a pilot or kaiju), a push/pull weapon, or a level 0 pilot; null when it may.
 */
export function notOverYetBar(d: { pilot: Level; warship: boolean; pen: Penetration }): string | null {
  if (d.warship) return `"It's not over yet!" is for level 1+ pilots and kaiju, not warships`
  if (!notOverYetAllowed(d.pen)) return `"It's not over yet!" cannot be used against push/pull weapons`
  if (d.pilot < 1) return `"It's not over yet!" needs a level 1+ pilot or kaiju`
  return null
}

export interface NotOverYetQuestion {
  failed: number
  maxPoints: number
}

/** How a save die counts, by face: 1 passes (the target number or more), 0 fails. */
export function saveClass(targetNumber: number): (face: number) => 0 | 1 {
  return (f) => (f >= targetNumber ? 1 : 0)
}

/** What a failed save does to this defender: a warship's always 1000 DMG (the reading above). */
export function failedSaveKind(spec: Pick<SaveSpec, 'pen' | 'warship'>): Penetration['kind'] {
  return spec.warship ? 'damage' : spec.pen.kind
}

export function resolveArmorSaves(dice: Dice, spec: SaveSpec): SaveResult {
  const targetNumber = saveTargetNumber(spec)
  const owed = savesOwed(spec)
  const rolled = targetNumber > 1 && owed > 0
  const pass = saveClass(targetNumber)
  const faces = rolled ? dice.pool(owed, SAVE_DIE, 'armor saves', pass) : []
  // A save passes exactly when its class says so: the exact driver hands the rule one face per class.
  const saves = faces.map((roll) => ({ roll, passed: pass(roll) === 1 }))
  let failed = saves.filter((s) => !s.passed).length
  let rerolls: SaveRoll[] = []
  if (spec.reroll && failed > 0) {
    rerolls = dice
      .pool(failed, SAVE_DIE, 'armor save rerolls', pass)
      .map((roll) => ({ roll, passed: pass(roll) === 1 }))
    failed = rerolls.filter((s) => !s.passed).length
  }
  let negated = 0
  if (failed > 0 && spec.notOverYet !== undefined && notOverYetAllowed(spec.pen)) {
    const offered = Math.min(spec.notOverYet, failed)
    const asked = decision<number>(
      spec,
      'not-over-yet',
      { failed, maxPoints: failed } satisfies NotOverYetQuestion,
      offered,
    )
    negated = Math.max(0, Math.min(failed, asked))
  }
  const failedSaves = failed - negated
  const kind = failedSaveKind(spec)
  return {
    targetNumber,
    owed,
    saves,
    rerolls,
    negated,
    failedSaves,
    damage: kind === 'damage' ? failedSaves * FAILED_SAVE_DMG : 0,
    actionsLost: kind === 'stun' ? failedSaves : 0,
    pushes: kind === 'push' ? failedSaves : 0,
  }
}

/** Energy weapons through buildings (within Sensors) lose 3 PEN; underwater, 5 PEN. */
export const THROUGH_WALL_PEN = 3
export const UNDERWATER_PEN = 5

/** A stand-alone save as asked for: the weapon as printed and what changed its PEN and ARM Sv. */
export interface SaveRequest extends SaveSpec {
  /** PEN as printed, before the energy-weapon penalties. */
  printedPen: Penetration
  antiBeam: boolean
  energy: boolean
  throughWall: boolean
  underwater: boolean
  pilot: Level
}
