import type { Dice } from '../../core/dice.js'

/**
 * DESTROYING TERRAIN (quickstart, "Destroying Terrain", "AOE Weapons").
 *
 * Small cover used to block an attack may be destroyed: roll a d10 and multiply by 100; the
 * cover survives when that reaches the weapon's DMG. So the d10 must reach DMG / 100, rounded
 * up. Melee weapons and Crash Through deal double DMG to cover and always need three checks;
 * cover that is itself the target must also pass three checks. AOE weapons may destroy up to
 * two pieces of cover, each checked on its own.
 *
 * Readings:
 * - A target number of 1 or less always survives and one over 10 is always destroyed, so no
 *   dice are rolled for them (as with armor saves).
 * - The three checks are rolled together (the rule's own example rolls 3d10); any failed check
 *   destroys the piece.
 * - With two pieces (AOE), both are checked whatever happens to the first: the AOE reaches the
 *   units behind the first piece either way and stops at the second.
 */
/** The cover check's die (x 100 against the DMG). */
export const COVER_DIE = 10

export interface CoverCheck {
  /** The weapon's DMG per hit. */
  dmg: number
  /** Melee weapon or Crash Through: double DMG against cover, always three checks. */
  melee: boolean
  /** The cover itself is the target: three checks. */
  direct: boolean
  /** Pieces of cover the attack may destroy: 1, or 2 for AOE weapons. */
  pieces: number
}

export interface CoverPiece {
  rolls: number[]
  survived: boolean
}

export interface CoverResult {
  /** DMG against the cover (doubled for melee and Crash Through). */
  effectiveDmg: number
  /** The d10 result each check must reach for the cover to survive. */
  targetNumber: number
  /** Checks per piece of cover. */
  checks: number
  /** True when no dice are needed: the target number is 1 or less, or over 10. */
  automatic: boolean
  pieces: CoverPiece[]
  /** Every die rolled, in order. */
  rolls: number[]
  /** Every piece survived. */
  survived: boolean
  /** Pieces destroyed. */
  destroyed: number
}

export function coverDmg(c: Pick<CoverCheck, 'dmg' | 'melee'>): number {
  return c.melee ? c.dmg * 2 : c.dmg
}

/** 1d10 x 100 must reach the DMG: the smallest face f with 100f >= DMG. */
export function coverTargetNumber(c: Pick<CoverCheck, 'dmg' | 'melee'>): number {
  return Math.ceil(coverDmg(c) / 100)
}

export function coverChecks(c: Pick<CoverCheck, 'melee' | 'direct'>): number {
  return c.melee || c.direct ? 3 : 1
}

export function resolveCover(dice: Dice, c: CoverCheck): CoverResult {
  const effectiveDmg = coverDmg(c)
  const targetNumber = coverTargetNumber(c)
  const checks = coverChecks(c)
  const automatic = targetNumber <= 1 || targetNumber > COVER_DIE
  const pieces: CoverPiece[] = []
  for (let i = 0; i < c.pieces; i++) {
    if (automatic) {
      pieces.push({ rolls: [], survived: targetNumber <= 1 })
      continue
    }
    const label = c.pieces > 1 ? `cover checks (piece ${i + 1})` : 'cover checks'
    const rolls = dice.pool(checks, COVER_DIE, label, (f) => (f >= targetNumber ? 1 : 0))
    pieces.push({ rolls, survived: rolls.every((f) => f >= targetNumber) })
  }
  const destroyed = pieces.filter((p) => !p.survived).length
  return {
    effectiveDmg,
    targetNumber,
    checks,
    automatic,
    pieces,
    rolls: pieces.flatMap((p) => p.rolls),
    survived: destroyed === 0,
    destroyed,
  }
}

/** A cover check as asked for: Crash Through and AOE are named for the text. */
export interface CoverRequest extends CoverCheck {
  crashThrough: boolean
  aoe: boolean
}
