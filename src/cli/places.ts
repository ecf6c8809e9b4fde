import { resolve } from 'node:path'
import type { CliIO } from './io.js'

/**
 * Where the command line finds what a run reads beside its flags: the place it runs in (its
 * directory and environment) and the game log (--game, MECHA_GAME, or the default file there).
 * Below every command's own file: the game commands, batch, completion and rosters read it.
 */

/** Where the roster is looked for: the run's directory and environment. */
export const placeOf = (io: CliIO) => ({ cwd: io.cwd, env: io.env })

export const DEFAULT_GAME = 'mecha-game.jsonl'

/** The flags of a shot or a charge by unit names about its game (program.ts, completion.ts). */
export const PLAY_FLAGS = [
  {
    flag: 'game',
    description:
      'units by name: play in this game log, its units, HP, Momentum and round (default: MECHA_GAME, then mecha-game.jsonl here if there is one); a roll is appended to it',
    takesValue: true,
  },
  {
    flag: 'no-game',
    description: 'units by name: not in a game, even if there is one here',
    takesValue: false,
  },
] as const

/** Where a game command finds its game: --game FILE, else MECHA_GAME, else the default file here. */
export function gamePath(
  flag: string | undefined,
  place: { cwd: string; env: Record<string, string | undefined> },
) {
  const given = flag ?? (place.env.MECHA_GAME || undefined) ?? DEFAULT_GAME
  return { path: resolve(place.cwd, given), name: given }
}
