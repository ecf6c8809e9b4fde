import { oneLine } from './text.js'

/**
 * The one error class for anything the user typed wrong. `code` is stable (scripts may match
 * on it); `message` is one sentence naming the input and how to fix it, made one printable line
 * here whatever values it echoes (each cut to ~60 characters, control characters escaped).
 */
export class InputError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(oneLine(message))
    this.name = 'InputError'
  }
}

/**
 * Thrown by the physical dice source when the typed dice run out. The CLI either prompts for
 * the missing dice (in a terminal) and re-runs the resolution, or turns it into an InputError.
 */
export class NeedDice extends Error {
  constructor(
    readonly count: number,
    readonly sides: number,
    readonly label: string,
    readonly used: number,
  ) {
    super(`need ${count} more d${sides} (${label})`)
    this.name = 'NeedDice'
  }
}

/**
 * Thrown by a decision policy when a player's choice is needed in the middle of a resolution
 * (for example Momentum after the evade dice are known). The CLI asks, then re-runs the
 * resolution with the answer; the dice replay identically.
 */
export class NeedDecision<C = unknown> extends Error {
  constructor(
    readonly id: string,
    readonly context: C,
  ) {
    super(`decision needed: ${id}`)
    this.name = 'NeedDecision'
  }
}
