/**
 * Each side's VP as if the battle ended now, by the mode's rules (victory-points.ts's
 * battleScore): the enemy units destroyed, those alive under 50% HP (half), the side's own
 * losses (Unacceptable Casualties), and in Confrontation the side's own survivors. What the log
 * does not hold is not scored: Control Points and Actions on Objective, buildings, Battle
 * Damage, the enemy Commander, Challenges, points costs (docs/game.md says how to add them with
 * `mecha vp`).
 *
 * Reading: a unit whose roster gives no `frame` is scored with Frame 0 (its other VP only).
 */
import type { Level } from '../rules/stellar/weapon.js'
import {
  type Battle,
  type BattleScore,
  type ListedUnit,
  battleScore,
} from '../rules/stellar/victory-points.js'
import { type GameHeader, type GameMode, byName } from './log.js'
import type { GameState } from './state.js'

const BATTLE_MODE: Record<GameMode, Battle['mode']> = {
  'simple-battle': 'simple',
  confrontation: 'confrontation',
  'secure-the-objective': 'objective',
  'defend-the-city': 'city',
}

function listed(header: GameHeader, state: GameState, key: string): ListedUnit {
  const u = header.units[key]
  return {
    count: 1,
    text: key,
    frame: u.frame ?? 0,
    level: (u.pilot ?? 0) as Level,
    warship: u.kind === 'warship',
    performance: u.performance,
    extraVp: 0,
    belowHalf: false,
    challenge: false,
    round: state.units[key].destroyedRound,
  }
}

/** A unit alive with less than half its full HP left. */
const belowHalf = (s: GameState['units'][string]) =>
  !s.destroyed && s.hp !== null && s.maxHp !== null && s.hp < s.maxHp / 2

export function sideScores(header: GameHeader, state: GameState): Record<string, BattleScore> {
  const out = byName<BattleScore>()
  const keys = Object.keys(state.units)
  for (const side of Object.keys(state.sides)) {
    const own = keys.filter((k) => state.units[k].side === side)
    const enemy = keys.filter((k) => state.units[k].side !== side)
    const unit = (k: string) => listed(header, state, k)
    out[side] = battleScore({
      mode: BATTLE_MODE[state.mode],
      kills: enemy.filter((k) => state.units[k].destroyed).map(unit),
      damaged: enemy.filter((k) => belowHalf(state.units[k])).map(unit),
      losses: own.filter((k) => state.units[k].destroyed).map(unit),
      survivors: state.mode === 'confrontation' ? own.filter((k) => !state.units[k].destroyed).map(unit) : [],
      battleDamage: 0,
      finale: false,
      city:
        state.mode === 'defend-the-city'
          ? { side: side === 'attacker' ? 'attacker' : 'defender', buildings: 0 }
          : undefined,
      previous: [],
    })
  }
  return out
}
