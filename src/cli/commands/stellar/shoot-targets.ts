import { InputError } from '../../../core/errors.js'
import type { DefenseChoice, ShotResult } from '../../../rules/stellar/shoot.js'
import type { TraitEffect } from '../../../rules/stellar/traits.js'
import { AUTO_DEFENSES, rankDefenses } from '../../../rules/stellar/shoot-odds.js'
import {
  oneTargetField,
  rankTargetsBonuses,
  resolveTargets,
  targetShot,
  targetShots,
  targetsOdds,
} from '../../../rules/stellar/multi-target.js'
import {
  explainTargets,
  explainTargetsOdds,
  renderTargets,
  renderTargetsOdds,
} from '../../../render/stellar/targets.js'
import {
  type ChoiceContext,
  type CommandSpec,
  type OddsReport,
  checkOptions,
  isOpen,
  moreTargets,
} from '../../spec.js'
import type { ChosenShot, ShotRequest } from './shoot.js'

/**
 * `mecha shoot --targets N` (multi-target attacks, AOE weapons, Missile Massacre: see
 * rules/stellar/multi-target.ts), or `mecha shoot ATTACKER DEF1 DEF2 ...` (each target its own
 * defender, built from its own values: MORE_TARGETS): the one-target command (`one`) run for
 * each target in turn, every target's shot made by targetShot. One target is the one-target command itself, so its
 * answers (and the frozen seeds) are unchanged; several answer with `targets: [...]`, each
 * target's entry the one-target command's own answer.
 *
 * The attacker's bonus is one choice for every target (rankTargetsBonuses); each target's
 * reaction is its own. With several targets the open choices are made automatically, nobody is
 * asked (nor mid-way: Momentum and evade rerolls follow the automatic policy).
 */
export function withTargets(
  one: CommandSpec<ChosenShot, ShotResult, ShotRequest>,
): CommandSpec<ChosenShot, ShotResult | ShotResult[], ShotRequest> {
  const several = (s: { targets: number }) => s.targets > 1
  const results = (r: ShotResult | ShotResult[]) => (Array.isArray(r) ? r : [r])
  return {
    name: one.name,
    summary: one.summary,
    diceOrder: one.diceOrder,
    examples: one.examples,
    options: one.options,
    build(values) {
      const req = one.build(values)
      const more = moreTargets(values)
      if (more) {
        if (several(req))
          throw new InputError(
            'bad-combination',
            '--targets: several defenders are named, one target each; drop --targets',
          )
        req.targets = more.length + 1
        req.targetRequests = [
          req,
          ...more.map((v) => {
            checkOptions(one, v)
            return one.build(v)
          }),
        ]
      }
      if (several(req) && req.decisions?.['evade-reroll'])
        throw new InputError(
          'bad-combination',
          '--reroll: with several targets each picks its evade rerolls automatically; drop --reroll or --targets',
        )
      return req
    },
    choose: (req, ctx: ChoiceContext) => (several(req) ? chooseTargets(req) : one.choose!(req, ctx)),
    decide: one.decide,
    resolve: (dice, s) => (several(s) ? resolveTargets(dice, shotsOf(s)) : one.resolve(dice, s)),
    json(r, s) {
      if (!Array.isArray(r)) return one.json(r, s)
      const shots = shotsOf(s)
      const out: Record<string, unknown> = {
        bonus: s.bonus,
        targets: r.map((x, i) => one.json(x, shots[i])),
        damage: totalDamage(r),
      }
      if (s.hp !== undefined) out.targetsDestroyed = r.filter((x) => x.destroyed).length
      return out
    },
    render(r, s, out) {
      if (!Array.isArray(r)) return one.render(r, s, out)
      const shots = shotsOf(s)
      return renderTargets(
        r,
        shots,
        r.map((x, i) => one.render(x, shots[i], out)),
        out,
      )
    },
    replayFlags: (s, r) => (Array.isArray(r) ? [] : (one.replayFlags?.(s, r) ?? [])),
    explain(r, s, out) {
      const shots = shotsOf(s)
      const each = results(r).map((x, i) => one.explain!(x, shots[i], out))
      return Array.isArray(r) ? explainTargets(shots, each, out) : each[0]
    },
    odds(s) {
      if (!several(s)) return one.odds!(s)
      const shots = shotsOf(s)
      const each = shots.map((x) => one.odds!(x))
      const o = targetsOdds(shots)
      const json: Record<string, unknown> = {
        damage: o.damage.toJSON(),
        targets: each.map((e) => e.json),
        expected: { damage: o.damage.expected() },
      }
      if (o.destroyed) {
        json.targetsDestroyed = o.destroyed.toJSON()
        ;(json.expected as Record<string, number>).targetsDestroyed = o.destroyed.expected()
      }
      const report: OddsReport = {
        json,
        extra: { bonus: s.bonus, targets: each.map((e) => e.extra ?? {}) },
        render: (out) =>
          renderTargetsOdds(
            o,
            shots,
            each.map((e) => e.render(out)),
            out,
          ),
        explain: (out) =>
          explainTargetsOdds(
            o,
            shots,
            each.map((e) => e.explain!(out)),
            out,
          ),
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
function shotsOf(s: ChosenShot): ChosenShot[] {
  return targetShots(s, s.targets).map((x, i) => {
    if (i === 0) return x
    const own = s.targetRequests ? targetShot(s.targetRequests[i] as unknown as ChosenShot, i) : x
    own.bonus = s.bonus
    own.defense = s.targetDefenses?.[i] ?? s.defense
    own.traitEffects = beyondTarget1(own.traitEffects)
    return own
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
  for (const x of r) t += x.damage
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
  const s = { ...req } as unknown as ChosenShot // a copy, its choices then made
  s.bonus = isOpen(req.bonus) ? 'precision' : req.bonus
  s.defense = isOpen(req.defense) ? 'dodge' : req.defense
  const shots = shotsOf(s)
  let defenses: DefenseChoice[] = shots.map(() => s.defense)
  if (bonusOpen) {
    const best = rankTargetsBonuses(shots, !defenseOpen)[0]
    s.bonus = best.value
    defenses = best.defenses
  } else if (defenseOpen) defenses = shots.map((x) => rankDefenses(x, AUTO_DEFENSES)[0].value)
  s.defense = defenses[0]
  s.targetDefenses = defenses
  return s
}
