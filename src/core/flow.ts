import type { Dice } from './dice.js'
import { Distribution, type Outcome } from './distribution.js'
import { walk } from './exact.js'

/**
 * A fight as a flow: stages run in order, each handed the state the last one left and rolling
 * its own dice through the driver. One description, run three ways:
 * - `run`: a seeded or physical driver plays the stages in turn (a roll, the player's dice);
 * - `odds`: the exact driver walks each stage from every state the stages before it can leave,
 *   and states with one key (what every later stage and report reads of them) merge, as icepool
 *   merges the states its `next_state` returns;
 * - choices score their options by a flow's odds from the state they are made in.
 *
 * A stage must be pure apart from its dice: it may not keep anything between calls.
 */
export interface Stage<S, T extends Outcome> {
  /** For messages and profiles: "evade", "attack", "counter-attack". */
  readonly name: string
  run(state: S, dice: Dice): T
  /**
   * What later stages and the reports read of the state this stage returns: states with one key
   * are one state from here on (the first stands for them all).
   */
  key(state: T): number | string
  /**
   * The stage's exact distribution from `state`, when it has its dice rule already walked (the
   * same rule `run` calls, walked once per declared input and remembered, or its pool read by
   * class counts): the fold takes it instead of walking `run` from every state. Its states are
   * merged on `key`, as the walk's are. Optional: a stage without it is walked.
   */
  odds?(state: S): Distribution<T>
}

export class Flow<I, S extends Outcome> {
  private constructor(
    private readonly stages: ReadonlyArray<Stage<any, any>>,
    private readonly startKey: ((input: I) => number | string) | undefined,
  ) {}

  /** An empty flow over inputs of type I (its first stage is handed the input). */
  static from<I extends Outcome>(key?: (input: I) => number | string): Flow<I, I> {
    return new Flow<I, I>([], key)
  }

  /** This flow with one more stage at its end. */
  then<T extends Outcome>(stage: Stage<S, T>): Flow<I, T> {
    return new Flow<I, T>([...this.stages, stage], this.startKey)
  }

  /** The stages played in turn with real dice (seeded, typed by the player). */
  run(input: I, dice: Dice): S {
    let state: unknown = input
    for (const stage of this.stages) state = stage.run(state, dice)
    return state as S
  }

  /**
   * The exact distribution of the last state: each stage walked once from each distinct state
   * (by the previous stage's key) and its results merged on its own key. `read`, when given,
   * maps the last states to what the caller reads of them (with its own key), so a report that
   * reads one field merges on that field alone.
   */
  odds(input: I): Distribution<S>
  odds<K extends Outcome>(input: I, read: (state: S) => K, key?: (v: K) => number | string): Distribution<K>
  odds<K extends Outcome>(
    input: I,
    read?: (state: S) => K,
    key?: (v: K) => number | string,
  ): Distribution<S> | Distribution<K> {
    let d: Distribution<Outcome> | undefined
    for (const stage of this.stages) {
      const next = (state: Outcome): Distribution<Outcome> =>
        stage.odds?.(state) ?? walk((dice) => stage.run(state, dice) as Outcome, stage.key)
      // The first stage is walked from the input itself (no distribution of one state to bind).
      d = d ? d.bind(next, stage.key) : next(input as Outcome)
    }
    d ??= Distribution.point(input as Outcome, this.startKey as never) as Distribution<Outcome>
    return read ? (d as Distribution<S>).map(read, key) : (d as Distribution<S>)
  }

  /** The stages, for explanations and tests (their names in order). */
  get names(): string[] {
    return this.stages.map((s) => s.name)
  }
}
