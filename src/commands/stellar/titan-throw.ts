import { InputError } from '../../core/errors.js'
import { type Split } from '../../rules/stellar/melee.js'
import { splitsOf } from '../../rules/stellar/melee-odds.js'
import { throwReach } from '../../rules/stellar/titan-throw.js'
import { type Pool, parseUpgrades, throwUpgrade } from '../../rules/stellar/upgrades.js'
import { penText } from '../../rules/stellar/weapon.js'
import {
  type OptionSpec,
  type ValuesOf,
  boolOpt,
  camelKey,
  conflicts,
  defineCommand,
  isOpen,
  textOpt,
} from '../../runtime/spec.js'
import { type MeleeValues, buildMelee, meleeOptions } from './melee.js'
import type { OpenSplit } from '../../models/stellar/melee.js'
import { type TitanThrowRequest, titanThrowModel } from '../../models/stellar/titan-throw.js'

const upgrades = (text: string, flag: string) =>
  parseUpgrades(text, flag === '--havoc' ? 'havoc' : 'power', 'titan-throw', flag)

/**
 * mecha melee's flags that say nothing about a throw: the thrower is not struck (its defences,
 * HP, Momentum, Finisher), the target does not strike back (its weapon, Counter), and there is no
 * charge to fire overwatch at.
 */
const NOT_A_THROW = [
  'atk-arm-sv',
  'atk-shield',
  'atk-barrier',
  'atk-hp',
  'atk-momentum',
  'atk-finisher',
  'atk-extra-blocks',
  'atk-not-over-yet',
  'atk-warship',
  'atk-evade',
  'def-dmg',
  'def-pen',
  'def-finisher',
  'def-advantage',
  'def-extra-hits',
  'def-choice',
  'def-solo-operative',
  'def-overwatch',
  'def-ow-acc',
  'def-ow-shots',
  'def-ow-dmg',
  'def-ow-pen',
  'def-ow-target-lock',
] as const
type MeleeOption = (typeof meleeOptions)[number]
type ThrowOption = Exclude<MeleeOption, { flag: (typeof NOT_A_THROW)[number] }>
const notAThrow = new Set<string>(NOT_A_THROW)
const isThrowOption = (o: MeleeOption): o is ThrowOption => !notAThrow.has(o.flag)

/** A throw's own wording of a melee flag, where melee's would mislead, and the flags it needs. */
const THROW_WORDING: Record<string, { description?: string; required?: string }> = {
  'atk-split': { description: "thrower's attack/defense dice, e.g. 6/0; missing: all on attack" },
  'def-split': { description: "target's attack/defense dice, e.g. 0/6; missing: all on defense" },
  'atk-pen': {
    description: "thrower's CC push weapon ARM PEN, e.g. 5P",
    required: "the thrower's Close Combat push weapon's ARM PEN, e.g. --atk-pen 5P",
  },
  'atk-size': { required: "the thrower's Size, e.g. --atk-size 2" },
  'def-size': { required: "the target's Size, e.g. --def-size 0" },
  'atk-pilot': { description: "thrower's pilot level 0-2 (1+: attacker bonus +2)" },
  'def-pilot': { description: "target's pilot level 0-2 (2: Guard +2)" },
  'def-momentum': { description: 'Skill Defense: the most Momentum the target spends, one hit each' },
  'atk-reroll': { description: "Improvise: faces of the thrower's dice to reroll (missing: auto)" },
  'def-reroll': { description: "Improvise: faces of the target's dice to reroll (missing: auto)" },
  'def-hp': { description: "target's remaining HP (decides destruction)" },
}

/** A melee flag as a throw words it (a required flag has no default). */
function reworded<T extends OptionSpec>(o: T): T {
  const w = Object.hasOwn(THROW_WORDING, o.flag) ? THROW_WORDING[o.flag] : undefined
  if (!w) return o
  return Object.assign(
    {},
    o,
    { description: w.description ?? o.description },
    w.required ? { required: w.required, default: undefined } : {},
  )
}

const options = [
  ...meleeOptions.filter(isThrowOption).map(reworded),
  conflicts(textOpt('power', 'LIST', 'Power: size (2), larger (4: 2 sizes up), again (2)', upgrades), {
    havoc: 'a throw is paid from one pool',
  }),
  textOpt('havoc', 'LIST', 'Havoc: size (1), larger (2: 3 sizes up), again (1)', upgrades),
  boolOpt('low-gravity', "a Low Gravity Battle: throws deal no DMG (the throw's hits count DMG 0)"),
]

/** The defaults of melee's flags a throw leaves out, so that buildMelee reads every key. */
const LEFT_OUT = Object.fromEntries(
  meleeOptions.filter((o) => !isThrowOption(o)).map((o) => [camelKey(o.flag), o.default]),
) as Omit<MeleeValues, keyof ValuesOf<ThrowOption[]>>

/** A split left open: all the thrower's dice on attack, all the target's on defense (at most 10). */
function throwSplit(given: OpenSplit, melee: number, onAttack: boolean): Split {
  if (!isOpen(given)) return given
  // splitsOf lists the most attack dice first: the thrower's split is its first, the target's its last.
  const splits = splitsOf(melee)
  return onAttack ? splits[0] : splits[splits.length - 1]
}

/** Which pool paid and what it bought, checked: one size upgrade at most. */
function throwPaid(v: { power?: string[]; havoc?: string[] }): { pool: Pool | null; upgrades: string[] } {
  const pool: Pool | null = v.power !== undefined ? 'power' : v.havoc !== undefined ? 'havoc' : null
  if (!pool) return { pool, upgrades: [] }
  const ups = [...((pool === 'power' ? v.power : v.havoc) ?? [])]
  const sizes = ups.filter((u) => u !== 'again')
  if (sizes.length > 1)
    throw new InputError(
      'bad-combination',
      `--${pool}: ${sizes.join(', ')} are ${sizes.length} size upgrades; a throw takes one (size or larger)`,
    )
  return { pool, upgrades: ups }
}

export function buildTitanThrow(v: ValuesOf<typeof options>): TitanThrowRequest {
  const { lowGravity, ...values } = v
  const mv: MeleeValues = Object.assign({}, LEFT_OUT, values, { defDmg: 0, defChoice: 'guard' as const })
  const q = buildMelee(mv)
  // Low gravity: "Throws deal no DMG", so the hits deal none (nor the DMG bonuses of traits);
  // whether the target is thrown (a failed save) is unchanged.
  if (lowGravity)
    Object.assign(q.atk, { weapon: { ...q.atk.weapon, dmg: 0 }, mods: { ...q.atk.mods, dmgBonuses: [] } })
  if (q.atk.weapon.pen.kind !== 'push')
    throw new InputError(
      'bad-combination',
      `--atk-pen: PEN ${penText(q.atk.weapon.pen)} is not a push weapon; Titan Throw needs a Close Combat push weapon (e.g. --atk-pen 5P)`,
    )
  const paid = throwPaid(v)
  const reach = throwReach(paid.pool, paid.upgrades)
  const larger = q.def.unit.size - q.atk.unit.size
  if (larger > reach) {
    // The cheapest size upgrade that reaches, in the pool paid from (either, when none was).
    const pools: Pool[] = paid.pool ? [paid.pool] : ['power', 'havoc']
    const fixes = pools.flatMap((pool) => {
      const u = ['size', 'larger'].find((x) => (throwUpgrade(pool, x).reach ?? reach) >= larger)
      return u
        ? [`--${pool} ${u} (${throwUpgrade(pool, u).price} ${pool === 'power' ? 'Power' : 'Havoc'})`]
        : []
    })
    throw new InputError(
      'bad-combination',
      `--def-size: a Size ${q.def.unit.size} target is out of reach of a Size ${q.atk.unit.size} thrower (${reachTextFor(reach)}); ` +
        (fixes.length
          ? `pay ${fixes.join(' or ')}`
          : `${paid.pool === null ? 'neither Power nor Havoc' : paid.pool === 'havoc' ? 'no Havoc' : 'no Power'} reaches that far (Power 2 sizes larger, Havoc 3)`),
    )
  }
  if (q.atk.unit.melee === undefined && isOpen(q.atkSplit))
    throw new InputError('missing', "--atk-melee is required: the thrower's Melee stat (or --atk-split A/D)")
  if (q.def.unit.melee === undefined && isOpen(q.defSplit))
    throw new InputError('missing', "--def-melee is required: the target's Melee stat (or --def-split A/D)")
  const melee = Object.assign({}, q, {
    atkSplit: throwSplit(q.atkSplit, q.atk.unit.melee ?? 0, true),
    defSplit: throwSplit(q.defSplit, q.def.unit.melee ?? 0, false),
    defChoice: 'guard' as const,
  })
  return {
    melee,
    pool: paid.pool,
    upgrades: paid.upgrades,
    ...(lowGravity ? { lowGravity: true as const } : {}),
    traits: q.traits,
    traitEffects: q.traitEffects,
    traitFieldsUsed: q.traitFieldsUsed,
    chosenBy: {
      atkSplit: isOpen(q.atkSplit) ? 'auto' : 'flag',
      defSplit: isOpen(q.defSplit) ? 'auto' : 'flag',
    },
  }
}

function reachTextFor(reach: number): string {
  if (reach < 0) return `it reaches targets ${-reach} sizes smaller`
  return reach === 0 ? 'it reaches its own size' : `it reaches ${reach} sizes larger`
}
export const titanThrowSpec = defineCommand({
  name: 'titan-throw',
  summary: 'MechaStellar Titan Throw: a free attack with a CC push weapon, Power or Havoc for bigger targets',
  diceOrder:
    "the thrower's attack dice (then, with Improvise, the dice it rerolls), the target's defense dice (then, with Unbeaten, a reroll of each that did not block; then, with Improvise, the dice it rerolls), armor saves against the target (at most 3; 5 for a warship), then a reroll per failed save with Unyielding",
  examples: [
    'mecha titan-throw --atk-size 2 --def-size 0 --atk-melee 6 --atk-dmg 300 --atk-pen 5P --def-melee 4 --def-arm-sv 1 --rolls 3,5,9,10,6,1,2,5,7,2,4,8,3',
    'mecha titan-throw --atk-size 2 --def-size 2 --power size --atk-melee 8 --atk-pilot 1 --atk-dmg 400 --atk-pen 6P --def-melee 6 --def-hp 2000 --odds',
    'mecha titan-throw --atk-size 3 --def-size 6 --havoc larger,again --atk-melee 9 --atk-dmg 500 --atk-pen 7P --def-melee 5 --seed kaiju',
  ],
  options,
  build: buildTitanThrow,
  model: titanThrowModel,
})
