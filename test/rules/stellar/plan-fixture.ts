import { loadSpec } from '../../../src/commands/registry.js'
import { namedRequest } from '../../../src/engine/named-units.js'
import type { PlanQuery } from '../../../src/report/stellar/plan.js'
import type { Roster } from '../../../src/rules/stellar/roster.js'

/** A plan's request as `mecha plan WORDS… --json` builds it from `roster`, with `given` flags. */
export async function planQuery(
  roster: Roster,
  words: string[],
  given: Record<string, unknown> = {},
): Promise<PlanQuery> {
  const spec = (await loadSpec('plan'))!
  const req = namedRequest(spec, roster, words, given, 'json')
  return spec.build(req.values) as PlanQuery
}
