import { InputError } from '../../../core/errors.js'
import { notOverYetBar } from '../../../rules/stellar/armor-save.js'
import {
  type AttackBonus,
  type DefenseChoice,
  type MomentumQuestion,
  type RerollPick,
  type RerollQuestion,
  type Shot,
  type ShotResult,
  MAX_FOCUS,
  MAX_WEAPON_SHOTS,
  defenseAllowed,
  momentumNegates,
  rerollsAllowed,
  resolveShot,
  shotAttackerBonus,
  shotDodge,
  shotGuard,
  shotDmg,
  shotPen,
  shotTargetNumber,
} from '../../../rules/stellar/shoot.js'
import { antiBeamBonus } from '../../../rules/stellar/armor-save.js'
import {
  type Pool,
  REMOTE_FIRINGS,
  REMOTE_MOMENTUM_COST,
  type ShotSpend,
  type UpgradeSide,
  applyRemote,
  applyUpgrades,
  parseUpgrades,
} from '../../../rules/stellar/upgrades.js'
import {
  type ChosenTrait,
  type SkillsGiven,
  type TraitEffect,
  type TraitFlags,
  type TraitSide,
  applyShotTraits,
  checkSkills,
  chooseTraits,
  traitNames,
  traitText,
} from '../../../rules/stellar/traits.js'
import {
  ATTACK_BONUSES,
  AUTO_DEFENSES,
  DEFENSES,
  expectedDamageFrom,
  rankBonuses,
  rankDefenses,
  shotDamageOdds,
  shotOdds,
} from '../../../rules/stellar/shoot-odds.js'
import type { Outlook } from '../../../rules/stellar/choice.js'
import { NO_PEN, parsePen, penText } from '../../../rules/stellar/weapon.js'
import { num } from '../../../render/format.js'
import { explainShot, explainShotOdds, renderShot, renderShotOdds } from '../../../render/stellar/shoot.js'
import { saveFields } from './save-fields.js'
import { outlookHint, withTargets } from './shoot-targets.js'
import { MAX_TARGETS } from '../../../rules/stellar/multi-target.js'
import {
  type ChoiceContext,
  type ChosenBy,
  type CompareReport,
  type ComparedChoice,
  type ComparedOption,
  type OddsReport,
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
  textOpt,
} from '../../spec.js'

interface ShotChoices {
  chosenBy: { bonus: ChosenBy; defense: ChosenBy; momentum: ChosenBy; evadeReroll?: ChosenBy }
  momentumGiven: boolean
  /** The traits each side gave, as NAME or NAME=CHOICE (their effects are in the shot's fields). */
  traits: Record<'attacker' | 'defender', string[]>
  /** What each of those traits did to the shot. */
  traitEffects: TraitEffect[]
  /** Power, Havoc and Momentum spent on the shot (their effects are in the shot's fields). */
  spend: ShotSpend
  /** Targets the attack strikes, alike but for target 1's improvements (shoot-targets.ts). */
  targets: number
  /** Each target's reaction, target 1 first, once chosen for several targets. */
  targetDefenses?: DefenseChoice[]
  /** Each target's Momentum offered, target 1 first, when `--momentum` gives a list. */
  targetMomentum?: number[]
  /** Each target's own request, target 1 first, when several defenders are named. */
  targetRequests?: ShotRequest[]
  /** In a terminal, with several targets: the decisions asked of each target once its dice are seen. */
  targetAsks?: string[][]
  /** With several targets asked mid-way: how each target's choices were made, target 1 first. */
  targetChosenBy?: Array<ShotChoices['chosenBy']>
}

/** A shot as the command line gives it: the bonus and the reaction may be left open. */
export type ShotRequest = Omit<Shot, 'bonus' | 'defense'> &
  ShotChoices & { bonus: Open<AttackBonus>; defense: Open<DefenseChoice> }

/** A shot with every choice made. */
export type ChosenShot = Shot & ShotChoices

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
  textOpt('power', 'LIST', "attacker's Power: dmg, pen, range (e.g. dmg,pen,pen)", upgrades),
  textOpt('havoc', 'LIST', "attacker's Havoc: impact (DMG+100), push (PEN+1P)", upgrades),
  textOpt('def-power', 'LIST', "defender's Power: barriers (its --barrier +1 block)", upgrades),
  textOpt('def-havoc', 'LIST', "defender's Havoc: barriers (its --barrier +2 blocks)", upgrades),
  Object.assign(enumOpt('remote', REMOTE_FIRINGS, 'remote weapon; alone: fired with Momentum'), {
    bare: 'momentum',
  }),
  boolOpt('warship', 'defender is a warship: saves capped at 5 (10 vs AOE), Momentum costs double'),
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
  checkSkills({ flags, traits: chosen.attacker, traitFlag: '--trait' }, indirect)
  const momentum = [v.momentum ?? []].flat()
  checkSkills({
    flags: momentum.some((m) => m > 0)
      ? [{ skill: 'skill-defense', given: `--momentum ${momentum.join(',')}` }]
      : [],
    traits: chosen.defender,
    traitFlag: '--def-trait',
  })
}

/** The values are checked (ranges, required, conflicts) by the option table before this. */
export function buildShot(v: ValuesOf<typeof options>): ShotRequest {
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
  // Field by field: the shot's type names every field, so none is forgotten (and a literal is
  // far cheaper than a spread with fields added, see eslint.config.js).
  const s: ShotRequest = {
    acc: v.acc,
    evade: v.evade,
    shots: v.shots,
    rapidFire: v.rapidFire,
    dmg: v.dmg,
    pen,
    armSv: v.armSv,
    bonus: v.bonus,
    pilot: v.pilot,
    // A list (one reaction per target): target 1's here, every target's in targetDefenses.
    defense: Array.isArray(v.defense) ? v.defense[0] : v.defense,
    defPilot: v.defPilot,
    shield: v.shield,
    cover: v.cover,
    blindside: v.blindside,
    targetLock: v.targetLock,
    indirect: v.indirect,
    advantage: v.advantage,
    focus: v.focus,
    atkWarship: v.atkWarship,
    lockOn: 1,
    bullseye: v.bullseye,
    extraHits: v.extraHits,
    hitBonuses: [],
    bonusRaise: 0,
    rapidFireRelief: 0,
    dodgeRaise: 0,
    guardRaise: 0,
    blockBonuses: [],
    barrier: v.barrier,
    barrierBonuses: [],
    accBonuses: [],
    dmgBonuses: [],
    penBonuses: [],
    ignoreShieldCover: false,
    ignoreRapidFirePenalty: false,
    energy: v.energy,
    antiBeam: false,
    remoteShootDown: false,
    blindsideImmune: false,
    guardCritsAsHits: false,
    dodgeCritsMiss: false,
    reroll: false,
    notOverYet: v.notOverYet,
    // A list (one per target): target 1's here, every target's in targetMomentum.
    momentum: (Array.isArray(v.momentum) ? v.momentum[0] : v.momentum) ?? 0,
    // Spread M-Particles, attacked from beyond 24": one evade die; the traits add theirs.
    evadeRerolls: v.mParticles ? 1 : 0,
    bonusCrits: v.bonusCrit,
    soloOperative: false,
    seekingShot: false,
    persevere: false,
    round: v.round,
    warship: v.warship,
    aoe: v.aoe,
    size: v.size,
    hp: v.hp,
    momentumGiven: v.momentum !== undefined,
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
  s.traitEffects = [
    ...applyShotTraits(s as Shot, chosen.attacker, 'attacker'),
    ...applyShotTraits(s as Shot, chosen.defender, 'defender'),
  ]
  if (v.remote) {
    applyRemote(s as Shot, v.remote)
    s.spend.remote = { firing: v.remote, momentum: v.remote === 'momentum' ? REMOTE_MOMENTUM_COST : 0 }
  }
  checkShotSkills(v, chosen)
  for (const [flag, key, pool, side] of UPGRADE_FLAGS) {
    const text = v[key]
    if (text !== undefined)
      s.spend[key] = applyUpgrades(s as Shot, pool, side, parseUpgrades(text, pool, side, flag), flag)
  }
  if (s.evadeRerolls > 0) s.chosenBy.evadeReroll = v.reroll ? 'flag' : 'auto'
  if (v.reroll) {
    if (rerollsAllowed(s) === 0)
      throw new InputError(
        'bad-combination',
        s.seekingShot
          ? '--reroll: against a Seeking Shot the target rerolls no evade dice; drop --reroll'
          : '--reroll: the defender has no evade rerolls; add --m-particles or a --def-trait such as improvise, or drop --reroll',
      )
    s.decisions = { 'evade-reroll': v.reroll }
  }
  // A list (one reaction per target) is checked target by target in shoot-targets.ts.
  if (Array.isArray(v.defense)) s.targetDefenses = v.defense
  else if (!isOpen(s.defense)) checkDefense(s, s.defense)
  if (Array.isArray(v.momentum)) s.targetMomentum = v.momentum
  if (v.makeItCount) s.hitBonuses.push({ source: `Make it Count! (round ${v.round})`, amount: v.round })
  // The situation's blocks come after the traits' (the order they are listed in).
  if (v.extraBlocks) s.blockBonuses.push({ source: 'other blocks', amount: v.extraBlocks })
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
 * Whether a shot uses anything the trait flags brought (traits, --extra-blocks, --barrier,
 * "It's not over yet!"): its JSON then lists the block terms, rerolls and negated saves. Shots
 * without them answer exactly as before (test/frozen/seeds.json).
 */
function usesTraitFields(s: ChosenShot): boolean {
  return (
    s.traits.attacker.length > 0 ||
    s.traits.defender.length > 0 ||
    s.blockBonuses.length > 0 ||
    s.barrier > 0 ||
    s.notOverYet > 0 ||
    s.evadeRerolls > 0
  )
}

/**
 * The fields the weapon upgrades, Anti-Beam Coating, the spends and remote weapons bring, each
 * only when used (a shot without them answers as before): the terms of the Accuracy, DMG and PEN
 * they changed, the ARM Sv added, and what each side spent.
 */
function upgradeFields(s: ChosenShot): Record<string, unknown> {
  const termJson = (b: { source: string; amount: number }) => ({ source: b.source, amount: b.amount })
  const out: Record<string, unknown> = {}
  if (s.accBonuses.length) out.accTerms = [{ source: 'Acc', amount: s.acc }, ...s.accBonuses]
  if (s.dmgBonuses.length) {
    out.dmgPerHit = shotDmg(s)
    out.dmgTerms = [{ source: 'weapon', amount: s.dmg }, ...s.dmgBonuses.map(termJson)]
  }
  if (s.penBonuses.length) {
    out.pen = penText(shotPen(s))
    out.penTerms = [{ source: 'weapon', amount: s.pen.value }, ...s.penBonuses.map(termJson)]
  }
  if (s.antiBeam) out.armSvBonus = antiBeamBonus(s)
  if (Object.keys(s.spend).length) out.spend = s.spend
  return out
}

/** The traits each side gave, as NAME or NAME=CHOICE. */
function traitsJson(s: ChosenShot): Record<string, string[]> {
  return { attacker: [...s.traits.attacker], defender: [...s.traits.defender] }
}

const exp = (x: number) => `expected ${num(x, 1)} DMG`

/** One shot at one target; shootSpec takes it to several (shoot-targets.ts). */
const oneTarget = defineCommand<typeof options, ChosenShot, ShotResult, ShotRequest>({
  name: 'shoot',
  summary: 'MechaStellar shooting attack: the defender rolls a d10 to evade each shot',
  diceOrder:
    "one evade d10 per shot, in shot order; then one d10 per evade die the defender rerolls (criticals, then hits); then one armor-save d10 per unblocked hit (at most 3; 5 for warships, 10 vs AOE); then, with Unyielding or Don't Give up the Ship, one reroll d10 per failed save. With several targets (--targets N, or defenders named): target 1's dice in that order, then target 2's, and so on",
  examples: [
    'mecha shoot --acc 9 --evade 4 --shots 7 --dmg 200 --bonus none --defense none --rolls 1,1,4,5,7,7,10',
    'mecha shoot --acc 9 --evade 4 --shots 5 --dmg 300 --pen 5 --arm-sv 2 --shield 1 --momentum 3 --seed table1',
    'mecha shoot --acc 9 --evade 4 --shots 5 --dmg 300 --pen 5 --arm-sv 2 --hp 2000 --odds',
  ],
  options,
  build: buildShot,

  choose: chooseShot,

  async decide(id, context, s, ctx) {
    if (id === 'evade-reroll') {
      const q = context as RerollQuestion
      const dice = (n: number, what: string) => (n ? `${n} ${what}${n === 1 ? '' : 's'}` : '')
      const options = q.options.map((o, i) => ({
        value: o.pick,
        label:
          o.pick.crits + o.pick.hits === 0
            ? 'Keep the dice'
            : `Reroll ${[dice(o.pick.crits, 'critical'), dice(o.pick.hits, 'hit')].filter(Boolean).join(' and ')}`,
        // The quantities the automatic pick ranks by come first (choice.ts).
        hint: `${outlookHint(o.expected, s.hp !== undefined)}, ${num(o.expected.unblockedHits, 2)} hits through${i === 0 ? ' (best)' : ''}`,
      }))
      s.chosenBy.evadeReroll = 'prompt'
      return ctx.select(
        `Evade dice ${q.faces.join(' ')}: reroll up to ${q.allowed}? (criticals and hits are worth rerolling)`,
        options,
        options[0].value,
      )
    }
    if (id !== 'momentum') throw new Error(`unknown decision ${id}`)
    const q = context as MomentumQuestion
    const options = []
    const step = s.warship ? 2 : 1
    for (let p = 0; p <= Math.min(10, q.maxPoints); p += step) {
      const unblocked = q.hitsLeft - momentumNegates(p, s.warship)
      options.push({
        value: p,
        label: `Spend ${p} Momentum`,
        hint: `${unblocked} hit${unblocked === 1 ? '' : 's'} through, ${exp(expectedDamageFrom(Object.assign({}, s, { askDecisions: false, decisions: { momentum: p } }), q.hits))}`,
      })
    }
    s.chosenBy.momentum = 'prompt'
    return ctx.select(
      `Skill Defense: ${q.hitsLeft === 1 ? '1 hit gets' : `${q.hitsLeft} hits get`} through your blocks. Spend Momentum?`,
      options,
      0,
    )
  },

  resolve: resolveShot,

  replayFlags(s, r) {
    const flags: string[] = []
    if (s.chosenBy.bonus === 'prompt') flags.push('--bonus', s.bonus)
    if (s.chosenBy.defense === 'prompt') flags.push('--defense', s.defense)
    // Momentum offered = Momentum spent: the automatic policy then spends exactly that.
    if (s.chosenBy.momentum === 'prompt') flags.push('--momentum', String(r.momentumSpent))
    if (s.chosenBy.evadeReroll === 'prompt' && r.reroll)
      flags.push('--reroll', `${r.reroll.crits},${r.reroll.hits}`)
    return flags
  },

  json(r, s) {
    const luck = shotLuck(r, s)
    const out: Record<string, unknown> = {
      targetNumber: r.targetNumber,
      shotsFired: r.shotsFired,
      dice: r.dice.map((d) => {
        const die: Record<string, unknown> = d.critAsHit
          ? { roll: d.roll, outcome: d.outcome, critAsHit: true }
          : { roll: d.roll, outcome: d.outcome }
        if (d.rerolledFrom !== undefined) die.rerolledFrom = d.rerolledFrom
        if (d.downed) die.downed = true
        return die
      }),
      crits: r.crits,
      hits: r.hits,
      blocks: r.blocks,
      blockSource: r.blockSource,
      momentumSpent: r.momentumSpent,
      unblockedHits: r.unblockedHits,
      hitDamage: r.hitDamage,
      ...saveFields(r.save),
      damage: r.damage,
      bonus: s.bonus,
      defense: s.defense,
      chosenBy: s.chosenBy,
      luck: { percentile: round6(luck) },
    }
    if (r.remainingHp !== undefined) {
      out.remainingHp = r.remainingHp
      out.destroyed = r.destroyed
    }
    if (usesTraitFields(s)) {
      out.traits = traitsJson(s)
      if (s.traitEffects.length) out.traitEffects = s.traitEffects
      out.blockTerms = r.blockTerms
      out.rerolls = r.save.rerolls
      out.negated = r.save.negated
    }
    Object.assign(out, upgradeFields(s))
    if (r.remoteDowned !== undefined) out.remoteDowned = r.remoteDowned
    if (r.reroll)
      out.evadeReroll = {
        allowed: r.reroll.allowed,
        crits: r.reroll.crits,
        hits: r.reroll.hits,
        faces: r.reroll.faces,
      }
    return out
  },
  render: (r, s, out) => renderShot(r, s, shotLuck(r, s), out),
  explain: explainShot,
  odds: shotOddsReport,
  compare: compareShot,
})

export const shootSpec = withTargets(oneTarget, { bonus: bonusLabel, defense: defenseLabel, checkDefense })

/** The exact odds of a shot with both choices made (--odds, and each option of --compare). */
function shotOddsReport(s: ChosenShot): OddsReport {
  const o = shotOdds(s)
  const json: Record<string, unknown> = {
    damage: o.damage.toJSON(),
    unblockedHits: o.unblockedHits.toJSON(),
    failedSaves: o.failedSaves.toJSON(),
    expected: { ...o.expected },
  }
  if (o.destroyed) {
    // A map like every other entry under `odds`; the plain chance sits with the means.
    json.destroyed = { false: o.destroyed.prob('false'), true: o.destroyed.prob('true') }
    ;(json.expected as Record<string, number>).destroyed = o.destroyed.prob('true')
  }
  if (o.remoteDowned) {
    json.remoteDowned = o.remoteDowned.toJSON()
    ;(json.expected as Record<string, number>).remoteDowned = o.remoteDowned.expected()
  }
  const extra: Record<string, unknown> = {
    targetNumber: shotTargetNumber(s),
    bonus: s.bonus,
    defense: s.defense,
    chosenBy: s.chosenBy,
  }
  if (usesTraitFields(s)) extra.traits = traitsJson(s)
  if (s.traitEffects.length) extra.traitEffects = s.traitEffects
  Object.assign(extra, upgradeFields(s))
  const report: OddsReport = {
    json,
    extra,
    render: (out) => renderShotOdds(o, s, out),
    explain: (out) => explainShotOdds(o, s, out),
    headLines: 2,
  }
  if (s.hp !== undefined) report.cutoffs = { damage: { at: s.hp, label: `HP ${s.hp}: destroyed` } }
  return report
}

/** A bonus as a prompt names it: "Barrage (+1 shot)". */
function bonusLabel(s: ChosenShot, bonus: AttackBonus): string {
  const size = shotAttackerBonus(s)
  if (bonus === 'precision') return `Precision (+${size} Acc)`
  if (bonus === 'barrage') return `Barrage (+${size} shot${size > 1 ? 's' : ''})`
  return 'No bonus'
}

/** A reaction as a prompt names it: "Guard (+1 Block)". */
function defenseLabel(s: ChosenShot, defense: DefenseChoice): string {
  if (defense === 'both') return `Dodge and Guard (+${shotDodge(s)} Evade, +${shotGuard(s)} Block)`
  if (defense === 'dodge') return `Dodge (+${shotDodge(s)} Evade)`
  if (defense === 'guard') return `Guard (+${shotGuard(s)} Block)`
  return 'No reaction'
}

/**
 * --compare: the attacker's bonuses (each against the defender's best reaction to it, when the
 * reaction is open too), then the defender's reactions to the best bonus, ranked by rankBonuses
 * and rankDefenses as the automatic choice and the prompts rank them (every option a prompt
 * lists, "none" included), each with the exact odds of its shot (shotOddsReport).
 */
function compareShot(req: ShotRequest): CompareReport {
  const bonusOpen = isOpen(req.bonus)
  const defenseOpen = isOpen(req.defense)
  if (!bonusOpen && !defenseOpen)
    throw new InputError(
      'bad-usage',
      '--compare: --bonus and --defense are both given, so no choice is left to compare; leave one out',
    )
  const base = withChoices(
    req,
    bonusOpen ? 'precision' : (req.bonus as AttackBonus),
    defenseOpen ? 'dodge' : (req.defense as DefenseChoice),
  )
  // The policy (choice.ts): with the target's HP known, its chance of being destroyed first.
  const hp = req.hp !== undefined
  const quantity = hp ? 'chance the target is destroyed' : 'expected damage'
  const option = (
    bonus: AttackBonus,
    defense: DefenseChoice,
    expected: Outlook,
    best: boolean,
    label: string,
  ): ComparedOption => ({
    name: `${bonus}/${defense}`,
    label,
    value: hp ? expected.destroyed : expected.damage,
    valueText: outlookHint(expected, hp),
    best,
    choices: { bonus, defense },
    odds: shotOddsReport(withChoices(req, bonus, defense)),
  })
  const ranking = (side: 'attacker' | 'defender') =>
    `${side === 'attacker' ? 'more' : 'less'} is better for the ${side}; ties: ${hp ? 'expected damage capped at HP, then ' : ''}failed saves, then unblocked hits`
  const choices: ComparedChoice[] = []
  let bonus = base.bonus
  if (bonusOpen) {
    const ranked = rankBonuses(base, !defenseOpen, ATTACK_BONUSES, DEFENSES)
    choices.push({
      question: `Attacker's bonus (Acc ${base.acc}, ${base.shots} shots, DMG ${base.dmg})${defenseOpen ? ", each against the defender's best reaction" : ''}`,
      quantity,
      ranking: ranking('attacker'),
      options: ranked.map((o, i) =>
        option(
          o.value,
          o.defense,
          o.expected,
          i === 0,
          `${bonusLabel(base, o.value)}${defenseOpen ? ` vs ${defenseLabel(base, o.defense)}` : ''}`,
        ),
      ),
    })
    bonus = ranked[0].value
  }
  if (defenseOpen) {
    const ranked = rankDefenses(withChoices(req, bonus, 'dodge'), DEFENSES)
    choices.push({
      question: `Defender's reaction to ${bonus === 'none' ? 'no bonus' : bonusLabel(base, bonus)}`,
      quantity,
      ranking: ranking('defender'),
      options: ranked.map((o, i) => option(bonus, o.value, o.expected, i === 0, defenseLabel(base, o.value))),
    })
  }
  const extra: Record<string, unknown> = {}
  if (usesTraitFields(base)) extra.traits = traitsJson(base)
  Object.assign(extra, upgradeFields(base))
  return { extra, choices }
}

/**
 * The shot with both choices made, for the ranking functions: where a choice is still open, the
 * value given here is only a starting point (rankBonuses tries each bonus, and each defence
 * when the defence is open).
 */
function withChoices(req: ShotRequest, bonus: AttackBonus, defense: DefenseChoice): ChosenShot {
  const s = { ...req } as unknown as ChosenShot // a copy, its choices then made
  s.bonus = bonus
  s.defense = defense
  return s
}

function chooseShot(req: ShotRequest, ctx: ChoiceContext): Promise<ChosenShot> | ChosenShot {
  // Synchronous when nobody is asked (batch resolves thousands of lines a second).
  const asking = ctx.interactive && (req.bonus === 'ask' || req.defense === 'ask')
  return asking ? chooseAsking(req, ctx) : chooseAuto(req, ctx)
}

/** The open choices, asked in a terminal (each option with its exact expected damage). */
async function chooseAsking(req: ShotRequest, ctx: ChoiceContext): Promise<ChosenShot> {
  const bonusOpen = isOpen(req.bonus)
  const defenseOpen = isOpen(req.defense)
  const s = withChoices(
    req,
    isOpen(req.bonus) ? 'precision' : req.bonus,
    isOpen(req.defense) ? 'dodge' : req.defense,
  )
  if (bonusOpen) {
    const asking = req.bonus === 'ask'
    const ranked = asking
      ? rankBonuses(s, !defenseOpen, ATTACK_BONUSES, DEFENSES)
      : rankBonuses(s, !defenseOpen)
    if (asking) {
      const vs = defenseOpen ? " vs the defender's best reply" : ''
      s.bonus = await ctx.select(
        `Attacker's bonus (Acc ${s.acc}, ${s.shots} shots, DMG ${s.dmg})`,
        ranked.map((o) => ({
          value: o.value,
          label: bonusLabel(s, o.value),
          hint: `${outlookHint(o.expected, s.hp !== undefined)}${vs}`,
        })),
        ranked[0].value,
      )
      s.chosenBy.bonus = 'prompt'
    } else s.bonus = ranked[0].value
  }
  if (defenseOpen) {
    const asking = req.defense === 'ask'
    const ranked = rankDefenses(s, asking ? DEFENSES : AUTO_DEFENSES)
    if (asking) {
      s.defense = await ctx.select(
        `Defender's reaction to ${s.bonus === 'none' ? 'no bonus' : s.bonus}`,
        ranked.map((o) => ({
          value: o.value,
          label: defenseLabel(s, o.value),
          hint: outlookHint(o.expected, s.hp !== undefined),
        })),
        ranked[0].value,
      )
      s.chosenBy.defense = 'prompt'
    } else s.defense = ranked[0].value
  }
  return withMidwayAsks(s)
}

/**
 * What is asked after the dice are seen, when a person is there to answer: the evade dice to
 * reroll (unless --reroll gave the pick) and the Momentum to spend (unless --momentum gave it).
 */
function withMidwayAsks(s: ChosenShot): ChosenShot {
  const ask: string[] = []
  if (s.chosenBy.evadeReroll === 'auto' && rerollsAllowed(s) > 0) ask.push('evade-reroll')
  if (!s.momentumGiven) ask.push('momentum')
  return ask.length ? Object.assign({}, s, { askDecisions: ask }) : s
}

/** The open choices, settled without asking: the same picks chooseAsking offers first. */
function chooseAuto(req: ShotRequest, ctx: ChoiceContext): ChosenShot {
  const bonusOpen = isOpen(req.bonus)
  const defenseOpen = isOpen(req.defense)
  const s = withChoices(
    req,
    isOpen(req.bonus) ? 'precision' : req.bonus,
    isOpen(req.defense) ? 'dodge' : req.defense,
  )
  if (bonusOpen) {
    // Ranked against the defender's best reply to each bonus, when the defence is open too.
    const best = rankBonuses(s, !defenseOpen)[0]
    s.bonus = best.value
    s.defense = best.defense
  } else if (defenseOpen) s.defense = rankDefenses(s, AUTO_DEFENSES)[0].value
  return ctx.interactive ? withMidwayAsks(s) : s
}

function shotLuck(r: ShotResult, s: ChosenShot): number {
  // Measured against the same choices and Momentum policy. Momentum answered at a prompt has
  // no policy: the amount spent stands in for it (the odds ignore answers and prompts).
  const shot = s.chosenBy.momentum === 'prompt' ? Object.assign({}, s, { momentum: r.momentumSpent }) : s
  return shotDamageOdds(shot).percentile(r.damage)
}

/** Expected values and percentiles in JSON: six decimals are plenty and stay readable. */
function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6
}
