import { InputError } from '../../core/errors.js'
import {
  THROUGH_WALL_PEN,
  UNDERWATER_PEN,
  notOverYetAllowed,
  notOverYetBar,
  antiBeamBonus,
} from '../../rules/stellar/armor-save.js'
import { type Penetration, parsePen } from '../../rules/stellar/weapon.js'
import {
  type ValuesOf,
  defineCommand,
  boolOpt,
  intOpt,
  levelOpt,
  required,
  requires,
  textOpt,
} from '../../runtime/spec.js'
import { type SaveInput, saveModel } from '../../models/stellar/save.js'

const options = [
  required(
    textOpt('pen', 'N[S|P]', 'ARM PEN, with S for stun or P for push/pull (e.g. 5S)', parsePen),
    "the weapon's ARM PEN, e.g. --pen 5, --pen 5S (stun) or --pen 5P (push/pull)",
  ),
  intOpt('arm-sv', "defender's ARM Sv", { min: 0, max: 20, default: 0 }),
  required(
    intOpt('hits', 'unblocked hits from this weapon', { min: 0, max: 100 }),
    'the unblocked hits that call for saves, e.g. --hits 2',
  ),
  boolOpt(
    'warship',
    'defender is a warship: saves capped at 5 (10 vs AOE); a failed save is 1000 DMG, with a stun or push/pull weapon too',
  ),
  boolOpt('aoe', 'AOE weapon (warship saves capped at 10)'),
  intOpt('size', "defender's Size (push/pull saves +2 per Size)", { min: 0, max: 10, default: 0 }),
  boolOpt('energy', 'the weapon is an [E]nergy (beam) shooting weapon'),
  boolOpt('anti-beam', 'defender has Anti-Beam Coating: +2 ARM Sv against energy weapons (with --energy)'),
  requires(
    boolOpt('through-wall', 'energy weapon firing through a building at a target within Sensors: PEN -3'),
    { energy: 'only energy weapons shoot through buildings' },
  ),
  requires(boolOpt('underwater', 'energy weapon firing underwater: PEN -5'), {
    energy: 'the PEN penalty is for energy weapons',
  }),
  boolOpt(
    'unyielding',
    "Unyielding commander / Don't Give up the Ship fleet commander: reroll failed saves once",
  ),
  levelOpt('pilot', 'defender\'s pilot or kaiju level 0-2 (level 1+ may use "It\'s not over yet!")'),
  intOpt(
    'momentum',
    '"It\'s not over yet!": Momentum the defender will spend, one failed save negated per point',
    { min: 0, max: 10 },
  ),
] as const

export function buildSave(v: ValuesOf<typeof options>): SaveInput {
  const { pen: printedPen, hits, energy, throughWall, underwater, warship, pilot, antiBeam, momentum } = v
  const penalty = (throughWall ? THROUGH_WALL_PEN : 0) + (underwater ? UNDERWATER_PEN : 0)
  const pen: Penetration = { value: Math.max(0, printedPen.value - penalty), kind: printedPen.kind }
  const bar = notOverYetBar({ pilot, warship, pen })
  const allowed = bar === null
  if (momentum !== undefined && momentum > 0 && bar !== null) {
    const fix =
      pilot < 1 && !warship && notOverYetAllowed(pen) ? 'add --pilot 1 or drop --momentum' : 'drop --momentum'
    throw new InputError('bad-combination', `--momentum: ${bar}; ${fix}`)
  }
  return {
    hits,
    pen,
    printedPen,
    armSv: v.armSv,
    armSvBonus: antiBeamBonus({ antiBeam, energy }),
    warship,
    aoe: v.aoe,
    size: v.size,
    reroll: v.unyielding,
    notOverYet: allowed ? (momentum ?? 0) : undefined,
    antiBeam,
    energy,
    throughWall,
    underwater,
    pilot,
    momentumGiven: momentum !== undefined,
    chosenBy: { momentum: !allowed ? 'not-allowed' : momentum !== undefined ? 'flag' : 'auto' },
  }
}
export const saveSpec = defineCommand({
  name: 'save',
  summary: 'MechaStellar armor saves on their own: PEN minus ARM Sv, one d10 per unblocked hit (capped)',
  diceOrder:
    'one armor-save d10 per hit, at most 3 (warships 5, or 10 vs AOE); then, with --unyielding, one reroll d10 per failed save. No dice when the target number is 1 or less or PEN is under 2',
  examples: [
    'mecha save --pen 5 --arm-sv 2 --hits 2 --rolls 3,5',
    'mecha save --pen 4 --arm-sv 2 --hits 4 --rolls 1,6,7',
    'mecha save --pen 3 --hits 9 --warship --odds',
    'mecha save --pen 6 --arm-sv 1 --hits 3 --energy --anti-beam --pilot 1 --momentum 1 --seed t1',
  ],
  options,
  build: buildSave,
  model: saveModel,
})
