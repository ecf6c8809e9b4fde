/** The library's public types (docs/api.md); each command's request is in requests.ts. */

/**
 * A roster for units by name: its data, as a roster file holds it (`{ units: { argonaut: { acc: 9,
 * … } } }`), checked as a roster file is (docs/roster.md); or that data as JSON text. A roster's
 * YAML text is read with `parseRoster(text)`, which gives the data.
 */
export type RosterSource = { units: Record<string, unknown> } | string

/**
 * Where a roll's dice come from: a seed (the same seed gives the same roll as `--seed`), the
 * physical dice in the order the command's --help lists (as `--rolls`), or a function giving
 * random numbers in [0, 1) such as Math.random (the answer then lists the faces as `rolls`).
 * Left out: a fresh random seed, reported in the answer.
 */
export type DiceSource = { seed: string } | { rolls: number[] | string } | (() => number)

/** Any command's answer, untyped: the object `mecha <command> … --json` prints, `command` first. */
export type Answer = { command: string } & Record<string, unknown>

/** One option of a command's request: what a form needs to offer it (docs/api.md). */
export interface OptionInfo {
  /** The request key: `armSv`. */
  key: string
  /** The command line's flag: `--arm-sv`. */
  flag: string
  /**
   * What it takes: a whole number (`int`, within min and max), a switch (`bool`), one of `values`
   * (`enum`), text the command reads itself (`text`: PEN 5S, splits 6/3; `placeholder` shows its
   * form), or any text (`string`).
   */
  kind: 'int' | 'bool' | 'enum' | 'text' | 'string'
  description: string
  min?: number
  max?: number
  values?: readonly string[]
  /** Its value when left out; absent when the command decides (or asks). */
  default?: unknown
  placeholder?: string
  /**
   * Values a `text` option commonly takes, to offer as suggestions (the trait names of `trait`,
   * the reactions of `defense`): what shell completion offers; other values may still be valid.
   */
  suggestions?: readonly string[]
  /** Given several times (a list in a request). */
  repeatable?: boolean
  /** A player's choice: left out, it is made automatically (`auto` also says so). */
  choice?: boolean
  /** The command cannot do without it: what to give. */
  required?: string
  /** A positional argument of the command line (`roll`'s expression), a key like the others here. */
  positional?: boolean
}

/** A unit word of a command that takes units by name: its request key and how it is written. */
export interface UnitWordInfo {
  key: 'attacker' | 'defender' | 'unit' | 'attacks'
  /** `ATTACKER[:WEAPON]` */
  usage: string
  description: string
  /** The weapons a `unit:weapon` may name here. */
  weapons?: 'shoot' | 'melee' | 'any'
  /** Several units may be named (a list): one target each, or a plan's attacks. */
  repeatable?: boolean
  /** May be left out (a matrix picks its units itself). */
  optional?: boolean
}

/** What every command has: its name and what its request takes. */
export interface CommandInfo {
  /** The command's CLI name: 'shoot', 'wargroup shoot'. */
  readonly name: string
  /** One line: what it resolves. */
  readonly summary: string
  /** Its options, as a form offers them. */
  readonly options: readonly OptionInfo[]
  /** Its unit words, when it takes units by name (with `roster`). */
  readonly units?: readonly UnitWordInfo[]
}

/** A command that rolls no dice (a calculation, a table): resolve only. */
export interface Calculation<Req, A = Answer> extends CommandInfo {
  /** Answer the request, as `--json` does. Throws MechaError for bad input. */
  resolve(request: Req): A
}

/** A command that rolls dice: one roll, or its exact odds. */
export interface Rolled<Req, A = Answer, O = Answer> extends CommandInfo {
  /** One roll with these dice (a fresh seed when left out), as `--json` answers it. */
  resolve(request: Req, dice?: DiceSource): A
  /** The exact odds, as `--odds --json` answers them. */
  odds(request: Req): O
}

/** A command with a player's choice: also every option of it side by side. */
export interface Compared<Req, A = Answer, O = Answer, C = Answer> extends Rolled<Req, A, O> {
  /** Every option of the choices left open, with its exact odds, as `--odds --compare --json`. */
  compare(request: Req): C
}
