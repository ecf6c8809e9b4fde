/**
 * Words for a game log: one line per event (`mecha game log`), and what to remember when a new
 * round begins (`mecha game next-round`). Pure, as the rest of src/game.
 */
import type { GameEvent, GameHeader, GameMode } from './log.js'
import { type GameState, cutShort, undoneBy } from './state.js'

/**
 * Rounds in a battle (wargame rules): five in Simple Battle, Secure the Objective and Defend the
 * City; Confrontation is three battles of three rounds each.
 */
export const ROUNDS: Record<GameMode, number> = {
  'simple-battle': 5,
  confrontation: 3,
  'secure-the-objective': 5,
  'defend-the-city': 5,
}
export const CONFRONTATION_BATTLES = 3

/** Where a game is in its battles, and the round a roll reads. */
export interface BattleRound {
  /** The battle (1 to `battles`) and its round (1 to `rounds`); the last ones once the game is over. */
  battle: number
  battles: number
  round: number
  rounds: number
  /** The last battle's last round has ended (`next-round` after it). */
  over: boolean
}

/**
 * The game's round (its `next-round`s counted from 1) as the rules count it. A Confrontation is
 * three battles of three rounds each, each battle a game of its own ("each game lasts 3 rounds"),
 * so a round-dependent rule (Persevere from round 4, Make it Count!'s hits) reads the round of
 * its battle, 1 to 3; the other modes are one battle of five rounds. After the last round the game
 * is over: it records no more rolls (docs/game.md, docs/rules-notes.md).
 */
export function battleRound(mode: GameMode, round: number): BattleRound {
  const rounds = ROUNDS[mode]
  const battles = mode === 'confrontation' ? CONFRONTATION_BATTLES : 1
  const over = round > rounds * battles
  const played = over ? rounds * battles : round
  return {
    battle: Math.ceil(played / rounds),
    battles,
    round: ((played - 1) % rounds) + 1,
    rounds,
    over,
  }
}

/** `round 3 of 5`, `battle 2 of 3, round 1 of 3`, or `over: 5 rounds played`. */
export function battleRoundText(b: BattleRound): string {
  if (b.over)
    return b.battles > 1
      ? `over: ${b.battles} battles of ${b.rounds} rounds played`
      : `over: ${b.rounds} rounds played`
  return `${b.battles > 1 ? `battle ${b.battle} of ${b.battles}, ` : ''}round ${b.round} of ${b.rounds}`
}

const hpText = (n: number) => `HP ${n}`

/** One event as `mecha game log` lists it: its number, the round it was written in, its undo. */
export interface EventRow {
  n: number
  round: number
  /** The number of the undo in effect that undoes it. */
  undoneBy?: number
  /** One of a plan's attacks whose write was cut short: not in effect (state.ts, cutShort). */
  cutShort?: true
  event: GameEvent
}

/** Every event with its number and round (the rounds begun by next-round events in effect before it). */
export function eventRows(events: readonly GameEvent[]): EventRow[] {
  const by = undoneBy(events)
  const cut = cutShort(events)
  let round = 1
  return events.map((event, i) => {
    const row: EventRow = { n: i + 1, round, event }
    if (by[i] !== undefined) row.undoneBy = by[i]
    if (cut[i]) row.cutShort = true
    else if (by[i] === undefined && event.t === 'next-round') round++
    return row
  })
}

/** One event as words, e.g. `set dervish: HP 1200, Momentum 3`. */
export function describeEvent(e: GameEvent): string {
  switch (e.t) {
    case 'set': {
      const parts: string[] = []
      if (e.hp !== undefined) parts.push(hpText(e.hp))
      if (e.destroyed !== undefined) parts.push(e.destroyed ? 'destroyed' : 'not destroyed')
      if (e.momentum !== undefined) parts.push(`its side's Momentum ${e.momentum}`)
      if (e.stun !== undefined) parts.push(`stun penalties ${e.stun}`)
      return `set ${e.unit}: ${parts.join(', ')}`
    }
    case 'undo':
      return `undo ${e.events.map((n) => `#${n}`).join(' ')}`
    case 'next-round':
      return 'next round'
    case 'resolution': {
      const dice = e.seed !== undefined ? `seed ${JSON.stringify(e.seed)}` : `rolls ${e.rolls!.join(',')}`
      const effects = e.effects.map((f) => {
        const parts: string[] = []
        if (f.hpLost) parts.push(`-${f.hpLost} HP`)
        if (f.destroyed) parts.push('destroyed')
        if (f.momentum) parts.push(`${f.momentum > 0 ? '+' : ''}${f.momentum} Momentum`)
        if (f.stun) parts.push(`-${f.stun} Action${f.stun === 1 ? '' : 's'} (stun)`)
        for (const t of [...(f.spent ?? []), ...(f.spentThisRound ?? [])]) parts.push(`${t} used`)
        return `${f.unit} ${parts.join(', ') || 'unchanged'}`
      })
      const plan = e.plan ? `plan ${e.plan.step}/${e.plan.of}: ` : ''
      return `${plan}${e.command} (${dice}): ${effects.length ? effects.join('; ') : 'no change'}`
    }
    case 'torn':
      return `torn line kept as text: ${JSON.stringify(e.text.slice(0, 40))}${e.text.length > 40 ? '…' : ''}`
  }
}

/** What the players do as round `state.round` begins (the round just ended is the one before). */
export function roundReminders(header: GameHeader, state: GameState): string[] {
  const out: string[] = []
  const ended = state.round - 1
  const per = ROUNDS[state.mode]
  if (state.mode === 'confrontation') {
    if (ended % per === 0 && ended < per * CONFRONTATION_BATTLES)
      out.push(
        `battle ${ended / per} of ${CONFRONTATION_BATTLES} is over: score it (mecha game status), repair every unit by 50% of its full HP (mecha game set UNIT --hp N), and each side's Momentum goes back to its start`,
      )
    else if (ended >= per * CONFRONTATION_BATTLES)
      out.push(
        `the last battle ended with round ${per * CONFRONTATION_BATTLES}: mecha game status gives the score`,
      )
  } else if (ended >= per) return [`the battle ended with round ${per}: mecha game status gives the score`]
  if (state.mode !== 'defend-the-city')
    out.push('each side gains 1 Momentum per Control Point it owns (mecha game set UNIT --momentum N)')
  if (state.mode === 'secure-the-objective')
    out.push(
      'score the round: 5 VP per Control Point owned, 5 more for owning more, 3 per Action on Objective (mecha vp --mode objective)',
    )
  const keys = Object.keys(state.units).filter((k) => !state.units[k].destroyed)
  if (keys.some((k) => ['super-robot', 'kaiju', 'super-heavy'].includes(header.units[k].kind ?? 'ms')))
    out.push('Power and Havoc refresh')
  for (const k of keys) {
    const stun = state.units[k].stun
    if (stun > 0)
      out.push(
        `${k} has ${stun} -1 Action penalt${stun === 1 ? 'y' : 'ies'} from stun: at the end of its turn, mecha stun-recover --penalty ${stun}`,
      )
  }
  return out
}
