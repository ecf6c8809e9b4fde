import { InputError } from '../../core/errors.js'
import { MAX_PLAN_ATTACKS } from '../../rules/stellar/plan.js'
import {
  type PlanAttackValues,
  carriedOf,
  planAttacksOf,
  planDefenderOf,
  planFullHpOf,
  planHeldOf,
  planSpentOf,
} from '../../runtime/plan-units.js'
import {
  type CommandSpec,
  type OptionSpec,
  checkOptions,
  defineCommand,
  intOpt,
  parseValues,
  show,
  textOpt,
} from '../../runtime/spec.js'
import { type PlanAttackQuery, type PlanQuery, planModel } from '../../models/stellar/plan.js'
import { checkTurns } from '../../rules/stellar/plan.js'
import { meleeSpec } from './melee.js'
import { shootSpec } from './shoot.js'

/** `--need 0.8` or `--need 80%`: a chance above 0, at most 1. */
function parseChance(text: string, flag: string): number {
  const t = text.trim()
  const m = /^(\d+(?:\.\d+)?|\.\d+)(%?)$/.exec(t)
  const p = m ? Number(m[1]) / (m[2] ? 100 : 1) : NaN
  if (!(p > 0 && p <= 1))
    throw new InputError(
      'bad-value',
      `${flag}: ${show(text)} is not a chance; give one above 0 and at most 1, e.g. 0.8 or 80%`,
    )
  return p
}

/** The defender's HP is the plan's `--hp` (melee's --def-hp is it too); each target is the one defender. */
const LEFT_OUT = new Set(['hp', 'def-hp', 'targets'])

/**
 * Every option of shoot and of melee, once each (a flag both take, such as --round or
 * --blindside, is the same option in both), none required here: each attack's own command
 * checks its values. A flag applies to every attack whose command takes it.
 */
function attackOptions(): OptionSpec[] {
  const seen = new Set<string>()
  const out: OptionSpec[] = []
  for (const o of [...shootSpec.options, ...meleeSpec.options]) {
    if (seen.has(o.flag) || LEFT_OUT.has(o.flag)) continue
    seen.add(o.flag)
    const { required: _r, requires: _q, ...rest } = o
    out.push(rest)
  }
  return out
}

const options = [
  intOpt('hp', "the defender's HP when the first attack is made (default: its roster hp)", {
    min: 1,
    max: 1000000,
  }),
  textOpt(
    'need',
    'P',
    'how many attacks (the ones listed, repeated in order) destroy the defender with at least this chance, e.g. 0.8 or 80%',
    parseChance,
  ),
  ...attackOptions(),
] as const

const SPECS: Record<PlanAttackValues['command'], CommandSpec> = { shoot: shootSpec, melee: meleeSpec }

function buildPlan(v: { hp: number | undefined; need: number | undefined }): PlanQuery {
  const attacks = planAttacksOf(v)
  if (!attacks?.length)
    throw new InputError(
      'missing',
      'plan: name the defender, then each attack in order, from a roster, e.g. mecha plan dervish argonaut:cannon blue-djinn:heat-sword (the example roster: mecha examples)',
    )
  // Said before any work (MAX_PLAN_ATTACKS says why).
  if (attacks.length > MAX_PLAN_ATTACKS)
    throw new InputError(
      'out-of-range',
      `plan: ${attacks.length} attacks are more than a plan takes (at most ${MAX_PLAN_ATTACKS}); to ask how many attacks destroy the defender, list them once and give --need`,
    )
  const queries = attacks.map((a): PlanAttackQuery => {
    const spec = SPECS[a.command]
    const values = parseValues(spec, a.values, a.form)
    try {
      checkOptions(spec, values)
      const query = {
        name: a.name,
        unit: a.unit,
        command: a.command,
        query: spec.build(values),
      } as PlanAttackQuery
      const carried = carriedOf(a, spec, values, planFullHpOf(v))
      if (carried) query.carried = carried as never
      return query
    } catch (e) {
      // Which attack the problem is in, for a plan of several.
      if (e instanceof InputError) throw new InputError(e.code, `${a.name} (${a.command}): ${e.message}`)
      throw e
    }
  })
  checkTurns(
    queries.map((a) => a.unit),
    queries.map((a) => a.name),
  )
  return {
    defender: planDefenderOf(v)!,
    hp: v.hp!,
    spent: planSpentOf(v),
    held: planHeldOf(v),
    attacks: queries,
    need: v.need,
  }
}

export const planSpec = defineCommand({
  name: 'plan',
  summary:
    'MechaStellar attack plan: attacks in order against one defender from the roster, its HP carried over; exact odds, attacks needed, best order',
  diceOrder:
    "each attack's dice in turn, as its own command (shoot, or melee for a melee weapon) takes them; none for attacks after the defender is destroyed",
  examples: [
    'mecha plan dervish argonaut:cannon blue-djinn:heat-sword --roster examples/roster.yaml --seed demo',
    'mecha plan dervish argonaut:cannon argonaut:machine-gun --roster examples/roster.yaml --odds',
    'mecha plan dervish argonaut:cannon --roster examples/roster.yaml --need 0.8',
    'mecha plan dervish argonaut:cannon blue-djinn:heat-sword --roster examples/roster.yaml --odds --compare',
  ],
  options,
  build: buildPlan,
  model: planModel,
})
