/**
 * A request by unit names, whatever the command: a plan (plan-units.ts), a matrix
 * (matrix-units.ts) or one fight (named-units.ts). The command line, batch and a game ask here;
 * the library takes the one its command needs, so a page that imports shoot carries no plan code.
 */
import { declining } from '../rules/stellar/declined-skills.js'
import type { Roster } from '../rules/stellar/roster.js'
import { matrixRequest } from './matrix-units.js'
import { needWords, unitsRequest } from './named-units.js'
import { planRequest } from './plan-units.js'
import type { Request } from './request.js'
import type { CommandSpec } from './spec.js'

/**
 * The request of `spec` for the units named in `refs`, with the values `given` laid over theirs;
 * the Skills `given.decline` names are left out of the units first (declined-skills.ts).
 */
export function namedRequest(
  spec: CommandSpec,
  named: Roster,
  refs: ReadonlyArray<string | undefined>,
  values: Record<string, unknown>,
  form: 'flag' | 'json',
): Request {
  const { roster, given } = declining(named, values)
  if (spec.name === 'matrix') return matrixRequest(spec, roster, needWords('matrix', refs), given, form)
  if (spec.name === 'plan') return planRequest(spec, roster, needWords('plan', refs), given, form)
  return unitsRequest(spec, roster, refs, given, form)
}
