import {
  type ClashConclusion,
  type Melee,
  type OverwatchState,
  type StrikeSummary,
  OVERWATCH_START,
  concludeClash,
  counterMomentum,
  survives,
} from './melee.js'
import type { StrikeOutcome } from './melee-odds.js'

/**
 * What the charge's later stages read of its strikes (melee-flow.ts keys its states on these
 * views) and the conclusion after them: one module that the flow and the automatic choice
 * (melee-choice.ts) both read, so neither imports the other for it.
 */

/**
 * What the conclusion reads of the attack besides its damage (which it only passes on to
 * damageTaken): whether it dealt any, pushed the defender out, and left the defender standing.
 * Attacks with one view conclude alike (the same Finishing Blow, counter-attack and `later`).
 */
export function attackView(m: Melee, a: StrikeSummary | null): string {
  return a ? ATTACK_VIEWS[attackViewCode(m.def.unit.hp, a)] : '-'
}

/** The attack view as a number: dealt damage (1), pushed the defender out (2), destroyed it (4). */
export function attackViewCode(defHp: number | undefined, a: StrikeSummary): number {
  return (a.damage > 0 ? 1 : 0) | (a.pushedOut ? 2 : 0) | (survives(a.damage, defHp) ? 0 : 4)
}
const ATTACK_VIEWS = Array.from(
  { length: 8 },
  (_, v) => `${v & 1 ? 'dealt' : 'none'} ${v & 2 ? 'pushed' : 'stayed'} ${v & 4 ? 'destroyed' : 'standing'}`,
)

/** What the conclusion reads of a counter-attack: its damage and push. */
export const counterView = (c: StrikeSummary | null) => (c ? `${c.damage} ${c.pushedOut}` : '-')
/** The counter view of a counter-attack as a number (its damage is whole). */
const counterViewCode = (c: StrikeSummary) => 2 * c.damage + (c.pushedOut ? 1 : 0)

/** The Momentum the charger has left against the counter-attack, or null when there is none (the defender fell or was pushed out). */
export const counterLeft = (st: { m: Melee; ow: OverwatchState; attack: StrikeSummary | null }) =>
  st.attack ? counterMomentum(st.m, st.ow, st.attack) : null

/** What the conclusion stage decides from the strikes (concludeClash). */
export const conclusion = (st: {
  m: Melee
  ow: OverwatchState
  attack: StrikeSummary | null
  counter: StrikeSummary | null
}) => concludeClash(st.m, st.ow, st.attack, st.counter)

/**
 * The clash's stages after its strikes' dice, without overwatch: what the automatic choice
 * (melee-choice.ts) weighs its options through. `view` is what the counter-attack and
 * conclusion stages read of an attack besides its damage (the attack stage's key: it reads the
 * clash only through the defender's HP), `counterView`
 * what the conclusion reads of a counter-attack (the counter-attack stage's key), each as a
 * number (attackViewCode, counterViewCode: the same partitions as the keys); `countered`
 * whether the counter-attack stage strikes after it; `conclude` the conclusion stage's result.
 */
export const clashAfterStrikes = {
  view: (defHp: number | undefined, attack: StrikeOutcome) => attackViewCode(defHp, attack),
  counterView: (counter: StrikeOutcome) => counterViewCode(counter),
  countered: (m: Melee, attack: StrikeOutcome) => counterLeft({ m, ow: OVERWATCH_START, attack }) !== null,
  conclude: (
    m: Melee,
    attack: StrikeOutcome,
    counter: StrikeOutcome | null,
    ow: OverwatchState = OVERWATCH_START,
  ): ClashConclusion => conclusion({ m, ow, attack, counter }),
}
