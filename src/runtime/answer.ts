import type { CommandModel } from './spec.js'

/**
 * The shapes every answer shares, as types: what `--json` prints, batch writes and the library
 * returns is one object built once, and each command declares its own answer (`ShootAnswer`,
 * `ShootOdds`, …) in its model by extending these. The runner adds `command`, `seed`, `rolls` and
 * `inputs` around the fields the model builds (`AnswerFields` of the answer).
 */

/** A chance per outcome, the outcome as a string key ("0", "300", "true"); the chances sum to 1. */
export type Chances = Record<string, number>

/** Where one input of a request by unit names came from: the roster (with its field) or a flag. */
export interface InputSource {
  value: unknown
  from: 'roster' | 'flag'
  /** The roster field it came from: `argonaut.acc`, `argonaut.weapons.cannon.shots`. */
  field?: string
}

/**
 * A request by unit names: where each option came from (a trait option: one entry a trait). A
 * shot at several defenders lists one record a target, target 1 first.
 */
export type UnitInputs = Record<string, InputSource | InputSource[]>

/** The fields of every answer of a command that rolls no dice (`vp`, `momentum`, …). */
export interface CalculationAnswer<C extends string = string> {
  /** The command's full name: `"vp"`, `"mining plan"`. */
  command: C
}

/** The fields of every rolled answer. */
export interface DiceAnswer<C extends string = string> {
  command: C
  /** The seed that replays this roll; `null` when the dice were typed (`rolls`). */
  seed: string | null
  /** The dice typed (or drawn from a random function), in the order they were read. */
  rolls?: number[]
}

/** The fields of every odds answer: the settled choices beside it are the command's own. */
export interface OddsAnswer<C extends string = string, O = Record<string, unknown>> {
  command: C
  /** Each distribution as Chances, and the means under `expected`. */
  odds: O
}

/** One option of a compared choice, as the JSON lists it (K: the choices it makes). */
export type ComparedOptionAnswer<K, O> = {
  /** Short: "barrage/guard", "6/3". */
  name: string
  /** As a prompt names it: "Barrage (+1 shot) vs Guard (+1 Block)". */
  label: string
  /** The quantity the automatic choice ranks by, from the chooser's side. */
  value: number
  /** The automatic choice: always the first option. */
  best: boolean
} & K & {
    /** The option's exact odds, as `--odds` answers them with its choices. */
    odds: O
  }

/** One compared choice: whose, ranked by what, and its options, best first. */
export interface ComparedChoiceAnswer<K, O> {
  question: string
  quantity: string
  ranking: string
  options: Array<ComparedOptionAnswer<K, O>>
}

/** The fields of every `--compare` answer (K: the choices an option makes; O: its odds). */
export interface CompareAnswer<
  C extends string = string,
  K = Record<string, unknown>,
  O = Record<string, unknown>,
> {
  command: C
  compare: Array<ComparedChoiceAnswer<K, O>>
}

/** One object type of an intersection, as an editor shows it. */
type Flat<T> = { [P in keyof T]: T[P] } & {}

/** A command that takes units by name adds where each input came from. */
export interface NamedAnswer {
  /** Given units by name: where each option came from (docs/json.md). */
  inputs?: UnitInputs
}

/** The answer of one roll of command C whose model is M (U: NamedAnswer for units by name). */
export type RolledAnswerOf<C extends string, M, U = unknown> =
  M extends CommandModel<any, any, any, infer J> ? Flat<DiceAnswer<C> & J & U> : never

/** The answer of a command C that rolls no dice. */
export type CalculationAnswerOf<C extends string, M, U = unknown> =
  M extends CommandModel<any, any, any, infer J> ? Flat<CalculationAnswer<C> & J & U> : never

/** The exact odds of command C. */
export type OddsAnswerOf<C extends string, M, U = unknown> =
  M extends CommandModel<any, any, any, any, infer O, infer X> ? Flat<OddsAnswer<C, O> & X & U> : never

/** `--compare` of command C. */
export type CompareAnswerOf<C extends string, M, U = unknown> =
  M extends CommandModel<any, any, any, any, infer O, any, any, infer CX, infer K>
    ? Flat<CompareAnswer<C, K, O> & CX & U>
    : never
