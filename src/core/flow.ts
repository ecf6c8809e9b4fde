import type { Dice } from './dice.js'
import { Distribution, type Outcome, lcm } from './distribution.js'
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
  /**
   * Instead of `odds`: what happens from `state` as a distribution many states share (one attack's
   * outcomes, remembered by its declared input), and how each outcome advances the state. The
   * fold then puts each advanced state once (Distribution.step), building no distribution per
   * state. Its advanced states merge on `key` (Flow.fold: with their tallies and marginals).
   */
  step?: { outcomes(state: S): Distribution<any>; advance(state: S, outcome: any): T }
  /**
   * TALLIES: numbers of the state that no later stage reads and the reports only add up (the
   * damage a side has taken so far). `key` leaves them out, so that states differing only in
   * them merge; the fold (Flow.fold) keeps, for each merged state, each tally's distribution
   * given that state, which stays exact because what comes after reads the key alone. A tally,
   * once listed, keeps its place in every later stage's list (a later stage lists its own after
   * it); its value in a merged state's own fields is its first member's and means nothing. With
   * tallies, `odds` merges on `key` and the tallies together (fineKey).
   */
  tallies?(state: T): readonly number[]
  /**
   * MARGINALS: numbers of the state that the reports read only over the whole fold, never per
   * state nor added to anything later (a strike's unblocked hits). Their distribution over all
   * paths is the same at every stage after the one that makes them (merging moves no weight), so
   * the fold takes it there (Fold.marginals) and carries nothing: a tally carried to the end cost
   * each merged state its own map, multiplied out per state at each later stage. `key` leaves them
   * out; `odds` merges on `key`, tallies and marginals together (fineKey).
   */
  marginals?(state: T): readonly number[]
}

/** What Flow.fold gives: the last states with their tallies, and each marginal's distribution. */
export interface Fold<S> {
  readonly states: Distribution<Folded<S>>
  /** In the order the stages list them (a stage's own in its order). */
  readonly marginals: ReadonlyArray<Distribution<number>>
}

/** A state of a fold with tallies: the state, and each tally's distribution given it. */
export interface Folded<S> {
  state: S
  tallies: readonly Tally[]
}

/**
 * A tally's distribution given one merged state, as ways over the fold's common denominator (they
 * add up to the state's ways): `base` times `scale`, so that a state inheriting its parent's tally
 * scales it without copying it, and mixing tallies is adding ways (no denominators to join).
 */
export interface Tally {
  readonly base: ReadonlyMap<number, bigint>
  readonly scale: bigint
}

/** The distribution of one tally over the whole fold, each value moved by `shift` of its state (0 by default). */
export function tallyOdds<S>(
  fold: Fold<S>,
  i: number,
  shift: (state: S) => number = () => 0,
): Distribution<number> {
  // States sharing a base and a shift are added up first: each base is read once per shift.
  const scales = new Map<ReadonlyMap<number, bigint>, Map<number, bigint>>()
  for (const [f] of fold.states.entries()) {
    const t = f.tallies[i]
    const by = shift(f.state)
    let m = scales.get(t.base)
    if (!m) scales.set(t.base, (m = new Map()))
    m.set(by, (m.get(by) ?? 0n) + t.scale)
  }
  const ways = new Map<number, bigint>()
  for (const [base, byShift] of scales)
    for (const [by, scale] of byShift)
      for (const [x, c] of base) ways.set(x + by, (ways.get(x + by) ?? 0n) + c * scale)
  return Distribution.weighted(ways)
}

/** A stage's key with its tallies and marginals: what its `odds` merges on when it keeps either. */
export function fineKey<T extends Outcome>(
  stage: Pick<Stage<any, T>, 'key' | 'tallies' | 'marginals'>,
  state: T,
): string {
  return `${stage.key(state)}|${stage.tallies?.(state).join(' ') ?? ''}|${stage.marginals?.(state).join(' ') ?? ''}`
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
      d ??= Distribution.point(input as Outcome, this.startKey as never) as Distribution<Outcome>
      d = stage.step ? d.step(stage.step.outcomes, stage.step.advance, stage.key) : d.bind(next, stage.key)
    }
    d ??= Distribution.point(input as Outcome, this.startKey as never) as Distribution<Outcome>
    return read ? (d as Distribution<S>).map(read, key) : (d as Distribution<S>)
  }

  /**
   * The exact distribution of the last state with its tallies (Stage.tallies): as `odds`, but the
   * stages that list tallies merge their states on `key` alone, each tally of a merged state
   * being the mixture of its members' (a member's own new tallies are points).
   */
  fold(input: I): Fold<S> {
    // The stages before the first with tallies or marginals fold as `odds` does.
    const first = this.stages.findIndex((s) => s.tallies || s.marginals)
    const lead = first < 0 ? this.stages.length : first
    const before = new Flow<I, Outcome>(this.stages.slice(0, lead), this.startKey).odds(input)
    const start = before.map(
      (state): Folded<any> => ({ state, tallies: [] }),
      (f) => this.stages[lead - 1]?.key(f.state) ?? 0,
    )
    let d: Distribution<Folded<any>> = start
    const marginals: Array<Distribution<number>> = []
    for (const stage of this.stages.slice(lead)) d = foldStage(d, stage, marginals)
    return { states: d, marginals }
  }

  /** The stages, for explanations and tests (their names in order). */
  get names(): string[] {
    return this.stages.map((s) => s.name)
  }
}

/**
 * One stage of Flow.fold: each state's next states, merged on the stage's key with their tallies
 * mixed; the distribution of each of its marginals is pushed onto `marginals`.
 */
function foldStage(
  d: Distribution<Folded<Outcome>>,
  stage: Stage<any, any>,
  marginals: Array<Distribution<number>>,
): Distribution<Folded<Outcome>> {
  const own = stage.tallies
  const fine = own || stage.marginals ? (t: Outcome) => fineKey(stage, t) : stage.key
  // A stage with `step`: its shared outcomes, each advanced below (no distribution built per state).
  const step = stage.step
  const next = (state: Outcome): Distribution<Outcome> =>
    step?.outcomes(state) ?? stage.odds?.(state) ?? walk((dice) => stage.run(state, dice) as Outcome, fine)
  const expanded: Array<[Folded<Outcome>, bigint, Distribution<Outcome>]> = []
  let common = 1n
  for (const [f, w] of d.entries()) {
    const n = next(f.state)
    common = lcm(common, n.den)
    expanded.push([f, w, n])
  }
  /** Per merged state: its first member, its ways, per inherited tally the scale of each base, per new tally the ways of each value. */
  interface Group {
    state: Outcome
    ways: bigint
    inherited: Array<Map<ReadonlyMap<number, bigint>, bigint>>
    fresh: Array<Map<number, bigint>>
  }
  const groups = new Map<number | string, Group>()
  const sums: Array<Map<number, bigint>> = []
  for (const [f, w, n] of expanded) {
    // Every way of the parent goes on to `factor` ways of each next state (its tallies alike).
    const per = common / n.den
    for (const [outcome, c] of n.entries()) {
      const t = step ? step.advance(f.state, outcome) : outcome
      const factor = c * per
      const ways = w * factor
      const k = stage.key(t)
      let g = groups.get(k)
      if (!g)
        groups.set(k, (g = { state: t, ways: 0n, inherited: f.tallies.map(() => new Map()), fresh: [] }))
      g.ways += ways
      for (let i = 0; i < f.tallies.length; i++) {
        const x = f.tallies[i]
        const m = g.inherited[i]
        m.set(x.base, (m.get(x.base) ?? 0n) + x.scale * factor)
      }
      const values = own ? own(t) : []
      for (let i = f.tallies.length; i < values.length; i++) {
        const m = (g.fresh[i - f.tallies.length] ??= new Map())
        m.set(values[i], (m.get(values[i]) ?? 0n) + ways)
      }
      const read = stage.marginals?.(t) ?? []
      for (let i = 0; i < read.length; i++) {
        const m = (sums[i] ??= new Map())
        m.set(read[i], (m.get(read[i]) ?? 0n) + ways)
      }
    }
  }
  for (const m of sums) marginals.push(Distribution.weighted(m))
  const list = [...groups.values()].map((g): Folded<Outcome> => ({
    state: g.state,
    tallies: [...g.inherited.map(mixed), ...g.fresh.map((base) => ({ base, scale: 1n }))],
  }))
  return Distribution.weighted([...groups.values()].map((g, i) => [i, g.ways] as const)).map(
    (i) => list[i],
    (f) => stage.key(f.state),
  )
}

/** A tally from its parents' bases, each with the scale it carries here: one base stays itself. */
function mixed(parts: Map<ReadonlyMap<number, bigint>, bigint>): Tally {
  if (parts.size === 1) {
    const [[base, scale]] = parts
    return { base, scale }
  }
  const base = new Map<number, bigint>()
  for (const [b, scale] of parts) for (const [x, c] of b) base.set(x, (base.get(x) ?? 0n) + c * scale)
  return { base, scale: 1n }
}
