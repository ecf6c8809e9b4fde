import { type Dice, SUM } from '../../core/dice.js'
import { InputError } from '../../core/errors.js'

/**
 * Everyday dice expressions: `3d6+2`, `d10`, `2d6-1d4`, `4d6kh3` (keep highest 3; also kl, dh,
 * dl), `5d10>=5` (count dice at or over 5 instead of adding them; also >, <=, <, =).
 */
export type Compare = '>=' | '>' | '<=' | '<' | '='

export interface DiceTerm {
  kind: 'dice'
  sign: 1 | -1
  count: number
  sides: number
  keep?: { mode: 'kh' | 'kl' | 'dh' | 'dl'; n: number }
  count_if?: { op: Compare; n: number }
  text: string
}

export interface ConstTerm {
  kind: 'const'
  sign: 1 | -1
  value: number
  text: string
}

export type Term = DiceTerm | ConstTerm

export interface Expression {
  text: string
  terms: Term[]
  /** Counting terms whose answer is fixed by their threshold alone (see fixedCounts); absent when none. */
  fixed?: FixedCount[]
}

/**
 * A counting term (`3d6>=10`) whose threshold no face meets ('none': the count is always 0) or
 * every face meets ('all': always the number of dice kept). The comparison is on each die, never
 * on the total, which a reader used to AnyDice may expect.
 */
export interface FixedCount {
  term: string
  /** The dice counted (kept). */
  count: number
  sides: number
  op: Compare
  n: number
  meets: 'none' | 'all'
}

export const MAX_DICE = 100
export const MAX_SIDES = 1000

const TERM = /^(\d*)d(\d+|%)(?:(kh|kl|dh|dl|k)(\d+))?(?:(>=|<=|>|<|=)(\d+))?$/i

/**
 * The largest total an expression may reach either way: past 2^53 - 1 a number is no longer
 * exact (9007199254740993 reads as ...992), so a total, its odds' outcomes and their mean would
 * be wrong, and 400 digits read as Infinity (a mean of Infinity, a deviation of NaN).
 */
export const MAX_TOTAL = Number.MAX_SAFE_INTEGER

/** A number written in an expression (in a dice term `body`), refused when it is past MAX_TOTAL. */
function wholeNumber(digits: string, body?: string): number {
  const n = Number(digits)
  if (n > MAX_TOTAL)
    throw new InputError(
      'bad-expression',
      `roll: ${digits}${body ? ` in "${body}"` : ''} is past ${MAX_TOTAL}, the largest whole number counted exactly; give a smaller number`,
    )
  return n
}

export function parseExpression(text: string): Expression {
  const src = text.replace(/\s+/g, '')
  if (!src)
    throw new InputError('bad-expression', 'roll: give a dice expression, e.g. 3d6+2, d10, 5d10>=5 or 4d6kh3')
  const pieces = src.match(/[+-]?[^+-]+/g)
  if (!pieces || pieces.join('') !== src)
    throw new InputError(
      'bad-expression',
      `roll: "${text}" is not a dice expression; try 3d6+2, 5d10>=5 or 4d6kh3`,
    )
  const terms = pieces.map((piece): Term => {
    const sign: 1 | -1 = piece.startsWith('-') ? -1 : 1
    const body = piece.replace(/^[+-]/, '')
    if (/^\d+$/.test(body)) return { kind: 'const', sign, value: wholeNumber(body), text: piece }
    const m = TERM.exec(body)
    if (!m)
      throw new InputError(
        'bad-expression',
        `roll: "${body}" is not a dice term; write NdS with optional khN/klN and >=N, e.g. 4d6kh3`,
      )
    const count = m[1] === '' ? 1 : Number(m[1])
    const sides = m[2] === '%' ? 100 : Number(m[2])
    // the digits as typed in these messages: 400 of them read as Infinity
    if (count < 1 || count > MAX_DICE)
      throw new InputError('bad-expression', `roll: ${m[1]} dice in "${body}"; give 1-${MAX_DICE}`)
    if (sides < 2 || sides > MAX_SIDES)
      throw new InputError('bad-expression', `roll: d${m[2]} in "${body}"; dice have 2-${MAX_SIDES} sides`)
    const term: DiceTerm = { kind: 'dice', sign, count, sides, text: piece }
    if (m[3]) {
      const mode = (m[3].toLowerCase() === 'k' ? 'kh' : m[3].toLowerCase()) as 'kh' | 'kl' | 'dh' | 'dl'
      const n = Number(m[4])
      if (n > count)
        throw new InputError(
          'bad-expression',
          `roll: cannot ${mode.startsWith('k') ? 'keep' : 'drop'} ${m[4]} of ${count} dice in "${body}"`,
        )
      term.keep = { mode, n }
    }
    if (m[5]) term.count_if = { op: m[5] as Compare, n: wholeNumber(m[6], body) }
    return term
  })
  checkTotals(text, terms)
  const fixed = fixedCounts(terms)
  return fixed.length ? { text: src, terms, fixed } : { text: src, terms }
}

/**
 * Refuses an expression whose terms, their sizes added, pass MAX_TOTAL (many large constants, or
 * a constant near the limit with dice on top). The sizes are added, not the signed values: a
 * total is summed term by term, and `9007199254740991+2-2` passes the limit on the way to an
 * answer within it (and comes back 2^53 - 2).
 */
function checkTotals(text: string, terms: Term[]): void {
  let most = 0
  for (const t of terms) most += t.kind === 'const' ? t.value : t.count * (t.count_if ? 1 : t.sides)
  if (most > MAX_TOTAL)
    throw new InputError(
      'bad-expression',
      `roll: the terms of "${text}" add up past ±${MAX_TOTAL}, the largest whole number counted exactly; use smaller numbers`,
    )
}

/** The counting terms whose threshold no face of the die meets, or every face meets. */
export function fixedCounts(terms: Term[]): FixedCount[] {
  const out: FixedCount[] = []
  for (const t of terms) {
    if (t.kind !== 'dice' || !t.count_if) continue
    const { op, n } = t.count_if
    let met = 0
    for (let f = 1; f <= t.sides; f++) if (compare(op, f, n)) met++
    if (met === 0 || met === t.sides)
      out.push({
        term: t.text.replace(/^[+-]/, ''),
        count: keptEnd(t.count, t.keep)?.n ?? t.count,
        sides: t.sides,
        op,
        n,
        meets: met ? 'all' : 'none',
      })
  }
  return out
}

export function compare(op: Compare, a: number, b: number): boolean {
  switch (op) {
    case '>=':
      return a >= b
    case '>':
      return a > b
    case '<=':
      return a <= b
    case '<':
      return a < b
    case '=':
      return a === b
  }
}

export interface TermResult {
  text: string
  rolls: number[]
  kept: number[]
  value: number
}

export interface RollResult {
  expression: string
  terms: TermResult[]
  total: number
}

/**
 * A keep/drop clause as the dice kept from one end: of 4 dice, kh3 and dl1 both keep the highest
 * 3, kl1 and dh3 the lowest 1. Undefined: every die counts.
 */
export function keptEnd(
  count: number,
  keep?: DiceTerm['keep'],
): { from: 'high' | 'low'; n: number } | undefined {
  if (!keep) return undefined
  switch (keep.mode) {
    case 'kh':
      return { from: 'high', n: keep.n }
    case 'kl':
      return { from: 'low', n: keep.n }
    case 'dh':
      return { from: 'low', n: count - keep.n }
    case 'dl':
      return { from: 'high', n: count - keep.n }
  }
}

/** Which dice a keep/drop clause keeps (faces sorted high to low first). */
export function keptFaces(faces: number[], keep?: DiceTerm['keep']): number[] {
  const end = keptEnd(faces.length, keep)
  if (!end) return faces
  const sorted = [...faces].sort((a, b) => b - a)
  return end.from === 'high' ? sorted.slice(0, end.n) : sorted.slice(sorted.length - end.n)
}

/** What one kept die adds to its term: its face, or 1 or 0 when the term counts successes. */
export function dieValue(t: DiceTerm, face: number): number {
  return t.count_if ? (compare(t.count_if.op, face, t.count_if.n) ? 1 : 0) : face
}

/** A term's value with its sign: what it adds to the total. */
export function signed(t: Pick<Term, 'sign'>, raw: number): number {
  return t.sign * raw
}

export function resolveRoll(dice: Dice, e: Expression): RollResult {
  let total = 0
  const terms = e.terms.map((t): TermResult => {
    if (t.kind === 'const') {
      total += signed(t, t.value)
      return { text: t.text, rolls: [], kept: [], value: signed(t, t.value) }
    }
    // Tell the exact driver what matters: only the total of a plain sum, else every face (the
    // result lists the faces kept). The odds of `mecha roll` are counted in odds.ts.
    const equiv = t.count_if || t.keep ? undefined : SUM
    const rolls = dice.pool(t.count, t.sides, `${t.count}d${t.sides}`, equiv)
    const kept = keptFaces(rolls, t.keep)
    let raw = 0
    for (const f of kept) raw += dieValue(t, f)
    total += signed(t, raw)
    return { text: t.text, rolls, kept, value: signed(t, raw) }
  })
  return { expression: e.text, terms, total }
}
