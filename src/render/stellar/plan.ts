/**
 * The text of `mecha plan` (the model: src/models/stellar/plan.ts): each rolled attack drawn by its
 * own command's text, the odds with the chance to destroy by each attack, the answer to --need.
 */
import type { Distribution } from '../../core/distribution.js'
import {
  type NeedAnswer,
  type PlanAttackQuery,
  type PlanOddsDetail,
  type PlanQuery,
  type PlanResult,
  type StepOdds,
  type StepResult,
} from '../../models/stellar/plan.js'
import { NEED_CAP } from '../../rules/stellar/plan.js'
import { type CommandText, type RenderContext, defineText } from '../context.js'
import { columns, histogram, num, pct, plural, wrapText } from '../format.js'
import { meleeText } from './melee.js'
import { shootText } from './targets.js'
import { rangeNote } from './shoot.js'

/** An attack's own text: its command's. */
function stepText(s: StepResult): CommandText {
  return s.attack.command === 'shoot' ? shootText : meleeText
}

function renderRolled(r: PlanResult, q: PlanQuery, out: RenderContext): string {
  const st = out.style
  const L = [st.bold(`Plan: ${plural(q.attacks.length, 'attack')} on ${q.defender} (HP ${q.hp})`)]
  r.steps.forEach((s, i) => {
    L.push('')
    L.push(st.bold(`${i + 1}. ${s.attack.name} ${verb(s.attack)} ${q.defender} (HP ${s.hpBefore})`))
    L.push(indent(stepText(s).render(s.result, s.settled.input, out)))
    L.push(
      `   ${s.damage} damage: ${s.hpLeft === 0 ? st.red(`${q.defender} destroyed`) : `HP ${s.hpLeft} left`}`,
    )
  })
  L.push('')
  L.push(summaryLine(r, q, st.bold))
  return L.join('\n')
}

const verb = (a: PlanAttackQuery) => (a.command === 'shoot' ? 'shoots' : 'charges')
const indent = (text: string) =>
  text
    .split('\n')
    .map((l) => (l ? `   ${l}` : l))
    .join('\n')

function summaryLine(r: PlanResult, q: PlanQuery, bold: (s: string) => string): string {
  const total = r.steps.reduce((n, s) => n + s.damage, 0)
  const last = r.steps[r.steps.length - 1]
  if (last.hpLeft > 0) return bold(`${total} damage in all: ${q.defender} stands with HP ${last.hpLeft}`)
  const rest = r.skipped.length ? `; not made: ${r.skipped.join(', ')}` : ''
  return bold(
    `${q.defender} destroyed by attack ${r.steps.length} of ${q.attacks.length} (${total} damage)${rest}`,
  )
}

function explainRolled(r: PlanResult, q: PlanQuery, out: RenderContext): string {
  const L: string[] = []
  r.steps.forEach((s, i) => {
    if (i > 0) L.push('')
    L.push(out.style.bold(`Attack ${i + 1}: ${s.attack.name} at HP ${s.hpBefore}`))
    L.push(stepText(s).explain?.(s.result, s.settled.input, out) ?? '(nothing more to explain)')
  })
  if (r.skipped.length) L.push('', `${q.defender} was destroyed: ${r.skipped.join(', ')} not made.`)
  return L.join('\n')
}

function renderOdds(
  q: PlanQuery,
  damage: Distribution<number>,
  hpLeft: Distribution<number>,
  destroyed: number,
  steps: StepOdds[],
  out: RenderContext,
): string {
  const st = out.style
  const L = [
    st.bold(`Plan odds: ${q.attacks.map((a) => a.name).join(', then ')} on ${q.defender} (HP ${q.hp})`),
    `Destroyed: ${st.bold(pct(destroyed))}; expected damage ${num(damage.expected(), 1)}, HP left ${num(hpLeft.expected(), 1)}`,
    '',
    columns(
      [
        ['', 'attack', 'destroyed by then', 'destroyed here', 'expected DMG'],
        ...steps.map((s) => [
          String(s.step),
          s.attack,
          pct(s.destroyedBy),
          pct(s.destroyedAt),
          num(s.expectedDamage, 1),
        ]),
      ],
      out.width,
      ['right', 'left', 'right', 'right', 'right'],
    ),
    ...rangeNote(steps.map((s) => s.range)),
    '',
    histogram(damage, st, out.width, { title: 'Damage', cutoff: { at: q.hp } }),
    '',
    histogram(hpLeft, st, out.width, { title: 'HP left' }),
  ]
  return L.join('\n')
}

/** The defender's limited uses the plan carries, said when it has any. */
function carriedLines(q: PlanQuery, out: RenderContext): string[] {
  const uses = [...new Set(q.attacks.flatMap((a) => a.carried?.uses ?? []))]
  if (!uses.length) return []
  return [
    wrapText(
      `The defender's limited uses carry (${uses.join(', ')}${q.spent ? `; already taken: ${q.spent}` : ''}): a state is the HP left and the uses taken, an attack gives its damage jointly with the uses it takes, and one that meets a use all taken is worked out with the trait spent.`,
      out.width,
    ),
  ]
}

function explainOdds(q: PlanQuery, steps: StepOdds[], out: RenderContext): string {
  const L = [
    out.style.bold('How the plan is composed'),
    wrapText(
      `The defender starts with HP ${q.hp}. Each attack is worked out exactly, as its own command's --odds, from every HP the attacks before it can leave, with that HP set: an automatic choice (the attacker's bonus, the defender's reaction or evade reroll) may depend on it. Equal HP left merge into one state; a destroyed defender is attacked no more. Nothing is simulated.`,
      out.width,
    ),
    ...carriedLines(q, out),
    '',
    ...steps.map((s) =>
      wrapText(
        `${s.step}. ${s.attack}: ${s.step === 1 ? 'from HP ' + q.hp : `from ${plural(steps[s.step - 2].hpStates, 'HP left', 'distinct HPs left')}`}; destroys it here with ${pct(s.destroyedAt)}, ${pct(s.destroyedBy)} by then.`,
        out.width,
        '   ',
      ),
    ),
  ]
  return L.join('\n')
}

/** The attacks in the order --need makes them: the plan's, repeated. */
const nth = (q: PlanQuery, k: number) => q.attacks[k % q.attacks.length].name

function renderNeed(n: NeedAnswer, q: PlanQuery, out: RenderContext): string {
  const st = out.style
  const kind = q.attacks.map((a) => a.name).join(', then ')
  const p = n.curve[n.curve.length - 1]
  const head = n.attacks
    ? `${st.bold(plural(n.attacks, 'attack'))} (${kind}, in turn) destroy ${q.defender} (HP ${q.hp}) with ${pct(p)}: at least ${pct(n.chance)}`
    : n.curve.length < NEED_CAP
      ? `${st.bold('Never')}: ${kind} cannot raise the chance to destroy ${q.defender} (HP ${q.hp}) past ${pct(p)}; ${pct(n.chance)} is never reached`
      : `${st.bold('Not within ' + NEED_CAP + ' attacks')}: ${kind}, in turn, destroy ${q.defender} (HP ${q.hp}) with ${pct(p)} after ${NEED_CAP}; ${pct(n.chance)} is not reached`
  const rows = n.curve
    .map((c, k) => [String(k + 1), nth(q, k), pct(c)])
    .filter((_, k) => n.curve.length <= 12 || k < 5 || k >= n.curve.length - 5)
  return [
    wrapText(head, out.width),
    '',
    columns([['attacks', 'last made', 'destroyed by then'], ...rows], out.width, ['right', 'left', 'right']),
  ].join('\n')
}

export const planText = defineText({
  render: (r: PlanResult, q: PlanQuery, out) =>
    r.need ? renderNeed(r.need, q, out) : renderRolled(r, q, out),
  explain: (r, q, out) =>
    r.need
      ? wrapText(
          `Each count of attacks is the plan's exact odds (as --odds composes them) with the attacks repeated in order, until the chance to destroy reaches ${pct(r.need.chance)} or ${NEED_CAP} attacks are made.`,
          out.width,
        )
      : explainRolled(r, q, out),
  odds(d: PlanOddsDetail, out) {
    const odds = renderOdds(d.q, d.damage, d.hpLeft, d.destroyed, d.steps, out)
    return d.need ? `${renderNeed(d.need.answer, d.need.q, out)}\n\n${odds}` : odds
  },
  explainOdds: (d, out) => explainOdds(d.q, d.steps, out),
})
