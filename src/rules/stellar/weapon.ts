import { InputError } from '../../core/errors.js'

/**
 * Armour penetration as printed on a weapon profile: a number, optionally suffixed S (stun,
 * electrical, freezing: failed saves cost actions) or P (push/pull: failed saves move the
 * target). Plain weapons' failed saves deal 1000 DMG each.
 */
export type PenKind = 'damage' | 'stun' | 'push'

export interface Penetration {
  value: number
  kind: PenKind
}

export const NO_PEN: Penetration = { value: 0, kind: 'damage' }

export function parsePen(text: string, flag = '--pen'): Penetration {
  const m = /^(\d{1,2})\s*([sSpP]?)$/.exec(text.trim())
  if (!m)
    throw new InputError(
      'bad-pen',
      `${flag}: "${text}" is not a PEN value; give a number 0-20, optionally with S (stun) or P (push/pull), e.g. 5 or 5S`,
    )
  const value = Number(m[1])
  if (value > 20) throw new InputError('bad-pen', `${flag}: ${value} is out of range; give 0-20`)
  const suffix = m[2].toUpperCase()
  return { value, kind: suffix === 'S' ? 'stun' : suffix === 'P' ? 'push' : 'damage' }
}

export function penText(p: Penetration): string {
  return `${p.value}${p.kind === 'stun' ? 'S' : p.kind === 'push' ? 'P' : ''}`
}

/** Pilot, captain or kaiju level: 0 basic, 1 skilled, 2 ace. */
export type Level = 0 | 1 | 2

/**
 * UNIVERSAL SKILL - DEFENSE, asked once the dice are known: how many hits get through the blocks
 * and the most Momentum worth spending on them (one per hit; warships pay two). Shooting and
 * melee ask the same question; `attack` is what is being defended against (a Shot, a Strike).
 */
export interface SkillDefenseQuestion<A> {
  side: 'attacker' | 'defender'
  hits: number
  blocks: number
  hitsLeft: number
  maxPoints: number
  attack: A
}

/**
 * The most a bonus raised by traits or orders reaches ("+1 to Precision and Barrage (Max 3)",
 * Elusive's "improve the bonus to Dodge and Guard by 1 (Max 3)", the captains' orders).
 */
export const RAISED_BONUS_CAP = 3

/** A pilot's bonus raised by `raise` (traits, orders): never past RAISED_BONUS_CAP. */
function raised(base: number, raise: number): number {
  return raise > 0 ? Math.min(RAISED_BONUS_CAP, base + raise) : base
}

/**
 * EXCEPTIONAL PILOTS: the attacker's bonus (Precision or Barrage when shooting, the attacker's
 * +hits in melee) is +1, or +2 for level 1+ pilots, captains and kaiju. `raise`: what traits
 * such as Gunnery Expert add to Precision and Barrage (at most 3 in all).
 */
/**
 * PERSEVERE (wargame rules, bonus skill [M-2]): this turn the unit takes 200 DMG less per hit,
 * 300 less from round 4, but the skill never takes an attack's DMG below 100 (a DMG already at
 * or below 100 stays as it is).
 */
export function damagePerHit(dmg: number, persevere: boolean, round: number): number {
  if (!persevere) return dmg
  return Math.max(Math.min(dmg, 100), dmg - (round >= 4 ? 300 : 200))
}

export function attackerBonus(pilot: Level, raise = 0): number {
  return raised(pilot >= 1 ? 2 : 1, raise)
}

/**
 * EXCEPTIONAL PILOTS: the defender's reaction (Dodge or Guard when shot at, Counter or Guard in
 * melee) is +1, or +2 for level 2 pilots, captains and kaiju. `raise`: what traits such as
 * Elusive add (at most 3 in all).
 */
export function defenderBonus(pilot: Level, raise = 0): number {
  return raised(pilot >= 2 ? 2 : 1, raise)
}

/** One term of a sum a result carries: where it came from, and how much it adds. */
export interface Bonus {
  source: string
  amount: number
  /** An improvement of one target of a multi-target attack (Power's): target 1 alone gets it. */
  oneTarget?: boolean
}

/**
 * A block from a trait or the situation. Blocks whose rules say they do not stack with the same
 * effect share a `stack` key: of those, only the first largest counts.
 */
export interface BlockBonus extends Bonus {
  stack?: string
}

/**
 * Blocks from traits and the situation as they count: each once, except that of the ones sharing
 * a `stack` key only the first largest counts; the others stay listed at 0, saying why.
 */
export function stackedBlocks(bonuses: readonly BlockBonus[]): Bonus[] {
  return bonuses.map((b, i) => {
    if (b.stack === undefined) return { source: b.source, amount: b.amount }
    const best = bonuses.find(
      (o, j) => o.stack === b.stack && (o.amount > b.amount || (o.amount === b.amount && j < i)),
    )
    return best
      ? { source: `${b.source} (does not stack with ${best.source})`, amount: 0 }
      : { source: b.source, amount: b.amount }
  })
}
