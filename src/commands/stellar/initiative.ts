import { InputError } from '../../core/errors.js'
import { type InitiativeRequest, type InitiativeResult } from '../../rules/stellar/initiative.js'
import { type CommandSpec, defineCommand, textOpt } from '../../runtime/spec.js'
import { initiativeModel } from '../../models/stellar/initiative.js'

export function parseNames(text: string, flag: string): [string, string] {
  const parts = text.split(',').map((p) => p.trim())
  if (parts.length !== 2 || parts.some((p) => p === ''))
    throw new InputError(
      'bad-value',
      `${flag}: "${text}" is not two names; give them comma-separated, e.g. --names Federation,Zeon`,
    )
  return [parts[0], parts[1]]
}
export const initiativeSpec: CommandSpec<InitiativeRequest, InitiativeResult> = defineCommand({
  name: 'initiative',
  summary:
    'MechaStellar initiative: both sides roll a d10, the higher chooses to go first or second (ties re-rolled)',
  diceOrder: "side 1's d10, then side 2's d10; again for as long as they tie",
  examples: [
    'mecha initiative --seed round1',
    'mecha initiative --names Federation,Zeon --rolls 4,4,7,2',
    'mecha initiative --odds',
  ],
  options: [textOpt('names', 'A,B', 'names of the two sides (default: side 1, side 2)', parseNames)],
  build: (v) => ({ names: v.names ?? ['side 1', 'side 2'] }),
  model: initiativeModel,
})
