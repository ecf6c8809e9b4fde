/**
 * The page's questions, answered off the page's thread: every answer is the library's (its
 * odds, compare, resolve, matrix), with its text and chart drawn by the library too. The page
 * posts a Job and gets one Reply; a question it no longer wants is cancelled by ending the worker.
 */
import { MechaError, matrix, melee, oddsTables, plan, roll, save, shoot, text } from '../api/index.js'
import type { Answer, DiceSource, OddsTable } from '../api/index.js'

export const COMMANDS = { shoot, melee, save, roll, plan, matrix } as const
export type CommandName = keyof typeof COMMANDS

export interface Job {
  id: number
  /** The odds shown; one roll; the choices compared; the odds as CSV (asked for a download). */
  kind: 'odds' | 'roll' | 'compare' | 'csv'
  command: CommandName
  /** Every set-up's request; the one shown whole is `active`. */
  requests: Array<Record<string, unknown>>
  active: number
  dice?: DiceSource
  /** Characters a line of text has room for. */
  width: number
  explain: boolean
}

/** What the page shows of one set-up. */
export interface Shown {
  answer: Answer
  /** The text's first lines: what was resolved and the choices made. */
  head?: string[]
  text?: string
  svg?: string
  tables?: OddsTable[]
  csv?: string
}

export type Reply =
  | { id: number; ok: true; shown: Shown; others: Array<Answer | { error: string }>; ms: number }
  | { id: number; ok: false; code: string; message: string }

type Oddsy = { odds(r: unknown): Answer; compare?(r: unknown): Answer }
type Texted = Parameters<typeof text.odds>[0]

async function oddsShown(command: CommandName, request: Record<string, unknown>, job: Job): Promise<Shown> {
  if (command === 'matrix') return { answer: matrix.resolve(request as never) }
  const drawn = await text.odds(COMMANDS[command] as Texted, request, {
    explain: job.explain,
    width: job.width,
    plot: true,
  })
  const answer = drawn.answer as Answer
  return { ...drawn, answer, tables: oddsTables(answer.odds as object) }
}

/** Answer one job (exported for the tests, which run it without a worker). */
export async function answerJob(job: Job): Promise<Reply> {
  const t0 = performance.now()
  try {
    const request = job.requests[job.active]
    let shown: Shown
    if (job.kind === 'roll') {
      const drawn = await text.resolve(COMMANDS[job.command] as Texted, request, job.dice, {
        explain: true,
        width: job.width,
      })
      shown = { ...drawn, answer: drawn.answer as Answer }
    } else if (job.kind === 'csv') {
      // Asked for when wanted: the CLI's --csv, which the library draws instead of the text.
      const drawn = await text.odds(COMMANDS[job.command] as Texted, request, { csv: true })
      shown = { answer: drawn.answer as Answer, csv: drawn.csv }
    } else if (job.kind === 'compare') {
      const c = COMMANDS[job.command] as Oddsy
      if (!c.compare) throw new MechaError('bad-usage', `${job.command}: no choices to compare`)
      shown = { answer: c.compare(request) }
    } else shown = await oddsShown(job.command, request, job)
    // The other set-ups: their answers alone, for the side-by-side table.
    const others = job.requests.map((r, i) => {
      if (i === job.active || job.kind !== 'odds') return { error: '' }
      try {
        return job.command === 'matrix'
          ? matrix.resolve(r as never)
          : (COMMANDS[job.command] as Oddsy).odds(r)
      } catch (e) {
        return { error: e instanceof Error ? e.message : String(e) }
      }
    })
    return { id: job.id, ok: true, shown, others, ms: performance.now() - t0 }
  } catch (e) {
    if (e instanceof MechaError) return { id: job.id, ok: false, code: e.code, message: e.message }
    return {
      id: job.id,
      ok: false,
      code: 'internal',
      message: `internal error (a bug, please report it): ${e instanceof Error ? e.message : String(e)}`,
    }
  }
}

/** Inside the worker: answer each job as it comes. */
export function serveJobs(scope: { onmessage: unknown; postMessage(m: unknown): void }): void {
  scope.onmessage = async (e: MessageEvent<Job>) => scope.postMessage(await answerJob(e.data))
  scope.postMessage(READY)
}

/** The worker's first message: its library is loaded, and it takes jobs. */
export const READY = 'ready'
