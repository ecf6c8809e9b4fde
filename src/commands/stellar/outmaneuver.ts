import { InputError } from '../../core/errors.js'
import {
  MAX_POOL,
  type Pool,
  buildPools,
  MAX_MOMENTUM_SUCCESSES,
  MAX_REROLLS,
  ROLES,
} from '../../rules/stellar/outmaneuver.js'
import { type Level } from '../../rules/stellar/weapon.js'
import {
  type ValuesOf,
  defineCommand,
  boolOpt,
  conflicts,
  enumOpt,
  intOpt,
  levelOpt,
  requires,
} from '../../runtime/spec.js'
import {
  type MomentumChosenBy,
  type OutmaneuverInput,
  outmaneuverModel,
} from '../../models/stellar/outmaneuver.js'

const POOL_GIVEN = 'give the final pool size or the modifiers that build it, not both'
const MOVES = "the speed bonus compares both sides' base Move"

const options = [
  intOpt('atk-dice', "attacker's final pool size (instead of building it from the modifiers)", {
    min: 0,
    max: MAX_POOL,
  }),
  intOpt('def-dice', "defender's final pool size (instead of building it from the modifiers)", {
    min: 0,
    max: MAX_POOL,
  }),
  boolOpt(
    'bridge',
    'the target is a warship: a bridge attack (Blindside and PEN+3 / Overwatch with +3 hits)',
  ),
  conflicts(enumOpt('atk-role', ROLES, "attacker's role (battler, interceptor, attacker and melee: +1d10)"), {
    'atk-dice': POOL_GIVEN,
  }),
  conflicts(enumOpt('def-role', ROLES, "defender's role (battler, interceptor, attacker and melee: +1d10)"), {
    'def-dice': POOL_GIVEN,
  }),
  requires(
    intOpt('atk-move', 'attacker\'s base Move in inches (5" faster: +1d10, 10" faster: +2d10)', {
      min: 0,
      max: 100,
    }),
    { 'def-move': MOVES },
  ),
  requires(intOpt('def-move', "defender's base Move in inches", { min: 0, max: 100 }), { 'atk-move': MOVES }),
  conflicts(boolOpt('ally-warship', 'the defender has an allied warship within 16": defender +1d10'), {
    'def-dice': POOL_GIVEN,
  }),
  requires(
    conflicts(
      boolOpt(
        'melee',
        'the attacker makes a melee attack against the warship: attacker -2d10 (with --bridge)',
      ),
      { 'atk-dice': POOL_GIVEN },
    ),
    { bridge: 'the -2d10 is for melee attacks against a warship' },
  ),
  levelOpt('atk-pilot', "attacker's pilot level 0-2 (level 1+ may spend Momentum for successes)"),
  levelOpt('def-pilot', "defender's pilot or captain level 0-2"),
  intOpt(
    'atk-momentum',
    `Momentum the attacker spends for +1 success each (0-${MAX_MOMENTUM_SUCCESSES}, level 1+)`,
    { min: 0, max: MAX_MOMENTUM_SUCCESSES },
  ),
  intOpt(
    'def-momentum',
    `Momentum the defender spends for +1 success each (0-${MAX_MOMENTUM_SUCCESSES}, level 1+)`,
    { min: 0, max: MAX_MOMENTUM_SUCCESSES },
  ),
  intOpt('atk-reroll', 'failed attacker dice to reroll (skills and traits that reroll Evade dice)', {
    min: 0,
    max: MAX_REROLLS,
    default: 0,
  }),
  intOpt('def-reroll', 'failed defender dice to reroll (skills and traits that reroll Evade dice)', {
    min: 0,
    max: MAX_REROLLS,
    default: 0,
  }),
] as const

function sideMomentum(
  m: number | undefined,
  level: Level,
  flag: string,
): { momentum: number; chosenBy: MomentumChosenBy } {
  if (m !== undefined && m > 0 && level < 1) {
    throw new InputError(
      'bad-combination',
      `--${flag}-momentum: only level 1+ pilots and captains buy successes with Momentum; add --${flag}-pilot 1 or drop --${flag}-momentum`,
    )
  }
  if (level < 1) return { momentum: 0, chosenBy: 'not-allowed' }
  return { momentum: m ?? 0, chosenBy: m !== undefined ? 'flag' : 'auto' }
}

export function buildOutmaneuver(v: ValuesOf<typeof options>): OutmaneuverInput {
  const { bridge, melee, atkDice, defDice, atkMove, defMove } = v
  if (atkMove !== undefined && atkDice !== undefined && defDice !== undefined) {
    throw new InputError(
      'bad-combination',
      '--atk-move/--def-move: both pool sizes are given, so the speed bonus would be ignored; drop the moves or a pool size',
    )
  }
  const built = buildPools({
    atkRole: v.atkRole,
    defRole: v.defRole,
    atkMove,
    defMove,
    allyWarship: v.allyWarship,
    meleeVsWarship: melee,
  })
  const given = (n: number): Pool => ({ dice: n, parts: [{ reason: 'given', dice: n }] })
  const pools = {
    attacker: atkDice !== undefined ? given(atkDice) : built.attacker,
    defender: defDice !== undefined ? given(defDice) : built.defender,
  }
  for (const [who, p] of [
    ['attacker', pools.attacker],
    ['defender', pools.defender],
  ] as const) {
    if (p.dice > MAX_POOL)
      throw new InputError(
        'out-of-range',
        `--${who === 'attacker' ? 'atk' : 'def'}-dice: ${p.dice} dice is out of range; give 0-${MAX_POOL}`,
      )
  }
  const atkLevel = v.atkPilot
  const defLevel = v.defPilot
  const am = sideMomentum(v.atkMomentum, atkLevel, 'atk')
  const dm = sideMomentum(v.defMomentum, defLevel, 'def')
  return {
    bridge,
    pools,
    attacker: { dice: pools.attacker.dice, level: atkLevel, momentum: am.momentum, reroll: v.atkReroll },
    defender: { dice: pools.defender.dice, level: defLevel, momentum: dm.momentum, reroll: v.defReroll },
    chosenBy: { atkMomentum: am.chosenBy, defMomentum: dm.chosenBy },
  }
}
export const outmaneuverSpec = defineCommand({
  name: 'outmaneuver',
  summary: "MechaStellar outmaneuver roll in open space (or --bridge: attack run on a warship's bridge)",
  diceOrder:
    "the attacker's pool, then the defender's pool; then the attacker's rerolls (one d10 per failed die, up to --atk-reroll), then the defender's",
  examples: [
    'mecha outmaneuver --bridge --atk-role battler --ally-warship --rolls 3,4,6,8,9,10,1,2,4,7,7,10',
    'mecha outmaneuver --atk-dice 6 --def-dice 5 --odds',
    'mecha outmaneuver --atk-move 20 --def-move 10 --atk-pilot 1 --atk-momentum 2 --seed t1',
  ],
  options,
  build: buildOutmaneuver,
  model: outmaneuverModel,
})
