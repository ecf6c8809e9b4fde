import { type RenderContext, defineText, oddsText } from '../context.js'
import type { Distribution } from '../../core/distribution.js'
import {
  type DamageOverTime,
  type DamageOverTimeResult,
  effectNoun,
} from '../../rules/wargroup/damage-over-time.js'
import type { DamageOverTimeOdds } from '../../rules/wargroup/damage-over-time-odds.js'
import { columns, histogram, num, pct, plural } from '../format.js'

const TITLE = { burn: 'Fire', void: 'Void tile' } as const

function scope(e: DamageOverTime): string {
  const n = effectNoun(e.effect)
  const parts = [
    e.turns !== undefined ? `for at most ${plural(e.turns, n.turn, n.turns)}` : `until a 1 ends it`,
  ]
  if (e.dam !== undefined) parts.push(`target Dam ${e.dam}`)
  return parts.join(', ')
}

export function renderDamageOverTime(r: DamageOverTimeResult, e: DamageOverTime, out: RenderContext): string {
  const st = out.style
  const n = effectNoun(e.effect)
  const L: string[] = [st.bold(`${TITLE[e.effect]}: d6 damage each ${n.turn}, a 1 ends it (${scope(e)})`)]
  const dice = r.dice.map((d) => (d.damage ? st.red(String(d.roll)) : st.green(`${d.roll}×`))).join(' ')
  L.push(`Dice: ${dice || 'none'}  ${st.dim('(× ends the effect)')}`)
  const it = e.effect === 'burn' ? 'The fire' : 'The void tile'
  const damaging = plural(r.duration, `damaging ${n.turn}`, `damaging ${n.turns}`)
  const status = r.expired
    ? `${it} ${e.effect === 'burn' ? 'went out' : 'collapsed'} after ${damaging}.`
    : r.destroyed
      ? `The target was destroyed after ${damaging}.`
      : `${it} is still active after ${damaging}.`
  L.push(status)
  const dam =
    r.remainingDam !== undefined
      ? `  (Dam left ${r.remainingDam}${r.destroyed ? `, ${st.red('DESTROYED')}` : ''})`
      : ''
  L.push(st.bold(`Damage: ${r.damage}`) + dam)
  return L.join('\n')
}

export function explainDamageOverTime(
  r: DamageOverTimeResult,
  e: DamageOverTime,
  out: RenderContext,
): string {
  const st = out.style
  const n = effectNoun(e.effect)
  const L: string[] = [st.bold('How it was worked out')]
  L.push(
    `Each ${n.turn} one d6: a 1 (1 in 6) ends the effect and deals nothing; 2-6 (5 in 6) deal that much damage, 4 on average.`,
  )
  let total = 0
  r.dice.forEach((d, i) => {
    if (d.damage === 0) L.push(`  ${n.turn} ${i + 1}: rolled 1, the effect ends.`)
    else {
      total += d.damage
      L.push(`  ${n.turn} ${i + 1}: rolled ${d.roll}, ${d.damage} damage (total ${total}).`)
    }
  })
  if (!r.expired && r.destroyed) L.push(`  The target's Dam ${e.dam} is used up: no more dice.`)
  else if (!r.expired)
    L.push(`  ${plural(e.turns ?? 0, n.turn, n.turns)} followed; the effect is still active.`)
  L.push(`Followed until the 1, the effect lasts 5 damaging ${n.turns} and deals 20 damage on average.`)
  return L.join('\n')
}

/** Most rows a histogram shows; longer distributions are grouped into equal bands. */
const MAX_ROWS = 30

/**
 * A display copy of a long distribution: values up to 99.9% of the mass (grouped into bands
 * when there are many), then one "N+" row for the rest. The JSON keeps every value.
 */
function shortened(
  d: Distribution<number | string>,
  tailFrom?: number,
): { dist: Array<[number, number]>; label: (k: number) => string } {
  // (chances as decimals: this only decides what the picture shows)
  const rows = d.sorted().filter((e): e is [number, number] => typeof e[0] === 'number')
  const kept: Array<[number, number]> = []
  let mass = 0
  const stop = 0.999
  let cut: number | undefined
  for (const [k, w] of rows) {
    if (mass >= stop) {
      cut = k
      break
    }
    kept.push([k, w])
    mass += w
  }
  if (cut === undefined && tailFrom !== undefined) cut = tailFrom
  const last = kept.length ? kept[kept.length - 1][0] : 0
  const width = Math.max(1, Math.ceil((last + 1) / MAX_ROWS))
  const bands = new Map<number, number>()
  for (const [k, w] of kept)
    bands.set(Math.floor(k / width) * width, (bands.get(Math.floor(k / width) * width) ?? 0) + w)
  // The tail row sits after the last band (as a key) but is labelled with the first value it holds.
  const tailKey = cut === undefined ? undefined : Math.floor(last / width) * width + width
  if (tailKey !== undefined) bands.set(tailKey, Math.max(0, 1 - mass))
  const shown = [...bands]
  const label = (k: number): string => {
    if (k === tailKey) return `${cut}+`
    const end = Math.min(k + width - 1, cut === undefined ? Infinity : cut - 1)
    return end === k ? String(k) : `${k}-${end}`
  }
  return { dist: shown, label }
}

export function renderDamageOverTimeOdds(
  o: DamageOverTimeOdds,
  e: DamageOverTime,
  out: RenderContext,
): string {
  const st = out.style
  const n = effectNoun(e.effect)
  const L: string[] = [
    st.bold(`Exact odds: ${TITLE[e.effect]}, d6 damage each ${n.turn}, a 1 ends it (${scope(e)})`),
  ]
  const rows: string[][] = [
    ['Expected damage', num(o.expected.damage, 4)],
    [`Expected damaging ${n.turns}`, num(o.expected.duration, 4)],
    ['Expected dice rolled', num(o.expected.dice, 4)],
    ['No damage at all', pct(o.damage.prob(0))],
  ]
  if (e.turns !== undefined)
    rows.push([
      `Still active after ${plural(e.turns, n.turn, n.turns)}`,
      pct(1 - o.expired.prob('true') - (o.destroyed?.prob('true') ?? 0)),
    ])
  if (o.destroyed) rows.push([`Target destroyed (Dam ${e.dam})`, st.bold(pct(o.destroyed.prob('true')))])
  L.push(columns(rows, out.width))
  const dmg = shortened(o.damage, o.tail?.damage.from)
  L.push('', histogram(dmg.dist, st, out.width, { title: 'Damage', label: dmg.label }))
  const dur = shortened(o.duration, o.tail?.duration.from)
  L.push('', histogram(dur.dist, st, out.width, { title: `Damaging ${n.turns}`, label: dur.label }))
  if (o.tail)
    L.push(
      '',
      st.dim(
        `JSON lists every value up to ${o.tail.damage.from - 1} damage and ${o.tail.duration.from - 1} ${n.turns}; the rest (at most 1e-9) is one "N+" entry.`,
      ),
    )
  return L.join('\n')
}

/** The text of `wargroup burn` and `wargroup void`. */
export const damageOverTimeText = defineText({
  render: renderDamageOverTime,
  explain: explainDamageOverTime,
  odds: oddsText(renderDamageOverTimeOdds),
})
