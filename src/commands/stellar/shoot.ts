import { InputError } from '../../core/errors.js'
import { THROUGH_WALL_PEN, UNDERWATER_PEN, notOverYetBar } from '../../rules/stellar/armor-save.js'
import {
  type DefenseChoice,
  type RerollPick,
  MAX_FOCUS,
  MAX_WEAPON_SHOTS,
  SHOT_RANGES,
  defenseAllowed,
  rerollsAllowed,
  shotInput,
} from '../../rules/stellar/shoot.js'

import {
  type Pool,
  REMOTE_FIRINGS,
  REMOTE_MOMENTUM_COST,
  type UpgradeSide,
  applyRemote,
  applyUpgrades,
  parseUpgrades,
} from '../../rules/stellar/upgrades.js'
import {
  type ChosenTrait,
  type SkillsGiven,
  type TraitFlags,
  type TraitSide,
  checkSkills,
  skillDefenseLeft,
  checkWarshipOnly,
  applyShotTraits,
  chooseTraits,
  traitNames,
  traitText,
} from '../../rules/stellar/traits.js'

import { NO_PEN, parsePen } from '../../rules/stellar/weapon.js'

import type { ShotRequest } from '../../models/stellar/shoot.js'
import { shootModel } from '../../models/stellar/shoot-targets.js'
import { declineOption, refuseDeclineByFlags } from './decline-option.js'
import { MAX_TARGETS } from '../../rules/stellar/multi-target.js'
import {
  type ChosenBy,
  type Open,
  type ValuesOf,
  isOpen,
  boolOpt,
  openChoice,
  show,
  choiceOpt,
  completing,
  conflicts,
  defineCommand,
  enumOpt,
  intOpt,
  levelOpt,
  repeatable,
  required,
  requires,
  textOpt,
  checkOptions,
  moreTargets,
} from '../../runtime/spec.js'
/** The defender's reactions, as `--defense` names them. */
const REACTIONS: readonly DefenseChoice[] = ['dodge', 'guard', 'none', 'both']

const options = [
  required(
    intOpt('acc', "attacker's Shooting Accuracy", { min: 0, max: 30 }),
    "the attacker's Shooting Accuracy, e.g. --acc 9",
  ),
  intOpt('evade', "defender's Evade bonus", { min: 0, max: 30, default: 0 }),
  required(
    intOpt('shots', "weapon's printed shots at this range; at most 10 are rolled, after modifiers", {
      min: 1,
      max: MAX_WEAPON_SHOTS,
    }),
    `the weapon's printed shots, 1-${MAX_WEAPON_SHOTS}, e.g. --shots 5`,
  ),
  intOpt('rapid-fire', 'Rapid Fire shots gained within half range (negative: lost)', {
    min: -10,
    max: 10,
    default: 0,
  }),
  enumOpt(
    'range',
    SHOT_RANGES,
    "the target within half the weapon's range (Rapid Fire counts) or beyond it (no Rapid Fire); default: half, said in the answer when the weapon has Rapid Fire",
  ),
  required(intOpt('dmg', 'DMG per hit', { min: 0, max: 100000 }), "the weapon's DMG per hit, e.g. --dmg 200"),
  textOpt('pen', 'N[S|P]', 'ARM PEN, with S for stun or P for push/pull (e.g. 5S)', parsePen),
  intOpt('arm-sv', "defender's ARM Sv", { min: 0, max: 20, default: 0 }),
  choiceOpt(
    'bonus',
    ['precision', 'barrage', 'none'],
    "attacker's bonus: Precision (+Acc) or Barrage (+shots); missing: asked in a terminal, else auto",
  ),
  levelOpt('pilot', "attacker's pilot level 0-2 (level 1+: bonus +2)"),
  completing(
    openChoice(
      textOpt(
        'defense',
        'choice',
        "defender's reaction: dodge, guard, none, both (Solo Operative) or auto; several targets: one each in order (dodge,guard) or one for all; missing: asked in a terminal, else auto",
        parseDefense,
        'ask' as Open<DefenseChoice> | DefenseChoice[],
      ),
    ),
    [...REACTIONS, 'auto'],
  ),
  levelOpt('def-pilot', "defender's pilot level 0-2 (level 2: Dodge/Guard +2)"),
  intOpt('shield', "defender's shield blocks", { min: 0, max: 20, default: 0 }),
  boolOpt('cover', 'defender in cover: 1 block, 2 vs DMG 500 or less (does not stack with a shield)'),
  boolOpt('blindside', 'attack from behind: ignores shields and cover, +1 critical hit'),
  boolOpt('target-lock', 'target within Sensors range: 3s are critical hits too'),
  conflicts(boolOpt('indirect', 'Indirect Fire: critical hits count as plain hits; Focus gives +1 shot'), {
    bullseye: 'Indirect Fire cannot benefit from Skills',
  }),
  boolOpt('advantage', 'Tactical Advantage (High Ground, High Speed, Overwhelm, Shutdown): +1 critical hit'),
  intOpt('focus', 'Focus actions (alone: 1), each +1 hit (+2 with DMG 0-200)', {
    min: 0,
    max: MAX_FOCUS,
    default: 0,
    bare: 1,
  }),
  boolOpt('atk-warship', 'attacker is a warship: Focus is +1 shot (+1 hit vs a warship), once a weapon'),
  boolOpt('bullseye', 'Bullseye skill: +1 hit'),
  intOpt('extra-hits', 'other bonus hits (Make it Count!, high-ground target, Havoc Impact)', {
    min: 0,
    max: 20,
    default: 0,
  }),
  textOpt(
    'momentum',
    'N',
    'Skill Defense: Momentum the defender will spend, one hit negated per point (per target: 1,0)',
    parseMomentum,
  ),
  completing(
    repeatable(textOpt('trait', 'NAME', "attacker's trait, or NAME=CHOICE (see mecha traits)", traitName)),
    traitNames('shoot', 'attacker'),
  ),
  completing(
    repeatable(
      textOpt('def-trait', 'NAME', "defender's trait, or NAME=CHOICE (see mecha traits)", traitName),
    ),
    traitNames('shoot', 'defender'),
  ),
  intOpt('extra-blocks', "defender's other blocks (Challenge...): they stack with shield and cover", {
    min: 0,
    max: 20,
    default: 0,
  }),
  intOpt('barrier', "defender's [Barrier] blocks: the best of shield, cover and barrier counts", {
    min: 0,
    max: 20,
    default: 0,
  }),
  intOpt('round', 'the game round (Persevere, Make it Count!)', { min: 1, max: 10, default: 1 }),
  declineOption,
  intOpt('bonus-crit', 'bonus criticals besides Tactical Advantage (Dangerous Terrain thrown)', {
    min: 0,
    max: 3,
    default: 0,
  }),
  boolOpt('make-it-count', 'Make it Count!: the attack gains hits equal to the round (once a game)'),
  boolOpt('m-particles', 'attacked from beyond 24" with M-Particles spread: reroll 1 evade die'),
  textOpt(
    'reroll',
    'C,H',
    'evade dice the defender rerolls: criticals,hits (missing: asked in a terminal, else auto)',
    parseRerollPick,
  ),
  intOpt('not-over-yet', '"It\'s not over yet!": Momentum the defender spends, a failed save each', {
    min: 0,
    max: 10,
    default: 0,
  }),
  boolOpt('energy', 'an [E]nergy (beam) weapon (for Anti-Beam Coating)'),
  requires(
    boolOpt('through-wall', 'energy weapon firing through a building at a target within Sensors: PEN -3'),
    { energy: 'only energy weapons shoot through buildings' },
  ),
  requires(boolOpt('underwater', 'energy weapon firing underwater: PEN -5'), {
    energy: 'the PEN penalty is for energy weapons',
  }),
  textOpt('power', 'LIST', "attacker's Power: dmg, pen, range (e.g. dmg,pen,pen)", upgrades),
  textOpt('havoc', 'LIST', "attacker's Havoc: impact (DMG+100), push (PEN+1P)", upgrades),
  textOpt('def-power', 'LIST', "defender's Power: barriers (its --barrier +1 block)", upgrades),
  textOpt('def-havoc', 'LIST', "defender's Havoc: barriers (its --barrier +2 blocks)", upgrades),
  Object.assign(enumOpt('remote', REMOTE_FIRINGS, 'remote weapon; alone: fired with Momentum'), {
    bare: 'momentum',
  }),
  boolOpt(
    'warship',
    'defender is a warship: saves capped at 5 (10 vs AOE), each failed one 1000 DMG (stun and push/pull too), Momentum costs double',
  ),
  boolOpt('aoe', 'AOE weapon (warship saves capped at 10)'),
  intOpt('size', "defender's Size (push/pull saves +2 per Size)", { min: 0, max: 10, default: 0 }),
  intOpt('hp', "defender's remaining HP, to report destruction", { min: 1, max: 1000000 }),
  intOpt('targets', 'targets struck (multi-target, AOE): each rolls its own evade', {
    min: 1,
    max: MAX_TARGETS,
    default: 1,
  }),
] as const

/** A list of upgrades as typed: checked by buildShot, which knows the pool and the side. */
function upgrades(text: string): string {
  return text
}

/** Each pool's flag, with the side it spends for. */
const UPGRADE_FLAGS: ReadonlyArray<
  readonly [flag: string, key: 'power' | 'havoc' | 'defPower' | 'defHavoc', pool: Pool, side: UpgradeSide]
> = [
  ['--power', 'power', 'power', 'attacker'],
  ['--havoc', 'havoc', 'havoc', 'attacker'],
  ['--def-power', 'defPower', 'power', 'defender'],
  ['--def-havoc', 'defHavoc', 'havoc', 'defender'],
]

/** A trait's name as typed: checked against the registry by buildShot, which knows the side. */
function traitName(text: string): string {
  return text
}

const SHOOT_TRAIT_FLAGS: TraitFlags = { attacker: '--trait', defender: '--def-trait' }

/**
 * `--defense`: one reaction (or auto) for every target, or a list of reactions, one per target in
 * order (`dodge,guard,none`), which shoot-targets.ts checks against the number of targets.
 */
function parseDefense(text: string, flag: string): Open<DefenseChoice> | DefenseChoice[] {
  const words = text.split(',').map((w) => w.trim().toLowerCase())
  const known = (w: string): w is DefenseChoice => (REACTIONS as readonly string[]).includes(w)
  if (words.length === 1) {
    if (words[0] === 'auto' || known(words[0])) return words[0] as Open<DefenseChoice>
    throw new InputError(
      'bad-choice',
      `${flag}: ${show(text)} is not one of ${[...REACTIONS, 'auto'].join(', ')}`,
    )
  }
  const bad = words.find((w) => !known(w))
  if (bad !== undefined)
    throw new InputError(
      'bad-choice',
      `${flag}: ${show(bad)} in ${show(text)} is not a reaction; give dodge, guard, none or both for each target`,
    )
  return words as DefenseChoice[]
}

/** The most Skill Defense Momentum `--momentum` takes. */
const MAX_MOMENTUM = 10

/**
 * `--momentum N`: the Momentum offered, for every target; or a list, one per target in order
 * (`1,0`), which shoot-targets.ts checks against the number of targets.
 */
function parseMomentum(text: string, flag: string): number | number[] {
  const one = (w: string) => {
    if (!/^[+-]?\d+$/.test(w))
      throw new InputError(
        'bad-value',
        `${flag}: ${show(w)} is not a whole number; give 0 to ${MAX_MOMENTUM}`,
      )
    const n = Number(w)
    if (n < 0 || n > MAX_MOMENTUM)
      throw new InputError('out-of-range', `${flag}: ${n} is out of range; give 0 to ${MAX_MOMENTUM}`)
    return n
  }
  const words = text.split(',').map((w) => w.trim())
  return words.length === 1 ? one(words[0]) : words.map(one)
}

/** `--reroll C,H`: how many criticals and hits the defender rerolls. */
function parseRerollPick(text: string, flag: string): RerollPick {
  const m = /^(\d{1,2})\s*,\s*(\d{1,2})$/.exec(text)
  if (!m)
    throw new InputError(
      'bad-value',
      `${flag}: "${text}" is not a pick; give criticals,hits rerolled, e.g. 1,1 (0,0 keeps the dice)`,
    )
  return { crits: Number(m[1]), hits: Number(m[2]) }
}

/** Each side's Skills, checked by the rules (checkSkills): none on Indirect Fire, one a turn. */
function checkShotSkills(v: ValuesOf<typeof options>, chosen: Record<TraitSide, ChosenTrait[]>): void {
  const flags: SkillsGiven['flags'][number][] = []
  if (v.bullseye) flags.push({ skill: 'bullseye', given: '--bullseye' })
  if (v.makeItCount) flags.push({ skill: 'make-it-count', given: '--make-it-count' })
  const indirect = v.indirect
    ? '--indirect is Indirect Fire'
    : v.remote === 'momentum'
      ? 'a remote weapon fired with Momentum is Indirect Fire'
      : undefined
  const atkWarship = v.atkWarship ? '--atk-warship' : undefined
  checkSkills({ flags, traits: chosen.attacker, traitFlag: '--trait', warship: atkWarship }, indirect)
  const momentum = [v.momentum ?? []].flat()
  checkSkills({
    flags: momentum.some((m) => m > 0)
      ? [{ skill: 'skill-defense', given: `--momentum ${momentum.join(',')}` }]
      : [],
    traits: chosen.defender,
    traitFlag: '--def-trait',
    warship: v.warship ? '--warship' : undefined,
  })
}

/** The values are checked (ranges, required, conflicts) by the option table before this. */
export function buildShot(v: ValuesOf<typeof options>): ShotRequest {
  refuseDeclineByFlags(v)
  const given = (c: string): ChosenBy => (isOpen(c) ? 'auto' : 'flag')
  const pen = v.pen ?? NO_PEN
  if (v.atkWarship && v.focus > 1)
    throw new InputError(
      'bad-combination',
      `--focus: a warship uses Focus once per weapon; give --focus 1 (or drop --atk-warship)`,
    )
  if (v.notOverYet > 0) {
    const bar = notOverYetBar({ pilot: v.defPilot, warship: v.warship, pen })
    const fix = v.defPilot < 1 && !v.warship && pen.kind !== 'push' ? 'add --def-pilot 1 or drop' : 'drop'
    if (bar) throw new InputError('bad-combination', `--not-over-yet: ${bar}; ${fix} --not-over-yet`)
  }
  const chosen = {
    attacker: chooseTraits(v.trait ?? [], 'shoot', 'attacker', SHOOT_TRAIT_FLAGS),
    defender: chooseTraits(v.defTrait ?? [], 'shoot', 'defender', SHOOT_TRAIT_FLAGS),
  }
  checkWarshipOnly(chosen.attacker, v.atkWarship, '--trait', '--atk-warship')
  const shot = shotInput({
    weapon: {
      acc: v.acc,
      shots: v.shots,
      rapidFire: v.rapidFire,
      range: v.range ?? 'half',
      dmg: v.dmg,
      pen,
      energy: v.energy,
      indirect: v.indirect,
      aoe: v.aoe,
      targetLock: v.targetLock,
    },
    attacker: {
      pilot: v.pilot,
      focus: v.focus,
      warship: v.atkWarship,
      bullseye: v.bullseye,
      extraHits: v.extraHits,
    },
    target: {
      evade: v.evade,
      armSv: v.armSv,
      defPilot: v.defPilot,
      shield: v.shield,
      barrier: v.barrier,
      notOverYet: v.notOverYet,
      // A list (one per target): target 1's here, every target's in targetMomentum.
      momentum: (Array.isArray(v.momentum) ? v.momentum[0] : v.momentum) ?? 0,
      // Spread M-Particles, attacked from beyond 24": one evade die; the traits add theirs.
      evadeRerolls: v.mParticles ? 1 : 0,
      warship: v.warship,
      size: v.size,
      hp: v.hp,
    },
    situation: {
      cover: v.cover,
      blindside: v.blindside,
      advantage: v.advantage,
      bonusCrits: v.bonusCrit,
      round: v.round,
    },
  })
  // One literal of the request's fields (a spread of the shot into it cost as much as the rest
  // of building the request: a batch builds one a line).
  const s: ShotRequest = {
    weapon: shot.weapon,
    attacker: shot.attacker,
    target: shot.target,
    situation: shot.situation,
    bonus: v.bonus,
    // A list (one reaction per target): target 1's here, every target's in targetDefenses.
    defense: Array.isArray(v.defense) ? v.defense[0] : v.defense,
    // Skill Defense is not offered when the target's Skills fill its turn (Q: one Skill a unit
    // turn): its Momentum is then 0, as if given.
    momentumGiven: v.momentum !== undefined || !skillDefenseLeft(chosen.defender),
    rangeGiven: v.range !== undefined,
    chosenBy: {
      bonus: given(v.bonus),
      defense: given(Array.isArray(v.defense) ? v.defense[0] : v.defense),
      momentum: v.momentum !== undefined ? 'flag' : 'auto',
    },
    // Plain text, so that a request stays plain data (copied, compared, cloned).
    traits: { attacker: chosen.attacker.map(traitText), defender: chosen.defender.map(traitText) },
    traitEffects: [],
    spend: {},
    targets: v.targets,
  }
  s.traitEffects = applyShotTraits(s, chosen.attacker, 'attacker').concat(
    applyShotTraits(s, chosen.defender, 'defender'),
  )
  if (v.remote) {
    applyRemote(s, v.remote)
    s.spend.remote = { firing: v.remote, momentum: v.remote === 'momentum' ? REMOTE_MOMENTUM_COST : 0 }
  }
  // Q, energy weapons: -3 PEN through a building, -5 underwater (save's --through-wall and
  // --underwater): terms of the shot's PEN, after the traits' (a save needs PEN 2+ in all).
  if (v.throughWall) s.attacker.penBonuses.push({ source: 'through a building', amount: -THROUGH_WALL_PEN })
  if (v.underwater) s.attacker.penBonuses.push({ source: 'underwater', amount: -UNDERWATER_PEN })
  checkShotSkills(v, chosen)
  for (const [flag, key, pool, side] of UPGRADE_FLAGS) {
    const text = v[key]
    if (text !== undefined)
      s.spend[key] = applyUpgrades(s, pool, side, parseUpgrades(text, pool, side, flag), flag)
  }
  if (s.target.evadeRerolls > 0) s.chosenBy.evadeReroll = v.reroll ? 'flag' : 'auto'
  if (v.reroll) {
    if (rerollsAllowed(s) === 0)
      throw new InputError(
        'bad-combination',
        s.attacker.seekingShot
          ? '--reroll: against a Seeking Shot the target rerolls no evade dice; drop --reroll'
          : '--reroll: the defender has no evade rerolls; add --m-particles or a --def-trait such as improvise, or drop --reroll',
      )
    s.decisions = { 'evade-reroll': v.reroll }
  }
  // A list (one reaction per target) is checked target by target in shoot-targets.ts.
  if (Array.isArray(v.defense)) s.targetDefenses = v.defense
  else if (!isOpen(s.defense)) checkDefense(s, s.defense)
  if (Array.isArray(v.momentum)) s.targetMomentum = v.momentum
  if (v.makeItCount)
    s.attacker.hitBonuses.push({ source: `Make it Count! (round ${v.round})`, amount: v.round })
  // The situation's blocks come after the traits' (the order they are listed in).
  if (v.extraBlocks) s.target.blockBonuses.push({ source: 'other blocks', amount: v.extraBlocks })
  return s
}

/** Throws when the defender may not react so: both is a Solo Operative's; no Dodge vs a Seeking Shot. */
function checkDefense(s: ShotRequest, defense: DefenseChoice): void {
  if (defenseAllowed(s, defense)) return
  if (defense === 'both')
    throw new InputError(
      'bad-choice',
      '--defense both: only a Solo Operative may Dodge and Guard together; add --def-trait solo-operative or give dodge, guard or none',
    )
  throw new InputError(
    'bad-combination',
    '--defense dodge: against a Seeking Shot the target may not improve its Evade; give --defense guard or none',
  )
}

/**
 * The request of `mecha shoot`: one target, or several (`--targets N`, or several defenders named:
 * each further target's values under MORE_TARGETS, built alike), with `--defense` and
 * `--momentum` lists checked against the targets (shoot-targets.ts answers them).
 */
function buildTargets(v: ValuesOf<typeof options>): ShotRequest {
  const req = buildShot(v)
  const more = moreTargets(v)
  if (more) {
    if (req.targets > 1)
      throw new InputError(
        'bad-combination',
        '--targets: several defenders are named, one target each; drop --targets',
      )
    req.targets = more.length + 1
    req.targetRequests = [
      req,
      ...more.map((values) => {
        checkOptions({ options }, values)
        return buildShot(values)
      }),
    ]
  }
  // `--defense dodge,guard`, `--momentum 1,0` (buildShot keeps the lists): one per target,
  // each reaction checked against its own target (a Solo Operative's both...).
  const count = req.targets
  const lists = [
    ['defense', 'reactions', req.targetDefenses],
    ['momentum', 'values', req.targetMomentum],
  ] as const
  for (const [flag, what, list] of lists)
    if (list && list.length !== count)
      throw new InputError(
        'bad-value',
        `--${flag}: ${list.length} ${what} for ${count} target${count === 1 ? '' : 's'}; give one for each target in order, or one for all`,
      )
  req.targetDefenses?.forEach((d, i) => checkDefense(req.targetRequests?.[i] ?? req, d))
  if (req.targets > 1 && req.decisions?.['evade-reroll'])
    throw new InputError(
      'bad-combination',
      '--reroll: with several targets each picks its evade rerolls automatically; drop --reroll or --targets',
    )
  return req
}

export const shootSpec = defineCommand({
  name: 'shoot',
  summary: 'MechaStellar shooting attack: the defender rolls a d10 to evade each shot',
  diceOrder:
    "one evade d10 per shot, in shot order; then one d10 per evade die the defender rerolls, in die order (the first rerolled die gets the first of them); then one armor-save d10 per unblocked hit (at most 3; 5 for warships, 10 vs AOE); then, with Unyielding or Don't Give up the Ship, one reroll d10 per failed save. With several targets (--targets N, or defenders named): target 1's dice in that order, then target 2's, and so on",
  examples: [
    'mecha shoot --acc 9 --evade 4 --shots 7 --dmg 200 --bonus none --defense none --rolls 1,1,4,5,7,7,10',
    'mecha shoot --acc 9 --evade 4 --shots 5 --dmg 300 --pen 5 --arm-sv 2 --shield 1 --momentum 3 --seed table1',
    'mecha shoot --acc 9 --evade 4 --shots 5 --dmg 300 --pen 5 --arm-sv 2 --hp 2000 --odds',
  ],
  options,
  build: buildTargets,
  model: shootModel,
})
