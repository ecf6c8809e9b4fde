/** Any dice expression in the library: `roll.resolve({ expression: '4d6kh3' }, { seed: 't' })`. */
import { rollSpec } from '../commands/roll.js'
import type { RollAnswer, RollOdds } from './answers.js'
import { rolled } from './front.js'
import type { RollRequest } from './requests.js'
import type { Rolled } from './types.js'

export const roll: Rolled<RollRequest, RollAnswer, RollOdds> = /* @__PURE__ */ rolled(rollSpec)
