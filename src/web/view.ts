/**
 * What the page shows of an answer, read off the library's answer as `--json` prints it: the
 * chance to destroy first, the means, the distributions as the library's chart and as a table,
 * the choices and how they were made, compared options, a matrix, a plan's steps. Nothing here
 * works out a chance; it only reads and writes out the answer's numbers.
 */
import type { Answer } from '../api/index.js'
import { h, num, pct, words } from './dom.js'
import type { OddsTable } from '../api/index.js'

/** A headline number: what it is, its value as the answer has it, and as it is written. */
export interface Figure {
  label: string
  value: number
  text: string
  /** The chance to destroy: shown first and larger. */
  main?: boolean
}

type Json = Record<string, unknown>
const isObj = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v)

/** The expected values of an answer's odds, flattened: [["attack.damage", 2588.7], …]. */
function expectedOf(odds: Json): Array<[string, number]> {
  const out: Array<[string, number]> = []
  const visit = (v: unknown, path: string[]) => {
    if (typeof v === 'number') out.push([path.join('.'), v])
    else if (isObj(v)) for (const [k, x] of Object.entries(v)) visit(x, [...path, k])
  }
  visit(odds.expected, [])
  return out
}

/**
 * The numbers an odds answer leads with: its chances to destroy (the `destroyed` means, which are
 * chances), then its other means, as the answer's `odds.expected` lists them.
 */
export function figuresOf(answer: Answer): Figure[] {
  const odds = answer.odds
  if (!isObj(odds)) return []
  const expected = expectedOf(odds)
  const destroyed = expected.filter(([k]) => k.split('.').includes('destroyed'))
  const chance = (k: string) =>
    k === 'destroyed'
      ? 'Chance to destroy'
      : `Chance ${words(k.replace(/(^|\.)destroyed(\.|$)/, '$1$2').replace(/\.$/, ''))} destroyed`
  return [
    ...destroyed.map(([k, v]) => ({ label: chance(k), value: v, text: pct(v), main: true })),
    ...expected
      .filter(([k]) => !destroyed.some(([d]) => d === k))
      .map(([k, v]) => ({ label: `Expected ${words(k)}`, value: v, text: num(v) })),
  ]
}

/** The chance to destroy and the expected damage of a set-up, for the side-by-side table. */
export function keyFigures(answer: Answer): { destroyed?: number; damage?: number } {
  const odds = isObj(answer.odds) ? answer.odds : {}
  const e = isObj(odds.expected) ? odds.expected : {}
  const d = e.destroyed
  const destroyed =
    typeof d === 'number' ? d : isObj(d) && typeof d.defender === 'number' ? d.defender : undefined
  const damage =
    typeof e.damage === 'number'
      ? e.damage
      : typeof e.defenderDamage === 'number'
        ? e.defenderDamage
        : undefined
  return { destroyed, damage }
}

/** The mean and standard deviation of a numeric distribution (none for a tail such as "13+"). */
export function spreadOf(table: OddsTable): { mean: number; deviation: number } | undefined {
  if (!table.numeric || table.rows.some((r) => r.outcome.endsWith('+'))) return undefined
  let mean = 0
  for (const r of table.rows) mean += r.chance * Number(r.outcome)
  let variance = 0
  for (const r of table.rows) variance += r.chance * (Number(r.outcome) - mean) ** 2
  return { mean, deviation: Math.sqrt(variance) }
}

/** The headline: each figure in an element that carries its exact value (data-value). */
export function figuresView(figures: Figure[]): HTMLElement[] {
  return figures.map((f) =>
    h(
      'div',
      { class: f.main ? 'figure main' : 'figure' },
      h('span', { class: 'label' }, f.label),
      h('output', { 'data-key': f.label, 'data-value': String(f.value) }, f.text),
    ),
  )
}

/** How each open choice was made: the answer's `chosenBy`, with the value chosen. */
export function choicesView(answer: Answer): HTMLElement | null {
  const by = answer.chosenBy
  if (!isObj(by) || !Object.keys(by).length) return null
  const how: Record<string, string> = {
    auto: 'chosen automatically: the best for that player',
    flag: 'given',
    prompt: 'answered',
    'not-allowed': 'not allowed here',
  }
  const show = (v: unknown): string =>
    v === undefined
      ? ''
      : isObj(v)
        ? Object.entries(v)
            .map(([k, x]) => `${k} ${String(x)}`)
            .join(', ')
        : String(v)
  return h(
    'ul',
    { class: 'choices' },
    ...Object.entries(by).map(([k, way]) =>
      h(
        'li',
        {},
        h('code', {}, k),
        answer[k] !== undefined ? h('strong', {}, ` ${show(answer[k])}`) : null,
        ` — ${how[String(way)] ?? String(way)}`,
      ),
    ),
  )
}

/** A distribution as a table: each outcome, its chance, and the chance of at least it. */
export function tableView(table: OddsTable): HTMLTableElement {
  return h(
    'table',
    { class: 'numbers', 'data-table': table.name },
    h('caption', {}, words(table.name)),
    headOf('outcome', 'exactly', table.numeric ? 'at least' : null),
    h(
      'tbody',
      {},
      ...table.rows.map((r) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, r.range ?? r.outcome),
          h('td', { 'data-value': String(r.chance) }, pct(r.chance)),
          table.numeric ? h('td', { 'data-value': String(r.atLeast) }, pct(r.atLeast ?? 0)) : null,
        ),
      ),
    ),
  )
}

/** `--compare`: each choice's options, the value each is ranked by, the best marked. */
export function compareView(answer: Answer): HTMLElement {
  const choices = Array.isArray(answer.compare) ? (answer.compare as Json[]) : []
  return h(
    'div',
    { class: 'compared' },
    ...choices.map((c) => {
      const options = Array.isArray(c.options) ? (c.options as Json[]) : []
      // The value ranked by gets a column of its own unless it is one of the two already shown.
      const own = !/^expected damage$|destroyed/.test(String(c.quantity))
      const chance = /chance/.test(String(c.quantity))
      return h(
        'table',
        { class: 'numbers' },
        h(
          'caption',
          {},
          String(c.question),
          h('br'),
          h('small', {}, `Ranked by ${String(c.quantity)}: ${String(c.ranking)}`),
        ),
        headOf('option', own ? String(c.quantity) : null, 'destroyed', 'expected damage'),
        h(
          'tbody',
          {},
          ...options.map((o) => {
            const k = keyFigures({ command: '', odds: o.odds })
            const value = Number(o.value)
            return h(
              'tr',
              { class: o.best ? 'best' : undefined },
              h('th', { scope: 'row' }, String(o.label), o.best ? h('strong', {}, ' (best)') : null),
              own ? h('td', { 'data-value': String(o.value) }, chance ? pct(value) : num(value)) : null,
              h(
                'td',
                { 'data-value': String(k.destroyed ?? '') },
                k.destroyed === undefined ? '–' : pct(k.destroyed),
              ),
              h('td', { 'data-value': String(k.damage ?? '') }, k.damage === undefined ? '–' : num(k.damage)),
            )
          }),
        ),
      )
    }),
  )
}

/** A table's head: one column header per name (a null leaves that column out). */
export function headOf(...columns: Array<string | null>): HTMLElement {
  return h(
    'thead',
    {},
    h('tr', {}, ...columns.map((c) => (c === null ? null : h('th', { scope: 'col' }, c)))),
  )
}

/** A matrix answer: each weapon against each defender, expected damage and chance to destroy. */
export function matrixView(answer: Answer): HTMLElement {
  const cells = Array.isArray(answer.cells) ? (answer.cells as Json[]) : []
  const defenders = Array.isArray(answer.defenders) ? (answer.defenders as string[]) : []
  const attackers = Array.isArray(answer.attackers) ? (answer.attackers as Json[]) : []
  return h(
    'table',
    { class: 'numbers matrix' },
    h('caption', {}, 'Each weapon against each defender: expected damage, chance to destroy (best marked)'),
    headOf('weapon', ...defenders),
    h(
      'tbody',
      {},
      ...attackers.map((a) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, `${String(a.unit)}:${String(a.weapon)}`),
          ...defenders.map((d) => {
            const c = cells.find((x) => x.attacker === a.unit && x.weapon === a.weapon && x.defender === d)
            if (!c) return h('td', {}, '–')
            return h(
              'td',
              {
                class: c.best ? 'best' : undefined,
                'data-cell': `${String(a.unit)}:${String(a.weapon)}>${d}`,
              },
              h('span', { 'data-value': String(c.expectedDamage) }, num(Number(c.expectedDamage))),
              h('br'),
              h('small', { 'data-value': String(c.destroyed) }, pct(Number(c.destroyed))),
              c.best ? h('strong', {}, ' best') : null,
            )
          }),
        ),
      ),
    ),
  )
}

/** A plan's steps: each attack's chance to have destroyed the defender by then, and its damage. */
export function stepsView(answer: Answer): HTMLElement | null {
  const steps = Array.isArray(answer.steps) ? (answer.steps as Json[]) : []
  if (!steps.length) return null
  return h(
    'table',
    { class: 'numbers' },
    h('caption', {}, `Attacks in turn on ${String(answer.defender)} (HP ${String(answer.hp)})`),
    headOf('attack', 'destroyed by then', 'expected damage'),
    h(
      'tbody',
      {},
      ...steps.map((s) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, `${String(s.step)}. ${String(s.attack)}`),
          h('td', { 'data-value': String(s.destroyedBy) }, pct(Number(s.destroyedBy))),
          h('td', { 'data-value': String(s.expectedDamage) }, num(Number(s.expectedDamage))),
        ),
      ),
    ),
  )
}
