import type { Dice } from '../../core/dice.js'
import { Distribution } from '../../core/distribution.js'
import {
  type AttackBonus,
  type DefenseChoice,
  type Shooter,
  type Shot,
  type ShotResult,
  type ShotSituation,
  resolveShot,
  shotWith,
} from './shoot.js'
import { type Outlook, preferFor, sumOutlooks } from './choice.js'
import { AUTO_BONUSES, AUTO_DEFENSES, type ShotOdds, rankBonuses, shotOdds } from './shoot-odds.js'

/**
 * MULTI-TARGET ATTACKS and AREA OF EFFECT WEAPONS (quickstart), Missile Massacre (wargame rules,
 * E[x]plosive trait upgrades): one attack strikes several units, and each rolls its own Evade.
 * The attacker's Precision or Barrage applies to every target; every other improvement (Focus,
 * Power, bonus hits) to one target only. An AOE weapon makes everyone in its area a target;
 * Missile Massacre makes the standard attacks against a second target (two targets in all).
 *
 * Readings (listed in docs/rules-notes.md):
 * - The improvements that go to one target are the attack's bonus hits and criticals: Focus (a
 *   warship's and Indirect Fire's extra shot included), Bullseye, other bonus hits
 *   (`--extra-hits`, Make it Count!), bonus criticals, the attacker's traits' hits (Killer
 *   Instinct's "on all attacks", Headhunter's and Warmonger's against a level 1-2 target, Hot
 *   Blooded's: each is one more hit for the attack, an improvement like Focus, not a hit for every
 *   target), and Power's weapon upgrades (DMG, PEN). They go to target 1, the first listed:
 *   list the target they improve first. The traits' DMG and PEN (Mechanics Expert...) and Havoc
 *   Impact ("all shooting attacks this turn") hold for every target.
 * - Everything else is the attack's: the weapon, Precision/Barrage raised by traits, Rapid Fire
 *   relief, Seeking Shot; and the situation (Tactical Advantage, Blindside, Target Lock, cover,
 *   range) is given once and holds for every target alike.
 * - Each target rolls its evade dice, rerolls and saves in turn (the defender decides the order;
 *   the targets are independent, so the order changes nothing but which dice are read first).
 * - "Does not stack with other bonus targets": the player gives the number of targets.
 */

/** The most targets one attack is resolved against. */
export const MAX_TARGETS = 10

/**
 * The shot as it strikes target `index` (0 is target 1): target 1 takes the attack as given,
 * every other target the attack without its one-target improvements.
 */
export function targetShot<S extends Shot>(s: S, index: number): S {
  if (index === 0) return s
  const cleared = withoutImprovements()
  // Power's upgrades of the weapon are one target's too ("Focus, Power"); the traits' stay.
  return shotWith(s, {
    attacker: {
      ...cleared.attacker,
      dmgBonuses: s.attacker.dmgBonuses.filter((b) => !b.oneTarget),
      penBonuses: s.attacker.penBonuses.filter((b) => !b.oneTarget),
    },
    situation: cleared.situation,
  })
}

/** The one-target improvements, cleared: what every target but the first meets. */
function withoutImprovements(): { attacker: Partial<Shooter>; situation: Partial<ShotSituation> } {
  return {
    attacker: { focus: 0, bullseye: false, extraHits: 0, hitBonuses: [] },
    situation: { bonusCrits: 0 },
  }
}

/** Whether a field of the shot is a one-target improvement (targetShot clears it after target 1). */
export function oneTargetField(field: string): boolean {
  const { attacker, situation } = withoutImprovements()
  return Object.hasOwn(attacker, field) || Object.hasOwn(situation, field)
}

/** Each target's shot, target 1 first. */
export function targetShots<S extends Shot>(s: S, targets: number): S[] {
  return Array.from({ length: targets }, (_, i) => targetShot(s, i))
}

/** The attack against each target in turn: target 1's dice first (evade, rerolls, saves), then target 2's... */
export function resolveTargets(dice: Dice, shots: readonly Shot[]): ShotResult[] {
  return shots.map((s) => resolveShot(dice, s))
}

/** The attack's damage so far, with one more target's: each target's damage adds up. */
export function addDamage(total: number, damage: number): number {
  return total + damage
}

/** Targets destroyed so far, with one more target's result. */
export function addDestroyed(count: number, destroyed: boolean | undefined): number {
  return count + (destroyed ? 1 : 0)
}

/** Exact odds of an attack on several targets: each target's, and the totals. */
export interface TargetsOdds {
  targets: ShotOdds[]
  /** Total damage over every target. */
  damage: Distribution<number>
  /** Targets destroyed, when their HP is known. */
  destroyed?: Distribution<number>
}

/**
 * Each target's odds (shotOdds), and the totals: given the attacker's bonus and each target's
 * reaction, the targets roll independent dice, so the total is the product of their
 * distributions, summed.
 */
export function targetsOdds(shots: readonly Shot[]): TargetsOdds {
  const targets = shots.map(shotOdds)
  let damage = Distribution.point(0)
  for (const o of targets) damage = damage.product(o.damage, addDamage)
  const odds: TargetsOdds = { targets, damage }
  if (targets.every((o) => o.destroyed)) {
    let destroyed = Distribution.point(0)
    for (const o of targets)
      destroyed = destroyed.product(o.destroyed!, (n, d) => addDestroyed(n, d === 'true'))
    odds.destroyed = destroyed
  }
  return odds
}

/** One bonus for the whole attack, each target's reaction to it, and the means added up. */
export interface TargetsBonus {
  value: AttackBonus
  defenses: DefenseChoice[]
  expected: Outlook
}

/**
 * The attacker's one choice of bonus for every target, best first: each bonus scored by the
 * sum over the targets of what it does to each (their outlooks added, choice.ts), each target
 * meeting it with its own best reaction (rankBonuses), or the reaction already chosen. Ties
 * keep the order of `options`, as rankBonuses does.
 */
export function rankTargetsBonuses(
  shots: readonly Shot[],
  defenseFixed: boolean,
  options: AttackBonus[] = AUTO_BONUSES,
  defenses: DefenseChoice[] = AUTO_DEFENSES,
): TargetsBonus[] {
  const each = shots.map((s) => rankBonuses(s, defenseFixed, options, defenses))
  const scored = options.map((value) => {
    const picks = each.map((ranked) => ranked.find((o) => o.value === value)!)
    return {
      value,
      defenses: picks.map((o) => o.defense),
      expected: sumOutlooks(picks.map((o) => o.expected)),
    }
  })
  return [...scored].sort((a, b) => preferFor('harm', a.expected, b.expected))
}
