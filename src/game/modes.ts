/** The game modes of the MechaStellar wargame rules a game log plays (wargame rules, game modes). */
export const MODES = ['simple-battle', 'confrontation', 'secure-the-objective', 'defend-the-city'] as const
export type GameMode = (typeof MODES)[number]

/** The largest points size a game takes (its Momentum follows the size: momentum.ts). */
export const MAX_POINTS = 1_000_000

/** Defend the City | Rampage: the sides' names say who attacks the city. */
export const CITY_SIDES = ['attacker', 'defender'] as const

/** The commands a game records when units are named (a shot, a charge): src/game/effects.ts. */
export const PLAYED_COMMANDS = ['shoot', 'melee'] as const
export type PlayedCommand = (typeof PLAYED_COMMANDS)[number]

/** The commands by unit names that read a game without being one roll: a plan appends its attacks. */
export const GAME_READERS = ['plan', 'matrix'] as const
export type GameReader = (typeof GAME_READERS)[number]

/** What a command by unit names is to a game: played (recorded), a reader, or neither. */
export function gameRole(command: string): { played?: PlayedCommand; reader?: GameReader } {
  const played = PLAYED_COMMANDS.find((c) => c === command)
  const reader = GAME_READERS.find((c) => c === command)
  return { played, reader }
}
