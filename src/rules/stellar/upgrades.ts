import { InputError } from '../../core/errors.js'
import type { ShotRecords } from './shoot.js'

/**
 * POWER AND HAVOC UPGRADES (quickstart: "FULL POWER!" and "WORLD SHAKING HAVOC"), and REMOTE
 * WEAPONS fired with Momentum: what a shot's attacker and defender spend on it, as data. Each
 * upgrade says where its effect lands on the shot's fields (the one place it is written) and
 * what it costs.
 *
 * - Power (Super Robots), Weapon Systems on the next attack: DMG+100, ARM PEN+1 (+2 for a
 *   push/pull weapon), Max Range+8" (nothing to resolve, but it is paid for); Barriers: a
 *   [Barrier] gains +1 block this turn. The first time an upgrade is chosen it costs 1 Power, the
 *   same upgrade again 2 each.
 * - Havoc (Kaiju, Super Heavies), 1 each, the same upgrade stacking: Impact's shooting option
 *   (this turn every shooting attack +100 DMG) or its other option (push/pull weapons PEN+1P;
 *   its melee +1 hit is not a shot's); Barriers: a [Barrier] gains +2 blocks this turn.
 *
 * Readings (docs/rules-notes.md):
 * - "The first time you choose an upgrade" is counted within the spend given: `pen,pen` costs
 *   1 + 2 = 3 Power (Koji's heat ray). An upgrade already bought earlier in the round costs 2
 *   again: the player's to count, as are Weapon Systems' limits (no melee or range 8" weapon).
 * - Barriers upgrades need the defender's [Barrier] (`--barrier`): they raise its blocks, which
 *   still do not stack with a shield or cover (the best counts).
 */

export type UpgradeSide = 'attacker' | 'defender'
export type Pool = 'power' | 'havoc'
/** Who buys an upgrade: a shot's attacker or defender, or a Titan Throw's thrower. */
export type UpgradeUse = UpgradeSide | 'titan-throw'

interface Upgrade {
  /** What it does, in a line (help and messages). */
  effect: string
  /** Its effect on the shot; `n` is how many times it was chosen. */
  apply: (s: ShotRecords, n: number) => void
  /** Why it cannot be chosen for this shot, if it cannot. */
  refuse?: (s: ShotRecords) => string | undefined
}

/**
 * TITAN THROW's upgrades (mecha titan-throw): a fixed price each time, instead of the pool's rule,
 * and how many sizes larger than the thrower a target may be (`reach`; without one, the free
 * throw's reach, FREE_THROW_REACH). Readings (docs/rules-notes.md): the throw of a target at
 * least 2 sizes smaller costs nothing (the upgrades price the bigger targets and the additional
 * throws); `again` is each throw past the first this round, paid on top of that throw's size.
 */
export interface ThrowUpgrade {
  effect: string
  price: number
  reach?: number
}

/** The free Titan Throw: a target at least 2 sizes smaller than the thrower. */
export const FREE_THROW_REACH = -2

/** An upgrade's name as a term's source, with how many times it was chosen: "Power PEN+1 x2". */
function times(name: string, n: number): string {
  return n > 1 ? `${name} x${n}` : name
}

/** A [Barrier]'s upgrade needs a barrier. */
const needsBarrier = (s: ShotRecords) =>
  s.target.barrier > 0 ? undefined : 'the defender has no [Barrier]; add --barrier N'

/** The upgrades each pool offers each side, by name. */
const UPGRADES: Record<
  Pool,
  Record<UpgradeSide, Record<string, Upgrade>> & { 'titan-throw': Record<string, ThrowUpgrade> }
> = {
  power: {
    attacker: {
      dmg: {
        effect: 'DMG+100',
        apply: (s, n) =>
          void s.attacker.dmgBonuses.push({
            source: times('Power DMG+100', n),
            amount: 100 * n,
            oneTarget: true,
          }),
      },
      pen: {
        effect: 'ARM PEN+1, +2 for a push/pull weapon',
        apply: (s, n) => {
          const each = s.weapon.pen.kind === 'push' ? 2 : 1
          s.attacker.penBonuses.push({
            source: times(`Power PEN+${each}`, n),
            amount: each * n,
            oneTarget: true,
          })
        },
      },
      range: { effect: 'Max Range+8", nothing to resolve', apply: () => undefined },
    },
    'titan-throw': {
      size: { effect: 'a target up to your size', price: 2, reach: 0 },
      larger: { effect: 'a target up to 2 sizes larger', price: 4, reach: 2 },
      again: { effect: 'one more Titan Throw this round', price: 2 },
    },
    defender: {
      barriers: {
        effect: 'its [Barrier] +1 block this turn',
        apply: (s, n) => void s.target.barrierBonuses.push({ source: times('Power +1 block', n), amount: n }),
        refuse: needsBarrier,
      },
    },
  },
  havoc: {
    attacker: {
      impact: {
        effect: 'Impact: this turn every shooting attack +100 DMG',
        apply: (s, n) =>
          void s.attacker.dmgBonuses.push({ source: times('Havoc Impact DMG+100', n), amount: 100 * n }),
      },
      // Reading: the text wins over the Trident Drake example, whose Havoc gives its Gravity Beams
      // "+2 Hits" and a push "+3 Hits and ARM PEN+3P": Impact's +1 hit is written for melee only,
      // so a shot gets from Impact +100 DMG (`impact`) or, with a push/pull weapon, PEN+1 (`push`),
      // and never a hit.
      push: {
        effect: 'Impact: push/pull weapons PEN+1',
        apply: (s, n) =>
          void s.attacker.penBonuses.push({ source: times('Havoc Impact PEN+1', n), amount: n }),
        refuse: (s) =>
          s.weapon.pen.kind === 'push' ? undefined : 'PEN+1P is for a push/pull weapon (--pen NP)',
      },
    },
    'titan-throw': {
      size: { effect: 'a target up to your size', price: 1, reach: 0 },
      larger: { effect: 'a target up to 3 sizes larger', price: 2, reach: 3 },
      again: { effect: 'one more Titan Throw this round', price: 1 },
    },
    defender: {
      barriers: {
        effect: 'its [Barrier] +2 blocks this turn',
        apply: (s, n) =>
          void s.target.barrierBonuses.push({ source: times('Havoc +2 blocks', n), amount: 2 * n }),
        refuse: needsBarrier,
      },
    },
  },
}

/** The names of the upgrades a pool offers a side (for help and messages). */
export function upgradeNames(pool: Pool, side: UpgradeUse): string[] {
  return Object.keys(UPGRADES[pool][side])
}

/** A Titan Throw upgrade's data (its price and reach). */
export function throwUpgrade(pool: Pool, name: string): ThrowUpgrade {
  return UPGRADES[pool]['titan-throw'][name]
}

/** A side's spend from one pool: the upgrades as chosen, in order, and what they cost. */
export interface Spend {
  upgrades: string[]
  cost: number
}

/**
 * `dmg,pen,pen`: the upgrades named, checked against what the pool offers the side (any case,
 * spaces allowed). `flag` names the input in the messages.
 */
export function parseUpgrades(text: string, pool: Pool, side: UpgradeUse, flag: string): string[] {
  const names = text
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter((n) => n !== '')
  const offered = UPGRADES[pool][side]
  if (names.length === 0)
    throw new InputError(
      'bad-value',
      `${flag}: no upgrade given; give ${upgradeNames(pool, side).join(', ')}`,
    )
  for (const n of names) {
    if (!Object.hasOwn(offered, n))
      throw new InputError(
        'bad-choice',
        `${flag}: no ${pool} upgrade "${n}"; give ${Object.entries(offered)
          .map(([k, u]) => `${k} (${u.effect})`)
          .join(', ')}, comma-separated`,
      )
  }
  return names
}

/**
 * What a spend costs: an upgrade with a price of its own (Titan Throw's) that price each time;
 * else Power 1 for the first of each upgrade and 2 for each repeat, Havoc 1 each.
 */
export function upgradeCost(pool: Pool, upgrades: readonly string[], use: UpgradeUse = 'attacker'): number {
  const offered: Record<string, Upgrade | ThrowUpgrade> = UPGRADES[pool][use]
  const seen = new Set<string>()
  let cost = 0
  for (const u of upgrades) {
    const up = Object.hasOwn(offered, u) ? offered[u] : undefined
    cost += up && 'price' in up ? up.price : pool === 'havoc' ? 1 : seen.has(u) ? 2 : 1
    seen.add(u)
  }
  return cost
}

/**
 * A side's upgrades from one pool applied to the shot (each upgrade once, with its count, in the
 * order first named), and the spend reported. Throws when one does not fit the shot.
 */
export function applyUpgrades(
  s: ShotRecords,
  pool: Pool,
  side: UpgradeSide,
  upgrades: readonly string[],
  flag: string,
): Spend {
  const counts = new Map<string, number>()
  for (const u of upgrades) counts.set(u, (counts.get(u) ?? 0) + 1)
  for (const [name, n] of counts) {
    const u = UPGRADES[pool][side][name]
    const problem = u.refuse?.(s)
    if (problem !== undefined) throw new InputError('bad-combination', `${flag} ${name}: ${problem}`)
    u.apply(s, n)
  }
  return { upgrades: [...upgrades], cost: upgradeCost(pool, upgrades, side) }
}

/**
 * REMOTE WEAPONS: how one was fired. With Momentum instead of an action it gains Blindside and
 * then Indirect Fire: shields and cover give no blocks, Tactical Advantage's critical is a plain
 * +1 hit, and every critical rolled counts as 1 hit. Reading: the rules give no price; the
 * Momentum stands in for the one action a shooting attack takes, so it is [M-1].
 */
export type RemoteFiring = 'momentum' | 'action'
export const REMOTE_FIRINGS: readonly RemoteFiring[] = ['momentum', 'action']
export const REMOTE_MOMENTUM_COST = 1

/**
 * A remote weapon's effect on the shot: fired with Momentum, Blindside then Indirect Fire; shot
 * at an Ace Pilot, every natural 10 rolled to evade shoots one down (the rerolled dice's final
 * faces count). Reading: an Ace is a level 2 defender that is not a warship (whose level is its
 * captain's); a level 2 kaiju has no pilot, which the player knows and the flags do not say.
 */
export function applyRemote(s: ShotRecords, firing: RemoteFiring): void {
  if (firing === 'momentum') {
    s.situation.blindside = true
    s.weapon.indirect = true
  }
  s.situation.remoteShootDown = s.target.defPilot === 2 && !s.target.warship
}

/** What each side spent on a shot, as reported (a key only for what was given). */
export interface ShotSpend {
  power?: Spend
  havoc?: Spend
  defPower?: Spend
  defHavoc?: Spend
  /** A remote weapon: how it was fired, and the Momentum that cost. */
  remote?: { firing: RemoteFiring; momentum: number }
}
