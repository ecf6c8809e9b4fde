import { defineModel } from '../runtime/spec.js'
import type { OddsAnswerOf, RolledAnswerOf } from '../runtime/answer.js'
import { InputError } from '../core/errors.js'
import type { Distribution } from '../core/distribution.js'
import {
  type Compare,
  type DiceTerm,
  type Expression,
  type FixedCount,
  type RollResult,
  dieValue,
  keptEnd,
  resolveRoll,
} from '../rules/roll/expression.js'
import { expressionOdds, oddsCost, termOdds } from '../rules/roll/odds.js'

/** A dice term as roll --odds --explain walks it: its own distribution, the dice it keeps, what each face counts. */
export interface DiceTermOdds {
  term: DiceTerm
  odds: Distribution<number>
  /** The dice kept from one end (undefined: every die counts). */
  kept: ReturnType<typeof keptEnd>
  /** What each face adds, 1 first: the face, or 1/0 for a success when the term counts them. */
  faces: number[]
}

/**
 * Each dice term of `e` for the explanation, worked out when it is asked for (a term's own
 * distribution is work the odds' answer does not need).
 */
function diceTermsOdds(e: Expression): DiceTermOdds[] {
  return e.terms.flatMap((t) =>
    t.kind === 'dice'
      ? [
          {
            term: t,
            odds: termOdds(t),
            kept: keptEnd(t.count, t.keep),
            faces: Array.from({ length: t.sides }, (_, i) => dieValue(t, i + 1)),
          },
        ]
      : [],
  )
}

/** The most work `roll --odds` takes on (see oddsCost): about a second on a slow machine. */
const MAX_COST = 50_000_000

export const rollModel = defineModel({
  usesDice: (e: Expression) => e.terms.some((t) => t.kind === 'dice'),
  resolve: resolveRoll,
  warnings: (e) => (e.fixed ?? []).map(fixedCountWarning),
  json: (r: RollResult) => ({
    expression: r.expression,
    total: r.total,
    terms: r.terms
      .filter((t) => t.rolls.length)
      .map((t) => ({ term: t.text, rolls: t.rolls, kept: t.kept, value: t.value })),
  }),
  odds(e) {
    const cost = oddsCost(e)
    if (cost > MAX_COST)
      throw new InputError(
        'too-large',
        `roll --odds: ${e.text} is too large to work out exactly (about ${cost.toPrecision(2)} steps, the limit is ${MAX_COST.toPrecision(2)}); keep fewer dice or use fewer sides`,
      )
    const d = expressionOdds(e)
    // Each outcome's chance is converted once (the JSON map), and the text reads it from there:
    // at 100d1000 (99,901 totals of ~1,000-bit counts) each pass of conversions costs more than
    // working the counts out.
    const total = d.toJSON()
    const mean = d.expected()
    return {
      json: { total, expected: { total: mean } },
      extra: { expression: e.text },
      detail: [e, d, total, mean, () => diceTermsOdds(e)] as const,
    }
  },
})

const SHOWING: Record<Compare, (n: number) => string> = {
  '>=': (n) => `${n} or more`,
  '>': (n) => `more than ${n}`,
  '<=': (n) => `${n} or less`,
  '<': (n) => `less than ${n}`,
  '=': (n) => `exactly ${n}`,
}

/**
 * The warning for a counting term whose threshold fixes its count (`3d6>=10`: always 0): the
 * comparison is made on each die, not on the total, which the expression cannot compare.
 */
export function fixedCountWarning(f: FixedCount): string {
  const showing = SHOWING[f.op](f.n)
  const plain = f.term.replace(/(>=|<=|>|<|=)\d+$/, '')
  const head = `${f.term} counts the dice showing ${showing} on each die, not the total`
  if (f.meets === 'all')
    return `${head}; every d${f.sides} shows ${showing}, so the count is always ${f.count}`
  const where =
    f.op === '>=' || f.op === '>'
      ? `the "at least" column at ${f.op === '>=' ? f.n : f.n + 1} of \`mecha roll ${plain} --odds\``
      : `the chance of each total in \`mecha roll ${plain} --odds\``
  return `${head}; a d${f.sides} never shows ${showing}, so the count is always 0. A roll expression cannot compare the total: for that, read ${where}`
}

/**
 * `mecha roll EXPR --json`, `roll.resolve(…)`: one roll of the expression. An expression without
 * dice (`mecha roll 3+4`) rolls nothing and has no `seed`.
 */
export type RollAnswer = Omit<RolledAnswerOf<'roll', typeof rollModel>, 'seed'> & {
  /** The seed that replays this roll; `null` with typed dice; absent when nothing was rolled. */
  seed?: string | null
}

/** `mecha roll EXPR --odds --json`, `roll.odds(…)`: the exact odds of the total. */
export type RollOdds = OddsAnswerOf<'roll', typeof rollModel>
