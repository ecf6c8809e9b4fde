import { defineText, oddsText, type RenderContext } from '../context.js'
import type { ResolveTestOdds } from '../../rules/mining/odds.js'
import { RESOLVE_BONUS, type ResolveTestResult } from '../../rules/mining/resolve.js'
import type { ResolveTestRoll } from '../../models/mining/resolve.js'
import { columns, histogram, num, pct } from '../format.js'

export function renderResolveTest(r: ResolveTestResult, out: RenderContext): string {
  const st = out.style
  const verdict = r.retreat
    ? st.bold(st.red('the force RETREATS: the game is lost'))
    : st.bold(st.green('the force holds'))
  return [
    st.bold(`Resolve test with ${r.eliminated} unit${r.eliminated === 1 ? '' : 's'} eliminated`),
    `Roll ${r.roll} + ${RESOLVE_BONUS} - ${r.eliminated} = ${r.score}: ${verdict}`,
  ].join('\n')
}

/** The arithmetic of a resolve test, as numbered lines starting at `step` (`worst`: the highest face that means retreat). */
export function explainResolveLines(r: ResolveTestResult, worst: number, step: number): string[] {
  const chance =
    worst === 0
      ? 'no face can make it retreat'
      : worst >= 6
        ? 'every face makes it retreat'
        : `it retreats on a 1${worst > 1 ? `-${worst}` : ''} (${pct(worst / 6)})`
  return [
    `${step}. Resolve test: d6 + ${RESOLVE_BONUS} - ${r.eliminated} eliminated unit${r.eliminated === 1 ? '' : 's'}; a score under 1 means retreat, so ${chance}.`,
    `${step + 1}. Rolled ${r.roll}: ${r.roll} + ${RESOLVE_BONUS} - ${r.eliminated} = ${r.score}, ${r.score < 1 ? 'under 1: the force retreats and loses the game' : '1 or more: the force holds'}.`,
  ]
}

export function explainResolveTest(r: ResolveTestRoll, out: RenderContext): string {
  return [out.style.bold('How it was worked out'), ...explainResolveLines(r, r.retreatsOnOrBelow, 1)].join(
    '\n',
  )
}

export function renderResolveTestOdds(
  o: ResolveTestOdds,
  eliminated: number,
  worst: number,
  out: RenderContext,
): string {
  const st = out.style
  const lines = [
    st.bold(
      `Exact odds: resolve test with ${eliminated} unit${eliminated === 1 ? '' : 's'} eliminated (d6 + ${RESOLVE_BONUS} - ${eliminated}, retreat under 1)`,
    ),
    columns(
      [
        ['Chance the force retreats', st.bold(pct(o.retreatChance))],
        [
          'Retreats on',
          worst === 0
            ? 'no roll'
            : worst >= 6
              ? 'every roll'
              : `a roll of ${worst === 1 ? '1' : `1-${worst}`}`,
        ],
        ['Expected score', num(o.expected.score, 3)],
      ],
      out.width,
    ),
    '',
    histogram(o.score, st, out.width, { title: 'Score' }),
  ]
  return lines.join('\n')
}

/** The text of `resolve` (src/models's model answers it). */
export const miningResolveText = defineText({
  render: (r: ResolveTestRoll, _t, out) => renderResolveTest(r, out),
  explain: (r, _t, out) => explainResolveTest(r, out),
  odds: oddsText(renderResolveTestOdds),
})
