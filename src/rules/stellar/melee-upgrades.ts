import { InputError } from '../../core/errors.js'
import type { MeleeSide } from './melee.js'
import type { Pool, Spend } from './upgrades.js'

/**
 * POWER AND HAVOC IN MELEE (quickstart: "FULL POWER!", "WORLD SHAKING HAVOC"). What a side of a
 * melee clash spends, as data (the shooting upgrades are upgrades.ts's).
 *
 * - Havoc Impact's first option, 1 Havoc each and stacking: "this Round melee gains +1 Hit", and
 *   a push/pull weapon PEN+1. A side's hits count on its own strike, the attack or the
 *   counter-attack (`--atk-havoc`, `--def-havoc`); the PEN only with a push/pull weapon.
 * - Power's Weapon Systems "may not select Melee" weapons, and Full Throttle is movement; Power's
 *   and Havoc's Barriers upgrades (+1, +2 blocks) are given as the raised `--atk-barrier` or
 *   `--def-barrier`. A Power spend given is refused, saying so (Titan Throw is its own command).
 */
export const MELEE_UPGRADES: Record<Pool, Record<string, string>> = {
  havoc: { impact: 'Impact: this round melee +1 hit, and PEN+1 for a push/pull weapon' },
  power: {},
}

/**
 * `impact,impact`: a side's spend from one pool in melee, checked, applied to the side (its hits
 * and PEN bonuses) and returned with its cost. `flag` names the input in the messages.
 */
export function applyMeleeUpgrades(side: MeleeSide, pool: Pool, text: string, flag: string): Spend {
  const names = text
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter((n) => n !== '')
  if (pool === 'power')
    throw new InputError(
      'bad-combination',
      `${flag}: Power's weapon upgrades may not be chosen for a melee weapon; for its Barriers upgrade give the raised [Barrier] (--${flag.slice(2, 5)}-barrier N+1); spend Power in mecha shoot (--power) or mecha titan-throw`,
    )
  const offered = MELEE_UPGRADES[pool]
  const list = Object.entries(offered)
    .map(([k, e]) => `${k} (${e})`)
    .join(', ')
  if (names.length === 0) throw new InputError('bad-value', `${flag}: no upgrade given; give ${list}`)
  const bad = names.find((n) => !Object.hasOwn(offered, n))
  if (bad !== undefined)
    throw new InputError(
      'bad-choice',
      `${flag}: no ${pool} upgrade "${bad}" in melee; give ${list}, comma-separated`,
    )
  const n = names.length
  const times = n > 1 ? ` x${n}` : ''
  side.mods.hitBonuses.push({ source: `Havoc Impact${times}`, amount: n })
  if (side.weapon.pen.kind === 'push')
    side.mods.penBonuses.push({ source: `Havoc Impact PEN+1${times}`, amount: n })
  // Havoc costs 1 each.
  return { upgrades: names, cost: n }
}
