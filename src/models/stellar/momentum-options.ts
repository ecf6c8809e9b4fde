import { momentumNegates } from '../../rules/stellar/shoot.js'
import type { SkillDefenseQuestion } from '../../rules/stellar/weapon.js'
import { num } from '../../core/numbers.js'

/**
 * The Momentum a Skill Defense prompt offers (shooting and melee alike): 0 up to 10 or what the
 * unit has, a warship in whole pairs (two a hit), each with the hits it lets through and the
 * damage then expected (`expected(points, through)`).
 */
export function momentumOptions<A>(
  q: SkillDefenseQuestion<A>,
  warship: boolean,
  expected: (points: number, through: number) => number,
): Array<{ value: number; label: string; hint: string }> {
  const options = []
  const step = warship ? 2 : 1
  for (let p = 0; p <= Math.min(10, q.maxPoints); p += step) {
    const through = q.hitsLeft - momentumNegates(p, warship)
    options.push({
      value: p,
      label: `Spend ${p} Momentum`,
      hint: `${through} hit${through === 1 ? '' : 's'} through, expected ${num(expected(p, through), 1)} DMG`,
    })
  }
  return options
}
