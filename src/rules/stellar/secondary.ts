import { InputError } from '../../core/errors.js'
import type { VpPart } from './victory-points.js'

/**
 * SECONDARY OBJECTIVES (wargame rules, "[Optional module] Secondary Objectives").
 *
 * Each player picks one objective from each of three categories (Destruction, Survival, Control
 * the Battlespace); each is worth at most 10 VP. An objective scores from counts kept during the
 * game: how many times its event happened, and for some a bonus event, a per-round count, the
 * surviving units' pilot levels, or how many units were fielded and destroyed.
 *
 * Readings:
 * - A bonus that names a subset of the main event (Top Gun's enemy Commander, Undefeated's Melee
 *   Counterattack) cannot happen more often than the event itself.
 * - Last Bastion's bonus ("as well") needs the Commander to have survived. Minimize Losses'
 *   bonus for each Momentum save is scored whether or not half the force survived: it is counted
 *   as it happens, the +5 at the end.
 * - "50%+ of your units (round up)": at least ceil(units / 2).
 * - Bonds on the Battlefield counts the three surviving units with the highest pilot levels
 *   (the player picks them; fewer than three survivors count what there is).
 * - Flawless Insertion never goes below 0.
 */

export type Category = 'destruction' | 'survival' | 'battlespace'

export const SECONDARY_CAP = 10

/** What a game's counts can say; each objective reads some of them. */
export interface SecondaryCounts {
  times?: number
  bonus?: number
  perRound?: number[]
  levels?: number[]
  units?: number
  destroyed?: number
  commanderSurvived?: boolean
}

export type CountKey = keyof SecondaryCounts

interface ObjectiveDef {
  name: string
  category: Category
  /** The counts it reads: required first, then optional. */
  required: CountKey[]
  optional: CountKey[]
  /** What each count means for this objective (for help and errors). */
  meaning: Partial<Record<CountKey, string>>
  score(c: SecondaryCounts): VpPart[]
}

const part = (reason: string, vp: number): VpPart => ({ reason, vp })
const times = (n: number, what: string, each: number): VpPart[] =>
  n > 0 ? [part(`${n} x ${what} (+${each} each)`, n * each)] : []
const halfUp = (n: number) => Math.ceil(n / 2)

export const OBJECTIVES = {
  'top-gun': {
    name: 'Top Gun',
    category: 'destruction',
    required: ['times'],
    optional: ['bonus'],
    meaning: {
      times: 'enemy Skilled or Ace pilots destroyed by your Skilled or Ace pilots',
      bonus: 'of those, the enemy Commander',
    },
    score: (c) => [
      ...times(c.times ?? 0, 'enemy Skilled / Ace pilot destroyed by yours', 2),
      ...times(c.bonus ?? 0, 'it was the enemy Commander', 2),
    ],
  },
  'strongest-prototype': {
    name: 'Strongest Prototype',
    category: 'destruction',
    required: ['times'],
    optional: [],
    meaning: { times: 'Frame 4+ units destroyed by your Frame 4+ units' },
    score: (c) => times(c.times ?? 0, 'Frame 4+ unit destroyed by your Frame 4+ unit', 5),
  },
  rout: {
    name: 'Rout the Enemy',
    category: 'destruction',
    required: ['perRound'],
    optional: [],
    meaning: { perRound: 'enemy units destroyed in each round' },
    score: (c) =>
      (c.perRound ?? [])
        .map((n, i) =>
          part(`round ${i + 1}: ${n} destroyed${n > 5 ? ' (at most 5 count)' : ''}`, Math.min(5, n)),
        )
        .filter((p) => p.vp > 0),
  },
  'surprise-assault': {
    name: 'Surprise Assault',
    category: 'destruction',
    required: [],
    optional: ['times', 'bonus'],
    meaning: {
      times: 'enemy units destroyed in the first round',
      bonus: 'enemy units destroyed with Tactical Advantage',
    },
    score: (c) => [
      ...times(c.times ?? 0, 'unit destroyed in round 1', 1),
      ...times(c.bonus ?? 0, 'unit destroyed with Tactical Advantage', 3),
    ],
  },
  undefeated: {
    name: 'Undefeated',
    category: 'destruction',
    required: ['times'],
    optional: ['bonus'],
    meaning: { times: 'units your Commander destroyed', bonus: 'of those, with a Melee Counterattack' },
    score: (c) => [
      ...times(c.times ?? 0, 'unit destroyed by your Commander', 2),
      ...times(c.bonus ?? 0, 'with a Melee Counterattack', 3),
    ],
  },
  bonds: {
    name: 'Bonds on the Battlefield',
    category: 'survival',
    required: ['levels'],
    optional: [],
    meaning: { levels: 'pilot levels (0-2) of your surviving units' },
    score: (c) => {
      const best = [...(c.levels ?? [])].sort((a, b) => b - a).slice(0, 3)
      const sum = best.reduce((a, b) => a + b, 0)
      return sum > 0
        ? [
            part(
              `pilot levels of ${best.length} surviving unit${best.length === 1 ? '' : 's'}: ${best.join(' + ')}`,
              sum,
            ),
          ]
        : []
    },
  },
  'last-bastion': {
    name: 'Last Bastion',
    category: 'survival',
    required: [],
    optional: ['commanderSurvived', 'units', 'destroyed'],
    meaning: {
      commanderSurvived: 'your Commander survived',
      units: 'your units at the start',
      destroyed: 'your units destroyed',
    },
    score: (c) => {
      if (!c.commanderSurvived) return []
      const parts = [part('your Commander survived', 3)]
      if (c.units !== undefined && c.destroyed !== undefined && c.destroyed >= halfUp(c.units))
        parts.push(part(`and ${c.destroyed} of ${c.units} units were destroyed (${halfUp(c.units)}+)`, 3))
      return parts
    },
  },
  'minimize-losses': {
    name: 'Minimize Losses',
    category: 'survival',
    required: ['units', 'destroyed'],
    optional: ['bonus'],
    meaning: {
      units: 'your units at the start',
      destroyed: 'your units destroyed',
      bonus: 'times you spent Momentum to save a unit',
    },
    score: (c) => {
      const units = c.units ?? 0
      const survived = units - (c.destroyed ?? 0)
      const parts =
        survived >= halfUp(units) && units > 0
          ? [part(`${survived} of ${units} units survived (${halfUp(units)}+)`, 5)]
          : []
      return [...parts, ...times(c.bonus ?? 0, 'Momentum spent to save a unit', 1)]
    },
  },
  'flawless-insertion': {
    name: 'Flawless Insertion',
    category: 'survival',
    required: ['destroyed'],
    optional: [],
    meaning: { destroyed: 'your units destroyed in round 1' },
    score: (c) => {
      const lost = c.destroyed ?? 0
      return [
        part('Flawless Insertion', 10),
        ...(lost
          ? [part(`${lost} unit${lost === 1 ? '' : 's'} destroyed in round 1 (-1 each)`, -Math.min(10, lost))]
          : []),
      ]
    },
  },
  invincible: {
    name: 'Invincible',
    category: 'survival',
    required: ['times'],
    optional: [],
    meaning: { times: 'Shooting or Melee attacks that dealt your units 0 DMG' },
    score: (c) => times(c.times ?? 0, 'attack that dealt 0 DMG', 1),
  },
  repel: {
    name: 'Repel the Enemy',
    category: 'battlespace',
    required: ['times'],
    optional: [],
    meaning: { times: 'enemy models that left your half of the battlefield or were destroyed on it' },
    score: (c) => times(c.times ?? 0, 'enemy driven off or destroyed on your half', 1),
  },
  dominate: {
    name: 'Dominate the Battlefield',
    category: 'battlespace',
    required: ['perRound'],
    optional: [],
    meaning: {
      perRound:
        'quadrants (0-4) holding your units at the end of each round, not counting units within 8" of the center',
    },
    score: (c) =>
      (c.perRound ?? [])
        .map((q, i) => part(`round ${i + 1}: ${q} quadrants`, q >= 4 ? 4 : q === 3 ? 3 : 0))
        .filter((p) => p.vp > 0),
  },
  'behind-lines': {
    name: 'Behind Enemy Lines',
    category: 'battlespace',
    required: ['perRound'],
    optional: [],
    meaning: { perRound: 'your units within 16" of the enemy table edge at the end of each round' },
    score: (c) =>
      (c.perRound ?? [])
        .map((n, i) =>
          part(
            `round ${i + 1}: ${n} unit${n === 1 ? '' : 's'} behind enemy lines`,
            n >= 2 ? 3 : n === 1 ? 2 : 0,
          ),
        )
        .filter((p) => p.vp > 0),
  },
  'scorched-earth': {
    name: 'Scorched Earth',
    category: 'battlespace',
    required: ['times'],
    optional: [],
    meaning: { times: 'Control Points destroyed with a melee action' },
    score: (c) => times(c.times ?? 0, 'Control Point destroyed in melee', 5),
  },
  'swelling-momentum': {
    name: 'Swelling Momentum',
    category: 'battlespace',
    required: ['times'],
    optional: [],
    meaning: { times: 'rounds you ended with more Momentum than your opponent' },
    score: (c) => times(c.times ?? 0, 'round ended with more Momentum', 2),
  },
} satisfies Record<string, ObjectiveDef>

export type ObjectiveName = keyof typeof OBJECTIVES
export const OBJECTIVE_NAMES = Object.keys(OBJECTIVES) as ObjectiveName[]

export interface SecondaryResult {
  objective: ObjectiveName
  name: string
  category: Category
  parts: VpPart[]
  /** Before the cap of 10. */
  uncapped: number
  vp: number
}

/** Counts that cannot all be true, as errors (the CLI checks which counts an objective takes). */
export function checkCounts(objective: ObjectiveName, c: SecondaryCounts): void {
  const bad = (message: string) => {
    throw new InputError('bad-combination', message)
  }
  if ((objective === 'top-gun' || objective === 'undefeated') && (c.bonus ?? 0) > (c.times ?? 0)) {
    bad(
      `--bonus: ${c.bonus} is more than --times ${c.times ?? 0}; the bonus is counted among those (${OBJECTIVES[objective].meaning.bonus})`,
    )
  }
  if (c.units !== undefined && c.destroyed !== undefined && c.destroyed > c.units)
    bad(`--destroyed: ${c.destroyed} is more than the ${c.units} units fielded (--units)`)
  if (objective === 'dominate' && (c.perRound ?? []).some((q) => q > 4))
    bad('--per-round: a battlefield has 4 quadrants; give 0-4 for each round')
  if (objective === 'bonds' && (c.levels ?? []).some((l) => l > 2)) bad('--levels: pilot levels are 0-2')
}

export function scoreSecondary(objective: ObjectiveName, c: SecondaryCounts): SecondaryResult {
  checkCounts(objective, c)
  const def: ObjectiveDef = OBJECTIVES[objective]
  const parts = def.score(c)
  const uncapped = parts.reduce((s, p) => s + p.vp, 0)
  return {
    objective,
    name: def.name,
    category: def.category,
    parts,
    uncapped,
    vp: Math.min(SECONDARY_CAP, Math.max(0, uncapped)),
  }
}

/** The definition of an objective, for the CLI's checks and help. */
export function objectiveDef(objective: ObjectiveName): ObjectiveDef {
  return OBJECTIVES[objective]
}

/** One objective and the game's counts for it. */
export interface SecondaryRequest {
  objective: ObjectiveName
  counts: SecondaryCounts
}
