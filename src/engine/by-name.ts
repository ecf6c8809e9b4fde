/**
 * A request by unit names, whatever the command: a plan (plan-units.ts), a matrix
 * (matrix-units.ts) or one fight (named-units.ts). The command line, batch and a game ask here;
 * the library takes the one its command needs, so a page that imports shoot carries no plan code.
 */
import type { Roster } from '../rules/stellar/roster.js'
import { matrixRequest } from './matrix-units.js'
import { needWords, unitsRequest } from './named-units.js'
import { planRequest } from './plan-units.js'
import type { Request } from './request.js'
import type { CommandSpec } from './spec.js'

/** The request of `spec` for the units named in `refs`, with the values `given` laid over theirs. */
export function namedRequest(
  spec: CommandSpec,
  roster: Roster,
  refs: ReadonlyArray<string | undefined>,
  given: Record<string, unknown>,
  form: 'flag' | 'json',
): Request {
  if (spec.name === 'matrix') return matrixRequest(spec, roster, needWords('matrix', refs), given, form)
  if (spec.name === 'plan') return planRequest(spec, roster, needWords('plan', refs), given, form)
  return unitsRequest(spec, roster, refs, given, form)
}
