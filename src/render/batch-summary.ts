import { columns, num } from './format.js'
import type { Style } from './style.js'

/** Aggregate statistics of a batch run (the `--summary-json` object, rendered by --summary). */
export interface BatchSummary {
  /** Input lines read, blank ones included. */
  lines: number
  blank: number
  resolved: number
  errors: number
  /** Bad lines by error code (bad-json, unknown-key, out-of-range …). */
  errorCodes: Record<string, number>
  /** Per command: lines resolved and failed, and each numeric field's mean/min/max or each yes/no field's rate. */
  commands: Record<
    string,
    {
      resolved: number
      errors: number
      fields: Record<string, { mean: number; min: number; max: number } | { rate: number }>
    }
  >
  seconds: number
}

/** The summary as text for stderr: totals, then one small table per command, within `width` columns. */
export function renderBatchSummary(s: BatchSummary, st: Style, width = 80): string {
  const out: string[] = []
  const rate =
    s.seconds > 0
      ? `, ${Math.round((s.resolved + s.errors) / s.seconds).toLocaleString('en-US')} lines/s`
      : ''
  out.push(
    st.bold('Batch summary: ') +
      `${s.lines} line${s.lines === 1 ? '' : 's'}: ${s.resolved} resolved, ` +
      (s.errors ? st.red(`${s.errors} bad`) : '0 bad') +
      (s.blank ? `, ${s.blank} blank` : '') +
      st.dim(` (${num(s.seconds, 2)} s${rate})`),
  )
  const codes = Object.entries(s.errorCodes)
  if (codes.length) out.push('Bad lines: ' + codes.map(([c, n]) => `${c} ${n}`).join(', '))
  for (const [name, c] of Object.entries(s.commands)) {
    out.push('')
    out.push(st.bold(name) + `: ${c.resolved} resolved` + (c.errors ? `, ${c.errors} bad` : ''))
    const rows: string[][] = []
    for (const [field, f] of Object.entries(c.fields)) {
      if ('rate' in f) rows.push([`  ${field}`, st.dim('true'), `${num(f.rate * 100, 2)}%`])
      else
        rows.push([
          `  ${field}`,
          st.dim('mean'),
          num(f.mean, 3),
          st.dim('min'),
          num(f.min, 3),
          st.dim('max'),
          num(f.max, 3),
        ])
    }
    if (rows.length)
      out.push(columns(rows, width, ['left', 'left', 'right', 'left', 'right', 'left', 'right']))
  }
  return out.join('\n')
}

export interface ProgressState {
  lines: number
  /** Bytes read so far and the input's size, when it is a file. */
  bytes?: number
  totalBytes?: number
  seconds: number
  width: number
}

/** One progress line, redrawn in place (carriage return, erase to end of line). */
export function renderProgress(p: ProgressState): string {
  const rate = p.seconds > 0 ? Math.round(p.lines / p.seconds) : 0
  const counts = `${p.lines.toLocaleString('en-US')} lines, ${rate.toLocaleString('en-US')}/s`
  if (p.totalBytes && p.bytes !== undefined) {
    const frac = Math.min(1, p.bytes / p.totalBytes)
    const label = ` ${String(Math.floor(frac * 100)).padStart(3)}%  ${counts}`
    const barWidth = Math.max(10, Math.min(40, p.width - label.length - 4))
    const filled = Math.round(frac * barWidth)
    return `\r[${'#'.repeat(filled)}${'-'.repeat(barWidth - filled)}]${label}\u001b[K`
  }
  return `\r${counts}\u001b[K`
}

export function clearProgress(): string {
  return '\r\u001b[K'
}
