/**
 * One request, however it was asked for: the command line's flags, a batch line's keys, units by
 * name (named-units.ts) or a library call (src/api) become a Request here, and every one is
 * answered by answerRequest: build, choose automatically or ask, resolve / odds / compare, and
 * the JSON object `--json` prints. Pure: no files, no terminal, no exits.
 */
import { type Globals, type RunEnv, type RunOutput, runSpec } from './run.js'
import { type CommandSpec, type Values, parseValues } from './spec.js'

export interface Request {
  /** The command's option values, parsed (each further target's under MORE_TARGETS). */
  values: Values
  /** Units by name: where each value came from, reported as the JSON's `inputs`. */
  inputs?: unknown
}

/** A request from option values as given (command-line text, or a batch line's JSON values). */
export function plainRequest(
  spec: CommandSpec,
  raw: Record<string, unknown>,
  form: 'flag' | 'json',
): Request {
  return { values: parseValues(spec, raw, form) }
}

/** Answer a request: the runner's output, with `inputs` in the JSON when units were named. */
export function answerRequest(
  spec: CommandSpec,
  req: Request,
  g: Globals,
  env: RunEnv,
): RunOutput | Promise<RunOutput> {
  const out = runSpec(spec, req.values, g, env)
  if (req.inputs === undefined) return out
  const withInputs = (o: RunOutput): RunOutput => {
    o.json.inputs = req.inputs
    return o
  }
  return out instanceof Promise ? out.then(withInputs) : withInputs(out)
}
