/**
 * A shot or a charge played in a game, the pure part: the game's units as a roster, the effects
 * read from an answer, and luck against a distribution. Through the binary: test/cli/game-play.test.ts.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { resolutionEffects } from '../../src/game/effects.js'
import { newGameHeader } from '../../src/game/new.js'
import { gameRoster, gameUnits, rosterAt } from '../../src/game/roster.js'
import { applyEvent, startState } from '../../src/game/state.js'
import { luckOf, sideLuck } from '../../src/game/stats.js'
import { type Roster } from '../../src/rules/stellar/roster.js'
import { parseRoster } from '../../src/rules/stellar/roster-text.js'

const battle = parseRoster(readFileSync('examples/battle.yaml', 'utf8'), 'battle.yaml')
// As it is read back from the file: plain JSON.
const header = JSON.parse(JSON.stringify(newGameHeader(battle, 'simple-battle', 1000)))

describe('the game as a roster', () => {
  it('gives back every unit as the roster had it (PEN as written, weapons in order)', () => {
    const plain = (u: (typeof battle.units)[number]) => ({
      ...u,
      file: '',
      line: 0,
      side: undefined,
      weapons: u.weapons.map((w) => ({ ...w, line: 0 })),
    })
    expect(gameRoster(header, 'g.jsonl').units.map(plain)).toEqual(battle.units.map(plain))
  })

  it('with a state, a unit has the HP it has left; a destroyed one keeps its full HP', () => {
    let s = startState(header)
    s = applyEvent(s, { t: 'set', unit: 'dervish', hp: 700 })
    s = applyEvent(s, { t: 'set', unit: 'argonaut', destroyed: true })
    const r = gameRoster(header, 'g.jsonl', s)
    expect(r.byName.get('dervish')!.hp).toBe(700)
    expect(r.byName.get('argonaut')!.hp).toBe(3000)
    expect(r.byName.get('white-asura')!.hp).toBe(3500)
  })

  it('a hand-edited unit that no longer reads is named with its field, with no line (the log has none for it)', () => {
    const edited = structuredClone(header)
    edited.units.argonaut.acc = 99
    expect(() => gameRoster(edited, 'g.jsonl')).toThrow(
      expect.objectContaining({
        code: 'bad-roster',
        message: 'g.jsonl (its units): units.argonaut.acc: 99 is not 0-30',
      }),
    )
  })
})

describe('the game as a roster in a state, read once', () => {
  it('rosterAt gives what reading the units again in that state gives (HP left, uses taken, live units)', () => {
    const roster = `units:
  gunner: { side: red, hp: 5000, acc: 9, traits: [improvise], weapons: { rifle: { shots: 9, dmg: 100, pen: 3 } } }
  knight: { side: blue, hp: 6000, evade: 4, traits: [invincible, unyielding, superior-instincts] }
  squire: { side: blue, hp: 1000, traits: [solo-operative] }
`
    const h = JSON.parse(JSON.stringify(newGameHeader(parseRoster(roster, 'r.yaml'), 'simple-battle', 1000)))
    const keys = Object.keys(h.units)
    let s = startState(h)
    s = applyEvent(s, { t: 'set', unit: keys[0], hp: 700 })
    s = applyEvent(s, { t: 'set', unit: keys[1], destroyed: true })
    for (const k of keys)
      s = applyEvent(s, {
        t: 'resolution',
        command: 'shoot',
        request: {},
        seed: 's',
        effects: [
          {
            unit: k,
            spent: ['superior-instincts'],
            spentThisRound: ['improvise', 'invincible', 'unyielding', 'solo-operative'],
          },
        ],
      })
    const base = gameRoster(h, 'g.jsonl')
    // Lines are those of the units as written once (a unit left out or a trait spent moves them).
    const lines = (r: Roster) => ({
      ...r,
      units: r.units.map((u) => ({ ...u, line: 0, weapons: u.weapons.map((w) => ({ ...w, line: 0 })) })),
      byName: undefined,
    })
    for (const live of [false, true]) {
      const read = parseRoster(JSON.stringify({ units: gameUnits(h, s, live) }), 'g.jsonl (its units)')
      const at = rosterAt(base, s, live)
      expect(lines(at)).toEqual(lines(read))
      expect([...at.byName.keys()]).toEqual([...read.byName.keys()])
    }
    // Something changed, so the comparison above is not of two unchanged rosters.
    expect(rosterAt(base, s).units.map((u) => u.traits)).not.toEqual(base.units.map((u) => u.traits))
  })
})

describe('effects of a resolution', () => {
  const state = applyEvent(startState(header), { t: 'set', unit: 'dervish', hp: 900 })

  it('a shot: HP lost at most what was left, Momentum spent by the target side, a kill gains 1', () => {
    const answer = { damage: 2600, actionsLost: 1, momentumSpent: 2, negated: 1 }
    const effects = resolutionEffects(
      {
        command: 'shoot',
        attacker: 'argonaut',
        defenders: ['dervish'],
        values: { bullseye: true, makeItCount: true },
        answer,
      },
      state,
    )
    expect(effects).toEqual([
      // Bullseye -1, the kill +1: no change to red.
      { unit: 'argonaut', spent: ['make-it-count'] },
      { unit: 'dervish', hpLost: 900, stun: 1, momentum: -3 },
    ])
    const after = effects.reduce(
      (s, f) => applyEvent(s, { t: 'resolution', command: 'shoot', request: {}, seed: 'x', effects: [f] }),
      state,
    )
    expect(after.units.dervish).toMatchObject({ hp: 0, destroyed: true, stun: 1 })
    expect(after.sides).toEqual({ red: { momentum: 5 }, blue: { momentum: 2 } })
  })

  it('a charge that clashes: +1 Momentum to the charger, damage both ways, none on a unit without it', () => {
    const effects = resolutionEffects(
      {
        command: 'melee',
        attacker: 'blue-djinn',
        defenders: ['white-asura'],
        values: {},
        answer: {
          clash: true,
          attack: { momentumSpent: 1, actionsLost: 0 },
          counter: { momentumSpent: 0, actionsLost: 2 },
          overwatch: null,
          attacker: { damageTaken: 400 },
          defender: { damageTaken: 0 },
        },
      },
      state,
    )
    expect(effects).toEqual([
      { unit: 'blue-djinn', hpLost: 400, stun: 2, momentum: 1 },
      { unit: 'white-asura', momentum: -1 },
    ])
  })
})

describe('luck against a distribution', () => {
  const odds = { '0': 0.25, '100': 0.5, '300': 0.25 }
  it('the mid-rank percentile, P(at least) and the mean', () => {
    expect(luckOf(odds, 100)).toEqual({ percentile: 0.5, atLeast: 0.75, expected: 125 })
    expect(luckOf(odds, 300)).toEqual({ percentile: 0.875, atLeast: 0.25, expected: 125 })
    expect(luckOf(odds, 0).percentile).toBe(0.125)
  })
  it('per side: its rolls summed, the mean percentile; a side without rolls is average', () => {
    const roll = { n: 1, round: 1, command: 'shoot', by: 'a', against: 'b', expected: 125 }
    const rolls = [
      { ...roll, side: 'red', dealt: 100, percentile: 0.5, atLeast: 0.75 },
      { ...roll, side: 'red', dealt: 300, percentile: 0.875, atLeast: 0.25 },
    ]
    expect(sideLuck(rolls, ['red', 'blue'])).toEqual({
      red: { rolls: 2, dealt: 400, expected: 250, meanPercentile: 0.6875 },
      blue: { rolls: 0, dealt: 0, expected: 0, meanPercentile: 0.5 },
    })
  })
})
