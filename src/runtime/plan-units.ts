/**
 * An attack plan by name (`mecha plan DEFENDER ATTACKER[:WEAPON]…`): each attack is a `shoot`
 * or, with a melee weapon, a `melee` charge by names (named-units.ts), the plan's flags laid over
 * the roster's values of each; the defender's HP at the start is `--hp` or the roster's. The
 * plan's model (src/models/stellar/plan.ts) carries the HP from one attack to the next.
 */
import { InputError } from '../core/errors.js'
import { readAsSpent, usesIn } from '../rules/stellar/limited-uses.js'
import { traitOf } from '../rules/stellar/traits.js'
import { type Roster, findUnit, lookupUnit, parseUnitRef, unitPlace } from '../rules/stellar/roster.js'
import { namedValues } from './named-units.js'
import type { Request } from './request.js'
import { type CommandSpec, type Values, parseValues } from './spec.js'

/** The key of a plan's values that holds its attacks, each as its own command's values. */
const PLAN_ATTACKS = 'planAttacks'
/** The key of a plan's values that holds the defender as named. */
const PLAN_DEFENDER = 'planDefender'

/** One attack of a plan: its command, the unit and weapon as named, and that command's values. */
export interface PlanAttackValues {
  command: 'shoot' | 'melee'
  /** `argonaut:cannon`: the unit and its weapon, the weapon named even when the roster had one. */
  name: string
  /** The attacking unit's key: its attacks in a row are its turn. */
  unit: string
  /** The command's option values as given (text from the command line, JSON values from batch). */
  values: Record<string, unknown>
  form: 'flag' | 'json'
}

/** A plan's attacks, each as its own command's values (undefined when no unit was named). */
export function planAttacksOf(values: object): PlanAttackValues[] | undefined {
  return (values as Values)[PLAN_ATTACKS] as PlanAttackValues[] | undefined
}

/** A plan's defender as named. */
export function planDefenderOf(values: object): string | undefined {
  return (values as Values)[PLAN_DEFENDER] as string | undefined
}

/** The key of a plan's values that holds the defender's limited uses already taken (a game's). */
const PLAN_SPENT = 'planSpent'

/** The defender's full HP, as the plan was given it. */
export function planFullHpOf(values: object): number | undefined {
  return (values as Values)[PLAN_FULL_HP] as number | undefined
}

/** The defender's limited uses already taken when the plan begins, comma-joined (a game gives them). */
export function planSpentOf(values: object): string | undefined {
  return (values as Values)[PLAN_SPENT] as string | undefined
}

/** The key of a plan's values that holds those of them held for the game's turn in progress. */
const PLAN_HELD = 'planHeld'

/** The defender's limited uses held for the game's unit turn the plan goes on with, comma-joined. */
export function planHeldOf(values: object): string | undefined {
  return (values as Values)[PLAN_HELD] as string | undefined
}

/**
 * A plan's values with the defender's limited uses already taken (`spent`, one name a use) and
 * those held for the game's unit turn in progress (`held`).
 */
export function setPlanSpent(values: object, spent: readonly string[], held: readonly string[] = []): void {
  if (spent.length) (values as Values)[PLAN_SPENT] = spent.join(',')
  if (held.length) (values as Values)[PLAN_HELD] = [...held].sort().join(',')
}

/** The key of a plan's values that holds the defender's full HP (Killer Instinct's 50% is of it). */
const PLAN_FULL_HP = 'planFullHp'

/** A plan's values with the defender's full HP (a game's: the HP it began with). */
export function setPlanFullHp(values: object, hp: number | null | undefined): void {
  if (hp) (values as Values)[PLAN_FULL_HP] = hp
}

/**
 * The pseudo-use a plan's attack meets when the defender is at half its HP or more: its Killer
 * Instinct and Berserker are not in effect (they switch on under 50% HP).
 */
export const ABOVE_HALF = 'above-half'

/** Killer Instinct and Berserker: in effect under 50% HP. */
const underHalf = (t: string) => ['killer-instinct', 'berserker'].includes(traitOf(t)?.name ?? '')

/** The key each command names the defender's HP by. */
const HP_KEY = { shoot: 'hp', melee: 'defHp' } as const

export function planRequest(
  spec: CommandSpec,
  roster: Roster,
  words: readonly string[],
  given: Record<string, unknown>,
  form: 'flag' | 'json',
): Request {
  const [defender, ...attacks] = words
  const values = parseValues(spec, given, form)
  const unit = lookupUnit(roster, parseUnitRef(defender).unit)
  const hp = (values.hp as number | undefined) ?? unit.hp
  if (hp === undefined)
    throw new InputError(
      'missing',
      `plan: ${unit.key} has no hp in ${unitPlace(unit)}; add hp: N to it, or give --hp N`,
    )
  values.hp = hp
  values[PLAN_DEFENDER] = defender
  if (unit.hp !== undefined) values[PLAN_FULL_HP] ??= unit.hp
  const inputs: unknown[] = []
  values[PLAN_ATTACKS] = attacks.map((ref): PlanAttackValues => {
    const { unit: attacker, weapon } = findUnit(roster, ref)
    const command = weapon.melee ? 'melee' : 'shoot'
    const name = `${attacker.key}:${weapon.key}`
    // --hp is the defender's HP in either command (the model sets each attack's HP left).
    const own = { ...given }
    delete own.need
    if (given.hp !== undefined) {
      delete own.hp
      own[HP_KEY[command]] = given.hp
    }
    const named = namedValues(roster, command, [name, defender], own, form)
    inputs.push({ attack: name, command, ...named.inputs })
    return { command, name, unit: attacker.key, values: named.values, form }
  })
  return { values: values as Values, inputs }
}

/**
 * The defender's limited uses in an attack (Improvise, Invincible, Untouchable, Unyielding's and
 * Superior Instincts' blocks, Solo Operative: its traits, and melee's --def-solo-operative), and
 * the same attack with some of them spent, for the attacks after the one that takes them
 * (src/models/stellar/plan.ts, its `Carried`), each built once.
 */
export function carriedOf(
  a: PlanAttackValues,
  spec: CommandSpec,
  values: Values,
  fullHp?: number,
): { uses: string[]; fullHp?: number; spent(names: string): unknown } | undefined {
  const traits = (values.defTrait as string[] | undefined) ?? []
  const solo = a.command === 'melee' && values.defSoloOperative === true
  const uses = usesIn(solo ? [...traits, 'solo-operative'] : traits)
  // Killer Instinct and Berserker follow the HP the attack meets (rules-notes, "Turns in a plan").
  const half = fullHp !== undefined && traits.some(underHalf) ? fullHp : undefined
  if (!uses.length && half === undefined) return undefined
  const built = new Map<string, unknown>()
  return {
    uses,
    ...(half === undefined ? {} : { fullHp: half }),
    spent(names) {
      if (!built.has(names)) {
        const list = names.split(',')
        const kept = list.includes(ABOVE_HALF) ? traits.filter((t) => !underHalf(t)) : traits
        const spentValues: Values = { ...values, defTrait: readAsSpent(kept, list) }
        if (solo && names.split(',').includes('solo-operative')) spentValues.defSoloOperative = false
        try {
          built.set(names, spec.build(spentValues))
        } catch (e) {
          if (e instanceof InputError)
            throw new InputError(e.code, `${a.name} (${a.command}), once ${names} is spent: ${e.message}`)
          throw e
        }
      }
      return built.get(names)
    },
  }
}
