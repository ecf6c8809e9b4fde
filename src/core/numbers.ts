/** Numbers as the answers' text and labels write them: percentages, rounded values, counts. */

/** 0.123456 → "12.35%"; tiny non-zero values keep a significant digit. */
export function pct(p: number): string {
  if (p === 0) return '0%'
  if (p === 1) return '100%'
  const v = p * 100
  if (v < 0.01) return `${v.toPrecision(2)}%`
  return `${v.toFixed(2)}%`
}

/** Round for display: at most `digits` decimals, no trailing zeros. */
export function num(v: number, digits = 2): string {
  return String(Number(v.toFixed(digits)))
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`
}

/** Two decimals always, so a column of them lines up: 0.5 → "50.00%", tiny non-zero → "<0.01%". */
export function pctFixed(p: number): string {
  return p > 0 && p < 0.00005 ? '<0.01%' : `${(p * 100).toFixed(2)}%`
}
