import { InputError } from '../../core/errors.js'
import { type Jam, type JamResult } from '../../rules/formation/jam.js'
import { type CommandSpec, boolOpt, conflicts, defineCommand, intOpt, requires } from '../../runtime/spec.js'
import { jamModel } from '../../models/formation/jam.js'

export const jamSpec: CommandSpec<Jam, JamResult> = defineCommand({
  name: 'formation jam',
  summary:
    'jam/spoof: each attempt places a jam counter on 3+ (5+ when countered), or removes a missile salvo',
  diceOrder: 'one d6 per attempt (--attempts); none against ordinary missile salvos',
  examples: [
    'mecha formation jam --rolls 4',
    'mecha formation jam --countered --attempts 2 --counters 1 --rolls 5,2',
    'mecha formation jam --vs-missiles --smart --attempts 2 --odds',
  ],
  options: [
    intOpt('attempts', "attempts: one per point of the jammer's damage", { min: 1, max: 20 }),
    intOpt('dmg', "the jam/spoof item's damage (same as --attempts)", { min: 1, max: 20 }),
    boolOpt('countered', 'the target counters with its own jam/spoof: 5+ instead of 3+'),
    intOpt('counters', 'jam counters already on the target', { min: 0, max: 20, default: 0 }),
    conflicts(boolOpt('vs-missiles', 'use the attempts to remove missile salvos in range (one salvo each)'), {
      countered: 'missile salvos cannot counter a jammer',
    }),
    requires(boolOpt('smart', 'the salvos are smart missiles: removed only on 4+'), {
      'vs-missiles': 'only for attempts against missile salvos',
    }),
  ],
  build(v) {
    const { attempts, dmg } = v
    if (attempts !== undefined && dmg !== undefined && attempts !== dmg)
      throw new InputError(
        'bad-combination',
        '--attempts and --dmg say the same thing (one attempt per point of damage); give one of them',
      )
    return {
      attempts: attempts ?? dmg ?? 1,
      countered: v.countered,
      counters: v.counters,
      vsMissiles: v.vsMissiles,
      smart: v.smart,
    }
  },
  model: jamModel,
})
