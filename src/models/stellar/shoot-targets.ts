import type { Dice } from '../../core/dice.js'
import { InputError, NeedDecision } from '../../core/errors.js'
import { type AttackBonus, type DefenseChoice, type ShotResult, shotWith } from '../../rules/stellar/shoot.js'
import type { TraitEffect } from '../../rules/stellar/traits.js'
import { ATTACK_BONUSES, AUTO_DEFENSES, DEFENSES, rankDefenses } from '../../rules/stellar/shoot-odds.js'
import {
  type TargetsOdds,
  addDamage,
  addDestroyed,
  oneTargetField,
  rankTargetsBonuses,
  resolveTargets,
  targetShot,
  targetShots,
  targetsOdds,
} from '../../rules/stellar/multi-target.js'
import { type ChoiceContext, type CommandModel, type OddsReport, isOpen } from '../../runtime/spec.js'
import type { Chances, OddsAnswerOf, RolledAnswerOf, UnitInputs } from '../../runtime/answer.js'
import {
  type ChosenShot,
  type ShotAnswer,
  type ShotFields,
  type ShotOdds,
  type ShotOddsExtra,
  type ShotOddsJson,
  type ShotRequest,
  bonusLabel,
  defenseLabel,
  outlookHint,
  shotLuck,
  shotModel,
} from './shoot.js'
import { type ShotRoll, withShotText } from './shot-terms.js'

/** A roll at several targets: its answer's own fields. */
export interface TargetsFields {
  /** The attacker's bonus, one for every target. */
  bonus: AttackBonus
  /** Each target's own answer, as at one target, target 1 first. */
  targets: ShotFields[]
  /** The total. */
  damage: number
  /** With the targets' HP: how many were destroyed. */
  targetsDestroyed?: number
}

/** The exact odds at several targets: the answer's `odds`. */
export interface TargetsOddsJson {
  /** The total. */
  damage: Chances
  /** Each target's odds, as at one target. */
  targets: ShotOddsJson[]
  expected: { damage: number; targetsDestroyed?: number }
  /** With the targets' HP: how many are destroyed. */
  targetsDestroyed?: Chances
}

/** The fields beside the odds at several targets: each target's, as beside one target's odds. */
export interface TargetsOddsExtra {
  bonus: AttackBonus
  targets: ShotOddsExtra[]
}

/**
 * Where each input came from, given units by name: one record, or with several defenders named
 * a list, one a target, target 1 first.
 */
export interface TargetsNamedAnswer {
  inputs?: UnitInputs | UnitInputs[]
}

/** What the text of the odds at several targets reads: the totals, the shots, each target's report. */
export interface TargetsOddsDetail<D> {
  o: TargetsOdds
  shots: ChosenShot[]
  each: Array<OddsReport<ShotOddsJson, ShotOddsExtra, D>>
}

/**
 * `mecha shoot --targets N` (multi-target attacks, AOE weapons, Missile Massacre: see
 * rules/stellar/multi-target.ts), or `mecha shoot ATTACKER DEF1 DEF2 ...` (each target its own
 * defender, built from its own values: MORE_TARGETS, src/commands/stellar/shoot.ts): the
 * one-target model (`one`) run for each target in turn, every target's shot made by targetShot.
 * One target is the one-target model itself, so its answers (and the frozen seeds) are
 * unchanged; several answer with `targets: [...]`, each target's entry the one-target answer.
 *
 * The attacker's bonus is one choice for every target (rankTargetsBonuses); each target's
 * reaction is its own (`--defense dodge,guard`: one per target, in order). In a terminal the
 * open ones are asked (the bonus once, then each target's reaction in turn), else made
 * automatically; once a target's dice are seen its Skill Defense Momentum is asked
 * (`target2:momentum`), unless `--momentum` gave it (`1,0`: one per target). Evade rerolls follow
 * the automatic pick: `--reroll` has no form for several targets, so a replay could not repeat
 * answers given at a prompt.
 */
export function withTargets<D, CX, K>(
  one: CommandModel<
    ChosenShot,
    ShotRoll<ChosenShot>,
    ShotRequest,
    ShotFields,
    ShotOddsJson,
    ShotOddsExtra,
    D,
    CX,
    K
  >,
  helpers: OneTargetHelpers,
): CommandModel<
  ChosenShot,
  ShotRoll<ChosenShot> | Array<ShotRoll<ChosenShot>>,
  ShotRequest,
  ShotFields | TargetsFields,
  ShotOddsJson | TargetsOddsJson,
  ShotOddsExtra | TargetsOddsExtra,
  D | TargetsOddsDetail<D>,
  CX,
  K
> {
  const several = (s: { targets: number }) => s.targets > 1
  return {
    choose(req, ctx: ChoiceContext) {
      if (!several(req)) return one.choose!(req, ctx)
      if (!ctx.interactive) return chooseTargets(req)
      const asking = req.bonus === 'ask' || req.defense === 'ask'
      return asking
        ? chooseTargetsAsking(req, ctx, helpers).then(withMidwayAsks)
        : withMidwayAsks(chooseTargets(req))
    },
    decide(id, context, s, ctx) {
      const m = /^target(\d+):(.+)$/.exec(id)
      if (!several(s) || !m) return one.decide!(id, context, s, ctx)
      const i = Number(m[1]) - 1
      const asked: ChoiceContext = {
        interactive: ctx.interactive,
        select: (message, options, value) =>
          ctx.select(`Target ${i + 1} of ${s.targets}: ${message}`, options, value),
      }
      return one.decide!(m[2], context, shotsOf(s)[i], asked)
    },
    resolve(dice, s) {
      if (!several(s)) return one.resolve(dice, s)
      const shots = shotsOf(s)
      const r = s.targetAsks ? resolveAsking(dice, shots) : resolveTargets(dice, shots)
      // Each target's roll with its text's terms, and the attack's total damage (as the JSON's).
      const attack = { damage: totalDamage(r), shots }
      return r.map((x, i) => withShotText(x, shots[i], () => shotLuck(x, shots[i]), attack))
    },
    json(r, s) {
      if (!Array.isArray(r)) return one.json(r, s)
      const shots = shotsOf(s)
      const out: TargetsFields = {
        bonus: s.bonus,
        targets: r.map((x, i) => one.json(x, shots[i])),
        damage: totalDamage(r),
      }
      if (s.target.hp !== undefined)
        out.targetsDestroyed = r.reduce((n, x) => addDestroyed(n, x.destroyed), 0)
      return out
    },
    replayFlags(s, r) {
      if (!Array.isArray(r)) return one.replayFlags?.(s, r) ?? []
      const flags: string[] = []
      if (s.chosenBy.bonus === 'prompt') flags.push('--bonus', s.bonus)
      const shots = shotsOf(s)
      if (s.chosenBy.defense === 'prompt') flags.push('--defense', shots.map((x) => x.defense).join(','))
      // Momentum offered = Momentum spent: the automatic policy then spends exactly that.
      if (shots.some((x) => x.chosenBy.momentum === 'prompt'))
        flags.push('--momentum', r.map((x) => x.momentumSpent).join(','))
      return flags
    },
    odds(s) {
      if (!several(s)) return one.odds!(s)
      const shots = shotsOf(s)
      const each = shots.map((x) => one.odds!(x))
      const o = targetsOdds(shots)
      const json: TargetsOddsJson = {
        damage: o.damage.toJSON(),
        targets: each.map((e) => e.json),
        expected: { damage: o.damage.expected() },
      }
      if (o.destroyed) {
        json.targetsDestroyed = o.destroyed.toJSON()
        json.expected.targetsDestroyed = o.destroyed.expected()
      }
      const report: OddsReport<TargetsOddsJson, TargetsOddsExtra, TargetsOddsDetail<D>> = {
        json,
        // A shot's odds always carry their extra (shotOddsReport).
        extra: { bonus: s.bonus, targets: each.map((e) => e.extra!) },
        detail: { o, shots, each },
        headLines: 2,
      }
      return report
    },
    compare(req) {
      if (several(req))
        throw new InputError(
          'bad-usage',
          '--compare: not with several targets; compare one target (drop --targets), or give --odds alone',
        )
      return one.compare!(req)
    },
  }
}

/**
 * Each target's shot: the attack (its bonus) against the target's own defender (the request of
 * each unit named, or the same flags for all), with the target's own reaction.
 */
export function shotsOf(s: ChosenShot): ChosenShot[] {
  return targetShots(s, s.targets).map((x, i) => {
    let own = x
    if (i > 0) {
      const req = s.targetRequests?.[i]
      own = req ? targetShot({ ...req, bonus: s.bonus, defense: s.defense }, i) : x
      own.bonus = s.bonus
      own.defense = s.targetDefenses?.[i] ?? s.defense
      own.traitEffects = beyondTarget1(own.traitEffects)
    }
    if (s.targetMomentum) own = shotWith(own, { target: { momentum: s.targetMomentum[i] } })
    if (s.targetAsks) {
      // Asked mid-way, target by target: its own questions, answers and record of who chose.
      if (own === s) own = Object.assign({}, s)
      own.askDecisions = s.targetAsks[i]
      own.decisions = targetDecisions(s.decisions, i)
      own.chosenBy = s.targetChosenBy![i]
    }
    return own
  })
}

/** Target i's answers, among every target's (keyed `target2:momentum`). */
function targetDecisions(all: Record<string, unknown> | undefined, i: number): Record<string, unknown> {
  const prefix = `target${i + 1}:`
  const own: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(all ?? {})) if (k.startsWith(prefix)) own[k.slice(prefix.length)] = v
  return own
}

/**
 * In a terminal, what is asked of each target once its dice are seen: the Momentum to spend on
 * Skill Defense, unless `--momentum` gave it. (Evade rerolls are not asked with several targets:
 * `--reroll` cannot give one pick per target, so a replay could not repeat the answers.)
 */
function withMidwayAsks(s: ChosenShot): ChosenShot {
  const shots = shotsOf(s)
  const asks = shots.map((x) => (x.momentumGiven ? [] : ['momentum']))
  if (asks.every((a) => a.length === 0)) return s
  const t = Object.assign({}, s)
  t.targetAsks = asks
  // Each target's own record of how its choices were made (a prompt answers for one target).
  t.targetChosenBy = shots.map((x) => Object.assign({}, x.chosenBy))
  t.chosenBy = t.targetChosenBy[0]
  return t
}

/**
 * The targets resolved in turn with their mid-way questions: a target's question is asked as
 * `target2:momentum` (decide() puts it to that target), its answer kept under that key.
 */
function resolveAsking(dice: Dice, shots: readonly ChosenShot[]): ShotResult[] {
  return shots.map((x, i) => {
    try {
      return resolveTargets(dice, [x])[0]
    } catch (e) {
      if (e instanceof NeedDecision) throw new NeedDecision(`target${i + 1}:${e.id}`, e.context)
      throw e
    }
  })
}

/**
 * What the traits do to a target after the first: their changes without the one-target
 * improvements (Killer Instinct's hits go to target 1), a trait that changed nothing else left out.
 */
function beyondTarget1(effects: readonly TraitEffect[]): TraitEffect[] {
  return effects.flatMap((e) => {
    const changes = Object.fromEntries(Object.entries(e.changes).filter(([k]) => !oneTargetField(k)))
    return Object.keys(changes).length ? [{ trait: e.trait, side: e.side, effect: e.effect, changes }] : []
  })
}

function totalDamage(r: readonly ShotResult[]): number {
  let t = 0
  for (const x of r) t = addDamage(t, x.damage)
  return t
}

/**
 * The open choices for several targets, made automatically: one bonus for the attack, the best
 * by the sum over the targets (each meeting it with its best reaction when the reaction is
 * open); then each target's best reaction to it.
 */
function chooseTargets(req: ShotRequest): ChosenShot {
  const bonusOpen = isOpen(req.bonus)
  const defenseOpen = isOpen(req.defense)
  // A copy, its choices then made.
  const s: ChosenShot = {
    ...req,
    bonus: isOpen(req.bonus) ? 'precision' : req.bonus,
    defense: isOpen(req.defense) ? 'dodge' : req.defense,
  }
  const shots = shotsOf(s)
  let defenses: DefenseChoice[] = shots.map((x) => x.defense)
  if (bonusOpen) {
    const best = rankTargetsBonuses(shots, !defenseOpen)[0]
    s.bonus = best.value
    defenses = best.defenses
  } else if (defenseOpen) defenses = shots.map((x) => rankDefenses(x, AUTO_DEFENSES)[0].value)
  s.defense = defenses[0]
  s.targetDefenses = defenses
  return s
}

/** What the one-target model lends: how a prompt names a bonus and a reaction. */
export interface OneTargetHelpers {
  /** "Barrage (+1 shot)". */
  bonus(s: ChosenShot, bonus: AttackBonus): string
  /** "Guard (+1 Block)". */
  defense(s: ChosenShot, defense: DefenseChoice): string
}

/**
 * The open choices for several targets, asked in a terminal: the attacker's bonus once for every
 * target, each option with its expected damage summed over the targets (each meeting it with its
 * best reply when the reactions are open: rankTargetsBonuses); then each target's reaction in
 * turn, each option with that target's expected damage. A choice left to `auto` is made as
 * chooseTargets makes it.
 */
async function chooseTargetsAsking(
  req: ShotRequest,
  ctx: ChoiceContext,
  labels: OneTargetHelpers,
): Promise<ChosenShot> {
  const bonusOpen = isOpen(req.bonus)
  const defenseOpen = isOpen(req.defense)
  // A copy, its choices then made.
  const s: ChosenShot = {
    ...req,
    bonus: isOpen(req.bonus) ? 'precision' : req.bonus,
    defense: isOpen(req.defense) ? 'dodge' : req.defense,
  }
  const n = s.targets
  const prompted = (key: 'bonus' | 'defense') => {
    for (const x of [s, ...(s.targetRequests ?? [])]) x.chosenBy[key] = 'prompt'
  }
  if (bonusOpen) {
    const asking = req.bonus === 'ask'
    const shots = shotsOf(s)
    const ranked = asking
      ? rankTargetsBonuses(shots, !defenseOpen, ATTACK_BONUSES, DEFENSES)
      : rankTargetsBonuses(shots, !defenseOpen)
    if (asking) {
      const vs = defenseOpen ? ", each target's best reply" : ''
      s.bonus = await ctx.select(
        `Attacker's bonus for all ${n} targets (Acc ${s.weapon.acc}, ${s.weapon.shots} shots, DMG ${s.weapon.dmg})`,
        ranked.map((o) => ({
          value: o.value,
          label: labels.bonus(s, o.value),
          hint: `${outlookHint(
            o.expected,
            shots.every((x) => x.target.hp !== undefined),
            shots.length,
          )} in all${vs}`,
        })),
        ranked[0].value,
      )
      prompted('bonus')
    } else {
      s.bonus = ranked[0].value
      if (defenseOpen) s.targetDefenses = ranked[0].defenses
    }
  }
  if (defenseOpen && req.defense === 'ask') {
    const shots = shotsOf(s)
    const defenses: DefenseChoice[] = []
    for (const [i, x] of shots.entries()) {
      const ranked = rankDefenses(x, DEFENSES)
      defenses.push(
        await ctx.select(
          `Target ${i + 1} of ${n}: defender's reaction to ${s.bonus === 'none' ? 'no bonus' : s.bonus}`,
          ranked.map((o) => ({
            value: o.value,
            label: labels.defense(x, o.value),
            hint: outlookHint(o.expected, x.target.hp !== undefined),
          })),
          ranked[0].value,
        ),
      )
    }
    s.targetDefenses = defenses
    prompted('defense')
  } else if (defenseOpen && !s.targetDefenses)
    s.targetDefenses = shotsOf(s).map((x) => rankDefenses(x, AUTO_DEFENSES)[0].value)
  if (s.targetDefenses) s.defense = s.targetDefenses[0]
  return s
}

/** The model of `mecha shoot`: one target, or several. */
export const shootModel = withTargets(shotModel, { bonus: bonusLabel, defense: defenseLabel })

/**
 * `mecha shoot … --json`, `shoot.resolve(…)`: one roll. At one target (the usual case) the shot's
 * fields; with `--targets N` (N > 1) or several defenders named (`mecha shoot A D1 D2`), the
 * attack's `bonus`, `targets` (each target's own answer, target 1 first) and the totals, and
 * `inputs` a list, one a target, when the defenders were named.
 */
export type ShootAnswer = ShotAnswer | ShootTargetsAnswer

/** A shot at several targets: ShootAnswer's member with `targets`, each target's own answer. */
export type ShootTargetsAnswer = RolledAnswerOf<'shoot', TargetsModel, TargetsNamedAnswer>

/**
 * `mecha shoot … --odds --json`, `shoot.odds(…)`: the exact odds. At one target the shot's odds
 * beside its target number and choices; at several (as ShootAnswer says), the totals' odds with
 * each target's under `odds.targets`, and each target's choices under `targets`.
 */
export type ShootOdds = ShotOdds | ShootTargetsOdds

/** The odds at several targets: ShootOdds's member with `odds.targets`. */
export type ShootTargetsOdds = OddsAnswerOf<'shoot', TargetsModel, TargetsNamedAnswer>

/** The answers at several targets, as a model's types (shoot-targets.ts builds them). */
type TargetsModel = CommandModel<
  ChosenShot,
  ShotResult[],
  ShotRequest,
  TargetsFields,
  TargetsOddsJson,
  TargetsOddsExtra
>
