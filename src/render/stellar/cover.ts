import { withArticle } from '../../core/text.js'
import { defineText, oddsText, type RenderContext } from '../context.js'
import type { CoverOdds } from '../../rules/stellar/cover-odds.js'
import { COVER_DIE, type CoverRequest } from '../../rules/stellar/cover.js'
import type { CoverRoll, CoverTerms } from '../../models/stellar/cover.js'
import { columns, pct, plural } from '../format.js'

function attackText(c: CoverRequest, t: CoverTerms): string {
  const kind = c.crashThrough ? 'Crash Through' : c.melee ? 'melee weapon' : c.aoe ? 'AOE weapon' : 'weapon'
  return `${kind} DMG ${c.dmg}${c.melee ? ` (x2 = ${t.effectiveDmg} vs cover)` : ''}`
}

export function renderCover(r: CoverRoll, c: CoverRequest, out: RenderContext): string {
  const st = out.style
  const L: string[] = []
  const need =
    r.targetNumber <= 1
      ? 'always survives'
      : r.targetNumber > COVER_DIE
        ? 'cannot survive'
        : `survives on ${r.targetNumber}+`
  L.push(
    st.bold(
      `Cover vs ${attackText(c, r.terms)}: ${need}${r.checks > 1 ? `, ${r.checks} checks` : ''}${c.direct ? ' (targeted directly)' : ''}`,
    ),
  )
  r.pieces.forEach((p, i) => {
    const name = r.pieces.length > 1 ? `Piece ${i + 1}` : 'Cover'
    const dice = p.rolls.length
      ? p.rolls.map((f) => (f >= r.targetNumber ? st.green(String(f)) : st.red(`${f}x`))).join(' ') + ' -> '
      : 'no roll needed -> '
    L.push(`${name}: ${dice}${p.survived ? st.green('survives') : st.red('DESTROYED')}`)
  })
  if (r.destroyed && c.aoe)
    L.push(st.dim('Units behind destroyed cover keep their Cover bonus against this AOE.'))
  else if (r.destroyed) L.push(st.dim('Destroyed terrain no longer gives Cover.'))
  return L.join('\n')
}

export function explainCover(r: CoverRoll, c: CoverRequest, _out: RenderContext): string {
  const L: string[] = [_out.style.bold('How it was worked out')]
  L.push(
    c.melee
      ? `1. DMG against cover = ${c.dmg} x 2 (${c.crashThrough ? 'Crash Through' : 'melee'} deals double to cover) = ${r.effectiveDmg}.`
      : `1. DMG against cover = the weapon's DMG, ${r.effectiveDmg}.`,
  )
  const p1 = Math.min(1, Math.max(0, (COVER_DIE + 1 - Math.max(1, r.targetNumber)) / COVER_DIE))
  L.push(
    `2. The cover survives a check when d${COVER_DIE} x 100 reaches ${r.effectiveDmg}: a d${COVER_DIE} of ${r.targetNumber}+ (${r.effectiveDmg} / 100, rounded up)` +
      (r.targetNumber <= 1
        ? ', which every die does: no roll needed.'
        : r.targetNumber > COVER_DIE
          ? ', which no die can reach: destroyed without a roll.'
          : `, ${withArticle(pct(p1))} chance per check.`),
  )
  const why =
    c.melee && c.direct
      ? 'melee / Crash Through, and targeted directly'
      : c.melee
        ? 'melee and Crash Through always take three'
        : c.direct
          ? 'the cover is the target'
          : 'it only blocked the attack'
  L.push(
    `3. Checks per piece: ${r.checks} (${why}); every check must pass: ${pct(r.terms.pieceSurvival)} to survive.`,
  )
  if (c.pieces > 1) L.push(`4. AOE: ${plural(c.pieces, 'piece')} of cover, each checked on its own.`)
  return L.join('\n')
}

export function renderCoverOdds(o: CoverOdds, c: CoverRequest, t: CoverTerms, out: RenderContext): string {
  const st = out.style
  const tn = t.targetNumber
  const L: string[] = []
  L.push(
    st.bold(
      `Exact odds: cover vs ${attackText(c, t)}, ${plural(t.checks, 'check')} at ${tn}+${c.pieces > 1 ? `, ${c.pieces} pieces` : ''}`,
    ),
  )
  const rows: string[][] = [[c.pieces > 1 ? 'Each piece survives' : 'Survives', pct(t.pieceSurvival)]]
  if (c.pieces > 1) {
    rows.push(['Both survive', pct(o.survived.prob('true'))])
    for (const [k, w] of o.destroyed.sorted()) rows.push([`${k} destroyed`, pct(w)])
  } else rows.push(['Destroyed', pct(o.survived.prob('false'))])
  L.push(columns(rows, out.width))
  return L.join('\n')
}

/** The text of `cover` (src/models's model answers it). */
export const coverText = defineText({
  render: renderCover,
  explain: explainCover,
  odds: oddsText(renderCoverOdds),
})
