import { loadAllSpecs } from '../../src/commands/registry.js'
import { quietChoices } from '../../src/runtime/run.js'
import { type CommandSpec, camelKey, parseValues } from '../../src/runtime/spec.js'

/** Split a shell-like command line: words, with "double" or 'single' quotes. */
export function shellWords(line: string): string[] {
  const out: string[] = []
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g
  let m: RegExpExecArray | null
  while ((m = re.exec(line))) out.push(m[1] ?? m[2] ?? m[3])
  return out
}

const GLOBAL_WITH_VALUE = new Set(['--seed', '--rolls'])
const GLOBAL_BOOL = new Set(['--odds', '--json', '--explain', '--no-color', '--auto', '--compare'])

export interface Example {
  spec: CommandSpec
  line: string
  /** Raw option values, as commander would hand them over. */
  raw: Record<string, unknown>
}

/** Every example printed in every command's --help, turned back into raw option values. */
export async function examples(): Promise<Example[]> {
  const out: Example[] = []
  for (const spec of await loadAllSpecs()) {
    const words = spec.name.split(' ')
    for (const line of spec.examples ?? []) {
      // Units named from a roster (plan, matrix, shoot by names) are settled by the CLI's unit
      // layer, not from flag values: their own tests cover them (plan, matrix, units-by-name).
      if (line.includes('--roster')) continue
      const argv = shellWords(line).slice(1 + words.length)
      const raw: Record<string, unknown> = {}
      const positional: string[] = []
      for (let i = 0; i < argv.length; i++) {
        const a = argv[i]
        if (GLOBAL_WITH_VALUE.has(a)) {
          i++
          continue
        }
        if (GLOBAL_BOOL.has(a)) continue
        if (!a.startsWith('--')) {
          positional.push(a)
          continue
        }
        const opt = spec.options.find((o) => `--${o.flag}` === a)
        if (!opt) throw new Error(`${spec.name} example "${line}": unknown flag ${a}`)
        const key = camelKey(opt.flag)
        const value = opt.type.kind === 'bool' ? true : argv[++i]
        raw[key] = opt.repeatable ? [...((raw[key] as unknown[]) ?? []), value] : value
      }
      ;(spec.args ?? []).forEach((arg, i) => {
        if (positional[i] !== undefined) raw[arg.name] = positional[i]
      })
      out.push({ spec, line, raw })
    }
  }
  return out
}

/** Build and settle an input the way the CLI does without a terminal. */
export async function inputOf(spec: CommandSpec, raw: Record<string, unknown>): Promise<unknown> {
  const input = spec.build(parseValues(spec, raw, 'flag'))
  return spec.model.choose ? await spec.model.choose(input, quietChoices) : input
}

/** Every probability map inside an odds JSON object, by path (`expected` is means, not a map). */
export function oddsMaps(
  json: unknown,
  path: string[] = [],
): Array<{ path: string[]; map: Record<string, number> }> {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return []
  const entries = Object.entries(json as Record<string, unknown>)
  if (
    entries.length > 0 &&
    entries.every(([, v]) => typeof v === 'number') &&
    path[path.length - 1] !== 'expected'
  ) {
    // A map of outcome → probability (values in [0, 1]); a record of plain numbers otherwise.
    if (entries.every(([, v]) => (v as number) >= 0 && (v as number) <= 1 + 1e-12))
      return [{ path, map: json as Record<string, number> }]
    return []
  }
  return entries.flatMap(([k, v]) => (k === 'expected' ? [] : oddsMaps(v, [...path, k])))
}

/** The value at `path` in a result JSON, when it is a scalar (number, boolean, string). */
export function scalarAt(json: unknown, path: string[]): string | undefined {
  let v: unknown = json
  for (const p of path) {
    if (!v || typeof v !== 'object') return undefined
    v = (v as Record<string, unknown>)[p]
  }
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') return String(v)
  if (v === null) return 'null'
  return undefined
}
