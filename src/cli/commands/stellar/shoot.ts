import { InputError } from '../../../core/errors.js'
import {
  type AttackBonus,
  type DefenseChoice,
  type MomentumQuestion,
  type Shot,
  type ShotResult,
  MAX_WEAPON_SHOTS,
  attackBonusSize,
  defenseBonusSize,
  momentumNegates,
  resolveShot,
  shotTargetNumber,
} from '../../../rules/stellar/shoot.js'
import { ATTACK_BONUSES, AUTO_DEFENSES, DEFENSES, expectedDamageFrom, rankBonuses, rankDefenses, shotOdds } from '../../../rules/stellar/shoot-odds.js'
import { NO_PEN, type Level, type Penetration, parsePen } from '../../../rules/stellar/weapon.js'
import { num } from '../../../render/format.js'
import { explainShot, renderShot, renderShotOdds } from '../../../render/stellar/shoot.js'
import { saveFields, saveFieldsText } from './save-fields.js'
import { type ChoiceContext, type CommandSpec, type Values, boolOpt, enumOpt, intOpt, requireValue, textOpt } from '../../spec.js'

export type ChosenBy = 'flag' | 'auto' | 'prompt'

export interface ShotRequest extends Shot {
  chosenBy: { bonus: ChosenBy; defense: ChosenBy; momentum: ChosenBy }
  /** Choices not settled yet: 'ask' (missing flag) or 'auto'. */
  openBonus?: 'ask' | 'auto'
  openDefense?: 'ask' | 'auto'
  momentumGiven: boolean
}

function openChoice(v: unknown): 'ask' | 'auto' | undefined {
  if (v === undefined) return 'ask'
  if (v === 'auto') return 'auto'
  return undefined
}

export function buildShot(v: Values): ShotRequest {
  const acc = requireValue<number>(v, 'acc', '--acc', "the attacker's Shooting Accuracy, e.g. --acc 9")
  const shots = requireValue<number>(v, 'shots', '--shots', `the weapon's printed shots, 1-${MAX_WEAPON_SHOTS}, e.g. --shots 5`)
  const dmg = requireValue<number>(v, 'dmg', '--dmg', "the weapon's DMG per hit, e.g. --dmg 200")
  const indirect = Boolean(v.indirect)
  if (indirect && v.bullseye) throw new InputError('bad-combination', '--bullseye: Indirect Fire cannot benefit from Skills; drop --bullseye or --indirect')
  const pen = (v.pen as Penetration | undefined) ?? NO_PEN
  const openBonus = openChoice(v.bonus)
  const openDefense = openChoice(v.defense)
  return {
    acc,
    evade: v.evade as number,
    shots,
    rapidFire: v.rapidFire as number,
    dmg,
    pen,
    armSv: v.armSv as number,
    bonus: openBonus ? 'precision' : (v.bonus as AttackBonus),
    pilot: v.pilot as Level,
    defense: openDefense ? 'dodge' : (v.defense as DefenseChoice),
    defPilot: v.defPilot as Level,
    shield: v.shield as number,
    cover: Boolean(v.cover),
    blindside: Boolean(v.blindside),
    targetLock: Boolean(v.targetLock),
    indirect,
    advantage: Boolean(v.advantage),
    focus: Boolean(v.focus),
    bullseye: Boolean(v.bullseye),
    extraHits: v.extraHits as number,
    momentum: (v.momentum as number | undefined) ?? 0,
    momentumGiven: v.momentum !== undefined,
    warship: Boolean(v.warship),
    aoe: Boolean(v.aoe),
    size: v.size as number,
    hp: v.hp as number | undefined,
    openBonus,
    openDefense,
    chosenBy: { bonus: openBonus ? 'auto' : 'flag', defense: openDefense ? 'auto' : 'flag', momentum: v.momentum !== undefined ? 'flag' : 'auto' },
  }
}

const exp = (x: number) => `expected ${num(x, 1)} DMG`

export const shootSpec: CommandSpec<ShotRequest, ShotResult> = {
  name: 'shoot',
  summary: 'MechaStellar shooting attack: the defender rolls a d10 to evade each shot',
  diceOrder: 'one evade d10 per shot, in shot order; then one armor-save d10 per unblocked hit (at most 3; 5 for warships, 10 vs AOE)',
  examples: [
    'mecha shoot --acc 9 --evade 4 --shots 7 --dmg 200 --bonus none --defense none --rolls 1,1,4,5,7,7,10',
    'mecha shoot --acc 9 --evade 4 --shots 5 --dmg 300 --pen 5 --arm-sv 2 --shield 1 --momentum 3 --seed table1',
    'mecha shoot --acc 9 --evade 4 --shots 5 --dmg 300 --pen 5 --arm-sv 2 --hp 2000 --odds',
  ],
  options: [
    intOpt('acc', "attacker's Shooting Accuracy", { min: 0, max: 30 }),
    intOpt('evade', "defender's Evade bonus", { min: 0, max: 30, default: 0 }),
    intOpt('shots', "weapon's printed shots at this range; at most 10 are rolled, after modifiers", { min: 1, max: MAX_WEAPON_SHOTS }),
    intOpt('rapid-fire', 'Rapid Fire shots gained within half range (negative: lost)', { min: -10, max: 10, default: 0 }),
    intOpt('dmg', 'DMG per hit', { min: 0, max: 100000 }),
    textOpt('pen', 'N[S|P]', 'ARM PEN, with S for stun or P for push/pull (e.g. 5S)', parsePen),
    intOpt('arm-sv', "defender's ARM Sv", { min: 0, max: 20, default: 0 }),
    enumOpt('bonus', ['precision', 'barrage', 'none', 'auto'], "attacker's bonus: Precision (+Acc) or Barrage (+shots); missing: asked in a terminal, else auto"),
    intOpt('pilot', "attacker's pilot level 0-2 (level 1+: bonus +2)", { min: 0, max: 2, default: 0 }),
    enumOpt('defense', ['dodge', 'guard', 'none', 'auto'], "defender's reaction: Dodge (+Evade) or Guard (+Block); missing: asked in a terminal, else auto"),
    intOpt('def-pilot', "defender's pilot level 0-2 (level 2: Dodge/Guard +2)", { min: 0, max: 2, default: 0 }),
    intOpt('shield', "defender's shield blocks", { min: 0, max: 20, default: 0 }),
    boolOpt('cover', 'defender in cover: 1 block, 2 vs DMG 500 or less (does not stack with a shield)'),
    boolOpt('blindside', 'attack from behind: ignores shields and cover, +1 critical hit'),
    boolOpt('target-lock', 'target within Sensors range: 3s are critical hits too'),
    boolOpt('indirect', 'Indirect Fire: critical hits count as plain hits; Focus gives +1 shot'),
    boolOpt('advantage', 'Tactical Advantage (High Ground, High Speed, Overwhelm, Shutdown): +1 critical hit'),
    boolOpt('focus', 'Focus action: +1 hit (+2 with DMG 0-200)'),
    boolOpt('bullseye', 'Bullseye skill: +1 hit'),
    intOpt('extra-hits', 'other bonus hits (Make it Count!, high-ground target, Havoc Impact)', { min: 0, max: 20, default: 0 }),
    intOpt('momentum', 'Skill Defense: Momentum the defender will spend, one hit negated per point', { min: 0, max: 10 }),
    boolOpt('warship', 'defender is a warship: saves capped at 5 (10 vs AOE), Momentum costs double'),
    boolOpt('aoe', 'AOE weapon (warship saves capped at 10)'),
    intOpt('size', "defender's Size (push/pull saves +2 per Size)", { min: 0, max: 10, default: 0 }),
    intOpt('hp', "defender's remaining HP, to report destruction", { min: 1, max: 1000000 }),
  ],
  build: buildShot,

  choose(req, ctx) {
    // Synchronous when nobody is asked (batch resolves thousands of lines a second).
    const asking = ctx.interactive && (req.openBonus === 'ask' || req.openDefense === 'ask')
    return asking ? chooseAsking(req, ctx) : chooseAuto(req, ctx)
  },

  async decide(id, context, s, ctx) {
    if (id !== 'momentum') throw new Error(`unknown decision ${id}`)
    const q = context as MomentumQuestion
    const options = []
    const step = s.warship ? 2 : 1
    for (let p = 0; p <= Math.min(10, q.maxPoints); p += step) {
      const unblocked = q.hitsLeft - momentumNegates(p, s.warship)
      options.push({ value: p, label: `Spend ${p} Momentum`, hint: `${unblocked} hit${unblocked === 1 ? '' : 's'} through, ${exp(expectedDamageFrom({ ...s, askDecisions: false, decisions: { momentum: p } }, q.hits))}` })
    }
    s.chosenBy.momentum = 'prompt'
    return ctx.select(`Skill Defense: ${q.hitsLeft === 1 ? '1 hit gets' : `${q.hitsLeft} hits get`} through your blocks. Spend Momentum?`, options, 0)
  },

  resolve: resolveShot,

  replayFlags(s, r) {
    const flags: string[] = []
    if (s.chosenBy.bonus === 'prompt') flags.push('--bonus', s.bonus)
    if (s.chosenBy.defense === 'prompt') flags.push('--defense', s.defense)
    // Momentum offered = Momentum spent: the automatic policy then spends exactly that.
    if (s.chosenBy.momentum === 'prompt') flags.push('--momentum', String(r.momentumSpent))
    return flags
  },

  json(r, s) {
    const luck = shotLuck(r, s)
    const out: Record<string, unknown> = {
      targetNumber: r.targetNumber,
      shotsFired: r.shotsFired,
      dice: r.dice.map((d) => (d.critAsHit ? { roll: d.roll, outcome: d.outcome, critAsHit: true } : { roll: d.roll, outcome: d.outcome })),
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
    return out
  },
  jsonFields(r, s) {
    // json() above as text, member for member (every string here is one of our own words).
    let dice = ''
    for (let i = 0; i < r.dice.length; i++) {
      const d = r.dice[i]
      dice += `${i ? ',' : ''}{"roll":${d.roll},"outcome":"${d.outcome}"${d.critAsHit ? ',"critAsHit":true' : ''}}`
    }
    const c = s.chosenBy
    let text =
      `"targetNumber":${r.targetNumber},"shotsFired":${r.shotsFired},"dice":[${dice}],"crits":${r.crits},"hits":${r.hits},"blocks":${r.blocks},` +
      `"blockSource":"${r.blockSource}","momentumSpent":${r.momentumSpent},"unblockedHits":${r.unblockedHits},"hitDamage":${r.hitDamage},` +
      `${saveFieldsText(r.save)},"damage":${r.damage},"bonus":"${s.bonus}","defense":"${s.defense}",` +
      `"chosenBy":{"bonus":"${c.bonus}","defense":"${c.defense}","momentum":"${c.momentum}"},"luck":{"percentile":${round6(shotLuck(r, s))}}`
    if (r.remainingHp !== undefined) text += `,"remainingHp":${r.remainingHp},"destroyed":${r.destroyed}`
    return text
  },
  render: (r, s, out) => renderShot(r, s, shotLuck(r, s), out),
  explain: explainShot,
  odds(s) {
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
    return {
      json,
      extra: { targetNumber: shotTargetNumber(s), bonus: s.bonus, defense: s.defense, chosenBy: s.chosenBy },
      render: (out) => renderShotOdds(o, s, out),
    }
  },
}

/** How lucky the attacker was: mid-rank percentile of this damage among all outcomes. */
/** The open choices, asked in a terminal (each option with its exact expected damage). */
async function chooseAsking(req: ShotRequest, ctx: ChoiceContext): Promise<ShotRequest> {
  let s: ShotRequest = { ...req }
  const ask = (open?: 'ask' | 'auto') => open === 'ask' && ctx.interactive
  if (s.openBonus) {
    const asking = ask(s.openBonus)
    const ranked = asking ? rankBonuses(s, !s.openDefense, ATTACK_BONUSES, DEFENSES) : rankBonuses(s, !s.openDefense)
    if (asking) {
      const size = attackBonusSize(s.pilot)
      const labels: Record<AttackBonus, string> = { precision: `Precision (+${size} Acc)`, barrage: `Barrage (+${size} shot${size > 1 ? 's' : ''})`, none: 'No bonus' }
      const vs = s.openDefense ? " vs the defender's best reply" : ''
      s.bonus = await ctx.select(
        `Attacker's bonus (Acc ${s.acc}, ${s.shots} shots, DMG ${s.dmg})`,
        ranked.map((o) => ({ value: o.value, label: labels[o.value], hint: `${exp(o.odds.expected.damage)}${vs}` })),
        ranked[0].value,
      )
      s.chosenBy.bonus = 'prompt'
    } else s.bonus = ranked[0].value
  }
  if (s.openDefense) {
    const asking = ask(s.openDefense)
    const ranked = rankDefenses(s, asking ? DEFENSES : AUTO_DEFENSES)
    if (asking) {
      const size = defenseBonusSize(s.defPilot)
      const labels: Record<DefenseChoice, string> = { dodge: `Dodge (+${size} Evade)`, guard: `Guard (+${size} Block)`, none: 'No reaction' }
      s.defense = await ctx.select(
        `Defender's reaction to ${s.bonus === 'none' ? 'no bonus' : s.bonus}`,
        ranked.map((o) => ({ value: o.value, label: labels[o.value], hint: exp(o.odds.expected.damage) })),
        ranked[0].value,
      )
      s.chosenBy.defense = 'prompt'
    } else s.defense = ranked[0].value
  }
  s.openBonus = undefined
  s.openDefense = undefined
  // Momentum is asked after the evade dice are known, when a person is there to answer.
  if (!s.momentumGiven && ctx.interactive) s = { ...s, askDecisions: true }
  return s
}

/** The open choices, settled without asking: the same picks chooseAsking offers first. */
function chooseAuto(req: ShotRequest, ctx: ChoiceContext): ShotRequest {
  if (!req.openBonus && !req.openDefense && !ctx.interactive) return req // nothing to settle
  let s: ShotRequest = { ...req }
  if (s.openBonus) s.bonus = rankBonuses(s, !s.openDefense)[0].value
  if (s.openDefense) s.defense = rankDefenses(s, AUTO_DEFENSES)[0].value
  s.openBonus = undefined
  s.openDefense = undefined
  if (!s.momentumGiven && ctx.interactive) s = { ...s, askDecisions: true }
  return s
}

function shotLuck(r: ShotResult, s: ShotRequest): number {
  // Measured against the same choices and Momentum policy. Momentum answered at a prompt has
  // no policy: the amount spent stands in for it. (shotOdds ignores answers and prompts, and
  // the shot is passed as it is where possible: batch calls this for every line.)
  const o = s.chosenBy.momentum === 'prompt' ? shotOdds({ ...s, momentum: r.momentumSpent }) : shotOdds(s)
  return o.damage.percentile(r.damage)
}

/** Expected values and percentiles in JSON: six decimals are plenty and stay readable. */
function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6
}
