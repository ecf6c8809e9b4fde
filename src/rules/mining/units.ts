/**
 * The mining-world skirmish (seed 003): unit kinds and the numbers every resolution shares.
 *
 * Kinds, in our words: light mechs (fast, may move several times), heavy mechs (one move, up to
 * two shooting actions), tracks (repurposed mining vehicles, one move), drones (air units:
 * must move before anything else, cannot repair, -1 to shoot) and gun sentries (fixed
 * defences: never move, cannot repair or lock a target, -1 to shoot).
 */
export type UnitKind = 'light' | 'heavy' | 'tracks' | 'drone' | 'sentry'

export const KIND_NAMES: Record<UnitKind, string> = {
  light: 'light mech',
  heavy: 'heavy mech',
  tracks: 'tracks',
  drone: 'drone',
  sentry: 'gun sentry',
}

/** A unit is removed from play once it carries this much damage. */
export const ELIMINATED_AT = 4

/** Most suppression markers one unit may carry. */
export const MAX_SUPPRESSION = 2

/** Action point cost of a unit's first, second and third action in a turn. */
export const ACTION_COSTS: readonly number[] = [1, 2, 4]

/** Most actions one unit may take in a turn. */
export const MAX_ACTIONS = ACTION_COSTS.length
