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
 * EXCEPTIONAL PILOTS: the attacker's bonus (Precision or Barrage when shooting, the attacker's
 * +hits in melee) is +1, or +2 for level 1+ pilots, captains and kaiju.
 */
export function attackerBonus(pilot: Level): number {
  return pilot >= 1 ? 2 : 1
}

/**
 * EXCEPTIONAL PILOTS: the defender's reaction (Dodge or Guard when shot at, Counter or Guard in
 * melee) is +1, or +2 for level 2 pilots, captains and kaiju.
 */
export function defenderBonus(pilot: Level): number {
  return pilot >= 2 ? 2 : 1
}
