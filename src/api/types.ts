/** The library's public types (docs/api.md); the request of each command is in requests.ts. */

/**
 * A roster for units by name: the text of a roster file (YAML, or JSON), or the same data as an
 * object (`{ units: { argonaut: { acc: 9, … } } }`), checked as a roster file is (docs/roster.md).
 */
export type RosterSource = string | { units: Record<string, unknown> }

/**
 * Where a roll's dice come from: a seed (the same seed gives the same roll as `--seed`), the
 * physical dice in the order the command's --help lists (as `--rolls`), or a function giving
 * random numbers in [0, 1) such as Math.random (the answer then lists the faces as `rolls`).
 * Left out: a fresh random seed, reported in the answer.
 */
export type DiceSource = { seed: string } | { rolls: number[] | string } | (() => number)

/** An answer: exactly the object `mecha <command> … --json` prints, `command` first. */
export type Answer = { command: string } & Record<string, unknown>

/** A command that rolls no dice (a calculation, a table): resolve only. */
export interface Calculation<Req> {
  /** The command's CLI name: 'shoot', 'wargroup shoot'. */
  readonly name: string
  /** Answer the request, as `--json` does. Throws MechaError for bad input. */
  resolve(request: Req): Answer
}

/** A command that rolls dice: one roll, or its exact odds. */
export interface Rolled<Req> {
  readonly name: string
  /** One roll with these dice (a fresh seed when left out), as `--json` answers it. */
  resolve(request: Req, dice?: DiceSource): Answer
  /** The exact odds, as `--odds --json` answers them. */
  odds(request: Req): Answer
}

/** A command with a player's choice: also every option of it side by side. */
export interface Compared<Req> extends Rolled<Req> {
  /** Every option of the choices left open, with its exact odds, as `--odds --compare --json`. */
  compare(request: Req): Answer
}
