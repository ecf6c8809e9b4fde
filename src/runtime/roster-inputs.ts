/**
 * Saved units as command inputs: what a roster unit (and its weapon) gives each command, as the
 * option values a batch line would carry (camelCase keys of the commands' option tables, PEN as
 * the --pen text). Each value says where it came from, so the CLI can lay the flags the user
 * typed over them and report `"inputs": {"acc": {"value": 9, "from": "roster"}}`.
 *
 * Only what a profile states is given; anything else keeps the command's own default. Pure: no
 * I/O, no exits.
 */
import { InputError } from '../core/errors.js'
import { ADVANTAGE, type RosterUnit, type RosterWeapon, weaponPenText } from '../rules/stellar/roster.js'
import {
  TRAITS,
  type TraitCommand,
  type TraitSide,
  sameEffect,
  traitOf,
  traitSides,
} from '../rules/stellar/traits.js'

export type InputValue = number | string | boolean

export interface RosterInput {
  value: InputValue
  from: 'roster'
  /** The roster field it came from: `argonaut.acc`, `argonaut.weapons.cannon.shots`. */
  field: string
}

/** Option values by camelCase key; a side's traits (a repeatable option) one entry per trait. */
export type RosterInputs = Record<string, RosterInput | RosterInput[]>

export interface Input {
  value: unknown
  from: 'flag' | 'roster'
  field?: string
}

class Inputs {
  readonly out: RosterInputs = {}

  set(key: string, value: InputValue | undefined, field: string): void {
    if (value !== undefined) this.out[key] = { value, from: 'roster', field }
  }

  unit(prefix: string, u: RosterUnit, fields: Array<[key: string, field: keyof RosterUnit]>): void {
    for (const [key, field] of fields)
      this.set(
        camel(prefix ? `${prefix}-${key}` : key),
        u[field] as InputValue | undefined,
        `${u.key}.${field}`,
      )
  }

  /**
   * A side's traits as its trait flag's values (`trait`, `defTrait`, `atkTrait`): those of the
   * unit's traits that work for this side in this command, as written. The others are skipped:
   * a profile lists all the unit's traits, and each command takes the ones it knows.
   */
  traits(key: string, u: RosterUnit, command: TraitCommand, side: TraitSide): void {
    const items: RosterInput[] = []
    u.traits.forEach((text, n) => {
      const t = traitOf(text)
      if (t && traitSides(t, command).includes(side))
        items.push({ value: text, from: 'roster', field: `${u.key}.traits.${n}` })
    })
    if (items.length) this.out[key] = items
  }

  /** Tactical Advantage listed among the traits: the command's --advantage flag for the side. */
  advantage(key: string, u: RosterUnit): void {
    const n = u.traits.findIndex((t) => t.toLowerCase() === ADVANTAGE)
    if (n >= 0) this.set(key, true, `${u.key}.traits.${n}`)
  }

  weapon(
    prefix: string,
    u: RosterUnit,
    w: RosterWeapon,
    fields: Array<[key: string, field: keyof RosterWeapon]>,
  ): void {
    for (const [key, field] of fields) {
      const value = field === 'pen' ? weaponPenText(w) : (w[field] as InputValue | undefined)
      this.set(camel(prefix ? `${prefix}-${key}` : key), value, `${u.key}.weapons.${w.key}.${field}`)
    }
  }
}

const camel = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())

/**
 * `mecha shoot ATTACKER:WEAPON DEFENDER`: the attacker's Acc, pilot level, shooting traits (as
 * --trait), Tactical Advantage (`advantage`, as --advantage) and whether it is a warship; the
 * weapon's shots, Rapid Fire, DMG, PEN, AOE, Indirect Fire and Energy; the defender's Evade,
 * ARM Sv, shield, Size, pilot level, HP (the full HP: --hp gives what is left), traits when shot
 * (as --def-trait) and whether it is a warship.
 */
export function shootInputs(attacker: RosterUnit, weapon: RosterWeapon, defender: RosterUnit): RosterInputs {
  const i = new Inputs()
  i.unit('', attacker, [
    ['acc', 'acc'],
    ['pilot', 'pilot'],
  ])
  i.traits('trait', attacker, 'shoot', 'attacker')
  i.advantage('advantage', attacker)
  if (attacker.kind === 'warship') i.set('atkWarship', true, `${attacker.key}.kind`)
  i.weapon('', attacker, weapon, [
    ['shots', 'shots'],
    ['rapid-fire', 'rapidFire'],
    ['dmg', 'dmg'],
    ['pen', 'pen'],
    ['aoe', 'aoe'],
    ['indirect', 'indirect'],
    ['energy', 'energy'],
  ])
  i.unit('', defender, [
    ['evade', 'evade'],
    ['arm-sv', 'armSv'],
    ['shield', 'shield'],
    ['size', 'size'],
    ['def-pilot', 'pilot'],
    ['hp', 'hp'],
  ])
  i.traits('defTrait', defender, 'shoot', 'defender')
  if (defender.kind === 'warship') i.set('warship', true, `${defender.key}.kind`)
  return i.out
}

/** A unit's weapons that fire Overwatch, in file order. */
export function overwatchWeapons(unit: RosterUnit): RosterWeapon[] {
  return unit.weapons.filter((w) => !w.melee && w.overwatch !== undefined)
}

/**
 * The Overwatch weapon a defender fires on the charge when the player names none: the one with
 * the most DMG per charge (attacks x shots x DMG), the first in the file on a tie. The melee
 * command takes one Overwatch weapon profile.
 */
export function defaultOverwatch(unit: RosterUnit): RosterWeapon | undefined {
  let best: RosterWeapon | undefined
  const weight = (w: RosterWeapon) => w.overwatch! * w.shots! * w.dmg
  for (const w of overwatchWeapons(unit)) if (!best || weight(w) > weight(best)) best = w
  return best
}

const SIDE_FIELDS: Array<[string, keyof RosterUnit]> = [
  ['melee', 'melee'],
  ['arm-sv', 'armSv'],
  ['shield', 'shield'],
  ['pilot', 'pilot'],
  ['hp', 'hp'],
  ['size', 'size'],
]

function meleeSide(i: Inputs, p: 'atk' | 'def', u: RosterUnit, w: RosterWeapon | undefined): void {
  i.unit(p, u, SIDE_FIELDS)
  if (w) {
    i.weapon(p, u, w, [
      ['dmg', 'dmg'],
      ['pen', 'pen'],
      ['finisher', 'finisher'],
    ])
  }
  // The melee trait switches (--atk-close-combat-expert...) are registry entries too: every trait
  // goes in the side's --atk-trait/--def-trait.
  i.traits(`${p}Trait`, u, 'melee', p === 'atk' ? 'attacker' : 'defender')
  i.advantage(`${p}Advantage`, u)
  if (u.kind === 'warship') i.set(`${p}Warship`, true, `${u.key}.kind`)
  if (u.kind === 'warship' && u.shipMelee) i.set(`${p}ShipMelee`, true, `${u.key}.shipMelee`)
}

/**
 * `mecha melee ATTACKER:WEAPON DEFENDER:WEAPON`: each side's Melee dice, weapon DMG, PEN and
 * Finisher, ARM Sv, shield, pilot level, HP (the full HP: --atk-hp/--def-hp give what is left),
 * Size, traits (as --atk-trait/--def-trait), Tactical Advantage and whether it is a warship; the attacker's Evade against
 * Overwatch; and the defender's Overwatch on the charge: `overwatch` (by default
 * defaultOverwatch(defender); null for none) fired as many times as its Overwatch level (one
 * action's worth), at the defender's Acc, with the weapon's shots, DMG and PEN. A side without a
 * weapon (undefined) leaves its DMG to the flags.
 */
export function meleeInputs(
  attacker: RosterUnit,
  atkWeapon: RosterWeapon | undefined,
  defender: RosterUnit,
  defWeapon: RosterWeapon | undefined,
  overwatch: RosterWeapon | null = defaultOverwatch(defender) ?? null,
): RosterInputs {
  const i = new Inputs()
  meleeSide(i, 'atk', attacker, atkWeapon)
  meleeSide(i, 'def', defender, defWeapon)
  if (overwatch) {
    i.set('atkEvade', attacker.evade, `${attacker.key}.evade`)
    i.weapon('', defender, overwatch, [['def-overwatch', 'overwatch']])
    i.set('defOwAcc', defender.acc, `${defender.key}.acc`)
    i.weapon('def-ow', defender, overwatch, [
      ['shots', 'shots'],
      ['dmg', 'dmg'],
      ['pen', 'pen'],
    ])
  }
  return i.out
}

/** `mecha save`: the weapon's PEN and AOE, the defender's ARM Sv, Size, pilot level, warship. */
export function saveInputs(attacker: RosterUnit, weapon: RosterWeapon, defender: RosterUnit): RosterInputs {
  const i = new Inputs()
  i.weapon('', attacker, weapon, [
    ['pen', 'pen'],
    ['aoe', 'aoe'],
    ['energy', 'energy'],
  ])
  // A weapon the roster gives no PEN has none: PEN 0, so its hits call for no saves.
  if (weapon.pen === undefined) i.set('pen', '0', `${attacker.key}.weapons.${weapon.key}.pen`)
  i.unit('', defender, [
    ['arm-sv', 'armSv'],
    ['size', 'size'],
    ['pilot', 'pilot'],
  ])
  if (defender.kind === 'warship') i.set('warship', true, `${defender.key}.kind`)
  return i.out
}

/**
 * `mecha outmaneuver`: roles, pilot levels and base Move (only when both profiles give a Move:
 * the speed bonus compares the two); against a warship, a bridge attack.
 */
export function outmaneuverInputs(attacker: RosterUnit, defender: RosterUnit): RosterInputs {
  const i = new Inputs()
  const moves = attacker.move !== undefined && defender.move !== undefined
  for (const [p, u] of [
    ['atk', attacker],
    ['def', defender],
  ] as const) {
    i.unit(p, u, [
      ['role', 'role'],
      ...(moves ? [['move', 'move'] as [string, keyof RosterUnit]] : []),
      ['pilot', 'pilot'],
    ])
  }
  if (defender.kind === 'warship') i.set('bridge', true, `${defender.key}.kind`)
  return i.out
}

/** `mecha vp --mode unit`: a destroyed unit's Frame, pilot level, Performance and warship. */
export function vpInputs(unit: RosterUnit): RosterInputs {
  const i = new Inputs()
  i.unit('', unit, [
    ['frame', 'frame'],
    ['pilot', 'pilot'],
    ['performance', 'performance'],
  ])
  if (unit.kind === 'warship') i.set('warship', true, `${unit.key}.kind`)
  return i.out
}

/**
 * The trait flags a profile's traits fill, each with the prefix of the melee switches that name
 * the same side's traits (`--atk-close-combat-expert` is `--atk-trait close-combat-expert`).
 */
const TRAIT_LISTS: ReadonlyArray<readonly [key: string, switches: string]> = [
  ['trait', ''],
  ['atkTrait', 'atk'],
  ['defTrait', 'def'],
]

/** Whether a trait as written is a Skill (traits.ts says which). */
function isSkill(text: unknown): boolean {
  return traitOf(String(text).split('=')[0])?.skill === true
}

/** One trait, or two with the same effect: a unit has only one of them. */
function sameTrait(a: unknown, b: unknown): boolean {
  const x = traitOf(String(a))
  const y = traitOf(String(b))
  return x !== undefined && y !== undefined && sameEffect(x, y)
}

/**
 * Flags over a profile: `given` holds the values the user typed (camelCase keys, only the options
 * actually given, before the command's defaults are filled in). Returns the values to parse, as a
 * batch line would carry them, and where each came from for the JSON's `inputs`.
 *
 * A flag replaces the profile's value. A side's traits are a list: the traits typed add to the
 * profile's, and one naming a trait the profile lists (by any of its names), or one with the same
 * effect, takes its place (`--def-trait unyielding=rerolls` over a profile's `unyielding`); a
 * melee switch (`--atk-berserker`) counts as its trait. Their `inputs` are a list, one per trait.
 */
export function mergeInputs(
  roster: RosterInputs,
  given: Record<string, unknown>,
): { values: Record<string, unknown>; inputs: Record<string, Input | Input[]> } {
  const values: Record<string, unknown> = {}
  const inputs: Record<string, Input | Input[]> = {}
  for (const [k, r] of Object.entries(roster)) {
    if (Array.isArray(r)) continue
    values[k] = r.value
    inputs[k] = { value: r.value, from: 'roster', field: r.field }
  }
  for (const [k, value] of Object.entries(given)) {
    if (value === undefined || TRAIT_LISTS.some(([key]) => key === k)) continue
    values[k] = value
    inputs[k] = { value, from: 'flag' }
  }
  for (const [k, prefix] of TRAIT_LISTS) {
    const own = roster[k]
    // A batch line's null is no value, as parseValues takes it.
    const value = given[k] === null ? undefined : given[k]
    if (own === undefined && value === undefined) continue
    const typed: unknown[] = value === undefined ? [] : Array.isArray(value) ? value : [value]
    const switched = prefix
      ? TRAITS.filter((t) => given[camel(`${prefix}-${t.name}`)] === true).map((t) => t.name)
      : []
    // A profile lists the Skills a unit has, not the one it uses this turn: they stand aside when
    // a Skill is typed for the side, and on an Indirect Fire shot, which no Skill benefits.
    const skillsAside =
      [...typed, ...switched].some((g) => isSkill(g)) ||
      (k === 'trait' &&
        (values.bullseye === true ||
          values.makeItCount === true ||
          values.indirect === true ||
          values.remote === 'momentum'))
    const kept = (Array.isArray(own) ? own : []).filter(
      (r) =>
        ![...typed, ...switched].some((g) => sameTrait(r.value, g)) && !(skillsAside && isSkill(r.value)),
    )
    const offered = kept.filter((r) => isSkill(r.value))
    const perTurn = Math.max(
      1,
      ...[...kept.map((r) => r.value), ...typed].map((t) => traitOf(String(t))?.skillsPerTurn ?? 1),
    )
    if (offered.length > perTurn) {
      const unit = offered[0].field.split('.')[0]
      const names = offered.map((r) => String(r.value))
      const flag = `--${prefix ? `${prefix}-trait` : 'trait'}`
      throw new InputError(
        'bad-combination',
        `${unit}'s profile lists ${names.length} Skills (${names.join(', ')}) and a unit uses ${perTurn === 1 ? 'one' : perTurn} a turn: name the one it uses, e.g. ${flag} ${names[0]}`,
      )
    }
    if (kept.length === 0 && value === undefined) continue
    values[k] = [...kept.map((r) => r.value), ...typed]
    inputs[k] = [
      ...kept.map((r): Input => ({ value: r.value, from: 'roster', field: r.field })),
      ...typed.map((t): Input => ({ value: t, from: 'flag' })),
    ]
  }
  return { values, inputs }
}
