import { InputError } from '../core/errors.js'
import { startingMomentum } from '../rules/stellar/momentum.js'
import type { Roster } from '../rules/stellar/roster.js'
import { CITY_SIDES, GAME_FORMAT, type GameHeader, type GameMode, type GameUnit, byName } from './log.js'

/**
 * A new game's header: the roster's units as they are now (each with its `side:`), the two
 * sides in roster order, and each side's starting Momentum from the points size (momentum.ts;
 * Defend the City: 7 whatever the size).
 */
export function newGameHeader(
  roster: Roster,
  mode: GameMode,
  points: number | undefined,
  created?: string,
): GameHeader {
  const city = mode === 'defend-the-city'
  if (points === undefined && !city)
    throw new InputError(
      'missing',
      "game new: --points is required: the game's points size sets each side's starting Momentum, e.g. --points 1000",
    )
  const sideless = roster.units.filter((u) => u.side === undefined).map((u) => u.key)
  if (sideless.length)
    throw new InputError(
      'no-side',
      `game new: ${sideless.slice(0, 5).join(', ')}${sideless.length > 5 ? ` and ${sideless.length - 5} more` : ''} ${sideless.length === 1 ? 'has' : 'have'} no side; give every unit in the roster \`side: NAME\` (two sides, e.g. red and blue)`,
    )
  const names = [...new Set(roster.units.map((u) => u.side!))]
  if (names.length !== 2)
    throw new InputError(
      'no-side',
      `game new: the roster's units are on ${names.length === 1 ? 'one side' : `${names.length} sides`} (${names.join(', ')}); a game has two`,
    )
  if (city && !CITY_SIDES.every((s) => names.includes(s)))
    throw new InputError(
      'no-side',
      `game new: Defend the City is played by an attacker and a defender; name the roster's sides attacker and defender (they are ${names.join(', ')})`,
    )
  const momentum = startingMomentum({ points, rampage: city, resourceful: false, upgrades: 0 }).momentum
  const units = byName<GameUnit>()
  for (const u of roster.units) {
    const { key, file: _file, line: _line, weapons, side, ...profile } = u
    const unit: GameUnit = { side: side!, ...profile }
    if (weapons.length) unit.weapons = Object.fromEntries(weapons.map(({ key: k, line: _l, ...w }) => [k, w]))
    // Fields the roster does not give are left out, as in the roster.
    units[key] = Object.fromEntries(Object.entries(unit).filter(([, v]) => v !== undefined)) as GameUnit
  }
  return {
    mecha: 'game',
    version: GAME_FORMAT,
    mode,
    ...(points === undefined ? {} : { points }),
    sides: Object.fromEntries(names.map((s) => [s, { momentum }])),
    units,
    roster: roster.files,
    ...(created ? { created } : {}),
  }
}
