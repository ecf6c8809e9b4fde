import { InputError } from '../../core/errors.js'
import {
  type DefChoice,
  type MeleeSide,
  type Overwatch,
  IMPROVISE_DICE,
  MAX_POOL,
  meleeSide,
  usableDice,
} from '../../rules/stellar/melee.js'
import { NO_PEN, parsePen } from '../../rules/stellar/weapon.js'
import { applyMeleeUpgrades } from '../../rules/stellar/melee-upgrades.js'
import { notOverYetBar } from '../../rules/stellar/armor-save.js'
import {
  type ChosenTrait,
  type TraitFlags,
  applyMeleeTraits,
  checkSkills,
  skillDefenseLeft,
  checkWarshipOnly,
  chooseTraits,
  traitNames,
  traitText,
  type TraitEffect,
} from '../../rules/stellar/traits.js'
import { MAX_WEAPON_SHOTS } from '../../rules/stellar/shoot.js'
import {
  type ValuesOf,
  boolOpt,
  choiceOpt,
  completing,
  conflicts,
  defineCommand,
  intOpt,
  isOpen,
  levelOpt,
  openChoice,
  repeatable,
  required,
  textOpt,
} from '../../runtime/spec.js'
import { type MeleeQuery, type MeleeRequest, type OpenSplit, meleeModel } from '../../models/stellar/melee.js'
import { declineOption, refuseDeclineByFlags } from './decline-option.js'

// ---------------------------------------------------------------------------------------------
// Parsing

/** `6/3` (attack/defense dice, each 0-10) or `auto`. */
export function parseSplit(text: string, flag: string): OpenSplit {
  const t = text.trim().toLowerCase()
  if (t === 'auto') return 'auto'
  const m = /^(\d{1,3})\s*\/\s*(\d{1,3})$/.exec(t)
  if (!m)
    throw new InputError(
      'bad-split',
      `${flag}: "${text}" is not a split; give attack/defense dice as A/D, e.g. 6/3, or auto`,
    )
  const attack = Number(m[1])
  const defense = Number(m[2])
  if (attack > MAX_POOL || defense > MAX_POOL) {
    throw new InputError(
      'bad-split',
      `${flag}: ${attack}/${defense} puts more than ${MAX_POOL} dice in one pool; each pool is at most ${MAX_POOL} dice`,
    )
  }
  return { attack, defense }
}

const SAME_EFFECT = 'a unit cannot have two traits with the same effect'

/**
 * A defender that is a warship without a Melee stat never counter-attacks (quickstart, Warship
 * Combat: its AA DEF is its Melee DEF; see shipSides), so its melee weapon's DMG is never read:
 * --def-dmg may be left out (issue 37), and a charge at such a ship from a roster needs no
 * weapon of it. Its DMG is then 0, which no roll reads.
 */
function neverCounters(v: { defWarship?: unknown; defShipMelee?: unknown }): boolean {
  return v.defWarship === true && v.defShipMelee !== true
}

function sideOptions<P extends 'atk' | 'def'>(p: P, who: string) {
  const trait = <F extends string>(flag: F, text: string, sameAs?: string) => {
    const opt = boolOpt(`${p}-${flag}`, `${who}: ${text}`)
    return sameAs ? conflicts(opt, { [`${p}-${sameAs}`]: SAME_EFFECT }) : opt
  }
  return [
    openChoice(
      textOpt(
        `${p}-split`,
        'A/D',
        `${who}'s attack/defense dice, e.g. 6/3, or auto; missing: asked in a terminal, else auto`,
        parseSplit,
        'ask',
      ),
    ),
    intOpt(`${p}-melee`, `${who}'s Melee stat (dice pool; needed for auto splits)`, { min: 0, max: 30 }),
    required(
      intOpt(
        `${p}-dmg`,
        p === 'def'
          ? `${who}'s melee weapon DMG per hit (not needed for a warship without a Melee stat, which never counter-attacks)`
          : `${who}'s melee weapon DMG per hit`,
        { min: 0, max: 100000 },
      ),
      `the ${who}'s melee weapon DMG per hit, e.g. --${p}-dmg 300`,
      p === 'def' ? neverCounters : () => false,
    ),
    textOpt(
      `${p}-pen`,
      'N[S|P]',
      `${who}'s weapon ARM PEN, with S for stun or P for push/pull (e.g. 5P)`,
      parsePen,
    ),
    intOpt(`${p}-arm-sv`, `${who}'s ARM Sv`, { min: 0, max: 20, default: 0 }),
    intOpt(`${p}-shield`, `${who}'s shield blocks`, { min: 0, max: 20, default: 0 }),
    intOpt(
      `${p}-barrier`,
      `${who}'s [Barrier] blocks: the better of shield and barrier counts${p === 'atk' ? ' (against overwatch too)' : ''}; a barrier blocks a Blindside attack`,
      { min: 0, max: 20, default: 0 },
    ),
    levelOpt(
      `${p}-pilot`,
      `${who}'s pilot level 0-2 (1+: +2 attacker bonus and Finishing Blows; 2: Counter/Guard +2)`,
    ),
    intOpt(`${p}-hp`, `${who}'s remaining HP (decides survival, counter-attack and destruction)`, {
      min: 1,
      max: 1000000,
    }),
    intOpt(
      `${p}-momentum`,
      `Skill Defense: the most Momentum the ${who} spends negating hits, one per hit; missing: asked after the dice in a terminal, else none`,
      { min: 0, max: 10 },
    ),
    intOpt(`${p}-size`, `${who}'s Size (push/pull saves +2 per Size)`, { min: 0, max: 10, default: 0 }),
    intOpt(`${p}-finisher`, `${who}'s weapon Finisher level: Finishing Blow +1000 DMG each`, {
      min: 0,
      max: 10,
      default: 0,
    }),
    trait('bold-leader', 'Bold Leader commander: hits and blocks on 4+'),
    trait('bold-ally', 'led by a Bold Leader commander: hits on 4+', 'bold-leader'),
    trait('skilled-swordsman', 'Skilled Swordsman: enemies hit it on 6+'),
    trait(
      'master-swordsman',
      'Master Swordsman: enemies hit it on 6+ and block its attacks on 6+',
      'skilled-swordsman',
    ),
    trait('close-combat-expert', 'Close Combat Expert: +1 hit on attack, +1 block on defense'),
    trait(
      'merciless-melee',
      'Merciless Melee: +2 hits on attack, +1 block on defense',
      'close-combat-expert',
    ),
    trait('berserker', 'Berserker, in effect (HP under 50% or an allied ace destroyed): +3 hits, +1 block'),
    trait('killer-instinct', 'Killer Instinct, in effect: +1 hit (+2 with DMG 0-200), +1 block', 'berserker'),
    trait(
      'advantage',
      'Tactical Advantage (High Ground, High Speed Attack, Overwhelm, Shutdown): +1 critical hit',
    ),
    intOpt(
      `${p}-extra-hits`,
      `${who}'s other bonus hits (Focus, Bullseye, Make it Count!, Havoc Impact, high-ground target…)`,
      { min: 0, max: 20, default: 0 },
    ),
    intOpt(`${p}-extra-blocks`, `${who}'s other bonus blocks (Challenge, traits not in mecha traits…)`, {
      min: 0,
      max: 20,
      default: 0,
    }),
    completing(
      repeatable(
        textOpt(`${p}-trait`, 'NAME', `${who}'s trait, or NAME=CHOICE (see mecha traits)`, (t) => t),
      ),
      traitNames('melee', p === 'atk' ? 'attacker' : 'defender'),
    ),
    intOpt(
      `${p}-not-over-yet`,
      `"It's not over yet!": Momentum the ${who} spends in the clash, a failed save each`,
      { min: 0, max: 10, default: 0 },
    ),
    boolOpt(
      `${p}-warship`,
      `${who} is a warship: saves capped at 5, Skill Defense 2 Momentum a hit and its only Skill; without --${p}-ship-melee its --${p}-melee is its AA DEF, all defense dice, and it never attacks`,
    ),
    boolOpt(
      `${p}-ship-melee`,
      `the ${who}'s warship has a Melee stat (--${p}-melee): it splits its dice and attacks as any unit`,
    ),
    textOpt(
      `${p}-havoc`,
      'LIST',
      `${who}'s Havoc: impact (this round melee +1 hit; a push/pull weapon PEN+1), e.g. impact,impact`,
      (t) => t,
    ),
    textOpt(
      `${p}-power`,
      'LIST',
      `${who}'s Power: refused (Power's weapon upgrades may not be chosen for melee weapons)`,
      (t) => t,
    ),
    textOpt(
      `${p}-reroll`,
      'FACES',
      `Improvise: faces of the ${who}'s dice to reroll, e.g. 2,3 (missing: asked, else auto)`,
      parseRerollFaces,
    ),
  ] as const
}

/** `--atk-reroll 2,3`: the faces of the dice a side rerolls (none: `none`). */
export function parseRerollFaces(text: string, flag: string): number[] {
  const t = text.trim().toLowerCase()
  if (t === 'none' || t === '') return []
  const parts = t.split(/\s*,\s*/)
  const faces = parts.map(Number)
  if (parts.length > IMPROVISE_DICE || faces.some((f) => !Number.isInteger(f) || f < 1 || f > 10))
    throw new InputError(
      'bad-value',
      `${flag}: "${text}" is not a pick; give up to ${IMPROVISE_DICE} d10 faces of the dice to reroll, e.g. 2,3, or none`,
    )
  return faces
}

export const meleeOptions = [
  ...sideOptions('atk', 'attacker'),
  intOpt('atk-evade', "attacker's Evade against overwatch shots", { min: 0, max: 30, default: 0 }),
  boolOpt(
    'atk-m-particles',
    'overwatch from beyond 24" with M-Particles spread: the charger rerolls 1 evade die an attack',
  ),
  intOpt('round', "the game round (Persevere's reduction grows in round 4)", { min: 1, max: 10, default: 1 }),
  declineOption,
  ...sideOptions('def', 'defender'),
  choiceOpt(
    'def-choice',
    ['counter', 'guard', 'both'],
    "defender's choice: Counter (+hit) or Guard (+block); both needs --def-solo-operative; missing: asked in a terminal, else auto",
  ),
  boolOpt('def-solo-operative', 'Solo Operative: the defender may take both Counter and Guard'),
  boolOpt('blindside', "attack from behind: +1 critical hit, ignores the defender's shield, no overwatch"),
  intOpt(
    'def-overwatch',
    'overwatch attacks the defender fires at the charger (one per action, x2 for Overwatch II, x3 for III)',
    { min: 0, max: 20 },
  ),
  intOpt('def-ow-acc', "overwatch weapon's Shooting Accuracy", { min: 0, max: 30 }),
  intOpt('def-ow-shots', "overwatch weapon's printed shots per attack; at most 10 are rolled", {
    min: 1,
    max: MAX_WEAPON_SHOTS,
  }),
  intOpt('def-ow-dmg', "overwatch weapon's DMG per hit", { min: 0, max: 100000 }),
  textOpt('def-ow-pen', 'N[S|P]', "overwatch weapon's ARM PEN (e.g. 4, 5S)", parsePen),
  boolOpt('def-ow-target-lock', 'overwatch with Target Lock: 3s are critical hits too'),
] as const

export type MeleeValues = ValuesOf<typeof meleeOptions>

const MELEE_TRAIT_FLAGS: TraitFlags = { attacker: '--atk-trait', defender: '--def-trait' }

/** The trait switches each side had before the registry: each names the registry entry it is. */
const TRAIT_SWITCHES = [
  ['BoldLeader', 'bold-leader'],
  ['BoldAlly', 'bold-ally'],
  ['SkilledSwordsman', 'skilled-swordsman'],
  ['MasterSwordsman', 'master-swordsman'],
  ['CloseCombatExpert', 'close-combat-expert'],
  ['MercilessMelee', 'merciless-melee'],
  ['Berserker', 'berserker'],
  ['KillerInstinct', 'killer-instinct'],
] as const

/**
 * A side's own value keys (`${p}Dmg` is atkDmg or defDmg, the same option for either side), made
 * once: a key string built at every read costs batch a string-table lookup per read.
 */
function sideKeys<P extends 'atk' | 'def'>(p: P) {
  const k = <S extends string>(s: S) => `${p}${s}` as const
  return {
    melee: k('Melee'),
    dmg: k('Dmg'),
    pen: k('Pen'),
    armSv: k('ArmSv'),
    shield: k('Shield'),
    barrier: k('Barrier'),
    pilot: k('Pilot'),
    hp: k('Hp'),
    momentum: k('Momentum'),
    size: k('Size'),
    finisher: k('Finisher'),
    advantage: k('Advantage'),
    extraHits: k('ExtraHits'),
    extraBlocks: k('ExtraBlocks'),
    notOverYet: k('NotOverYet'),
    warship: k('Warship'),
    shipMelee: k('ShipMelee'),
    havoc: k('Havoc'),
    power: k('Power'),
    reroll: k('Reroll'),
    trait: k('Trait'),
    switches: TRAIT_SWITCHES.map(([key, name]) => [k(key), name] as const),
  }
}
const SIDE_KEYS = { atk: sideKeys('atk'), def: sideKeys('def') }

/** A side's traits: its switches (and the defender's --def-solo-operative), then its trait flags. */
function sideTraits(v: MeleeValues, p: 'atk' | 'def'): ChosenTrait[] {
  const key = SIDE_KEYS[p]
  const names: string[] = []
  for (const [flag, name] of key.switches) if (v[flag]) names.push(name)
  if (p === 'def' && v.defSoloOperative) names.push('solo-operative')
  names.push(...(v[key.trait] ?? []))
  const traits = chooseTraits(names, 'melee', p === 'atk' ? 'attacker' : 'defender', MELEE_TRAIT_FLAGS)
  // One Skill a turn (the rules' check), and a warship's only Skill is Skill Defense; Skill
  // Defense counts when its Momentum is above 0.
  const momentum = v[key.momentum] ?? 0
  const flags =
    momentum > 0 ? [{ skill: 'skill-defense' as const, given: `--${p}-momentum ${momentum}` }] : []
  const warship = v[key.warship] ? `--${p}-warship` : undefined
  checkSkills({ flags, traits, traitFlag: `--${p}-trait`, warship })
  checkWarshipOnly(traits, v[key.warship], `--${p}-trait`, `--${p}-warship`)
  return traits
}

function buildSide(
  v: MeleeValues,
  p: 'atk' | 'def',
  traits: ChosenTrait[],
  effects: TraitEffect[],
): MeleeSide {
  const key = SIDE_KEYS[p]
  // The traits' fields start off (meleeSide): applyMeleeTraits sets them from the registry.
  const side = meleeSide({
    unit: {
      melee: v[key.melee],
      armSv: v[key.armSv],
      shield: v[key.shield],
      ...(v[key.barrier] > 0 ? { barrier: v[key.barrier] } : {}),
      pilot: v[key.pilot],
      hp: v[key.hp],
      momentum: v[key.momentum] ?? 0,
      size: v[key.size],
      evade: p === 'atk' ? v.atkEvade : 0,
      warship: v[key.warship],
      shipMelee: v[key.shipMelee],
    },
    weapon: { dmg: v[key.dmg] ?? 0, pen: v[key.pen] ?? NO_PEN, finisher: v[key.finisher] },
    mods: {
      advantage: v[key.advantage],
      extraHits: v[key.extraHits],
      extraBlocks: v[key.extraBlocks],
      notOverYet: v[key.notOverYet],
      // Spread M-Particles: one evade die an overwatch attack; the traits add theirs.
      evadeRerolls: p === 'atk' && v.atkMParticles ? 1 : 0,
    },
  })
  effects.push(...applyMeleeTraits(side, traits, p === 'atk' ? 'attacker' : 'defender'))
  const havoc = v[key.havoc]
  if (havoc !== undefined) applyMeleeUpgrades(side, 'havoc', havoc, `--${p}-havoc`)
  const power = v[key.power]
  if (power !== undefined) applyMeleeUpgrades(side, 'power', power, `--${p}-power`)
  return side
}

/**
 * WARSHIPS IN MELEE (quickstart, Warship Combat; see meleeAttacks): a warship without a Melee
 * stat cannot charge, and as the defender its dice (--def-melee: its AA DEF, at most 10) all
 * defend and it guards: its split and choice are fixed here, before any search. A split or a
 * Counter given against that is refused.
 */
function shipSides(v: MeleeValues): { defSplit?: OpenSplit; defChoice?: DefChoice } {
  for (const p of ['atk', 'def'] as const) {
    if (v[SIDE_KEYS[p].shipMelee] && !v[SIDE_KEYS[p].warship])
      throw new InputError(
        'bad-combination',
        `--${p}-ship-melee: only a warship has a ship Melee stat; add --${p}-warship or drop --${p}-ship-melee`,
      )
  }
  if (v.atkWarship && !v.atkShipMelee)
    throw new InputError(
      'bad-combination',
      '--atk-warship: only a ship with a Melee stat attacks in melee (its AA DEF only defends); add --atk-ship-melee if it has one',
    )
  if (!v.defWarship || v.defShipMelee) return {}
  const given = v.defSplit
  let dice: number
  if (given === 'ask' || given === 'auto') {
    if (v.defMelee === undefined)
      throw new InputError(
        'missing',
        '--def-melee is required: a warship without a Melee stat defends with its AA DEF dice; give --def-melee N (its AA DEF), or --def-ship-melee if it has a Melee stat',
      )
    dice = Math.min(v.defMelee, MAX_POOL)
  } else {
    dice = given.attack + given.defense
    const pool = v.defMelee === undefined ? dice : Math.min(v.defMelee, MAX_POOL)
    if (given.attack !== 0 || given.defense !== pool)
      throw new InputError(
        'bad-split',
        `--def-split: ${given.attack}/${given.defense}, but a warship without a Melee stat rolls all its AA DEF dice to defend (at most ${MAX_POOL}); give 0/${pool} or leave --def-split out (--def-ship-melee if it has a Melee stat)`,
      )
  }
  const choice = v.defChoice
  if (choice === 'counter' || choice === 'both')
    throw new InputError(
      'bad-choice',
      `--def-choice ${choice}: a warship without a Melee stat never counter-attacks, so it guards; give guard or leave --def-choice out (--def-ship-melee if it has a Melee stat)`,
    )
  return { defSplit: { attack: 0, defense: dice }, defChoice: 'guard' }
}

/** "It's not over yet!" for a side that may not use it (against the other side's weapon) is refused. */
function checkNotOverYet(p: 'atk' | 'def', own: MeleeSide, enemy: MeleeSide): void {
  if (own.mods.notOverYet === 0) return
  const bar = notOverYetBar({ pilot: own.unit.pilot, warship: own.unit.warship, pen: enemy.weapon.pen })
  const fix =
    own.unit.pilot < 1 && !own.unit.warship && enemy.weapon.pen.kind !== 'push'
      ? `add --${p}-pilot 1 or drop`
      : 'drop'
  if (bar) throw new InputError('bad-combination', `--${p}-not-over-yet: ${bar}; ${fix} --${p}-not-over-yet`)
}

/** The split given (checked against the Melee stat), or the open choice. */
function splitFrom(raw: OpenSplit, p: 'atk' | 'def', who: string, pool: number | undefined): OpenSplit {
  if (raw === 'ask' || raw === 'auto') {
    if (pool === undefined) {
      throw new InputError(
        'missing',
        `--${p}-melee is required to choose the ${who}'s split: give --${p}-melee N (the Melee stat) or --${p}-split A/D`,
      )
    }
    return raw
  }
  if (pool !== undefined) {
    const used = usableDice(pool)
    const total = raw.attack + raw.defense
    if (total !== used) {
      const why = total > used ? 'is larger than' : 'does not use all of'
      throw new InputError(
        'bad-split',
        `--${p}-split: ${raw.attack}/${raw.defense} is ${total} dice, which ${why} --${p}-melee ${pool}; split ${used} dice (each pool at most ${MAX_POOL})`,
      )
    }
  }
  return raw
}

/**
 * Giant Slayer's `larger` (W: "+2 PEN in Melee vs a larger Size") against an enemy both sides'
 * Sizes say is not larger is refused (issue 37): the choice states a fact the flags contradict.
 * A Size of 0 is the flag left out (no unit is Size 0), so then the player's word stands.
 */
function checkGiantSlayer(v: MeleeValues, p: 'atk' | 'def', traits: readonly ChosenTrait[]): void {
  const own = v[SIDE_KEYS[p].size]
  const q = p === 'atk' ? 'def' : 'atk'
  const enemy = v[SIDE_KEYS[q].size]
  if (own === 0 || enemy === 0 || enemy > own) return
  if (traits.some((c) => c.trait.name === 'giant-slayer' && c.choice === 'larger'))
    throw new InputError(
      'bad-combination',
      `--${p}-trait giant-slayer=larger: the ${q === 'def' ? 'defender' : 'attacker'}'s Size ${enemy} is not larger than the ${p === 'atk' ? 'attacker' : 'defender'}'s Size ${own}; give giant-slayer (+1 PEN) or the Sizes as they are`,
    )
}

export function buildMelee(v: MeleeValues): MeleeQuery {
  refuseDeclineByFlags(v)
  const chosen = { attacker: sideTraits(v, 'atk'), defender: sideTraits(v, 'def') }
  checkGiantSlayer(v, 'atk', chosen.attacker)
  checkGiantSlayer(v, 'def', chosen.defender)
  const traitEffects: TraitEffect[] = []
  const atk = buildSide(v, 'atk', chosen.attacker, traitEffects)
  const def = buildSide(v, 'def', chosen.defender, traitEffects)
  checkNotOverYet('atk', atk, def)
  checkNotOverYet('def', def, atk)
  const ship = shipSides(v)
  const atkSplit = splitFrom(v.atkSplit, 'atk', 'attacker', atk.unit.melee)
  const defSplit = ship.defSplit ?? splitFrom(v.defSplit, 'def', 'defender', def.unit.melee)
  // Improvise picks given beforehand (--atk-reroll, --def-reroll): decisions the rule reads.
  const decisions: Record<string, unknown> = {}
  for (const [p, side, who] of [
    ['atk', atk, 'attacker'],
    ['def', def, 'defender'],
  ] as const) {
    const given = v[SIDE_KEYS[p].reroll]
    if (given === undefined) continue
    if (!side.mods.improvise)
      throw new InputError(
        'bad-combination',
        `--${p}-reroll: the ${who} has no Improvise; add --${p}-trait improvise or drop --${p}-reroll`,
      )
    decisions[`${p}-reroll`] = given
  }
  const chosenBy: MeleeRequest['chosenBy'] = {
    atkSplit: isOpen(atkSplit) ? 'auto' : 'flag',
    defSplit: isOpen(defSplit) ? 'auto' : 'flag',
    defChoice: isOpen(v.defChoice) ? 'auto' : 'flag',
    atkMomentum: v.atkMomentum !== undefined ? 'flag' : 'auto',
    defMomentum: v.defMomentum !== undefined ? 'flag' : 'auto',
  }
  if (atk.mods.improvise) chosenBy.atkReroll = decisions['atk-reroll'] ? 'flag' : 'auto'
  if (def.mods.improvise) chosenBy.defReroll = decisions['def-reroll'] ? 'flag' : 'auto'
  const solo = def.mods.soloOperative
  const defChoice = ship.defChoice ?? v.defChoice
  if (defChoice === 'both' && !solo)
    throw new InputError(
      'bad-choice',
      '--def-choice: both (Counter and Guard) needs --def-solo-operative; give counter, guard or auto',
    )
  const blindside = v.blindside
  const overwatch = buildOverwatch(v)
  return {
    atk,
    def,
    atkSplit,
    defSplit,
    defChoice,
    situation: { blindside, overwatch, round: v.round },
    overwatchSkipped: overwatch !== null && blindside && !def.mods.blindsideImmune,
    soloOperative: solo,
    // Skill Defense is not offered to a side whose Skills fill its turn (skillDefenseLeft).
    momentumGiven: {
      atk: v.atkMomentum !== undefined || !skillDefenseLeft(chosen.attacker),
      def: v.defMomentum !== undefined || !skillDefenseLeft(chosen.defender),
    },
    chosenBy,
    decisions: Object.keys(decisions).length ? decisions : undefined,
    // Plain text, so that a request stays plain data (copied, compared, cloned).
    traits: { attacker: chosen.attacker.map(traitText), defender: chosen.defender.map(traitText) },
    traitEffects,
    traitFieldsUsed:
      (v.atkTrait ?? []).length > 0 ||
      (v.defTrait ?? []).length > 0 ||
      atk.mods.notOverYet > 0 ||
      def.mods.notOverYet > 0,
  }
}

function buildOverwatch(v: MeleeValues): Overwatch | null {
  const attacks = v.defOverwatch ?? 0
  const given = (
    [
      ['defOwAcc', '--def-ow-acc'],
      ['defOwShots', '--def-ow-shots'],
      ['defOwDmg', '--def-ow-dmg'],
      ['defOwPen', '--def-ow-pen'],
      ['defOwTargetLock', '--def-ow-target-lock'],
    ] as const
  ).find(([k]) => v[k] !== undefined && v[k] !== false)
  if (attacks === 0) {
    if (given)
      throw new InputError(
        'missing',
        `${given[1]}: overwatch weapon flags need --def-overwatch N, the number of overwatch attacks the defender fires (at least 1)`,
      )
    return null
  }
  const need = (n: number | undefined, flag: string, hint: string): number => {
    if (n === undefined) throw new InputError('missing', `${flag} is required: ${hint}`)
    return n
  }
  return {
    attacks,
    acc: need(v.defOwAcc, '--def-ow-acc', "the overwatch weapon's Shooting Accuracy, e.g. --def-ow-acc 8"),
    shots: need(v.defOwShots, '--def-ow-shots', "the overwatch weapon's shots, e.g. --def-ow-shots 3"),
    dmg: need(v.defOwDmg, '--def-ow-dmg', "the overwatch weapon's DMG per hit, e.g. --def-ow-dmg 200"),
    pen: v.defOwPen ?? NO_PEN,
    targetLock: v.defOwTargetLock,
  }
}
export const meleeSpec = defineCommand({
  name: 'melee',
  summary:
    'MechaStellar melee clash: overwatch on the charge, attack, counter-attack, Finishing Blow, best dice splits',
  diceOrder:
    "overwatch first (only with --def-overwatch): for each attack, one evade d10 per shot, then one d10 per evade die the charger rerolls (Three Times as Fast!, Blockade Runner, --atk-m-particles, Improvise), then its armor saves; then the clash: the attacker's attack dice (then, with Improvise, the dice it rerolls), the defender's defense dice (then, with Unbeaten, a reroll of each that did not block; then, with Improvise, the dice it rerolls), armor saves against the defender (at most 3; 5 for a warship); then, if the defender survives and was not pushed out, the defender's attack dice, the attacker's defense dice, armor saves against the attacker; a side that rerolls saves (Unyielding) rolls one reroll per failed save right after its saves",
  examples: [
    'mecha melee --atk-split 6/3 --atk-pilot 2 --atk-shield 1 --atk-dmg 300 --atk-pen 4 --def-split 3/4 --def-pilot 1 --def-shield 1 --def-dmg 400 --def-pen 6 --def-arm-sv 1 --def-choice counter --rolls 3,3,7,7,8,10,2,5,8,10,6,4,9,2,8,8,2,4,4,5,3',
    'mecha melee --atk-melee 9 --atk-pilot 1 --atk-dmg 300 --atk-pen 5 --def-melee 7 --def-dmg 400 --def-hp 2500 --seed table1',
    'mecha melee --atk-melee 10 --atk-dmg 300 --atk-pen 5 --def-melee 10 --def-dmg 300 --def-pen 5 --def-hp 3000 --atk-hp 3000 --odds',
    'mecha melee --atk-split 5/2 --atk-dmg 300 --atk-pen 5 --atk-trait desperation-attack --atk-trait improvise --def-split 2/4 --def-dmg 400 --def-warship --def-ship-melee --def-momentum 2 --def-choice guard --seed table2',
  ],
  options: meleeOptions,
  build: buildMelee,
  model: meleeModel,
})
