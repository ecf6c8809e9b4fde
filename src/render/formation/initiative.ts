import { defineText, oddsText, type RenderContext } from '../context.js'
import type {
  Initiative,
  InitiativeOdds,
  InitiativeResult,
  Movement,
  Side,
} from '../../rules/formation/initiative.js'
import { columns, num, pct } from '../format.js'
import { signed } from '../../models/formation/strike.js'

const NAME: Record<Side, string> = { a: 'Side A', b: 'Side B' }

function modText(mod: number): string {
  return mod ? ` ${mod > 0 ? '+' : '-'} ${Math.abs(mod)}` : ''
}

export function sequenceText(seq: Movement[]): string {
  return seq.map((m) => `${m.side.toUpperCase()}${m.formations}`).join(' ')
}

export function renderInitiative(r: InitiativeResult, s: Initiative, out: RenderContext): string {
  const st = out.style
  const L = [st.bold('Initiative: a d6 each, the higher total wins (ties roll again)')]
  r.rounds.forEach((x, i) => {
    const line = `A d6 ${x.a}${modText(s.aMod)}${s.aMod ? ` = ${x.aTotal}` : ''}  vs  B d6 ${x.b}${modText(s.bMod)}${s.bMod ? ` = ${x.bTotal}` : ''}`
    L.push(
      `${r.rounds.length > 1 ? `Round ${i + 1}: ` : ''}${line}${x.winner ? '' : st.dim('  tie: roll again')}`,
    )
  })
  const by = r.winnerMovesBy === 'flag' ? '' : ` (${r.winnerMovesBy})`
  L.push(
    st.bold(`${NAME[r.winner]} wins`) +
      ` and moves ${r.winnerMoves}${by}: ${NAME[r.firstMover]} moves a formation first.`,
  )
  if (r.movements && r.sequence) {
    L.push(
      `Movements: A ${r.movements.a.join(',')}  B ${r.movements.b.join(',')} ${st.dim('(formations per movement)')}`,
    )
    L.push(`Order: ${sequenceText(r.sequence)}`)
  }
  return L.join('\n')
}

export function explainInitiative(r: InitiativeResult, s: Initiative, out: RenderContext): string {
  const L = [out.style.bold('How it was worked out')]
  L.push(
    `1. Each side rolls a d6 and adds its initiative modifier (A ${signed(s.aMod)}, B ${signed(s.bMod)}); the higher total wins, a tie is rolled again.`,
  )
  L.push(`2. The winner chooses to move a formation first or last; the sides then alternate.`)
  if (r.movements && s.aFormations !== undefined && s.bFormations !== undefined) {
    const n = Math.min(s.aFormations, s.bFormations)
    const big = s.aFormations === s.bFormations ? null : s.aFormations > s.bFormations ? 'A' : 'B'
    L.push(
      big
        ? `3. Side ${big} has more formations (${Math.max(s.aFormations, s.bFormations)} against ${n}), so it spreads them over ${n} movements, as evenly as possible, bigger movements first: ${(big === 'A' ? r.movements.a : r.movements.b).join(', ')}.`
        : `3. Both sides have ${n} formations: one formation per movement.`,
    )
  }
  return L.join('\n')
}

export function renderInitiativeOdds(o: InitiativeOdds, s: Initiative, out: RenderContext): string {
  return [
    out.style.bold(`Exact odds: initiative, A ${signed(s.aMod)} vs B ${signed(s.bMod)}`),
    columns(
      [
        ['Side A wins', pct(o.winner.prob('a'))],
        ['Side B wins', pct(o.winner.prob('b'))],
        ['A tie on one roll (rolled again)', pct(o.round.prob('tie'))],
        ['Expected rolls', num(o.expectedRounds, 3)],
      ],
      out.width,
    ),
  ].join('\n')
}

/** The text of `initiative` (src/models's model answers it). */
export const formationInitiativeText = defineText({
  render: renderInitiative,
  explain: explainInitiative,
  odds: oddsText(renderInitiativeOdds),
})
