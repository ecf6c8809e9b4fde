/**
 * The text of `mecha matrix` (the model: src/models/stellar/matrix.ts): the cells as a table, a
 * column a defender (as many side by side as the width takes), or CSV rows with --csv.
 */
import { rangeNote } from './shoot.js'
import { type MatrixCell, type MatrixInput, type MatrixResult, rowName } from '../../models/stellar/matrix.js'
import { type RenderContext, defineText } from '../context.js'
import { columns as table, num, pctFixed, plural, wrapText } from '../format.js'
import { visibleLength } from '../style.js'

function csvField(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

function renderCsv(r: MatrixResult): string {
  const head = [
    'attacker',
    'weapon',
    'defender',
    'command',
    'expectedDamage',
    'destroyed',
    'best',
    'defenderWeapon',
    'attackerDestroyed',
    'attackerDamage',
  ]
  const show = (v: unknown) => (v === undefined || v === null ? '' : String(v))
  const lines = r.cells.map((c) => head.map((k) => csvField(show(c[k as keyof MatrixCell]))).join(','))
  return [head.join(','), ...lines].join('\n')
}

/**
 * A column's cells as text: the chance to destroy and the expected damage, each padded so that
 * the column lines up, `*` on the best.
 */
function columnTexts(cells: Array<MatrixCell | undefined>, out: RenderContext): string[] {
  const chance = (c: MatrixCell) => (c.destroyed === null ? '-' : pctFixed(c.destroyed))
  const damage = (c: MatrixCell) => num(c.expectedDamage!, 0)
  const present = cells.filter((c): c is MatrixCell => c !== undefined && c.error === undefined)
  const cw = Math.max(0, ...present.map((c) => chance(c).length))
  const dw = Math.max(0, ...present.map((c) => damage(c).length))
  return cells.map((c) => {
    if (!c) return '- '
    if (c.error !== undefined) return 'n/a '
    const text = `${chance(c).padStart(cw)} ${damage(c).padStart(dw)}`
    return c.best ? out.style.bold(`${text}*`) : `${text} `
  })
}

function render(r: MatrixResult, input: MatrixInput, out: RenderContext): string {
  if (input.csv) return renderCsv(r)
  const st = out.style
  const at = new Map(r.cells.map((c) => [`${c.attacker}:${c.weapon}|${c.defender}`, c]))
  const labels = input.rows.map((row) => rowName(row) + (row.command === 'melee' ? ' (charge)' : ''))
  const labelWidth = Math.max(...labels.map((l) => l.length))
  const texts = input.columns.map((col) =>
    columnTexts(
      input.rows.map((row) => at.get(`${rowName(row)}|${col.unit}`)),
      out,
    ),
  )
  const widths = input.columns.map((col, i) =>
    Math.max(col.unit.length, ...texts[i].map((t) => visibleLength(t))),
  )
  // As many defenders side by side as the width takes (one at least): then the next ones below.
  const parts: number[][] = []
  let part: number[] = []
  let used = labelWidth
  input.columns.forEach((_, i) => {
    if (part.length && used + 2 + widths[i] > out.width) {
      parts.push(part)
      part = []
      used = labelWidth
    }
    part.push(i)
    used += 2 + widths[i]
  })
  if (part.length) parts.push(part)
  const L = [
    st.bold(
      `${input.rows.length} attack${input.rows.length === 1 ? '' : 's'} against ${input.columns.length} defender${input.columns.length === 1 ? '' : 's'}`,
    ),
    wrapText(
      'Each cell: the chance the defender is destroyed, then the expected damage (exact odds, every choice automatic). * the best against that defender.',
      out.width,
    ),
  ]
  for (const p of parts) {
    L.push('')
    L.push(
      table(
        [
          ['', ...p.map((i) => st.bold(input.columns[i].unit))],
          ...labels.map((label, ri) => [label, ...p.map((i) => texts[i][ri])]),
        ],
        Math.max(out.width, used),
        ['left', ...p.map(() => 'right' as const)],
      ),
    )
  }
  const note = rangeNote(r.cells.map((c) => c.range))
  if (note.length) L.push('', ...note.map((n) => wrapText(n, out.width)))
  // Each refusal once, with how many cells it left without an answer.
  const refusals = new Map<string, MatrixCell[]>()
  for (const c of r.cells)
    if (c.error !== undefined) refusals.set(c.error, [...(refusals.get(c.error) ?? []), c])
  if (refusals.size) L.push('')
  for (const [error, cells] of refusals) {
    const first = `${cells[0].attacker}:${cells[0].weapon} vs ${cells[0].defender}`
    const where = cells.length === 1 ? first : `${cells.length} cells, as ${first}`
    L.push(wrapText(`n/a (${where}): ${error}`, out.width, '  '))
  }
  return L.join('\n')
}

function explain(r: MatrixResult, input: MatrixInput, out: RenderContext): string {
  const L = [
    out.style.bold('How the matrix is made'),
    "A shooting weapon's cell is what `mecha shoot ATTACKER:WEAPON DEFENDER --odds` answers with the same flags; a melee weapon's is a charge, `mecha melee ATTACKER:WEAPON DEFENDER --odds` (overwatch included), the defender replying with the melee weapon named, its only one, or its best: the least chance to be destroyed, then the highest chance to destroy the charger, then the most damage dealt to it. Every choice is made automatically, as without a terminal.",
    `The chance to destroy is against the defender's HP (--hp, or the roster's); "-" when it has none. The best weapon against a defender has the highest chance to destroy it, then the highest expected damage.`,
    `${plural(r.cells.length, 'cell')}, ${plural(r.requests, 'distinct request')} answered (equal ones once).`,
  ]
  void input
  return L.map((l) => wrapText(l, out.width)).join('\n')
}

export const matrixText = defineText({ render, explain })
