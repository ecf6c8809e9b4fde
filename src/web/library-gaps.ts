/**
 * Stand-ins for library names the lead is adding to src/api (issue 34), so that the page is
 * written against them now: each command's `options` and `units`, `parseRoster`, `textOf` and
 * `chartSvg`. Nothing here makes an answer: every number still comes from the library's own
 * resolve/odds/compare; these read the option tables and draw the texts and charts the CLI draws.
 * This is the one file of the page that reaches below src/api, and it goes when they land.
 *
 * Also here, because the page needs them and the lead's list does not have them yet (named in
 * the report): the distributions of an odds answer as tables (`oddsTables`) and as CSV
 * (`oddsCsv`), read by src/render as `--csv` and `--plot` read them.
 */
import { parse as parseYaml } from 'yaml'
import * as api from '../api/index.js'
import { MechaError } from '../api/index.js'
import { InputError } from '../core/errors.js'
import { loadedSpec } from '../commands/registry.js'
import { namedRequest } from '../engine/named-units.js'
import { type Request, answerRequest, plainRequest } from '../engine/request.js'
import { type Globals, type RunOutput, quietChoices } from '../engine/run.js'
import { type CommandSpec, type OptionSpec, camelKey } from '../engine/spec.js'
import { type UnitWord, unitWordsOf } from '../engine/unit-words.js'
import { renderOddsCsv } from '../render/csv.js'
import { type OddsTable, oddsTables as tablesOf } from '../render/odds-table.js'
import { plainStyle } from '../render/style.js'
import { panelsFor, renderChartSvg } from '../render/svg.js'
import { parseRoster as checkRoster } from '../rules/stellar/roster.js'

export type { OddsTable } from '../render/odds-table.js'
export type { UnitWord } from '../engine/unit-words.js'

/** One option of a command as data: what a form needs to offer it. */
export interface OptionInfo {
  /** The request key: `armSv`. */
  key: string
  /** The CLI flag without dashes: `arm-sv`. */
  flag: string
  kind: 'int' | 'bool' | 'enum' | 'text' | 'string'
  min?: number
  max?: number
  /** An enum's values (an open choice's include `auto`). */
  values?: readonly string[]
  /** Suggested values of a free-text option. */
  completes?: readonly string[]
  default?: unknown
  description: string
  repeatable: boolean
  placeholder?: string
  /** A player's choice that may be left open (made automatically when not given). */
  open: boolean
  /** What to give when it is missing, for a required option. */
  required?: string
}

type Named = { name: string }

function specOf(command: Named): CommandSpec {
  const spec = loadedSpec(command.name)
  if (!spec) throw new Error(`library-gaps: no loaded spec for ${command.name}`)
  return spec
}

function optionInfo(o: OptionSpec): OptionInfo {
  const t = o.type
  return {
    key: camelKey(o.flag),
    flag: o.flag,
    kind: t.kind,
    min: t.kind === 'int' ? t.min : undefined,
    max: t.kind === 'int' ? t.max : undefined,
    values: t.kind === 'enum' ? t.values : undefined,
    completes: o.completes,
    default: o.default,
    description: o.description,
    repeatable: o.repeatable === true,
    placeholder: o.placeholder,
    open: o.open === true,
    required: o.required,
  }
}

/** A command with its option table and unit words, as the library will carry them. */
function withTables<C extends Named>(command: C): C & { options: OptionInfo[]; units: readonly UnitWord[] } {
  const spec = specOf(command)
  const args: OptionInfo[] = (spec.args ?? []).map((a) => ({
    key: a.name,
    flag: a.name,
    kind: 'string',
    description: a.description,
    repeatable: false,
    open: false,
    required: a.required ? a.description : undefined,
  }))
  return Object.assign(Object.create(command) as C, {
    options: [...args, ...spec.options.map(optionInfo)],
    units: unitWordsOf(spec.name) ?? [],
  })
}

export const shoot = withTables(api.shoot)
export const melee = withTables(api.melee)
export const save = withTables(api.save)
export const roll = withTables(api.roll)
export const plan = withTables(api.plan)
export const matrix = withTables(api.matrix)

/** Any InputError as the library throws it (its message names flags; the library's names keys). */
function asMechaError(e: unknown): unknown {
  return e instanceof InputError ? new MechaError(e.code, e.message, { cause: e }) : e
}

/**
 * A roster's text (YAML or JSON) as its data, checked as `mecha roster check` checks a file
 * (`roster:14: units.x.acc: …`): what a request's `roster` takes.
 */
export function parseRoster(text: string, name = 'roster'): { units: Record<string, unknown> } {
  try {
    checkRoster(text, name)
  } catch (e) {
    throw asMechaError(e)
  }
  return parseYaml(text) as { units: Record<string, unknown> }
}

const unitKeysOf = (spec: CommandSpec) => (unitWordsOf(spec.name) ?? []).map((w) => w.key as string)

/** The request's own keys besides the options: its units by name and their roster. */
function requestOf(spec: CommandSpec, request: Record<string, unknown>): Request {
  const unitKeys = unitKeysOf(spec)
  const given: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(request)) if (k !== 'roster' && !unitKeys.includes(k)) given[k] = v
  const refs = unitKeys.flatMap((k) => (Array.isArray(request[k]) ? (request[k] as unknown[]) : [request[k]]))
  // As the library: a roster is read only when a unit is named (or the command picks its own).
  const optional = unitWordsOf(spec.name)?.[0]?.optional === true
  if (request.roster === undefined || (refs.every((r) => r === undefined) && !optional))
    return plainRequest(spec, given, 'json')
  const roster = checkRoster(JSON.stringify(request.roster, null, 2), 'roster')
  return namedRequest(spec, roster, refs as Array<string | undefined>, given, 'json')
}

interface TextOptions {
  explain?: boolean
  width?: number
}

interface Texted {
  answer: api.Answer
  text: string
}

/** The text the CLI prints for a command's answer: `--explain`'s walk-through and the replay line. */
export function textOf(
  command: Named & { odds(r: never): api.Answer; resolve(r: never, d?: never): api.Answer },
) {
  const spec = specOf(command)
  const run = (request: Record<string, unknown>, g: Globals, o: TextOptions): Texted => {
    const env = {
      choice: quietChoices,
      render: { style: plainStyle, explain: o.explain === true, width: o.width ?? 80 },
    }
    const out = answerRequest(spec, requestOf(spec, request), g, env, true) as RunOutput
    return { answer: out.json as api.Answer, text: out.text ?? '' }
  }
  return {
    /** One roll with these dice, and its text. */
    resolve(request: Record<string, unknown>, dice: api.DiceSource | undefined, o: TextOptions = {}): Texted {
      // The library first: it checks the request and names its keys in messages.
      const answer = (command.resolve as (r: unknown, d?: unknown) => api.Answer)(request, dice)
      const g: Globals = { json: false, odds: false, explain: false }
      if (Array.isArray(answer.rolls) && answer.seed === null) g.rolls = answer.rolls as number[]
      else g.seed = String(answer.seed)
      return { answer, text: run(request, g, o).text }
    },
    /** The exact odds, and their text. */
    odds(request: Record<string, unknown>, o: TextOptions = {}): Texted {
      // A key the command does not take: the library names it (the runner would pass it by).
      const known = new Set([...withTables(command).options.map((x) => x.key), ...unitKeysOf(spec), 'roster'])
      if (Object.keys(request).some((k) => !known.has(k)))
        (command.odds as (r: unknown) => api.Answer)(request)
      try {
        return run(request, { json: false, odds: true, explain: false }, o)
      } catch (e) {
        // Its message as the library words it (keys, not flags).
        ;(command.odds as (r: unknown) => api.Answer)(request)
        throw asMechaError(e)
      }
    },
  }
}

/** The distributions of an odds answer (`odds`, or one compared option's), in the JSON's order. */
export function oddsTables(odds: Record<string, unknown>): OddsTable[] {
  return tablesOf(odds)
}

/** The odds as CSV, `distribution,outcome,chance,atLeast`, as `--odds --csv` writes them. */
export function oddsCsv(odds: Record<string, unknown>): string {
  return renderOddsCsv([{ tables: tablesOf(odds) }])
}

/** The project's SVG chart of an odds answer, as `--plot` draws it. */
export function chartSvg(answer: api.Answer, options: { title?: string; subtitle?: string[] } = {}): string {
  const odds = answer.odds as Record<string, unknown>
  return renderChartSvg({
    title: options.title ?? '',
    subtitle: options.subtitle,
    panels: panelsFor([{ label: '', tables: tablesOf(odds) }]),
  })
}
