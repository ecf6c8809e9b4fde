/**
 * `mecha matrix`: each attacking weapon against each defender. Every cell is the answer `mecha
 * shoot A:W D --odds` (a melee weapon: `mecha melee A:W D --odds`, a charge) gives for those names
 * and flags, read from that answer's public odds: its expected damage to the defender and the
 * chance the defender is destroyed. Equal requests (one weapon profile on two units, a defender's
 * reply tried for several charges) are answered once.
 */
import { InputError } from '../../core/errors.js'
import type { MatrixColumn, MatrixRow } from '../../engine/matrix-units.js'
import { quietChoices, runSpec } from '../../engine/run.js'
import { type CommandSpec, type RenderContext, type Values, defineModel } from '../../engine/spec.js'
import { columns as table, num, pctFixed, plural, wrapText } from '../../render/format.js'
import { plainStyle, visibleLength } from '../../render/style.js'

export interface MatrixCellInput {
  row: number
  column: number
  /** `argonaut:cannon vs dervish`, for messages. */
  where: string
  /** One request, or one per melee weapon the defender may reply with (it takes its best). */
  requests: Array<{ reply?: string; spec: CommandSpec; values: Values }>
}

export interface MatrixInput {
  rows: MatrixRow[]
  columns: MatrixColumn[]
  cells: MatrixCellInput[]
  /** The text is CSV rows. */
  csv: boolean
}

export interface MatrixCell {
  attacker: string
  weapon: string
  defender: string
  command: 'shoot' | 'melee'
  /** null when the cell's command refused it (`error`). */
  expectedDamage: number | null
  /** The chance the defender is destroyed; null when its HP is unknown. */
  destroyed: number | null
  /** Why the cell has no answer: the refusal of its command (`mecha melee` needs the defender's DMG…). */
  error?: string
  /** The best weapon against this defender (every one tied with it). */
  best: boolean
  /** A charge: the melee weapon the defender replies with (its best, unless named). */
  defenderWeapon?: string | null
  /** A charge: the chance the charger is destroyed (overwatch and counter-attack), with its HP. */
  attackerDestroyed?: number | null
  /** A charge: the damage the charger is expected to take (overwatch and counter-attack). */
  attackerDamage?: number | null
}

export interface MatrixResult {
  cells: MatrixCell[]
  /** Distinct requests answered: each (weapon, defender) profile once. */
  requests: number
}

/** The matrix's answers to a cell's request, read from the command's own odds JSON. */
interface Answered {
  expectedDamage: number
  destroyed: number | null
  attackerDestroyed?: number | null
  attackerDamage?: number
}

const env = { choice: quietChoices, render: { style: plainStyle, explain: false, width: 80 } }

type Odds = {
  expected: Record<string, number>
  destroyed?: Record<string, unknown>
}

/** A cell's numbers, from `--odds --json` of its command. */
function read(command: string, json: Record<string, unknown>): Answered {
  const odds = json.odds as Odds
  if (command === 'shoot') {
    const destroyed = odds.destroyed as Record<string, number> | undefined
    return { expectedDamage: odds.expected.damage, destroyed: destroyed ? (destroyed.true ?? 0) : null }
  }
  const destroyed = odds.destroyed as Record<string, Record<string, number>> | undefined
  return {
    expectedDamage: odds.expected.defenderDamage,
    destroyed: destroyed?.defender ? (destroyed.defender.true ?? 0) : null,
    attackerDestroyed: destroyed?.attacker ? (destroyed.attacker.true ?? 0) : null,
    attackerDamage: odds.expected.attackerDamage,
  }
}

/** Higher is better for the attacker: the chance to destroy, then expected damage. */
function rank(a: Answered, b: Answered): number {
  return (a.destroyed ?? -1) - (b.destroyed ?? -1) || a.expectedDamage - b.expectedDamage
}

/**
 * Higher is better for a defender replying to a charge: the least chance to be destroyed (its
 * weapon seldom changes it), then the highest chance to destroy the charger, then the most damage
 * dealt to it.
 */
function replyRank(a: Answered, b: Answered): number {
  return (
    (b.destroyed ?? 0) - (a.destroyed ?? 0) ||
    (a.attackerDestroyed ?? 0) - (b.attackerDestroyed ?? 0) ||
    (a.attackerDamage ?? 0) - (b.attackerDamage ?? 0)
  )
}

/** A request the cell's command refuses (a profile without the numbers it needs): said in the cell. */
interface Refused {
  error: InputError
}

function resolveMatrix(input: MatrixInput): MatrixResult {
  const answered = new Map<string, Answered | Refused>()
  const answer = (spec: CommandSpec, values: Values): Answered | Refused => {
    const key = `${spec.name} ${JSON.stringify(values)}`
    let a = answered.get(key)
    if (!a) {
      try {
        const out = runSpec(spec, values, { json: true, odds: true, explain: false }, env, false)
        if (out instanceof Promise) throw new Error(`matrix: a ${spec.name} waited for a person (a bug)`)
        a = read(spec.name, out.json)
      } catch (e) {
        if (!(e instanceof InputError)) throw e
        a = { error: e }
      }
      answered.set(key, a)
    }
    return a
  }
  const cells: MatrixCell[] = input.cells.map((c) => {
    const row = input.rows[c.row]
    // The defender replies to a charge with its best weapon (replyRank).
    let pick: { reply?: string; a: Answered } | undefined
    let refused: InputError | undefined
    for (const r of c.requests) {
      const a = answer(r.spec, r.values)
      if ('error' in a) refused ??= a.error
      else if (!pick || replyRank(a, pick.a) > 0) pick = { reply: r.reply, a }
    }
    const cell: MatrixCell = {
      attacker: row.unit,
      weapon: row.weapon,
      defender: input.columns[c.column].unit,
      command: row.command,
      expectedDamage: pick ? pick.a.expectedDamage : null,
      destroyed: pick ? pick.a.destroyed : null,
      best: false,
    }
    if (row.command === 'melee') {
      cell.defenderWeapon = pick?.reply ?? null
      cell.attackerDestroyed = pick?.a.attackerDestroyed ?? null
      cell.attackerDamage = pick?.a.attackerDamage ?? null
    }
    if (!pick) cell.error = refused!.message
    return cell
  })
  // Not one cell answered: the matrix is bad input, said as its first cell's refusal.
  if (cells.every((c) => c.error !== undefined)) {
    const first = input.cells[0]
    const error = (answer(first.requests[0].spec, first.requests[0].values) as Refused).error
    throw new InputError(error.code, `matrix: ${first.where}: ${error.message}`)
  }
  // The best against each defender: every cell ranked first in its column.
  for (const col of input.columns) {
    const mine = cells.filter((c) => c.defender === col.unit && c.error === undefined) as Array<
      MatrixCell & Answered
    >
    const top = mine.reduce<(MatrixCell & Answered) | undefined>(
      (b, c) => (!b || rank(c, b) > 0 ? c : b),
      undefined,
    )
    for (const c of mine) if (top && rank(c, top) === 0) c.best = true
  }
  return { cells, requests: answered.size }
}

const rowName = (r: MatrixRow) => `${r.unit}:${r.weapon}`

function json(r: MatrixResult, input: MatrixInput): Record<string, unknown> {
  return {
    attackers: input.rows.map((row) => ({ unit: row.unit, weapon: row.weapon, command: row.command })),
    defenders: input.columns.map((c) => c.unit),
    cells: r.cells,
    requests: r.requests,
  }
}

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

export const matrixModel = defineModel<MatrixInput, MatrixResult>({
  usesDice: () => false,
  resolve: (_dice, input) => resolveMatrix(input),
  json,
  render,
  explain,
})
