/**
 * What the library throws for a request it cannot answer: the same one-line message the CLI's
 * batch mode answers that request with, and the same stable `code` (`missing`, `out-of-range`,
 * `bad-choice`, `unknown-key`, …), so a script can match on it.
 */
export class MechaError extends Error {
  constructor(
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'MechaError'
  }
}
