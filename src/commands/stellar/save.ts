import { InputError } from '../../core/errors.js'
import {
  FAILED_SAVE_DMG,
  type NotOverYetQuestion,
  type SaveRequest,
  type SaveResult,
  THROUGH_WALL_PEN,
  UNDERWATER_PEN,
  notOverYetAllowed,
  notOverYetBar,
  resolveArmorSaves,
  saveCap,
  saveTargetNumber,
  savesOwed,
  antiBeamBonus,
} from '../../rules/stellar/armor-save.js'
import { saveOdds } from '../../rules/stellar/armor-save-odds.js'
import { type Penetration, parsePen, penText } from '../../rules/stellar/weapon.js'
import { explainSave, explainSaveOdds, renderSave, renderSaveOdds } from '../../render/stellar/save.js'
import {
  type ChosenBy,
  type ValuesOf,
  boolOpt,
  defineCommand,
  intOpt,
  levelOpt,
  required,
  requires,
  textOpt,
} from '../../engine/spec.js'

/** A save with how its Momentum was settled (on the command line). */
export interface SaveInput extends SaveRequest {
  /** How the "It's not over yet!" Momentum was settled. */
  chosenBy: { momentum: ChosenBy | 'not-allowed' }
  momentumGiven: boolean
}

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
  boolOpt('warship', 'defender is a warship: saves capped at 5 (10 vs AOE)'),
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

/** The save-related fields every save JSON carries (rolls and odds alike). */
function saveFacts(s: SaveInput): Record<string, unknown> {
  return {
    pen: penText(s.pen),
    armSv: s.armSv,
    armSvBonus: s.armSvBonus ?? 0,
    cap: saveCap(s),
    owed: savesOwed(s),
  }
}

export const saveSpec = defineCommand<typeof options, SaveInput, SaveResult>({
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

  choose(req, ctx) {
    // Momentum is asked after the saves are seen, when a person is there to answer.
    if (req.chosenBy.momentum === 'auto' && ctx.interactive)
      return Object.assign({}, req, { askDecisions: true })
    return req
  },

  async decide(id, context, s, ctx) {
    if (id !== 'not-over-yet') throw new Error(`unknown decision ${id}`)
    const q = context as NotOverYetQuestion
    const options = []
    for (let p = 0; p <= Math.min(10, q.maxPoints); p++) {
      const left = q.failed - p
      const effect =
        s.pen.kind === 'stun'
          ? `${left} action${left === 1 ? '' : 's'} lost`
          : `+${left * FAILED_SAVE_DMG} DMG`
      options.push({
        value: p,
        label: `Spend ${p} Momentum`,
        hint: `${left} failed save${left === 1 ? ' stands' : 's stand'}: ${effect}`,
      })
    }
    s.chosenBy.momentum = 'prompt'
    return ctx.select(
      `It's not over yet! ${q.failed} failed save${q.failed === 1 ? '' : 's'}. Spend Momentum to negate?`,
      options,
      0,
    )
  },

  resolve: resolveArmorSaves,

  // Momentum answered at a prompt is at most the failed saves: a flag of that amount spends it again.
  replayFlags: (s, r) => (s.chosenBy.momentum === 'prompt' ? ['--momentum', String(r.negated)] : []),

  json(r, s) {
    return {
      targetNumber: r.targetNumber,
      ...saveFacts(s),
      autoPass: r.owed > 0 && r.targetNumber <= 1,
      saves: r.saves,
      rerolls: r.rerolls,
      negated: r.negated,
      momentumSpent: r.negated,
      failedSaves: r.failedSaves,
      damage: r.damage,
      actionsLost: r.actionsLost,
      pushes: r.pushes,
      chosenBy: s.chosenBy,
    }
  },
  render: renderSave,
  explain: explainSave,
  odds(s) {
    const o = saveOdds(s)
    return {
      json: {
        failedSaves: o.failedSaves.toJSON(),
        damage: o.damage.toJSON(),
        actionsLost: o.actionsLost.toJSON(),
        pushes: o.pushes.toJSON(),
        expected: { ...o.expected },
      },
      extra: { targetNumber: saveTargetNumber(s), ...saveFacts(s), chosenBy: s.chosenBy },
      render: (out) => renderSaveOdds(o, s, out),
      explain: (out) => explainSaveOdds(o, s, out),
    }
  },
})
