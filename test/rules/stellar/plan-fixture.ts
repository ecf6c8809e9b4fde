import { loadSpec } from '../../../src/commands/registry.js'
import { namedRequest } from '../../../src/runtime/by-name.js'
import type { PlanQuery } from '../../../src/models/stellar/plan.js'
import type { Roster } from '../../../src/rules/stellar/roster.js'
import { parseRoster } from '../../../src/rules/stellar/roster-text.js'

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

/**
 * A test roster: the plans' attacker (`gunner`, Acc 8, a 2-shot rifle and gun: small shots keep
 * brute-force walks short) and the `defenders` given, each a unit's roster fields.
 */
export function planRoster(defenders: Record<string, Record<string, unknown>>): Roster {
  const gunner = {
    acc: 8,
    weapons: {
      rifle: { shots: 2, dmg: 300, pen: 3 },
      gun: { shots: 2, dmg: 500, pen: 4 },
    },
  }
  return parseRoster(JSON.stringify({ units: { gunner, ...defenders } }), 'test roster')
}
