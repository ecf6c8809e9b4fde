import { InputError } from '../../core/errors.js'
import { QUALITIES, QUALITY_PRESETS } from '../../rules/formation/pilot-quality.js'
import { type Answer, MAX_TARGETS, type StrikeMode, availableAnswers } from '../../rules/formation/strike.js'
import {
  type ValuesOf,
  boolOpt,
  choiceOpt,
  conflicts,
  defineCommand,
  enumOpt,
  intOpt,
  requires,
  textOpt,
} from '../../runtime/spec.js'
import { strikeModel, StrikeRequest } from '../../models/formation/strike.js'

const SKILL = { min: -10, max: 10 }

/** `2,5` → [2, 5]: boxes marked `*`, counted from the next box this damage crosses. */
export function parseStarBoxes(text: string, flag: string): number[] {
  const parts = text.split(/[\s,]+/).filter((p) => p.length > 0)
  if (parts.length === 0)
    throw new InputError('bad-value', `${flag}: give box numbers separated by commas, e.g. 2,5`)
  const out: number[] = []
  for (const p of parts) {
    if (!/^\d+$/.test(p) || Number(p) < 1 || Number(p) > 500) {
      throw new InputError(
        'bad-value',
        `${flag}: "${p}" is not a box number; give whole numbers 1-500 separated by commas, e.g. 2,5`,
      )
    }
    const n = Number(p)
    if (out.includes(n)) throw new InputError('bad-value', `${flag}: box ${n} is listed twice`)
    out.push(n)
  }
  return out.sort((a, b) => a - b)
}

const options = [
  intOpt('str', "attacker's STR (strike bonus); default: from --quality", SKILL),
  enumOpt('quality', QUALITIES, "attacker's pilot quality: fills in STR when --str is not given"),
  conflicts(
    intOpt('dmg', "weapon's damage (per shot; Melee N for a hand-to-hand attack)", { min: 0, max: 1000 }),
    { 'melee-plus': 'a Melee N+ attack does 1 damage, so --dmg does not apply' },
  ),
  intOpt('accurate', 'Accurate +N: bonus to hit', { min: 0, max: 10, default: 0 }),
  intOpt('vulnerable', "vulnerable spot's number (a penalty to hit; damage starts at that box)", {
    min: -6,
    max: 6,
  }),
  conflicts(boolOpt('harm', 'HARM weapon fired at a radar: +2 to hit'), {
    'harm-stray': 'HARM at a target that is not a radar, --harm at a radar',
  }),
  boolOpt(
    'harm-stray',
    'HARM fired at a target that is not a radar: on a d6 of 4+ it ignores the target for the nearest radar',
  ),
  intOpt('jammed', 'jam counters on the attacker: STR -1, -2 or -3', { min: 0, max: 10, default: 0 }),
  intOpt('volley', 'Volley N: shots or missiles per use (one roll, damage x N)', {
    min: 1,
    max: 100,
    default: 1,
  }),
  boolOpt('melee', 'a hand-to-hand attack (the target may parry)'),
  conflicts(
    intOpt('melee-plus', 'Melee N+ attack: 1 damage when the natural attack die is N or more', {
      min: 1,
      max: 6,
    }),
    { volley: 'a Melee N+ attack is a single blow' },
  ),
  boolOpt('missile', 'the weapon is a missile or rocket (the target may roll with damage)'),
  intOpt('burst', 'Burst N: one attack roll for up to N targets; DMG/N each when spread', {
    min: 1,
    max: MAX_TARGETS,
  }),
  conflicts(
    intOpt('split', 'Split fire N: up to N targets, an attack roll each; DMG/N each when spread', {
      min: 1,
      max: MAX_TARGETS,
    }),
    { burst: 'a weapon fires one way, Burst or Split fire' },
  ),
  intOpt('targets', 'targets attacked (2 or more need --burst or --split)', { min: 1, max: MAX_TARGETS }),
  boolOpt('ai', 'anti-infantry weapon: full damage against infantry'),
  boolOpt('vs-infantry', 'the target is infantry (not Zentraedi): half damage unless --ai'),
  boolOpt('knockdown', 'Knockdown weapon: a unit that takes the hit keeps its action on 4+'),
  intOpt('dodge', 'the defender dodges with DOD N (spends an action)', SKILL),
  intOpt('parry', 'the defender parries with PAR N (melee, or parry shields)', SKILL),
  intOpt('roll-with', 'the defender rolls with damage, ROL N (missiles; halves the damage)', SKILL),
  choiceOpt(
    'defense',
    ['dodge', 'auto-dodge', 'parry', 'roll-with', 'none'],
    "the defender's answer from its skills; missing: asked in a terminal after the attack roll, else auto",
  ),
  enumOpt('def-quality', QUALITIES, "defender's pilot quality: fills in DOD, PAR and ROL"),
  intOpt('def-dod', "defender's DOD (dodge bonus), without choosing the answer", SKILL),
  intOpt('def-par', "defender's PAR (parry bonus), without choosing the answer", SKILL),
  intOpt('def-rol', "defender's ROL (roll with damage bonus), without choosing the answer", SKILL),
  intOpt('auto-dodge', 'the defender has Auto-Dodge +N: a dodge that costs no action', SKILL),
  boolOpt('parry-shield', 'the defender has parry shields: it may parry fire, not only melee'),
  intOpt('def-actions', "defender's actions left this turn (0: it cannot dodge)", { min: 0, max: 10 }),
  intOpt('boxes', "target's damage boxes left (reports destruction)", { min: 1, max: 500 }),
  requires(
    boolOpt(
      'zentraedi',
      'the target is a Zentraedi mecha: infantry appear when the damage equals the boxes left',
    ),
    { boxes: "give the target's boxes left, to know when the damage matches them exactly" },
  ),
  textOpt(
    'star-boxes',
    'LIST',
    'boxes marked * among the next ones, counted from the next box to cross, e.g. 2,5',
    parseStarBoxes,
  ),
  intOpt('destroy-mod', "hero's modifier to the destruction roll on * boxes", {
    min: -5,
    max: 5,
    default: 0,
  }),
] as const

function bad(code: string, message: string): never {
  throw new InputError(code, message)
}

export function buildStrike(v: ValuesOf<typeof options>): StrikeRequest {
  const { quality, defQuality, meleePlus, dmg, volley, burst, split, jammed } = v
  const str = v.str ?? (quality ? QUALITY_PRESETS[quality].str : undefined)
  if (str === undefined)
    bad(
      'missing',
      "--str is required: the attacker's STR bonus, e.g. --str 2 (or give --quality green|regular|veteran|elite|ace|legendary)",
    )
  if (dmg === undefined && meleePlus === undefined)
    bad(
      'missing',
      "--dmg is required: the weapon's damage, e.g. --dmg 3 (or --melee-plus N for a Melee N+ attack)",
    )

  const mode: StrikeMode = burst !== undefined ? 'burst' : split !== undefined ? 'split' : 'single'
  const spread = burst ?? split ?? 1
  const targets = v.targets ?? 1
  if (targets > 1 && mode === 'single')
    bad(
      'bad-combination',
      `--targets: ${targets} targets need a Burst or Split fire weapon; add --burst N or --split N`,
    )
  if (targets > spread)
    bad(
      'out-of-range',
      `--targets: ${mode === 'burst' ? 'Burst' : 'Split fire'} ${spread} attacks at most ${spread} target${spread === 1 ? '' : 's'}; give --targets 1-${spread}`,
    )

  const missileFlag = v.missile
  const melee = v.melee || meleePlus !== undefined
  if (melee && missileFlag)
    bad(
      'bad-combination',
      `${v.melee ? '--melee' : '--melee-plus'} and --missile do not go together: a blow is not a missile; give one of them`,
    )

  // The defender: explicit answer flags (value + choice), skills, preset.
  const preset = defQuality ? QUALITY_PRESETS[defQuality] : undefined
  const chosen: Array<[Answer, string]> = []
  if (v.dodge !== undefined) chosen.push(['dodge', '--dodge'])
  if (v.parry !== undefined) chosen.push(['parry', '--parry'])
  if (v.rollWith !== undefined) chosen.push(['roll-with', '--roll-with'])
  const defense = v.defense
  if (defense === 'ask' && chosen.length > 1) {
    bad(
      'bad-combination',
      `${chosen.map((c) => c[1]).join(' and ')}: each of these both sets the bonus and picks the answer; give one, or add --defense auto to let the defender pick among them`,
    )
  }
  const fixed: Answer | undefined =
    defense !== 'ask' ? (defense === 'auto' ? undefined : defense) : chosen[0]?.[0]
  const actions = v.defActions
  const defender = {
    dod: v.dodge ?? v.defDod ?? preset?.dod,
    par: v.parry ?? v.defPar ?? preset?.par,
    rol: v.rollWith ?? v.defRol ?? preset?.rol,
    autoDodge: v.autoDodge,
    // Choosing parry or roll with damage by flag declares that it is allowed here.
    parryAllowed: melee || v.parryShield || fixed === 'parry',
    rollWithAllowed: !melee && (missileFlag || fixed === 'roll-with'),
    actions,
  }
  const missile = defender.rollWithAllowed
  if (fixed === 'dodge' && actions === 0)
    bad(
      'bad-combination',
      '--dodge: dodging spends an action and the defender has none left (--def-actions 0); choose another answer',
    )
  if (fixed === 'auto-dodge' && defender.autoDodge === undefined)
    bad('missing', "--defense auto-dodge: give the defender's Auto-Dodge bonus, e.g. --auto-dodge 1")
  if (jammed >= 2 && missile)
    bad('bad-combination', '--jammed: a unit with 2 or more jam counters cannot fire missiles')

  const { boxes, zentraedi, vulnerable, harmStray } = v
  const starBoxes = v.starBoxes ?? []
  if (boxes !== undefined) {
    const over = starBoxes.find((b) => b > boxes)
    if (over !== undefined)
      bad(
        'out-of-range',
        `--star-boxes: box ${over} is past the ${boxes} boxes left (--boxes); give boxes 1-${boxes}`,
      )
  }
  if (harmStray && targets > 1)
    bad('bad-combination', '--harm-stray: a HARM missile flies at one target; drop --targets or --harm-stray')

  const s: StrikeRequest = {
    str,
    quality,
    defQuality,
    accurate: v.accurate,
    vulnerable: vulnerable === undefined ? 0 : -Math.abs(vulnerable),
    harm: v.harm,
    harmStray,
    jamCounters: jammed,
    dmg: dmg ?? 0,
    volley,
    meleePlus,
    melee,
    missile,
    mode,
    spread,
    targets,
    ai: v.ai,
    vsInfantry: v.vsInfantry,
    knockdown: v.knockdown,
    defender,
    answer: fixed ?? 'auto',
    answerBy: fixed ? 'flag' : undefined,
    boxes,
    zentraedi,
    starBoxes,
    destroyMod: v.destroyMod,
    askAnswer: false,
  }
  if (!fixed) {
    // Nothing known of the defender's skills: it makes no answer.
    if (availableAnswers(s).length === 1) {
      s.answer = 'none'
      s.answerBy = defense === 'auto' ? 'auto' : 'default'
    } else s.askAnswer = defense === 'ask'
  }
  return s
}
export const strikeSpec = defineCommand({
  name: 'formation strike',
  summary:
    'strike: d6 + STR hits on 2+ (natural 1 misses, 6 hits); the target may dodge, parry or roll with damage',
  diceOrder:
    "the attack d6; then, if it landed and the defender answers, the defender's d6 (dodge, parry or roll with damage); then one d6 for each * box the damage crosses (--star-boxes, stopping at a destruction); then the knockdown d6 (--knockdown, if the unit still stands). " +
    "Burst at several targets: the one attack d6, then each target's dice in target order (target 1 defender d6, * boxes, knockdown; then target 2...). " +
    "Split fire: for each target in turn, its own attack d6 followed by that target's dice. " +
    'With --harm-stray, a HARM d6 comes before all of these (4+: it flies at a radar and nothing else is rolled).',
  examples: [
    'mecha formation strike --str 2 --dmg 4 --dodge 1 --rolls 4,5',
    'mecha formation strike --quality veteran --dmg 6 --missile --volley 2 --def-quality green --seed table1',
    'mecha formation strike --str 1 --dmg 6 --burst 3 --targets 3 --def-quality regular --odds',
    'mecha formation strike --str 1 --dmg 2 --split 2 --targets 2 --dodge 1 --rolls 5,3,2,4',
    'mecha formation strike --str 2 --dmg 4 --missile --harm-stray --def-quality green --seed radar',
  ],
  options,
  build: buildStrike,
  model: strikeModel,
})
