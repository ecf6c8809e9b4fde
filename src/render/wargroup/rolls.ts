import { type RenderContext, defineText, oddsText } from '../context.js'
import type { Distribution } from '../../core/distribution.js'
import type { InitiativeOdds, InitiativeResult } from '../../rules/wargroup/initiative.js'
import type { LengthResult } from '../../rules/wargroup/length.js'
import type { SmokeResult } from '../../rules/wargroup/smoke.js'
import { columns, histogram, num, pct, plural } from '../format.js'

/** Smoke, game length and initiative: single rolls with short reports. */

export function renderSmoke(r: SmokeResult, out: RenderContext): string {
  return `${out.style.bold(`Smoke: the tile blocks line of sight for ${plural(r.turns, 'turn')}`)} ${out.style.dim(`(d6 = ${r.roll})`)}`
}

export function explainSmoke(r: SmokeResult, out: RenderContext): string {
  return `${out.style.bold('How it was worked out')}\nOne d6 is the number of turns: ${r.roll}. Each of 1-6 is equally likely (16.67%); 3.5 turns on average.`
}

export function renderLength(r: LengthResult, out: RenderContext): string {
  return `${out.style.bold(`Game length: ${plural(r.turns, 'turn')}`)} ${out.style.dim(`(3d6: ${r.dice.join(' + ')})`)}`
}

export function explainLength(r: LengthResult, out: RenderContext): string {
  return `${out.style.bold('How it was worked out')}\nThree d6 added: ${r.dice.join(' + ')} = ${r.turns} turns (3-18, 10.5 on average).`
}

export function renderInitiative(r: InitiativeResult, out: RenderContext): string {
  const st = out.style
  const rounds = r.rounds.map((x) => `A ${x.a} vs B ${x.b}${x.winner ? '' : ' (tie, re-roll)'}`).join('; ')
  return `${st.bold(`Player ${r.goesFirst} sets up and goes first`)}\n${st.dim(rounds)}`
}

export function explainInitiative(r: InitiativeResult, out: RenderContext): string {
  const L = [
    out.style.bold('How it was worked out'),
    'Each round both players roll a d6; the higher die wins, a tie is rolled again (1 round in 6 is a tie).',
  ]
  r.rounds.forEach((x, i) =>
    L.push(`  round ${i + 1}: A ${x.a}, B ${x.b}: ${x.winner ? `player ${x.winner} is higher` : 'tie'}`),
  )
  return L.join('\n')
}

export function renderInitiativeOdds(o: InitiativeOdds, out: RenderContext): string {
  const st = out.style
  return [
    st.bold('Exact odds: initiative roll-off, d6 each, ties re-rolled'),
    columns(
      [
        ['Player A goes first', pct(o.goesFirst.prob('A'))],
        ['Player B goes first', pct(o.goesFirst.prob('B'))],
        ['Tie in a round', pct(o.tie)],
        ['Expected rounds', num(o.expectedRounds, 4)],
      ],
      out.width,
    ),
    '',
    histogram(o.winningRoll, st, out.width, { title: 'Winning die' }),
  ].join('\n')
}

export function renderUniformOdds(
  title: string,
  d: Distribution<number>,
  label: string,
  out: RenderContext,
): string {
  const st = out.style
  return [
    st.bold(title),
    columns([['Expected', num(d.expected(), 4)]], out.width),
    '',
    histogram(d, st, out.width, { title: label }),
  ].join('\n')
}

/** The texts of `wargroup smoke`, `length` and `initiative`. */
export const wargroupSmokeText = defineText({
  render: (r: SmokeResult, _i, out) => renderSmoke(r, out),
  explain: (r, _i, out) => explainSmoke(r, out),
  odds: oddsText(renderUniformOdds),
})

export const wargroupLengthText = defineText({
  render: (r: LengthResult, _i, out) => renderLength(r, out),
  explain: (r, _i, out) => explainLength(r, out),
  odds: oddsText(renderUniformOdds),
})

export const wargroupInitiativeText = defineText({
  render: (r: InitiativeResult, _i, out) => renderInitiative(r, out),
  explain: (r, _i, out) => explainInitiative(r, out),
  odds: oddsText(renderInitiativeOdds),
})
