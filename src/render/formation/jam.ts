import { defineText, oddsText, type RenderContext } from '../context.js'
import type { Distribution } from '../../core/distribution.js'
import type { Jam, JamEffects, JamResult } from '../../rules/formation/jam.js'
import { columns, histogram, num, pct, plural } from '../format.js'

function headline(j: Jam): string {
  if (j.vsMissiles)
    return `Jam/spoof against ${plural(j.attempts, j.smart ? 'smart missile salvo' : 'missile salvo', j.smart ? 'smart missile salvos' : 'missile salvos')}`
  return `Jam/spoof: ${plural(j.attempts, 'attempt')}${j.countered ? ', countered' : ''}${j.counters ? `, ${plural(j.counters, 'counter')} already on the target` : ''}`
}

export function effectsText(e: JamEffects): string {
  if (e.counters === 0) return 'no effect'
  const parts = ['one action lost', `STR ${e.strModifier}`]
  if (e.noMissileFire) parts.push('no missile fire or spotting')
  if (e.maxRangeInches !== null) parts.push(`no fire beyond ${e.maxRangeInches}"`)
  return parts.join(', ')
}

export function renderJam(r: JamResult, j: Jam, out: RenderContext): string {
  const st = out.style
  const L = [st.bold(headline(j))]
  if (r.rolls.length)
    L.push(
      `Dice (${r.targetNumber}+): ${r.rolls.map((x) => (x.success ? st.green(String(x.roll)) : st.dim(`${x.roll}x`))).join(' ')}`,
    )
  if (r.mode === 'missiles') {
    L.push(
      st.bold(`Salvos removed: ${r.salvosRemoved} of ${j.attempts}`) +
        (r.targetNumber === null ? st.dim('  (ordinary missiles: no roll needed)') : ''),
    )
    return L.join('\n')
  }
  L.push(st.bold(`Counters placed: ${r.countersPlaced}; on the target now: ${r.counters}`))
  L.push(
    `Effects: ${effectsText(r.effects)}${r.newEffects.length ? st.dim(`  (new: ${r.newEffects.join(', ')})`) : ''}`,
  )
  return L.join('\n')
}

export function explainJam(r: JamResult, j: Jam, out: RenderContext): string {
  const L = [out.style.bold('How it was worked out')]
  if (r.mode === 'missiles') {
    L.push(
      j.smart
        ? '1. Each attempt removes one smart missile salvo on a d6 of 4+ (50%).'
        : '1. Each attempt removes one missile salvo in range outright: no roll.',
    )
    return L.join('\n')
  }
  L.push(
    `1. Each point of jam/spoof damage is one attempt: a d6 of ${r.targetNumber}+ places a counter (${pct((7 - r.targetNumber!) / 6)})${j.countered ? '; the target counters with its own jammer, so 5+ instead of 3+' : ''}.`,
  )
  L.push(`2. ${r.countersPlaced} placed + ${j.counters} already there = ${r.counters}.`)
  L.push(
    '3. Counters: the 1st costs an action and STR -1; the 2nd also stops missile fire and spotting, STR -2; the 3rd also stops fire beyond 6", STR -3.',
  )
  L.push(`4. With ${r.counters}: ${effectsText(r.effects)}.`)
  return L.join('\n')
}

export function renderJamOdds(d: Distribution<number>, label: string, j: Jam, out: RenderContext): string {
  const st = out.style
  return [
    st.bold(`Exact odds: ${headline(j)}`),
    columns(
      [
        [`Expected ${label}`, num(d.expected(), 3)],
        [`At least one`, pct(1 - d.prob(0))],
      ],
      out.width,
    ),
    '',
    histogram(d, st, out.width, { title: label[0].toUpperCase() + label.slice(1) }),
  ].join('\n')
}

/** The text of `jam` (src/models's model answers it). */
export const jamText = defineText({
  render: renderJam,
  explain: explainJam,
  odds: oddsText(renderJamOdds),
})
