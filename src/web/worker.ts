/**
 * The page's questions, answered off the page's thread: every answer is the library's (its
 * odds, compare, resolve, matrix), with its text and chart drawn by the library too. The page
 * posts a Job and gets one Reply; a question it no longer wants is cancelled by ending the worker.
 */
import { MechaError } from '../api/index.js'
import type { Answer, DiceSource } from '../api/index.js'
import {
  chartSvg,
  matrix,
  melee,
  oddsCsv,
  oddsTables,
  plan,
  roll,
  save,
  shoot,
  textOf,
} from './library-gaps.js'
import type { OddsTable } from './library-gaps.js'

export const COMMANDS = { shoot, melee, save, roll, plan, matrix } as const
export type CommandName = keyof typeof COMMANDS

export interface Job {
  id: number
  kind: 'odds' | 'roll' | 'compare'
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
  text?: string
  svg?: string
  tables?: OddsTable[]
  csv?: string
}

export type Reply =
  | { id: number; ok: true; shown: Shown; others: Array<Answer | { error: string }>; ms: number }
  | { id: number; ok: false; code: string; message: string }

type Oddsy = { odds(r: unknown): Answer; compare?(r: unknown): Answer }

function oddsShown(command: CommandName, request: Record<string, unknown>, job: Job): Shown {
  if (command === 'matrix') return { answer: matrix.resolve(request as never) }
  const { answer, text } = textOf(COMMANDS[command] as never).odds(request, {
    explain: job.explain,
    width: job.width,
  })
  const odds = answer.odds as Record<string, unknown>
  // The chart's title and subtitle: what was resolved and the choices made, as the text opens.
  const [title, ...subtitle] = text.split('\n\n')[0].split('\n').slice(0, 2)
  return {
    answer,
    text,
    svg: chartSvg(answer, { title, subtitle }),
    tables: oddsTables(odds),
    csv: oddsCsv(odds),
  }
}

/** Answer one job (exported for the tests, which run it without a worker). */
export function answerJob(job: Job): Reply {
  const t0 = performance.now()
  try {
    const request = job.requests[job.active]
    let shown: Shown
    if (job.kind === 'roll') {
      const { answer, text } = textOf(COMMANDS[job.command] as never).resolve(request, job.dice, {
        explain: true,
        width: job.width,
      })
      shown = { answer, text }
    } else if (job.kind === 'compare') {
      const c = COMMANDS[job.command] as Oddsy
      if (!c.compare) throw new MechaError('bad-usage', `${job.command}: no choices to compare`)
      shown = { answer: c.compare(request) }
    } else shown = oddsShown(job.command, request, job)
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
  scope.onmessage = (e: MessageEvent<Job>) => scope.postMessage(answerJob(e.data))
  scope.postMessage(READY)
}

/** The worker's first message: its library is loaded, and it takes jobs. */
export const READY = 'ready'
